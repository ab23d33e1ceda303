"""Driver and runtime synchronizes imported by name (cuda-python / cuda-bindings, CuPy's runtime module) and
cuda.core's `sync()`: each waits for the device before the clock is read."""
import time

import cupy as cp
from cuda.bindings.driver import cuLaunchKernel, cuStreamSynchronize
from cuda.bindings.runtime import cudaDeviceSynchronize
from cuda.core.experimental import Device, LaunchConfig, launch
from cupy.cuda.runtime import eventSynchronize


def time_launch(kernel, stream, params, grid):
    t0 = time.perf_counter()
    cuLaunchKernel(kernel, grid, 1, 1, 256, 1, 1, 0, stream, params, 0)
    cuStreamSynchronize(stream)
    return time.perf_counter() - t0


class Runner:
    def __init__(self, kernel, params):
        self.kernel, self.params = kernel, params

    def sweep(self, grids):
        out = {}
        for g in grids:
            start = time.time()
            cuLaunchKernel(self.kernel, g, 1, 1, 128, 1, 1, 0, 0, self.params, 0)
            cudaDeviceSynchronize()
            out[g] = time.time() - start
        return out


def cupy_event_wall(n):
    a = cp.random.rand(n, n, dtype=cp.float32)
    done = cp.cuda.Event()
    a @ a
    t0 = time.perf_counter()
    b = a @ a
    done.record()
    eventSynchronize(done.ptr)
    print("wall", time.perf_counter() - t0, b.shape)


def core_stream(kernel, n):
    dev = Device()
    dev.set_current()
    s = dev.create_stream()
    cfg = LaunchConfig(grid=n // 256, block=256)
    launch(s, cfg, kernel, n)
    t0 = time.perf_counter()
    launch(s, cfg, kernel, n)
    s.sync()
    print(time.perf_counter() - t0)
