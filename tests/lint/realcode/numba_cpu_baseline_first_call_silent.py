"""The same comparison with the `@njit` baseline called once before its timing (compiled then), and one given its
signature (compiled at the `def`): silent (lint82)."""
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


@njit("f4[:, :](f4[:, :], i8)")
def scale_host(img, k):
    h, w = img.shape
    out = np.empty_like(img)
    for y in range(h):
        for x in range(w):
            out[y, x] = img[y, x] * k
    return out


@cuda.jit
def blur_dev(img, out, k):
    y, x = cuda.grid(2)
    if y < img.shape[0] and x < img.shape[1]:
        out[y, x] = img[y, x] * k


def compare(img, k):
    blur_host(img, k)  # compiles for these argument types
    t0 = time.perf_counter()
    blur_host(img, k)
    print(f"host {k}: {(time.perf_counter() - t0) * 1e3:.2f} ms")
    t1 = time.perf_counter()
    scale_host(img, k)
    print(f"scale {k}: {(time.perf_counter() - t1) * 1e3:.2f} ms")
    d_img = cuda.to_device(img)
    d_out = cuda.device_array_like(d_img)
    blur_dev[(64, 64), (16, 16)](d_img, d_out, k)
    cuda.synchronize()
    blur_dev[(64, 64), (16, 16)](d_img, d_out, k)
    cuda.synchronize()


def main():
    img = np.random.rand(1024, 1024).astype(np.float32)
    for k in [3, 5, 9]:
        compare(img, k)


if __name__ == "__main__":
    main()
