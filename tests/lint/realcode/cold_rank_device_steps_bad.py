"""WP103 class (set 55, in a shape of our own): a data-parallel step benchmark places its model on
``torch.device(f"cuda:{rank}")`` (a formatted string whose literal head names the GPU) and averages every step
from the first; the loop inside a step that all-reduces each parameter's gradient is part of one step, not a loop
over batches, so the mean is of steps, the first of them cold (communicator and cuBLAS start-up)."""

import time

import torch
import torch.distributed as dist
import torch.nn as nn


def step_times(rank, world, steps=5):
    dist.init_process_group("nccl", rank=rank, world_size=world)
    dev = torch.device(f"cuda:{rank}")
    net = nn.Sequential(nn.Linear(512, 2048), nn.GELU(), nn.Linear(2048, 512)).to(dev)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    spent = []
    for _ in range(steps):
        xb = torch.randn(64, 512, device=dev)
        opt.zero_grad()
        torch.cuda.synchronize()
        t0 = time.time()
        net(xb).square().mean().backward()  # expect: WP103
        for p in net.parameters():
            dist.all_reduce(p.grad)
            p.grad /= world
        opt.step()
        torch.cuda.synchronize()
        spent.append(time.time() - t0)
    print("mean step", sum(spent) / len(spent), "worst", max(spent))


if __name__ == "__main__":
    step_times(0, 1)
