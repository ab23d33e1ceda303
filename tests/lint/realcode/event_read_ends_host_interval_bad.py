"""Nearby: GPU work queued after the end event's record is not covered by the event read, so a host clock read
after it still measures launches."""
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
    for _ in range(epochs):
        net(data)
    print(f"gpu {begin.elapsed_time(finish):.1f} ms")  # expect: WP107


train(1)
wall = time.perf_counter()
train(5)
print("wall", time.perf_counter() - wall)  # expect: WP102
