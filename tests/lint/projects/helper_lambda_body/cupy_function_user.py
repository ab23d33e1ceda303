"""Hands the helper a lambda that calls a function of this file on CuPy arrays (the function's body launches the
kernels)."""
import cupy as cp

from bench_util import repeat_time


def spectrum_energy(sig):
    spec = cp.fft.rfft(sig)
    return cp.sum(cp.abs(spec) ** 2)


signal = cp.random.standard_normal(1 << 22, dtype=cp.float32)
print("energy s", repeat_time(lambda: spectrum_energy(signal), 20))  # expect-alone: WP102
