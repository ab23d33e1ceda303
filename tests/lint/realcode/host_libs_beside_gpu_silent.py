"""One file compares array libraries: NumPy on the host, JAX pinned to the CPU by its platform variable, torch on the
GPU with a synchronize. The NumPy products (`np.trace(a @ b)`: NumPy takes host arrays only) and the JAX ops (no GPU
platform to run on) are host work, done when they return: no wait is missing (near miss:
`host_libs_beside_gpu_bad.py`, where JAX keeps its default platform)."""
import os
import time
import timeit


def numpy_chain(mats, reps):
    import numpy as np

    t0 = time.perf_counter()
    for _ in range(reps):
        r = np.trace(mats[0] @ mats[1] @ mats[0])
    per_call = (time.perf_counter() - t0) / reps
    total = timeit.timeit(lambda: np.trace(mats[1] @ mats[0]), number=reps)
    return r, per_call, total


def jax_chain(mats, reps):
    os.environ["JAX_PLATFORMS"] = "cpu"
    import jax.numpy as jnp

    t0 = time.perf_counter()
    for _ in range(reps):
        r = jnp.trace(mats[0] @ mats[1] @ mats[0])
        s = jnp.einsum("ij,jk->", mats[0], mats[1])
    return r, s, (time.perf_counter() - t0) / reps


def torch_chain(mats, reps, device="cuda"):
    import torch

    a, b = mats[0].to(device), mats[1].to(device)
    torch.trace(a @ b)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        r = torch.trace(a @ b @ a)
    torch.cuda.synchronize()
    return r, (time.perf_counter() - t0) / reps
