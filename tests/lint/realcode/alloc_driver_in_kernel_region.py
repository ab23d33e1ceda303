"""Device memory allocated, or host data copied into fresh device memory, inside a region that times a kernel
(WP104): PyCUDA's `mem_alloc`/`gpuarray` factories call the driver every time (no pool), and `cupy.asarray` of a
NumPy array copies it to the device; the "kernel" time is mostly allocation and transfer. Silent: the same calls
before the first reading, a region that times the transfer alone, allocations drawn from a pool, and a measurement
the code names as end-to-end (`def total_time_s`, a print that says the transfers are included)."""
import time

import cupy as cp
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray
from pycuda.compiler import SourceModule
from pycuda.tools import DeviceMemoryPool

mod = SourceModule("""
__global__ void scale(float *out, const float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * x[i];
}
""")
scale = mod.get_function("scale")
n = 1 << 22
host = np.random.rand(n).astype(np.float32)
res = np.empty_like(host)
grid = ((n + 255) // 256, 1)
pool = DeviceMemoryPool()

d_x0, d_o0 = drv.mem_alloc(host.nbytes), drv.mem_alloc(res.nbytes)
drv.memcpy_htod(d_x0, host)
scale(d_o0, d_x0, np.int32(n), block=(256, 1, 1), grid=grid)  # warm-up launch
drv.Context.synchronize()


def kernel_ms_with_allocs():
    start, end = drv.Event(), drv.Event()
    start.record()
    d_x = drv.mem_alloc(host.nbytes)  # expect: WP104
    d_o = drv.mem_alloc(res.nbytes)
    drv.memcpy_htod(d_x, host)
    scale(d_o, d_x, np.int32(n), block=(256, 1, 1), grid=grid)
    drv.memcpy_dtoh(res, d_o)
    end.record()
    end.synchronize()
    return start.time_till(end)


def kernel_s_gpuarray():
    t0 = time.perf_counter()
    x_gpu = gpuarray.to_gpu(host)  # expect: WP104
    o_gpu = gpuarray.empty_like(x_gpu)
    scale(o_gpu, x_gpu, np.int32(n), block=(256, 1, 1), grid=grid)
    out = o_gpu.get()
    return time.perf_counter() - t0, out


m = np.random.rand(1024, 1024).astype(np.float32)


def matmul_cupy():
    a = cp.asarray(m)
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    c = a @ cp.asarray(m)  # expect: WP104
    cp.cuda.Device().synchronize()
    return time.perf_counter() - t0, c


def kernel_ms_preallocated():
    d_x = drv.mem_alloc(host.nbytes)
    d_o = drv.mem_alloc(res.nbytes)
    drv.memcpy_htod(d_x, host)
    start, end = drv.Event(), drv.Event()
    start.record()
    scale(d_o, d_x, np.int32(n), block=(256, 1, 1), grid=grid)
    end.record()
    end.synchronize()
    return start.time_till(end)


def upload_ms():
    start, end = drv.Event(), drv.Event()
    start.record()
    x_gpu = gpuarray.to_gpu(host)
    end.record()
    end.synchronize()
    return end.time_since(start), x_gpu


def kernel_ms_pooled():
    start, end = drv.Event(), drv.Event()
    start.record()
    x_gpu = gpuarray.to_gpu(host, allocator=pool.allocate)
    o_gpu = gpuarray.empty_like(x_gpu)
    scale(o_gpu, x_gpu, np.int32(n), block=(256, 1, 1), grid=grid)
    end.record()
    end.synchronize()
    return start.time_till(end)


def total_time_s():
    t0 = time.perf_counter()
    x_gpu = gpuarray.to_gpu(host)
    o_gpu = gpuarray.empty_like(x_gpu)
    scale(o_gpu, x_gpu, np.int32(n), block=(256, 1, 1), grid=grid)
    o_gpu.get()
    return time.perf_counter() - t0


start, end = drv.Event(), drv.Event()
start.record()
x_gpu = gpuarray.to_gpu(host)
o_gpu = gpuarray.empty_like(x_gpu)
scale(o_gpu, x_gpu, np.int32(n), block=(256, 1, 1), grid=grid)
end.record()
end.synchronize()
print("GPU time including the transfers:", start.time_till(end), "ms")
print(total_time_s())
print(kernel_ms_with_allocs(), kernel_s_gpuarray()[0], kernel_ms_preallocated(), upload_ms()[0], kernel_ms_pooled())
matmul_cupy()
print(matmul_cupy()[0])
