"""(twentieth session, jitrecall) Near miss of ctypes_cudart_helper_alloc_bad.py: the buffers come from the same
ctypes-loaded runtime's `cudaMalloc` through the helper, but once, before the timed loop, which times only the
engine's runs; and a helper over another ctypes library (`libm`) allocates no device memory (silent)."""

import ctypes
import statistics
import time

import numpy as np
import tensorrt as trt

cuda = ctypes.CDLL("/usr/local/cuda/lib64/libcudart.so")
libm = ctypes.CDLL("libm.so.6")


def malloc_buf(arr):
    ptr = ctypes.c_void_p()
    cuda.cudaMalloc(ctypes.byref(ptr), arr.nbytes)
    return ptr


def host_floor(v):
    r = libm.floor(ctypes.c_double(v))
    return r


def bench(engine_path, x, out, steps=20):
    with open(engine_path, "rb") as f:
        engine = trt.Runtime(trt.Logger(trt.Logger.WARNING)).deserialize_cuda_engine(f.read())
    context = engine.create_execution_context()
    d_x = malloc_buf(x)
    d_out = malloc_buf(out)
    context.execute_v2([int(d_x.value), int(d_out.value)])
    cuda.cudaDeviceSynchronize()
    times = []
    for _ in range(steps):
        start = time.time()
        n = host_floor(2.5)
        context.execute_v2([int(d_x.value), int(d_out.value)])
        cuda.cudaDeviceSynchronize()
        times.append(time.time() - start)
    cuda.cudaFree(d_x)
    cuda.cudaFree(d_out)
    return statistics.median(times), n


print(bench("model.engine", np.zeros((1, 3, 224, 224), np.float32), np.zeros((1, 1000), np.float32)))
