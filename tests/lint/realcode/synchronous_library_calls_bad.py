"""Near misses: torch work queued after a KeOps reduction, and GPUDirect Storage futures never waited: the clock
reads before that work is done."""
import time

import cupy
import kvikio
import torch
from pykeops.torch import Genred

x = torch.rand(20000, 3, device="cuda")
y = torch.rand(30000, 3, device="cuda")
b = torch.randn(30000, 1, device="cuda")

gauss = Genred("Exp(-SqDist(x,y))*b", ["x=Vi(3)", "y=Vj(3)", "b=Vj(1)"], reduction_op="Sum", axis=1)
gauss(x, y, b)
z = y @ y.T
for _ in range(5):
    t0 = time.perf_counter()
    out = gauss(x, y, b)
    z = y @ y.T
    print("keops + matmul", time.perf_counter() - t0)  # expect: WP102


def gds_read_unwaited(paths, nbytes):
    bufs = [cupy.empty(nbytes, dtype="u1") for _ in paths]
    scratch = cupy.zeros(nbytes, dtype="f4")
    handles = [kvikio.CuFile(p, "r") for p in paths]
    for h, buf in zip(handles, bufs):
        h.pread(buf).get()
    scratch *= 2
    t0 = time.perf_counter()
    pending = [h.pread(buf) for h, buf in zip(handles, bufs)]
    scratch *= 2
    print(time.perf_counter() - t0, len(pending))  # expect: WP102


def cutlass_gemm_unsynced(n):
    import cutlass

    a = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16)
    d = torch.empty(n, n, device="cuda", dtype=torch.float16)
    plan = cutlass.op.Gemm(element=torch.float16, layout=cutlass.LayoutType.RowMajor)
    plan.run(a, b, d, d)
    t0 = time.perf_counter()
    plan.run(a, b, d, d, sync=False)
    print("gemm", time.perf_counter() - t0)  # expect: WP102
