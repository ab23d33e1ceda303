"""WP103 class (a Numba GPU ufunc's first call timed): ``@vectorize([...], target="cuda")`` compiles at decoration,
but its first call creates the CUDA context and loads the module. Timed once (directly, through a wrapper of the
file, or in a function called from the main block) the figure is start-up, not the ufunc.
WP104 reports each launch on host arrays inside a timed region (its copies are timed; default since lint75), also one
call deep in a function of the file (`squash`, since lint78).
Since the twentieth session the walk counts the GPU ufunc calls above as opening the CUDA context, so `prefix`
(signatures given: compiled at its decoration) is no longer the program's first GPU use when `scan_rows()` runs. Its
one timed call is still cold: a CUDA ufunc given its signature costs 156 ms on its first call against 0.49 ms on the
next (H200, benchmarks/eager_jit_context.py, twenty-fourth session): WP103 with the host-array copies (WP104)."""

import time

import numpy as np
from numba import guvectorize, vectorize


@vectorize(["float32(float32, float32)"], target="cuda")
def saxpy_gpu(x, y):
    return 2.0 * x + y


@vectorize(["float64(float64)"], target="cuda")
def logistic(v):
    return 1.0 / (1.0 + 2.718281828 ** -v)


@guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target="cuda")
def prefix(row, out):
    acc = 0.0
    for i in range(row.shape[0]):
        acc += row[i]
        out[i] = acc


def squash(n):
    return logistic(np.linspace(-5.0, 5.0, n))


xs = np.random.rand(4_000_000).astype(np.float32)
t0 = time.perf_counter()
ys = saxpy_gpu(xs, xs)  # expect: WP103, WP104
print("saxpy on the GPU:", time.perf_counter() - t0)

start = time.time()
curve = squash(8_000_000)  # expect: WP103, WP104
print("logistic:", time.time() - start)


def scan_rows():
    rows = np.ones((1024, 1024), dtype=np.float32)
    begin = time.monotonic()
    sums = prefix(rows)  # expect: WP103, WP104
    print("prefix sums took", time.monotonic() - begin)
    return sums


scan_rows()
