"""A Numba CUDA kernel defined in a class body and launched by the constructor as `self.k[grid](...)`: the attribute
is the kernel itself, compiled on its first launch, so timing the object's construction times the compilation
(seventeenth session, WP112)."""

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


if __name__ == "__main__":
    field = np.random.rand(1 << 20).astype(np.float32)
    t0 = time.perf_counter()
    sm = Smoother(field)  # expect: WP112
    print("GPU smoothing:", time.perf_counter() - t0)
