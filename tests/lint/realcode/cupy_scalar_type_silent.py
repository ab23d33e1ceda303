"""A CuPy notebook's Julia-set cell (set 206, a summer school's Cupy.ipynb) passes `radius ** 2` to a kernel, with
`radius = cp.float64(2.0)`: `cp.float64` is NumPy's scalar type, which CuPy re-exports, so `radius ** 2` is host
arithmetic and builds no CuPy kernel. The kernel and the buffer's fill ran before the timed block, which ends with a
synchronize. Silent."""
import time

import cupy as cp

scale = cp.ElementwiseKernel("float64 x, float64 r2", "float64 y", "y = x * x < r2 ? 1.0 : 0.0", "inside")
x = cp.linspace(-2.0, 2.0, 1 << 22)
radius = cp.float64(2.0)
out = scale(x, 4.0)
cp.cuda.Device().synchronize()

t0 = time.perf_counter()
out = scale(x, radius ** 2)
cp.cuda.Device().synchronize()
print(f"{(time.perf_counter() - t0) * 1e3:.3f} ms, {int(out.sum())} inside")
