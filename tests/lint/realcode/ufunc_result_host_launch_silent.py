"""Near twin of `ufunc_result_host_launch_bad.py`: the GPU ufunc is handed a device array, so its result stays on the
device and the kernel is launched on device memory: no transfer is timed (no WP104), and the reading waits for the
kernel (no WP102)."""
from timeit import default_timer as timer

import numpy as np
from numba import cuda, vectorize


@vectorize(["float64(float64)"], target="cuda")
def shift(x):
    return x + 1


@cuda.jit
def bump(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] += 1


if __name__ == "__main__":
    n = 1 << 24
    a = cuda.to_device(np.ones(n, dtype=np.float64))
    a = shift(a)
    blocks = (n + 255) // 256
    bump[blocks, 256](a, n)  # compile before the timing
    cuda.synchronize()

    start = timer()
    bump[blocks, 256](a, n)
    cuda.synchronize()
    print("kernel:", timer() - start)
