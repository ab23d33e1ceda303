"""Near miss of ``clock_helper_regions_bad.py``: the same helpers around warmed, synchronized work (silent). A
helper that does more than read the clock (it runs the model) is no clock reading."""

import time

import torch


def get_time():
    torch.cuda.synchronize()
    return time.time()


def step_and_stamp(model, x):
    model(x)
    return time.time()


model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(64, 1024, device="cuda")
for _ in range(5):
    model(x)

start = get_time()
for _ in range(20):
    model(x)
end = get_time()
print(f"forward: {(end - start) / 20:.4f} s")

first = step_and_stamp(model, x)
print(first)
