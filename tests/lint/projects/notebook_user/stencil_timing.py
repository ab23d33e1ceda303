"""A helper module a notebook imports: it never names a device; the notebook hands it tensors on the GPU."""
import time


def laplacian(u):
    return u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]


def time_steps(u, steps=100):
    laplacian(u)
    t0 = time.perf_counter()
    for _ in range(steps):
        u = laplacian(u)
    return (time.perf_counter() - t0) / steps  # expect: WP102
