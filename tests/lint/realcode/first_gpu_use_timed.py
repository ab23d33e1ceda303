"""Set 27 class (numbapro examples): the program's first GPU call sits inside the timed region (`cuda.stream()`,
`cuda.to_device`), so the CUDA context creation is timed as if it were the work (WP103, next to the kernel's
compile, WP112). Silent: the same region after an untimed GPU call."""
import time

import numpy as np
from numba import cuda


@cuda.jit
def scale(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = 2.0 * a[i]


@cuda.jit
def shift(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] + 1.0


def total_time(host):
    t0 = time.perf_counter()
    stream = cuda.stream()  # expect: WP103
    d_in = cuda.to_device(host, stream)
    d_out = cuda.device_array_like(d_in, stream)
    scale[64, 256, stream](d_in, d_out)  # expect: WP112
    d_out.copy_to_host(stream=stream)
    stream.synchronize()
    return time.perf_counter() - t0


def total_time_after_use(host):
    shift[64, 256](cuda.to_device(host), cuda.device_array(host.shape, host.dtype))
    cuda.synchronize()
    t0 = time.perf_counter()
    stream = cuda.stream()
    d_in = cuda.to_device(host, stream)
    d_out = cuda.device_array_like(d_in, stream)
    shift[64, 256, stream](d_in, d_out)
    d_out.copy_to_host(stream=stream)
    stream.synchronize()
    return time.perf_counter() - t0


if __name__ == "__main__":
    x = np.ones(16384, dtype=np.float32)
    print(total_time(x))
    print(total_time_after_use(x))
