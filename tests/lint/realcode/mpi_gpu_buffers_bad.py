"""Near mpi_gpu_buffers_silent.py: a kernel launched before the blocking send is still queued for all the MPI
library knows (a transfer waits for its buffer, not for unrelated work), so the clock read after it with no
synchronize measures the launch of the scaling kernel."""

import time

import cupy as cp
from mpi4py import MPI

comm = MPI.COMM_WORLD
field = cp.random.rand(1 << 24)
out = cp.empty_like(field)
flag = cp.zeros(4)
cp.multiply(field, 2.0, out=out)
cp.cuda.Device().synchronize()
t0 = time.perf_counter()
for _ in range(20):
    cp.multiply(field, 2.0, out=out)
    comm.Send(flag, dest=1)
print("step", (time.perf_counter() - t0) / 20)  # expect: WP102
