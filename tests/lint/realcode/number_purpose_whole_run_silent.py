"""What the timed number is for (`rules/_number_purpose.py`): costs the number is meant to include are not a
distortion of it. Silent: a PyCUDA stream demo's "total time" printed once around finer per-kernel event timings
(the uploads into new device arrays are part of the total), a program clock started before any work and read at the
end ("brutto", setup included on purpose), a round trip labelled end-to-end, and a training run's own loss `.item()`
and label tensors inside its epoch time (WP104 and WP114 selected by code stay silent too)."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray
import torch
from pycuda.compiler import SourceModule

t_program = time.time()
mod = SourceModule("""
__global__ void twice(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}
""")
twice = mod.get_function("twice")
n_arrays, length = 50, 1 << 16
streams = [drv.Stream() for _ in range(n_arrays)]
begins = [drv.Event() for _ in range(n_arrays)]
ends = [drv.Event() for _ in range(n_arrays)]
chunks = [np.random.randn(length).astype(np.float32) for _ in range(n_arrays)]
on_gpu, back = [], []

t_begin = time.time()
for k in range(n_arrays):
    on_gpu.append(gpuarray.to_gpu_async(chunks[k], stream=streams[k]))
for k in range(n_arrays):
    begins[k].record(streams[k])
    twice(on_gpu[k], np.int32(length), block=(128, 1, 1), grid=(1, 1, 1), stream=streams[k])
for k in range(n_arrays):
    ends[k].record(streams[k])
for k in range(n_arrays):
    back.append(on_gpu[k].get_async(stream=streams[k]))
drv.Context.synchronize()
t_finish = time.time()
per_kernel = [begins[k].time_till(ends[k]) for k in range(n_arrays)]
print("total time: %f" % (t_finish - t_begin))
print("kernel ms: median %.4f, max %.4f" % (np.median(per_kernel), np.max(per_kernel)))


def round_trip_s(host):
    t0 = time.perf_counter()
    dev = gpuarray.to_gpu(host)
    twice(dev, np.int32(host.size), block=(256, 1, 1), grid=((host.size + 255) // 256, 1))
    out = dev.get()
    elapsed = time.perf_counter() - t0
    print(f"end-to-end (host -> GPU -> host): {elapsed:.4f} s")
    return out


model = torch.nn.Linear(512, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(64, 512), torch.randint(0, 10, (64,))) for _ in range(20)]


def train_epoch():
    t0 = time.perf_counter()
    seen = 0
    for xb, yb in data:
        xb, yb = xb.cuda(), yb.cuda()
        weight = torch.ones(10, device="cuda")
        loss = torch.nn.functional.cross_entropy(model(xb), yb, weight=weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
        seen += loss.item()
    torch.cuda.synchronize()
    print(f"epoch {time.perf_counter() - t0:.2f} s, loss {seen / len(data):.3f}")


round_trip_s(chunks[0])
train_epoch()
scratch = [gpuarray.zeros(length, np.float32) for _ in range(4)]
print("Time brutto:", time.time() - t_program)
