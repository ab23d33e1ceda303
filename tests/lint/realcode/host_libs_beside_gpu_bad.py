"""JAX left on its default platform (the GPU where there is one) beside a torch GPU benchmark: `jnp` ops are
dispatched asynchronously and the clock is read without `block_until_ready()` (WP102); the near miss
(`host_libs_beside_gpu_silent.py`) pins JAX to the CPU."""
import time


def jax_chain(mats, reps):
    import jax.numpy as jnp

    jnp.trace(mats[0] @ mats[1]).block_until_ready()
    t0 = time.perf_counter()
    for _ in range(reps):
        r = jnp.trace(mats[0] @ mats[1] @ mats[0])
    return r, (time.perf_counter() - t0) / reps  # expect: WP102


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
