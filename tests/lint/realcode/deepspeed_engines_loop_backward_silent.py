"""Near miss of deepspeed_engines_loop_backward_bad.py: the same two engines built in a loop, but one backward and
step of the timed engine run before the clock starts (a warm-up), so the timed step is warm."""
import time

import deepspeed
import torch

engines = {}
for name in ("zero1", "zero2"):
    net = torch.nn.Linear(512, 512).cuda()
    engines[name], _, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(),
                                                  config=f"{name}.json")

engine = engines["zero2"]
x = torch.randn(64, 512, device="cuda")
loss = x.sum()
engine.backward(loss)
engine.step()
torch.cuda.synchronize()
start = time.perf_counter()
engine.backward(loss)
engine.step()
torch.cuda.synchronize()
print("step", time.perf_counter() - start)
