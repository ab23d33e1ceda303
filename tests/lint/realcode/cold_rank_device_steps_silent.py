"""Near the WP103 class of rank-formatted devices (set 55): the same data-parallel step benchmark with two untimed
steps first, and one that leaves the first steps out of the mean; a device formatted as ``f"cpu:{i}"`` stays the
CPU: all silent."""

import time

import torch
import torch.distributed as dist
import torch.nn as nn


def one_step(net, opt, xb, world):
    opt.zero_grad()
    net(xb).square().mean().backward()
    for p in net.parameters():
        dist.all_reduce(p.grad)
        p.grad /= world
    opt.step()


def warmed_step_times(rank, world, steps=5):
    dist.init_process_group("nccl", rank=rank, world_size=world)
    dev = torch.device(f"cuda:{rank}")
    net = nn.Sequential(nn.Linear(512, 2048), nn.GELU(), nn.Linear(2048, 512)).to(dev)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    xb = torch.randn(64, 512, device=dev)
    for _ in range(2):  # warm-up steps
        one_step(net, opt, xb, world)
    spent = []
    for _ in range(steps):
        torch.cuda.synchronize()
        t0 = time.time()
        one_step(net, opt, xb, world)
        torch.cuda.synchronize()
        spent.append(time.time() - t0)
    print("mean step", sum(spent) / len(spent), "worst", max(spent))


def later_steps(rank, world, steps=8):
    dev = torch.device(f"cuda:{rank}")
    net = nn.Linear(512, 512).to(dev)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    spent = []
    for i in range(steps):
        xb = torch.randn(64, 512, device=dev)
        torch.cuda.synchronize()
        t0 = time.time()
        opt.zero_grad()
        net(xb).sum().backward()
        opt.step()
        torch.cuda.synchronize()
        if i >= 2:
            spent.append(time.time() - t0)
    print("mean step", sum(spent) / len(spent), "worst", max(spent))


def host_steps(i, steps=5):
    dev = torch.device(f"cpu:{i}")
    net = nn.Linear(256, 256).to(dev)
    spent = []
    for _ in range(steps):
        t0 = time.time()
        net(torch.randn(32, 256, device=dev)).sum().backward()
        spent.append(time.time() - t0)
    print("mean step", sum(spent) / len(spent), "worst", max(spent))


if __name__ == "__main__":
    warmed_step_times(0, 1)
    later_steps(0, 1)
    host_steps(0)
