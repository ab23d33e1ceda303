"""A receive buffer made with `torch.empty` and filled by a collective's output argument every step (set 34:
`dist.scatter(x_local, scatter_list=..., src=0)`): written, not a never-written timed input. No WP111."""
import time

import torch
import torch.distributed as dist


def step_times(rank, world, steps, batch, width):
    device = f"cuda:{rank}"
    layer = torch.nn.Linear(width, width).to(device)
    shard = torch.empty((batch, width), device=device)
    times = []
    for _ in range(steps):
        chunks = list(torch.randn(batch * world, width, device=device).chunk(world)) if rank == 0 else None
        dist.scatter(shard, scatter_list=chunks, src=0)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = layer(shard)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    return sorted(times)[len(times) // 2], y
