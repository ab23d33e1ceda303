"""A synchronize around every host-timed sample of one small collective (WP101): an all-reduce of at most 2^18
floats is latency-bound (tens of µs), so each sample holds the host round trip of the synchronize and the launch
after it. Silent: the same loop over messages of 2^21 to 2^26 floats (bandwidth-bound, milliseconds at the top; a
sweep that starts at a short size is read size by size since the sixteenth session)."""
import time

import numpy as np
import torch
import torch.distributed as dist

dist.init_process_group("nccl")
torch.cuda.set_device(dist.get_rank())

for size in [1 << 10, 1 << 14, 1 << 18]:
    msg = torch.ones(size, device="cuda")
    for _ in range(5):
        dist.all_reduce(msg)
    times = []
    for _ in range(100):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        dist.all_reduce(msg)
        torch.cuda.synchronize()  # expect: WP101
        times.append(time.perf_counter() - t0)
    print(size, np.median(times), np.percentile(times, 90))

for numel in [1 << 21, 1 << 23, 1 << 26]:
    big = torch.ones(numel, device="cuda")
    for _ in range(5):
        dist.all_reduce(big)
    lat = []
    for _ in range(20):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        dist.all_reduce(big)
        torch.cuda.synchronize()
        lat.append(time.perf_counter() - t0)
    print(numel, np.median(lat), np.percentile(lat, 90))
