"""Hands the helper a lambda whose body is arithmetic on CuPy arrays, no call at all (each operator launches an
elementwise kernel)."""
import cupy as cp

from bench_util import repeat_time

u = cp.random.rand(1 << 24, dtype=cp.float32)
v = cp.random.rand(1 << 24, dtype=cp.float32)
print("axpy s", repeat_time(lambda: 2.5 * u + v, 100))  # expect-alone: WP102
