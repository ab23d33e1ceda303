"""Set 17 class (cupy black_scholes): a function of the file written against an array module parameter (`xp`) is
timed with NumPy, then with CuPy: the CuPy call is its first on the GPU (each ufunc's kernel is built or loaded
then) and the NumPy run before it does not warm it (WP103). Silent: the CuPy variant run once before its timer."""

import contextlib
import time

import cupy
import numpy


def price(xp, s, k):
    d = xp.log(s / k) / xp.sqrt(k)
    return xp.where(d > 0, xp.exp(-d), 1 - xp.exp(d))


def spread(xp, s, k):
    return xp.abs(s - k) / xp.maximum(s, k)


@contextlib.contextmanager
def timer(label):
    cupy.cuda.Stream.null.synchronize()
    start = time.perf_counter()
    yield
    cupy.cuda.Stream.null.synchronize()
    print(label, time.perf_counter() - start)


def main():
    s_gpu = cupy.random.rand(1 << 20) + 1.0
    k_gpu = cupy.random.rand(1 << 20) + 1.0
    s_cpu, k_cpu = s_gpu.get(), k_gpu.get()
    with timer("numpy"):
        price(numpy, s_cpu, k_cpu)
    with timer("cupy"):
        price(cupy, s_gpu, k_gpu)  # expect: WP103
    spread(cupy, s_gpu[:8], k_gpu[:8])
    with timer("numpy spread"):
        spread(numpy, s_cpu, k_cpu)
    with timer("cupy spread"):
        spread(cupy, s_gpu, k_gpu)


if __name__ == "__main__":
    main()
