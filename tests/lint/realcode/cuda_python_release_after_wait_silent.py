"""Three timings that wait for the device with a CUDA driver or runtime call of cuda-python, then release what
they made (streams, events, memory, modules, contexts) before the clock is read: the releases queue no work, the
figure is not launch-only."""
import time

import numpy as np
from cuda import cuda, cudart
from cuda.bindings import driver as drv


def whole_program(kernel, stream, params, h_out, d_out, nbytes, module, context):
    t_start = time.perf_counter()
    (res,) = cuda.cuLaunchKernel(kernel, 64, 1, 1, 256, 1, 1, 0, stream, params, 0)
    (res,) = cuda.cuMemcpyDtoHAsync(h_out.ctypes.data, d_out, nbytes, stream)
    (res,) = cuda.cuStreamSynchronize(stream)
    (res,) = cuda.cuStreamDestroy(stream)
    (res,) = cuda.cuMemFree(d_out)
    (res,) = cuda.cuModuleUnload(module)
    (res,) = cuda.cuCtxDestroy(context)
    return time.perf_counter() - t_start


def runtime_round(n):
    begin = time.time()
    err, dev = cudart.cudaMalloc(n * 4)
    err, = cudart.cudaMemset(dev, 0, n * 4)
    cudart.cudaDeviceSynchronize()
    cudart.cudaFree(dev)
    return time.time() - begin


class Runner:
    def __init__(self, fn, grid):
        self.fn, self.grid = fn, grid

    def timed(self, args):
        clock0 = time.monotonic()
        err, ev = drv.cuEventCreate(0)
        drv.cuLaunchKernel(self.fn, *self.grid, 128, 1, 1, 0, 0, args, 0)
        drv.cuCtxSynchronize()
        drv.cuEventDestroy(ev)
        elapsed = time.monotonic() - clock0
        print(f"kernel {elapsed * 1e3:.2f} ms, checksum {np.zeros(1).sum()}")
