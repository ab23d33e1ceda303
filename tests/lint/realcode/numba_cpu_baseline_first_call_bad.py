"""The CPU baseline of a GPU comparison is a Numba `@njit` function whose loops walk the image (compiled code, one
call: not a run over a data set), timed on its first call; and a per-size helper that prints its own row, called
as a statement for each size of a written-out list: the first row compiles (lint82)."""
import time

import numpy as np
from numba import cuda, njit, prange


@njit(parallel=True)
def blur_host(img, k):
    h, w = img.shape
    out = np.empty_like(img)
    for y in prange(h):
        for x in range(w):
            out[y, x] = img[y, x] * k
    return out


@cuda.jit
def blur_dev(img, out, k):
    y, x = cuda.grid(2)
    if y < img.shape[0] and x < img.shape[1]:
        out[y, x] = img[y, x] * k


def compare(img, k):
    t0 = time.perf_counter()
    blur_host(img, k)  # expect: WP112
    print(f"host {k}: {(time.perf_counter() - t0) * 1e3:.2f} ms")
    d_img = cuda.to_device(img)
    d_out = cuda.device_array_like(d_img)
    blur_dev[(64, 64), (16, 16)](d_img, d_out, k)
    cuda.synchronize()


def main():
    img = np.random.rand(1024, 1024).astype(np.float32)
    for k in [3, 5, 9]:
        compare(img, k)


if __name__ == "__main__":
    main()
