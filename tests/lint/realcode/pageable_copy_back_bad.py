"""Near misses: the same copies into page-locked host memory are queued on the stream and return at once, so the
clock reads only the launch."""
import time

import numpy as np
import torch
from numba import cuda


@cuda.jit
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= k


def numba_stream_copy_pinned(n):
    d = cuda.to_device(np.ones(n, dtype=np.float32))
    host = cuda.pinned_array(n, dtype=np.float32)
    s = cuda.stream()
    scale[n // 256, 256, s](d, 2.0)
    t0 = time.perf_counter()
    scale[n // 256, 256, s](d, 2.0)
    d.copy_to_host(host, stream=s)
    print(time.perf_counter() - t0)  # expect: WP102


def torch_non_blocking_into_pinned(n):
    x = torch.randn(n, n, device="cuda")
    host = torch.empty(n, n, pin_memory=True)
    y = x @ x
    t0 = time.perf_counter()
    y = x @ x
    host.copy_(y, non_blocking=True)
    print(time.perf_counter() - t0)  # expect: WP102


def torch_copy_between_device_buffers(n):
    x = torch.randn(n, n, device="cuda")
    staging = torch.empty(n, n, device="cuda")
    y = x @ x
    t0 = time.perf_counter()
    y = x @ x
    staging.copy_(y, non_blocking=True)
    print(time.perf_counter() - t0)  # expect: WP102
