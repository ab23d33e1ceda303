"""Asynchronous calls whose handle the interval waits on (`req.wait()`, which for NCCL only orders the streams and
returns at once on the host), or beside other GPU work, are timed for the transfer: reported when nothing
synchronizes before the end read."""
import time

import torch
import torch.distributed as dist


def worker(rank):
    dist.init_process_group(backend="nccl", rank=rank, world_size=2)
    x = torch.rand(64, 1024, device=f"cuda:{rank}")
    for _ in range(3):
        dist.send(x, 1) if rank == 0 else dist.recv(x, 0)
    torch.cuda.synchronize()
    if rank == 0:
        start = time.time()
        req = dist.isend(x, 1)
        req.wait()
        print("isend time", time.time() - start)  # expect: WP102
        start = time.time()
        h = dist.all_reduce(x, async_op=True)
        y = x * 2
        print("all_reduce", time.time() - start, y.shape)  # expect: WP102
