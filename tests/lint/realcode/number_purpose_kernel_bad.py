"""The near misses of `number_purpose_whole_run_silent.py`, where the number is a kernel's or a step's and the cost
is not meant in it. Reported: uploads into new PyCUDA arrays inside a region printed as the kernel's time; the same
inside one of several "total" samples averaged per run (a per-run figure, whatever its name); a loss `.item()` every
step of a timed inference loop (no optimizer step: not a training run; WP114 selected by code); random inputs drawn
every step of a synthetic training benchmark over `range` (WP104's opt-in part)."""
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.gpuarray as gpuarray
import torch
from pycuda.compiler import SourceModule

mod = SourceModule("""
__global__ void twice(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}
""")
twice = mod.get_function("twice")
host = np.random.randn(1 << 20).astype(np.float32)
warm = gpuarray.to_gpu(host)
twice(warm, np.int32(host.size), block=(256, 1, 1), grid=(host.size // 256, 1))

t0 = time.perf_counter()
dev = gpuarray.to_gpu(host)  # expect: WP104
twice(dev, np.int32(host.size), block=(256, 1, 1), grid=(host.size // 256, 1))
res = dev.get()
t1 = time.perf_counter()
print("kernel time: %.3f ms" % ((t1 - t0) * 1e3))

runs, spent = 10, 0.0
for _ in range(runs):
    t_start = time.perf_counter()
    grid_gpu = gpuarray.to_gpu(host)  # expect: WP104
    for _step in range(20):
        twice(grid_gpu, np.int32(host.size), block=(256, 1, 1), grid=(host.size // 256, 1))
    out = grid_gpu.get()
    t_end = time.perf_counter()
    spent += t_end - t_start
print("Total time: %.4f s" % (spent / runs))

model = torch.nn.Linear(512, 10).cuda()
x = torch.randn(64, 512, device="cuda")
model(x)
torch.cuda.synchronize()
t_inf = time.perf_counter()
score = 0.0
for _ in range(100):
    score += model(x).square().mean().item()  # expect: WP114
torch.cuda.synchronize()
print("inference", time.perf_counter() - t_inf)

opt = torch.optim.SGD(model.parameters(), lr=0.1)
model(x).square().mean().backward()  # a warm-up step
opt.step()
opt.zero_grad()
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()
for i in range(50):
    inputs = torch.randn(64, 512)  # opt-in: WP104
    opt.zero_grad()
    loss = model(inputs.cuda()).square().mean()
    loss.backward()
    opt.step()
stop.record()
torch.cuda.synchronize()
print(start.elapsed_time(stop))
