"""A synchronize helper imported from another module, named as such (set 8): the linter does not read the other
module, so `sync()` / `cuda_synchronize()` are taken at their word before `elapsed_time()` (no WP107)."""
import torch

from .gpu_helpers import sync
from gpu_helpers import cuda_synchronize as wait_all


def bench(fn, n=100):
    fn()
    sync()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        fn()
    end.record()
    sync()
    estimate = start.elapsed_time(end) / 5
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    for i in range(n):
        starts[i].record()
        fn()
        ends[i].record()
    wait_all()
    times = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
    return estimate, times[len(times) // 2], times[0], times[-1]


def bench_no_sync(fn):
    fn()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    return start.elapsed_time(end)  # expect: WP107
