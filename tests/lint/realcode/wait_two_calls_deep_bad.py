"""Beside the silent case: the same chain of helpers whose innermost one leaves its result on the device (no copy
back anywhere): nothing waits before the end read."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.gpuarray as gpuarray
from pycuda.compiler import SourceModule

mod = SourceModule("__global__ void axpy(float *y, const float *x) { y[threadIdx.x] += x[threadIdx.x]; }")


def forward(x, w):
    y_gpu = gpuarray.empty(w.shape, np.float32)
    func = mod.get_function("axpy")
    func(y_gpu, w, block=(64, 1, 1), grid=(1, 1))
    return y_gpu


def sample_step(x, w):
    return forward(x, w)


def train(samples, w):
    outs = []
    for x in samples:
        outs.append(sample_step(x, w))
    return outs


w = gpuarray.to_gpu(np.ones(64, np.float32))
data = [np.ones(64, np.float32)] * 100
begin = time.time()
outs = train(data, w)
end = time.time()  # expect: WP102
print("GPU training", end - begin)
