"""Silent neighbours of spawned_collective_sizes_bad.py: each rank's share is large (16M elements, 64 MB: the
collective is bandwidth-bound, milliseconds), or the world size reaching the worker is not shown (a spawn of
computed args: a short op on a tensor of unknown size, weak evidence, shown with `extra` since the sixteenth session
reads `shard` in its own function rather than at its largest binding in the file), or the loop synchronizes once
after all iterations."""
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def gather_big(numel, ranks, steps=20):
    shard = torch.ones(numel, device="cuda")
    full = torch.empty(numel * ranks, device="cuda")
    dist.all_gather_into_tensor(full, shard)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        dist.all_gather_into_tensor(full, shard)
        torch.cuda.synchronize()
    return (time.perf_counter() - t0) / steps


def scatter_once_synced(numel, ranks, steps=20):
    full = torch.ones(numel * ranks, device="cuda")
    part = torch.empty(numel, device="cuda")
    dist.reduce_scatter_tensor(part, full)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        dist.reduce_scatter_tensor(part, full)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / steps


def worker(rank, ranks):
    dist.init_process_group("nccl", rank=rank, world_size=ranks)
    for numel in [1 << 24, 1 << 25]:
        print(gather_big(numel, ranks))
    print(scatter_once_synced(4096, ranks))


def gather_unknown_world(numel, ranks, steps=20):
    shard = torch.ones(numel, device="cuda")
    full = torch.empty(numel * ranks, device="cuda")
    dist.all_gather_into_tensor(full, shard)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        dist.all_gather_into_tensor(full, shard)
        torch.cuda.synchronize()  # expect-extra: WP101
    return (time.perf_counter() - t0) / steps


def other_worker(rank, ranks):
    print(gather_unknown_world(4096, ranks))


if __name__ == "__main__":
    n = torch.cuda.device_count()
    mp.spawn(worker, args=(n,), nprocs=n)
    mp.spawn(other_worker, args=(n,), nprocs=n)
