"""Near twin of `copies_paired_without_copies_silent.py`: the second timing launches the kernel on the same host
arrays, so no timing of the file leaves the transfers out and the first one is reported as a kernel time with its
copies (WP104)."""
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

    with timer("GPU"):
        scale[blocks, 256](src, factor, out)  # expect: WP104

    with timer("GPU again"):
        scale[blocks, 256](src, factor, out)  # expect: WP104
    print(out[:4])


if __name__ == "__main__":
    main()
