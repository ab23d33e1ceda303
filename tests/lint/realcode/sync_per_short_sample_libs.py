"""WP101 beyond torch: CuPy arithmetic and reductions, a Numba kernel, and a `with` timer of the file around each
sample; silent: the same timer around a model forward."""
import time
import cupy as cp
from numba import cuda
import numpy as np
import torch

a = cp.random.rand(1 << 20, dtype=cp.float32)
b = cp.random.rand(1 << 20, dtype=cp.float32)
for _ in range(3):
    c = a + b
    cp.sum(a)
cp.cuda.Stream.null.synchronize()

ts = []
for _ in range(100):
    t0 = time.perf_counter()
    c = a + b
    cp.cuda.Stream.null.synchronize()  # expect: WP101
    ts.append(time.perf_counter() - t0)
print(sorted(ts)[50])

ts = []
for _ in range(100):
    t0 = time.perf_counter()
    s = cp.sum(a)
    cp.cuda.Device().synchronize()  # expect: WP101
    ts.append(time.perf_counter() - t0)
print(sorted(ts)[50])


@cuda.jit
def add_kernel(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + y[i]


dx = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
dy = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
dout = cuda.device_array(1 << 20, dtype=np.float32)
add_kernel[4096, 256](dx, dy, dout)
cuda.synchronize()
ts = []
for _ in range(100):
    t0 = time.perf_counter()
    add_kernel[4096, 256](dx, dy, dout)
    cuda.synchronize()  # expect: WP101
    ts.append(time.perf_counter() - t0)
print(sorted(ts)[50])


class Timer:
    def __enter__(self):
        self.t = time.perf_counter()
        return self

    def __exit__(self, *a):
        self.dt = time.perf_counter() - self.t


x = torch.randn(1 << 20, device="cuda")
torch.relu(x)
torch.cuda.synchronize()
lat = []
for _ in range(100):
    with Timer() as tm:
        torch.relu(x)
        torch.cuda.synchronize()  # expect: WP101
    lat.append(tm.dt)
print(sorted(lat)[50])

net = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 3), torch.nn.ReLU()).cuda()
img = torch.randn(8, 3, 224, 224, device="cuda")
net(img)
torch.cuda.synchronize()
lat = []
for _ in range(100):
    with Timer() as tm:
        net(img)
        torch.cuda.synchronize()
    lat.append(tm.dt)
print(sorted(lat)[50])
