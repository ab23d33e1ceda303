"""Sets 77-88 (sixteenth session): a per-iteration synchronize around one op whose sizes the file sweeps from small to
large. Judged at its largest size the sample is long; at the small sizes of the sweep the round trip is the sample,
and the finding names them. Also: a CuPy matmul (`cp.dot`, `@` on arrays from `cp.random.randn(m, k)`), a size
name bound both by an assignment and by the loops that call the helper (each call reads its own loop), a Numba
grid-stride kernel (one pass over the array), and a timing helper handed a lambda made by a factory of the file."""
import time

import cupy as cp
import numpy as np
import torch
from numba import cuda


def bench_dot(size, n_runs=20):
    a = cp.asarray(np.random.randn(size, size).astype(np.float32))
    b = cp.asarray(np.random.randn(size, size).astype(np.float32))
    cp.dot(a, b)
    cp.cuda.Stream.null.synchronize()
    start = time.perf_counter()
    for _ in range(n_runs):
        c = cp.dot(a, b)
        cp.cuda.Stream.null.synchronize()  # expect: WP101
    return (time.perf_counter() - start) / n_runs


def bench_matmul(m, n, k, repeat=10):
    a = cp.random.randn(m, k).astype(cp.float32)
    b = cp.random.randn(k, n).astype(cp.float32)
    a @ b
    times = []
    for _ in range(repeat):
        cp.cuda.Stream.null.synchronize()
        t0 = time.perf_counter()
        c = a @ b
        cp.cuda.Stream.null.synchronize()  # expect: WP101
        times.append(time.perf_counter() - t0)
    return min(times), np.median(times)


size = 8192
n = 4096
for size in [64, 2048, 8192]:
    print(size, bench_dot(size))
for size in [128, 256, 4096]:
    print(size, bench_matmul(size, size, size))


@cuda.jit
def scale(x, out):
    start = cuda.grid(1)
    stride = cuda.gridDim.x * cuda.blockDim.x
    for i in range(start, x.shape[0], stride):
        out[i] = 2.0 * x[i]


d_x = cuda.to_device(np.ones(1 << 20, dtype=np.float32))
d_out = cuda.to_device(np.zeros(1 << 20, dtype=np.float32))
scale[256, 256](d_x, d_out)
cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    scale[256, 256](d_x, d_out)
    cuda.synchronize()  # expect: WP101
print((time.perf_counter() - t0) / 100)


def timed(run, trials=5):
    run()
    torch.cuda.synchronize()
    out = []
    for _ in range(trials):
        t0 = time.perf_counter()
        run()
        torch.cuda.synchronize()  # expect: WP101
        out.append(time.perf_counter() - t0)
    return out


def make_op(dim, op):
    x = torch.randn(dim).cuda()
    return lambda: op(x)


def gelu(x):
    return torch.nn.functional.gelu(x)


print(timed(make_op(dim=8192, op=gelu)))
