"""An interval around `dist.isend` alone, its request never touched before the end read, beside a blocking
`dist.send` synchronized and timed the same way: the asynchronous form is chosen on purpose, and the figure
("isend time") is the cost of posting the transfer. Silent."""
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
        dist.send(x, 1)
        torch.cuda.synchronize()
        print("send time", time.time() - start)
        start = time.time()
        dist.isend(x, 1)
        print("isend time", time.time() - start)
        start = time.time()
        h = dist.all_reduce(x, async_op=True)
        print("post all_reduce", time.time() - start)
        h.wait()
