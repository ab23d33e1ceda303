"""The setup helper returns a lambda; its one timed call (synchronized) is the model's first: cold."""

import time

import torch


def make_step(model, x):
    return lambda: model(x)


net = torch.nn.Linear(4096, 4096).cuda()
inp = torch.randn(512, 4096, device="cuda")
run = make_step(net, inp)
torch.cuda.synchronize()
t0 = time.perf_counter()
run()  # expect: WP103
torch.cuda.synchronize()
print(time.perf_counter() - t0)
