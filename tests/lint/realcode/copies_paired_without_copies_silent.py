"""A Numba kernel timed twice in one function: once on host arrays (Numba copies them in and back around the launch)
and once on device arrays under a label that says the copies are left out. The first timing includes the transfers on
purpose, as the pair shows: no WP104."""
import time
from contextlib import contextmanager

import numpy as np
from numba import cuda


@contextmanager
def timer(label):
    t0 = time.perf_counter()
    yield
    print(f"{label}: {time.perf_counter() - t0:.4f} s")


@cuda.jit
def scale(src, factor, out):
    i = cuda.grid(1)
    if i < src.size:
        out[i] = src[i] * factor[0]


def main():
    n = 1 << 24
    src = np.random.rand(n).astype(np.float32)
    factor = np.array([2.0], dtype=np.float32)
    out = np.empty_like(src)
    blocks = (n + 255) // 256

    scale[blocks, 256](src, factor, out)  # compile outside the timings
    cuda.synchronize()

    with timer("GPU with transfers"):
        scale[blocks, 256](src, factor, out)

    d_src = cuda.to_device(src)
    d_out = cuda.device_array_like(src)
    with timer("GPU without host <-> device copies"):
        scale[blocks, 256](d_src, factor, d_out)
        cuda.synchronize()
    print(d_out.copy_to_host()[:4])


if __name__ == "__main__":
    main()
