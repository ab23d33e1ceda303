"""A training function timed once, whose per-sample helper calls another helper that copies its result back with a
blocking `gpuarray.get()` (a wait two calls below the timed call): every sample waits for the device, so the end
read is synchronized (set 100, PyCUDA gradient descent)."""
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
    return y_gpu.get()


def sample_step(x, w):
    out = forward(x, w)
    return out.sum() / len(out)


def train(samples, w):
    losses = []
    for x in samples:
        losses.append(sample_step(x, w))
    return losses


w = gpuarray.to_gpu(np.ones(64, np.float32))
data = [np.ones(64, np.float32)] * 100
begin = time.time()
loss = train(data, w)
end = time.time()
print("GPU training", end - begin)
