"""A completed `start.elapsed_time(end)` read means the end event, and the work queued before its record, is done
(torch raises otherwise): a host clock read after it is synchronized up to that record. The event read itself,
with no synchronize before it, is still WP107."""
import time

import torch

net = torch.nn.Linear(256, 256).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = torch.randn(128, 256, device="cuda")


def train(epochs):
    begin = torch.cuda.Event(enable_timing=True)
    finish = torch.cuda.Event(enable_timing=True)
    begin.record()
    for _ in range(epochs):
        opt.zero_grad()
        net(data).square().mean().backward()
        opt.step()
    finish.record()
    print(f"gpu {begin.elapsed_time(finish):.1f} ms")  # expect: WP107


train(1)
wall = time.perf_counter()
train(5)
print("wall", time.perf_counter() - wall)
