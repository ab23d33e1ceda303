"""Set 27 class (sixth session): the first launch of a `@cuda.jit` kernel on device arrays, timed with a host clock
and no synchronize, measures the compile (WP112) and also returns before the kernel runs: a warmup would not add
the missing synchronize, so WP102 is reported too. The same first launch on host NumPy arrays copies back and waits
(only WP112).
WP104 reports each launch on host arrays inside a timed region (its copies are timed; default since lint75)."""

import time

import numpy as np
from numba import cuda


@cuda.jit
def shade(img, iters):
    x, y = cuda.grid(2)
    if x < img.shape[0] and y < img.shape[1]:
        img[x, y] = (x * y) % iters


@cuda.jit
def shade_host(img, iters):
    x, y = cuda.grid(2)
    if x < img.shape[0] and y < img.shape[1]:
        img[x, y] = (x + y) % iters


image = np.zeros((2048, 2048), dtype=np.uint8)
d_image = cuda.to_device(image)
t0 = time.perf_counter()
shade[(64, 64), (32, 32)](d_image, 20)  # expect: WP112
t1 = time.perf_counter()  # expect: WP102
d_image.copy_to_host(image)
print("gpu", t1 - t0)

host = np.zeros((2048, 2048), dtype=np.uint8)
t0 = time.perf_counter()
shade_host[(64, 64), (32, 32)](host, 20)  # expect: WP112, WP104
print("gpu, host array", time.perf_counter() - t0)
