"""A rank worker launched with mp.spawn times small all-gathers and reduce-scatters with a synchronize in every
iteration; the per-rank sizes come from a literal list in the worker, the world size through spawn's args."""
import argparse
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def gather_latency(numel, ranks, steps=50):
    shard = torch.ones(numel, device="cuda")
    full = torch.empty(numel * ranks, device="cuda")
    for _ in range(5):
        dist.all_gather_into_tensor(full, shard)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        dist.all_gather_into_tensor(full, shard)
        torch.cuda.synchronize()  # expect: WP101
    return (time.perf_counter() - t0) / steps


def scatter_latency(numel, ranks, steps=50):
    full = torch.ones(numel * ranks, device="cuda")
    part = torch.empty(numel, device="cuda")
    for _ in range(5):
        dist.reduce_scatter_tensor(part, full)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        dist.reduce_scatter_tensor(part, full)
        torch.cuda.synchronize()  # expect: WP101
    return (time.perf_counter() - t0) / steps


def worker(rank, ranks):
    dist.init_process_group("nccl", rank=rank, world_size=ranks)
    torch.cuda.set_device(rank)
    for numel in [256, 4096, 65536, 1 << 20]:
        g = gather_latency(numel, ranks)
        s = scatter_latency(numel, ranks)
        if rank == 0:
            print(numel, g * 1e6, s * 1e6)
    dist.destroy_process_group()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--ranks", type=int, default=4)
    opts = ap.parse_args()
    mp.spawn(worker, args=(opts.ranks,), nprocs=opts.ranks)
