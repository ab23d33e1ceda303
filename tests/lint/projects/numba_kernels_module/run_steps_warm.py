"""The imported `@njit` function called once before the timed CPU baseline, and one compiled at its `def` (a
signature): no first call is timed (seventeenth session, WP112)."""
import time

import numpy as np
from numba import cuda

from sim.kernels import step_cpu, step_cpu_eager, step_gpu


def run(n, steps):
    pos = np.random.rand(n)
    vel = np.random.rand(n)
    d_pos, d_vel = cuda.to_device(pos), cuda.to_device(vel)
    step_gpu[n // 256 + 1, 256](d_pos, d_vel, 0.01)
    cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(steps):
        step_gpu[n // 256 + 1, 256](d_pos, d_vel, 0.01)
    cuda.synchronize()
    gpu = steps / (time.perf_counter() - t0)
    step_cpu(pos, vel, 0.005)
    t0 = time.perf_counter()
    step_cpu_eager(pos, vel, 0.005)
    for _ in range(steps):
        step_cpu(pos, vel, 0.01)
    return gpu, steps / (time.perf_counter() - t0)


if __name__ == "__main__":
    print("steps/s (GPU, CPU):", run(1 << 20, 100))
