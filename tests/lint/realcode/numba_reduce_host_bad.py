"""Near miss of numba_reduce_host_silent: with a device array as `res=` the reduction writes its result there and
returns at once (the copy is queued on the device): the clock is read while the kernels may still run."""
import time

import numpy as np
from numba import cuda


@cuda.reduce
def sum_reduce(a, b):
    return a + b


def bench(n, repeats=10):
    d_a = cuda.to_device(np.ones(n, dtype=np.float32))
    d_res = cuda.device_array(1, dtype=np.float32)
    sum_reduce(d_a, res=d_res)  # warm-up: compiles the reduction kernel
    start = time.perf_counter()
    for _ in range(repeats):
        sum_reduce(d_a, res=d_res)
    return (time.perf_counter() - start) / repeats  # expect: WP102


if __name__ == "__main__":
    print(bench(1 << 24))
