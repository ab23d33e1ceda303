"""Near misses of the driver-API waits: a stream query and a stream made to wait on an event do not hold the host,
so the clock still reads only the launch."""
import time

import cupy as cp
from cuda.bindings.driver import cuLaunchKernel, cuStreamQuery


def time_launch(kernel, stream, params, grid):
    t0 = time.perf_counter()
    cuLaunchKernel(kernel, grid, 1, 1, 256, 1, 1, 0, stream, params, 0)
    cuStreamQuery(stream)
    print(time.perf_counter() - t0)  # expect-extra: WP102


def cupy_stream_wait(n):
    a = cp.random.rand(n, n, dtype=cp.float32)
    s = cp.cuda.Stream()
    e = cp.cuda.Event()
    a @ a
    t0 = time.perf_counter()
    b = a @ a
    e.record()
    s.wait_event(e)
    print("wall", time.perf_counter() - t0, b.shape)  # expect: WP102
