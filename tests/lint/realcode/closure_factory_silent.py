"""Near misses of the closure-factory classes: the step built around a GPU model is warmed and synchronized before
the clock is read; the same factory handed a CPU model and CPU data times host work."""

import time

import torch


def make_step(model, x):
    def step():
        return model(x)
    return step


net = torch.nn.Linear(4096, 4096).cuda()
inp = torch.randn(512, 4096, device="cuda")
run = make_step(net, inp)
for _ in range(3):
    run()
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    run()
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 100)

cpu_run = make_step(torch.nn.Linear(256, 256), torch.randn(8, 256))
t1 = time.perf_counter()
for _ in range(100):
    cpu_run()
print((time.perf_counter() - t1) / 100)
