"""Set 17 class: CuPy inputs copied to the host with `.get()` / `cupy.asnumpy` are NumPy arrays: the NumPy path of a
function written for both array modules, timed first, is host work; the CuPy path timed on its first call is
reported (each new ufunc compiles or loads its kernel inside the timer)."""

import contextlib
import time

import cupy
import numpy


def price(xp, s, k):
    d = xp.log(s / k) + xp.sqrt(s * k)
    return xp.where(d > 0, d, -d)


@contextlib.contextmanager
def timer(label):
    cupy.cuda.Stream.null.synchronize()
    t0 = time.time()
    yield
    cupy.cuda.Stream.null.synchronize()
    print(label, time.time() - t0)


s_gpu = cupy.random.rand(1_000_000) + 1
k_gpu = cupy.random.rand(1_000_000) + 1
s_cpu = s_gpu.get()
k_cpu = cupy.asnumpy(k_gpu)

with timer("numpy"):
    price(numpy, s_cpu, k_cpu)
with timer("cupy"):
    price(cupy, s_gpu, k_gpu)  # expect: WP103

spectrum = cupy.fft.fft(s_gpu)
t0 = time.time()
spectrum = cupy.fft.fft(s_gpu)
total = float(spectrum.real.sum())  # a CuPy scalar read on the host: waits for the FFT
print("fft", total, time.time() - t0)
