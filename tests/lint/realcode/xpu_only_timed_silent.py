"""Fifteenth session (lint89), the silent side: the same XPU-only script waits for the queue before the end read
(`torch.xpu.synchronize()`)."""
import os
import time

import torch
import torch.distributed as dist


def pick_device(rank):
    if torch.xpu.is_available():
        return torch.device(f"xpu:{rank % torch.xpu.device_count()}")
    return torch.device("cpu")


rank = int(os.environ.get("RANK", 0))
device = pick_device(rank)
dist.init_process_group(backend="ccl")
x = torch.ones(1, 1 << 20).to(device)
parts = [torch.empty_like(x) for _ in range(dist.get_world_size())]
samples = []
for _ in range(20):
    t0 = time.perf_counter_ns()
    dist.all_gather(parts, x)
    torch.xpu.synchronize()
    t1 = time.perf_counter_ns()
    samples.append(t1 - t0)
print(min(samples) / 1e3, "us")
