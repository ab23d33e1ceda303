"""Near miss of `harness_told_no_warmup_bad.py`: the same harness calls, each on work that is warm: the harness warms
it (`n_warmup=1`), it ran once before, or its one cold sample sits among thousands of repeats: silent."""
import cupy as cp
import cupyx.profiler
from cupyx.profiler import benchmark
from numba import cuda

left = cp.random.standard_normal((4096, 4096), dtype=cp.float32)
right = cp.random.standard_normal((4096, 4096), dtype=cp.float32)

# 1. a library function named as the callable, three samples
gemm = cupyx.profiler.benchmark(cp.matmul, (left, right), n_warmup=1, n_repeat=3)
print(gemm)


# 2. a Numba kernel launched from a lambda, one sample
@cuda.jit
def scale(vec, alpha):
    i = cuda.grid(1)
    if i < vec.size:
        vec[i] *= alpha


buf = cp.ones(1 << 22, dtype=cp.float32)
scale[4096, 1024](buf, 1.0)
one = cupyx.profiler.benchmark(lambda: scale[4096, 1024](buf, 2.0), n_repeat=1, n_warmup=0)
print(one)


# 3. inside a function, a kernel built there and imported under its short name
def time_squares(n):
    square = cp.ElementwiseKernel("float32 x", "float32 y", "y = x * x", "square_it")
    data = cp.arange(n, dtype=cp.float32)
    res = benchmark(square, (data,), n_warmup=0, n_repeat=5000)
    return float(res.gpu_times.min())


print(time_squares(1 << 20))
