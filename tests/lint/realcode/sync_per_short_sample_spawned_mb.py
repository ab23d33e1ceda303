"""WP101 (set 93's class): workers started with `mp.spawn(fn=worker, args=(...))`, the target named by keyword, time
an all-reduce per iteration with a synchronize each, on a message sized in megabytes by the spawn's argument
(`int(mb * 1024 * 1024 / 4)` floats) for each `mb` of a literal sweep: at 1 MB the collective is latency-bound and
each sample holds the round trip. Silent: the same worker spawned over 16 MB and more only (bandwidth-bound), and a
size whose division leaves a fraction (no size the file gives: weak evidence at most)."""
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world, mb, iters):
    dist.init_process_group("nccl", rank=rank, world_size=world)
    torch.cuda.set_device(rank)
    msg = torch.randn(int(mb * 1024 * 1024 / 4), device="cuda")
    for _ in range(5):
        dist.all_reduce(msg)
    torch.cuda.synchronize()
    total = 0.0
    for _ in range(iters):
        t0 = time.perf_counter()
        dist.all_reduce(msg)
        torch.cuda.synchronize()  # expect: WP101
        total += time.perf_counter() - t0
    print(mb, total / iters)


def big_worker(rank, world, mb, iters):
    dist.init_process_group("nccl", rank=rank, world_size=world)
    torch.cuda.set_device(rank)
    msg = torch.randn(int(mb * 1024 * 1024 / 4), device="cuda")
    for _ in range(5):
        dist.all_reduce(msg)
    torch.cuda.synchronize()
    total = 0.0
    for _ in range(iters):
        t0 = time.perf_counter()
        dist.all_reduce(msg)
        torch.cuda.synchronize()
        total += time.perf_counter() - t0
    print(mb, total / iters)


def odd_worker(rank, world, n, iters):
    dist.init_process_group("nccl", rank=rank, world_size=world)
    torch.cuda.set_device(rank)
    msg = torch.randn(int(n / 3), device="cuda")
    for _ in range(5):
        dist.all_reduce(msg)
    torch.cuda.synchronize()
    total = 0.0
    for _ in range(iters):
        t0 = time.perf_counter()
        dist.all_reduce(msg)
        torch.cuda.synchronize()
        total += time.perf_counter() - t0
    print(n, total / iters)


if __name__ == "__main__":
    for world in [2, 4]:
        for mb in [1, 64, 512]:
            mp.spawn(fn=worker, args=(world, mb, 20), nprocs=world, join=True)
        for mb in [16, 256]:
            mp.spawn(big_worker, args=(world, mb, 20), nprocs=world, join=True)
        mp.spawn(fn=odd_worker, args=(world, 100, 20), nprocs=world, join=True)
