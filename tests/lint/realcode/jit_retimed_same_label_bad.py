"""(twentieth session, jitrecall) A Numba `@cuda.reduce` reduction compiles its kernel on its first call, and a
helper of the file that launches a `@cuda.jit` kernel compiles it on the helper's first call. Each is timed once
cold and then again, the same call, but both figures are printed under one and the same label: nothing tells the
cold figure (compile included) from the warm one, so the first is no "first run" shown on purpose (WP112)."""

import time

import numpy as np
from numba import cuda


@cuda.reduce
def total(a, b):
    return a + b


@cuda.jit
def double(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 2.0 * src[i]


def run_double(x):
    d_x = cuda.to_device(x)
    d_y = cuda.device_array_like(d_x)
    double[(x.size + 255) // 256, 256](d_x, d_y)
    return d_y.copy_to_host()


def main():
    x = np.arange(1, 1 << 22, dtype=np.float64)

    start = time.time()
    s = total(x)  # expect: WP112
    print("gpu reduce:", time.time() - start)

    start = time.time()
    s = total(x)
    print("gpu reduce:", time.time() - start)

    start = time.time()
    y = run_double(x)  # expect: WP112
    print("gpu double:", time.time() - start)

    start = time.time()
    y = run_double(x)
    print("gpu double:", time.time() - start)
    return s, y


if __name__ == "__main__":
    main()
