"""Set 54 (lint80): a script of pasted sections, each with its own `def main():` and `if __name__ == "__main__":
main()`. A call in the module body runs the latest `def` above it, so the two calls are not one function run twice
(no warm-up of the second): the second `main` times the first launch of its Numba kernel (WP112)."""
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
    start = time.time()
    vec_add[(n + 255) // 256, 256](d_a, d_b, d_out, n)  # expect: WP112
    cuda.synchronize()
    print("device add", time.time() - start)


if __name__ == "__main__":
    main()
