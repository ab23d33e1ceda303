"""The near miss of `collective_fills_buffer_silent.py`: the `torch.empty` buffer is only sent by the collective
(`dist.send` reads it), never filled, and the timed layer runs on its leftover bytes (WP111)."""
import time

import torch
import torch.distributed as dist


def step_times(rank, steps, batch, width):
    device = f"cuda:{rank}"
    layer = torch.nn.Linear(width, width).to(device)
    shard = torch.empty((batch, width), device=device)  # expect: WP111
    times = []
    for _ in range(steps):
        if rank == 0:
            dist.send(shard, dst=1)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = layer(shard)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    return sorted(times)[len(times) // 2], y
