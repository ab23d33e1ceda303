"""A NumPy array rebound to a GPU ufunc's result (`a = shift(a)`: handed a host array, the ufunc copies its result
back, so `a` stays a host array), then handed to a Numba kernel inside a timed region: Numba copies it to the device
and back around each launch, and the transfers are timed with the kernel (WP104). The copy back makes the launch
wait, so the reading after it is not early (no WP102)."""
from timeit import default_timer as timer

import numpy as np
from numba import cuda, vectorize


@vectorize(["float64(float64)"], target="cuda")
def shift(x):
    return x + 1


@cuda.jit
def bump(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] += 1


if __name__ == "__main__":
    n = 1 << 24
    a = np.ones(n, dtype=np.float64)
    a = shift(a)
    blocks = (n + 255) // 256
    bump[blocks, 256](a, n)  # compile before the timing

    start = timer()
    bump[blocks, 256](a, n)  # expect: WP104
    print("kernel:", timer() - start)
