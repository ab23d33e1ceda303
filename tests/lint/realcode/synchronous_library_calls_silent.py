"""Calls that return once their device work is done because the library says so: a KeOps reduction (its GPU
binder synchronizes the context after every kernel) and a GPUDirect Storage future waited with `get()` (kvikio).
The clock read after them covers the work."""
import time

import cupy
import kvikio
import torch
from pykeops.torch import Genred, generic_sum

x = torch.rand(20000, 3, device="cuda")
y = torch.rand(30000, 3, device="cuda")
b = torch.randn(30000, 1, device="cuda")

gauss = Genred("Exp(-SqDist(x,y))*b", ["x=Vi(3)", "y=Vj(3)", "b=Vj(1)"], reduction_op="Sum", axis=1)
gauss(x, y, b)
for _ in range(5):
    t0 = time.perf_counter()
    out = gauss(x, y, b)
    print("keops", time.perf_counter() - t0)


def conv_sum(p, q, w):
    kernel = generic_sum("Exp(-SqDist(p,q))*w", "a=Vi(1)", "p=Vi(3)", "q=Vj(3)", "w=Vj(1)")
    kernel(p, q, w)
    start = time.time()
    res = kernel(p, q, w)
    return res, time.time() - start


def once(p, q, w):
    Genred("SqDist(p,q)*w", ["p=Vi(3)", "q=Vj(3)", "w=Vj(1)"], reduction_op="Min", axis=1)(p, q, w)
    t = time.perf_counter()
    r = Genred("SqDist(p,q)*w", ["p=Vi(3)", "q=Vj(3)", "w=Vj(1)"], reduction_op="Min", axis=1)(p, q, w)
    print(time.perf_counter() - t, r.shape)


def gds_read(paths, nbytes):
    bufs = [cupy.empty(nbytes, dtype="u1") for _ in paths]
    handles = [kvikio.CuFile(p, "r") for p in paths]
    t0 = time.perf_counter()
    pending = [h.pread(buf) for h, buf in zip(handles, bufs)]
    total = sum(p.get() for p in pending)
    print(total / (time.perf_counter() - t0))


def gds_write_one(path, data):
    f = kvikio.CuFile(path, "w")
    data *= 2
    t0 = time.perf_counter()
    fut = f.pwrite(data)
    fut.get()
    print(time.perf_counter() - t0)


def harness_wall(n):
    from cupyx.profiler import benchmark

    a = cupy.random.rand(n, n, dtype=cupy.float32)
    benchmark(lambda: a @ a, n_repeat=1)
    t0 = time.perf_counter()
    res = benchmark(lambda: a @ a, n_repeat=20)
    print(time.perf_counter() - t0, res)


def cutlass_gemm(n):
    import cutlass

    a = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16)
    d = torch.empty(n, n, device="cuda", dtype=torch.float16)
    plan = cutlass.op.Gemm(element=torch.float16, layout=cutlass.LayoutType.RowMajor)
    plan.run(a, b, d, d)
    t0 = time.perf_counter()
    plan.run(a, b, d, d)  # synchronizes before it returns (sync=True by default)
    print("gemm", time.perf_counter() - t0)
    t0 = time.perf_counter()
    handle = plan.run(a, b, d, d, sync=False)
    handle.sync()
    print("gemm", time.perf_counter() - t0)
