"""A `@cuda.jit` kernel imported from the project's module (sim/kernels.py), warmed up and then timed with host
NumPy arrays and a launch configuration that names a stream: Numba copies the arrays in and back around every launch,
and the event pair times those transfers with the kernel (twenty-first session, jitfirst, WP104)."""
import numpy as np
from numba import cuda

from sim import kernels


def run(n):
    pos = np.random.rand(n)
    vel = np.random.rand(n)
    kernels.step_gpu[n // 256 + 1, 256, 0, 0](pos, vel, 0.01)
    start, end = cuda.event(), cuda.event()
    start.record()
    kernels.step_gpu[n // 256 + 1, 256, 0, 0](pos, vel, 0.01)  # expect: WP104
    end.record()
    end.synchronize()
    return cuda.event_elapsed_time(start, end)


if __name__ == "__main__":
    print("kernel ms:", run(1 << 20))
