"""Set 54 (lint80), the correct neighbour of `redefined_main_sections_bad.py`: the same script of pasted sections,
whose second `main` launches its kernel once before the timed launch (the compile is out of the reading)."""
from numba import cuda
import numpy as np
import time


@cuda.jit
def hello():
    print("hello from the device")


def main():
    hello[1, 2]()
    cuda.synchronize()


if __name__ == "__main__":
    main()


@cuda.jit
def vec_add(a, b, out, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = a[i] + b[i]


def main():
    n = 1 << 24
    d_a = cuda.to_device(np.arange(n, dtype=np.float32))
    d_b = cuda.to_device(np.ones(n, dtype=np.float32))
    d_out = cuda.device_array(n, dtype=np.float32)
    vec_add[(n + 255) // 256, 256](d_a, d_b, d_out, n)
    cuda.synchronize()
    start = time.time()
    vec_add[(n + 255) // 256, 256](d_a, d_b, d_out, n)
    cuda.synchronize()
    print("device add", time.time() - start)


if __name__ == "__main__":
    main()
