"""(twentieth session, jitrecall) The CUDA runtime loaded with ctypes (`cuda = ctypes.CDLL(".../libcudart.so")`) and a
small helper of the file that returns one `cudaMalloc`'d buffer: called for the engine's I/O buffers in every timed
iteration, with `cudaFree` after the run, the allocations (no pool) and the synchronizing frees are timed with the
inference (WP104)."""

import ctypes
import statistics
import time

import numpy as np
import tensorrt as trt

CUDART = "/usr/local/cuda/lib64/libcudart.so"
cuda = ctypes.CDLL(CUDART)


def malloc_buf(arr):
    ptr = ctypes.c_void_p()
    cuda.cudaMalloc(ctypes.byref(ptr), arr.nbytes)
    return ptr


def bench(engine_path, x, out, steps=20):
    with open(engine_path, "rb") as f:
        engine = trt.Runtime(trt.Logger(trt.Logger.WARNING)).deserialize_cuda_engine(f.read())
    context = engine.create_execution_context()
    d_w = malloc_buf(x)  # warm-up run
    context.execute_v2([int(d_w.value), int(d_w.value)])
    cuda.cudaDeviceSynchronize()
    cuda.cudaFree(d_w)
    times = []
    for _ in range(steps):
        start = time.time()
        d_x = malloc_buf(x)  # expect: WP104
        d_out = malloc_buf(out)
        context.execute_v2([int(d_x.value), int(d_out.value)])
        cuda.cudaDeviceSynchronize()
        cuda.cudaFree(d_x)
        cuda.cudaFree(d_out)
        times.append(time.time() - start)
    return statistics.median(times)


print(bench("model.engine", np.zeros((1, 3, 224, 224), np.float32), np.zeros((1, 1000), np.float32)))
