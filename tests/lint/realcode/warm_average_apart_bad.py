"""Near twin of `warm_average_apart_silent.py`: the slice that leaves the first pass out summarizes another loop's
samples (`times` is bound again before it), so the second loop's only summary averages its cold first pass with the
warm ones (WP112)."""
from timeit import default_timer as timer

import numpy as np
from numba import cuda


@cuda.jit
def bump_kernel(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] += 1


if __name__ == "__main__":
    n = 1 << 26
    d = cuda.to_device(np.ones(n, dtype=np.float32))

    times = []
    for i in range(5):
        start = timer()
        bump_kernel[(n + 255) // 256, 256](d, n)  # expect: WP112
        cuda.synchronize()
        dt = timer() - start
        times.append(dt)
        print(i, "kernel pass:", round(dt, 6))
    print("Average:", sum(times) / len(times))

    times = []
    for i in range(5):
        start = timer()
        bump_kernel[(n + 255) // 256, 256](d, n)
        cuda.synchronize()
        dt = timer() - start
        times.append(dt)
        print(i, "kernel pass:", round(dt, 6))
    print("Average after first pass:", np.mean(times[1:]))
