"""Explicit synchronizes inside the callable an event-timed harness runs once per sample (WP101): `do_bench`
brackets each call with CUDA events, so a synchronize inside the callable puts a host round trip and the next
launch's latency into every sample. Read through a local function passed by name, a helper that hands its callable
on to `do_bench`, and one call deep. Silent: a callable without a synchronize, and a host-clock helper whose
callable must end in one."""
import time

import torch
import triton


def scale_sync(x):
    y = x * 2.0
    torch.cuda.synchronize()  # expect: WP101
    return y


def phases(x, idx, w):
    gathered = x[idx]
    torch.cuda.synchronize()  # expect: WP101
    scaled = gathered * w
    torch.cuda.synchronize()
    return scaled


def prof(name, fn):
    ms = triton.testing.do_bench(fn)
    print(name, ms)
    return ms


def main():
    x = torch.randn(4096, device="cuda")
    idx = torch.randint(0, 4096, (4096,), device="cuda")
    triton.testing.do_bench(lambda: scale_sync(x))
    prof("gather", lambda: phases(x, idx, 0.5))
    # silent: no synchronize in the callable
    triton.testing.do_bench(lambda: x * 2.0)


# silent: a host clock around each call needs the callable to wait for its work
def host_bench(fn, n=10):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return sorted(times)[n // 2]


def waited(x):
    y = x * 2.0
    torch.cuda.synchronize()
    return y


host_bench(lambda: waited(torch.ones(8, device="cuda")))
