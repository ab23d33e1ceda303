"""WP112/WP103 class (the cold first sample returned by a helper and averaged by its caller): the helper times each
launch of a kernel that never ran before (a lazily compiled Numba kernel, a torch op's first call) and returns the
per-run times, alone or beside its result; the caller reports only their mean, so the first run's compilation and
start-up is averaged in."""

import statistics
import time

import numpy as np
import torch
from numba import cuda


@cuda.jit
def scale(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = 3.0 * x[i]


@cuda.jit
def shift(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + 1.0


def time_scale(d_x, d_out, reps):
    laps = []
    for _ in range(reps):
        t0 = time.perf_counter()
        scale[256, 256](d_x, d_out)  # expect: WP112
        cuda.synchronize()  # expect: WP101
        laps.append(time.perf_counter() - t0)
    return laps


def time_shift(d_x, d_out, reps):
    samples = []
    for _ in range(reps):
        begin = time.time()
        shift[256, 256](d_x, d_out)  # expect: WP112
        cuda.synchronize()  # expect: WP101
        samples.append(time.time() - begin)
    return d_out.copy_to_host(), samples


def time_mm(a, reps):
    out = []
    for _ in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        start = time.perf_counter()
        torch.mm(a, a)  # expect: WP103
        torch.cuda.synchronize()
        out.append(time.perf_counter() - start)
    return out


if __name__ == "__main__":
    host = np.ones(1 << 16, dtype=np.float32)
    d_x, d_out = cuda.to_device(host), cuda.device_array_like(host)
    laps = time_scale(d_x, d_out, 10)
    print("scale: %.6f s" % np.mean(laps))
    _, shift_times = time_shift(d_x, d_out, 10)
    print("shift:", statistics.mean(shift_times))  # expect: WP105
    a = torch.randn(2048, 2048, device="cuda")
    print("mm:", np.mean(time_mm(a, 10)))  # expect: WP105
