"""Kernels of the project: a Numba CPU function compiled on its first call, and a CUDA kernel."""
from numba import cuda, njit, prange


@njit(parallel=True, fastmath=True)
def step_cpu(pos, vel, dt):
    for i in prange(pos.shape[0]):
        pos[i] += vel[i] * dt


@njit("void(f8[:], f8[:], f8)")
def step_cpu_eager(pos, vel, dt):
    for i in range(pos.shape[0]):
        pos[i] += vel[i] * dt


@cuda.jit
def step_gpu(pos, vel, dt):
    i = cuda.grid(1)
    if i < pos.shape[0]:
        pos[i] += vel[i] * dt
