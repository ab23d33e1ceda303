"""Near mpi_gpu_buffers_silent.py: a kernel launched before a blocking send of a host buffer is still queued when
the send returns (the MPI library copies no device memory, so nothing orders it after the GPU work), so the clock
read after it with no synchronize measures the launch of the scaling kernel."""

import time

import cupy as cp
import numpy as np
from mpi4py import MPI

comm = MPI.COMM_WORLD
field = cp.random.rand(1 << 24)
out = cp.empty_like(field)
flag = np.zeros(4)
cp.multiply(field, 2.0, out=out)
cp.cuda.Device().synchronize()
t0 = time.perf_counter()
for _ in range(20):
    cp.multiply(field, 2.0, out=out)
    comm.Send(flag, dest=1)
print("step", (time.perf_counter() - t0) / 20)  # expect: WP102
