"""WP112, silent near cold_redefined_main_bad.py: the second `main` launches the kernel once before the clock
starts; and a first `main` that already launched the kernel the second one times."""

import time

import numpy as np
from numba import cuda


@cuda.jit
def scale_add(a, b, out, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = 2.0 * a[i] + b[i]


def main():
    a = np.ones(16, dtype=np.float32)
    out = np.zeros(16, dtype=np.float32)
    scale_add[1, 16](a, a, out, 16)  # a first run: compiles for float32 arrays
    cuda.synchronize()


if __name__ == "__main__":
    main()


def main():
    n = 1 << 24
    a = np.ones(n, dtype=np.float32)
    b = np.ones(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    start = time.time()
    scale_add[(n + 255) // 256, 256](a, b, out, n)
    cuda.synchronize()
    print("device scale_add (warm):", time.time() - start)


if __name__ == "__main__":
    main()


@cuda.jit
def shift(a, out, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = a[i] + 1.0


def main():
    n = 1 << 24
    a = np.ones(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    shift[(n + 255) // 256, 256](a, out, n)  # warm-up launch
    cuda.synchronize()
    start = time.time()
    shift[(n + 255) // 256, 256](a, out, n)
    cuda.synchronize()
    print("device shift (warm):", time.time() - start)


if __name__ == "__main__":
    main()
