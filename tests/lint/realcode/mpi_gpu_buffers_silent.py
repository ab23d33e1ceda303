"""Silent: CUDA-aware MPI ping-pong and bandwidth loops on device buffers (mpi4py's buffer API). Send/Recv return once
the message is through, Isend/Irecv are completed by Waitall before the clock is read: the host waits for every
transfer it times, and no kernel is launched."""

import time

from mpi4py import MPI
from numba import cuda
import numpy as np


def pingpong(comm, nbytes, iters, warmup=10):
    buf = cuda.device_array(nbytes, dtype=np.int8)
    back = cuda.device_array(nbytes, dtype=np.int8)
    peer = 1 - comm.Get_rank()
    for i in range(iters + warmup):
        if i == warmup:
            comm.Barrier()
            t0 = time.perf_counter()
        if comm.Get_rank() == 0:
            comm.Send(buf, dest=peer, tag=1)
            comm.Recv(back, source=peer, tag=2)
        else:
            comm.Recv(back, source=peer, tag=1)
            comm.Send(buf, dest=peer, tag=2)
    return (time.perf_counter() - t0) / iters / 2


def window(comm, nbytes, iters, depth=64):
    bufs = [cuda.device_array(nbytes, dtype=np.int8) for _ in range(depth)]
    peer = 1 - comm.Get_rank()
    MPI.Request.Waitall([comm.Isend(b, dest=peer) for b in bufs])
    t0 = time.perf_counter()
    for _ in range(iters):
        reqs = [comm.Isend(b, dest=peer) for b in bufs]
        MPI.Request.Waitall(reqs)
        comm.Recv(bufs[0][:4], source=peer)
    return nbytes * depth * iters / (time.perf_counter() - t0)


def reduce_grads(comm, grads, iters):
    """A scaling kernel, then a blocking allreduce of the same device buffer: the library's copies of the buffer are
    queued after the kernel on the default stream, and Allreduce returns once they are done."""
    import cupy as cp

    cp.multiply(grads, 0.5, out=grads)
    comm.Allreduce(MPI.IN_PLACE, grads)
    t0 = time.perf_counter()
    for _ in range(iters):
        cp.multiply(grads, 0.5, out=grads)
        comm.Allreduce(MPI.IN_PLACE, grads)
    return (time.perf_counter() - t0) / iters


print(pingpong(MPI.COMM_WORLD, 1 << 20, 100), window(MPI.COMM_WORLD, 1 << 20, 20))
