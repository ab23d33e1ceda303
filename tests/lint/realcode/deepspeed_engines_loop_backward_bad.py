"""Two DeepSpeed engines built in one module-level loop, then one engine's backward and step timed once with no
step before (WP103: its first backward builds the autograd graph's kernels and DeepSpeed's buckets inside the
interval). The warm-up check asks which call made the value `engine.backward` is handed; that view of the walk once
lacked the table of made values and failed with an internal error on this file (fresherrors)."""
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
torch.cuda.synchronize()
start = time.perf_counter()
engine.backward(loss)  # expect: WP103
engine.step()
torch.cuda.synchronize()
print("step", time.perf_counter() - start)
