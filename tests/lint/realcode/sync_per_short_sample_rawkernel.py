"""A synchronize after every event-timed launch of a loop-free kernel the file builds from CUDA source (WP101): a
CuPy `RawKernel` and a PyCUDA `SourceModule` function, one thread per element, on arrays of at most 2^20 elements:
each sample is a few µs of GPU work plus the launch latency the idle GPU waits for. Silent: a kernel whose source
loops (each thread walks a row: its length is not shown), and the loop-free kernel on 2^28 elements."""
import cupy as cp
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray
from pycuda.compiler import SourceModule

add = cp.RawKernel(r"""
extern "C" __global__ void add(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
""", "add")
row_sum = cp.RawKernel(r"""
extern "C" __global__ void row_sum(const float *m, float *out, int cols) {
    float s = 0.0f;
    for (int j = 0; j < cols; ++j) s += m[blockIdx.x * cols + j];
    out[blockIdx.x] = s;
}
""", "row_sum")
mod = SourceModule("""
__global__ void twice(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}
""")
twice = mod.get_function("twice")

for n in [1 << 12, 1 << 16, 1 << 20]:
    a = cp.random.rand(n, dtype=cp.float32)
    b = cp.random.rand(n, dtype=cp.float32)
    c = cp.empty_like(a)
    grid = ((n + 255) // 256,)
    add(grid, (256,), (a, b, c, np.int32(n)))
    s, e = cp.cuda.Event(), cp.cuda.Event()
    ts = []
    for _ in range(100):
        s.record()
        add(grid, (256,), (a, b, c, np.int32(n)))
        e.record()
        e.synchronize()  # expect: WP101
        ts.append(cp.cuda.get_elapsed_time(s, e))
    print(n, np.median(ts), np.min(ts))

for rows in [64, 256]:
    m = cp.random.rand(rows * 4096, dtype=cp.float32)
    out = cp.empty(rows, dtype=cp.float32)
    row_sum((rows,), (1,), (m, out, np.int32(4096)))
    s, e = cp.cuda.Event(), cp.cuda.Event()
    sums = []
    for _ in range(100):
        s.record()
        row_sum((rows,), (1,), (m, out, np.int32(4096)))
        e.record()
        e.synchronize()
        sums.append(cp.cuda.get_elapsed_time(s, e))
    print(rows, np.median(sums))

for size in [1 << 10, 1 << 18]:
    x_gpu = gpuarray.to_gpu(np.ones(size, np.float32))
    twice(x_gpu, np.int32(size), block=(256, 1, 1), grid=((size + 255) // 256, 1))
    start, end = drv.Event(), drv.Event()
    lat = []
    for _ in range(100):
        start.record()
        twice(x_gpu, np.int32(size), block=(256, 1, 1), grid=((size + 255) // 256, 1))
        end.record()
        end.synchronize()  # expect: WP101
        lat.append(start.time_till(end))
    print(size, np.median(lat))

for big in [1 << 28]:
    u = cp.random.rand(big, dtype=cp.float32)
    v = cp.random.rand(big, dtype=cp.float32)
    w = cp.empty_like(u)
    add(((big + 255) // 256,), (256,), (u, v, w, np.int32(big)))
    s, e = cp.cuda.Event(), cp.cuda.Event()
    long = []
    for _ in range(20):
        s.record()
        add(((big + 255) // 256,), (256,), (u, v, w, np.int32(big)))
        e.record()
        e.synchronize()
        long.append(cp.cuda.get_elapsed_time(s, e))
    print(big, np.median(long))
