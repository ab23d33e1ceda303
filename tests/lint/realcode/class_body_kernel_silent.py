"""A class-body Numba kernel given its signature (compiled when the class body runs), and an object built once
before the timed one: no timed construction compiles (seventeenth session, WP112)."""

import time

import numpy as np
from numba import cuda


class Smoother:
    def __init__(self, field):
        self.d_in = cuda.to_device(field)
        self.d_out = cuda.device_array_like(self.d_in)
        self.blur[field.size // 256 + 1, 256](self.d_in, self.d_out)
        self.result = self.d_out.copy_to_host()

    @cuda.jit
    def blur(src, dst):
        i = cuda.grid(1)
        if 0 < i < src.shape[0] - 1:
            dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0


class Doubler:
    def __init__(self, field):
        self.d_in = cuda.to_device(field)
        self.d_out = cuda.device_array_like(self.d_in)
        self.twice[field.size // 256 + 1, 256](self.d_in, self.d_out)
        self.result = self.d_out.copy_to_host()

    @cuda.jit("void(float32[:], float32[:])")
    def twice(src, dst):
        i = cuda.grid(1)
        if i < src.shape[0]:
            dst[i] = 2 * src[i]


if __name__ == "__main__":
    field = np.random.rand(1 << 20).astype(np.float32)
    Smoother(field[:1024])
    t0 = time.perf_counter()
    sm = Smoother(field)
    print("GPU smoothing:", time.perf_counter() - t0)
    t0 = time.perf_counter()
    db = Doubler(field)
    print("GPU doubling:", time.perf_counter() - t0)
