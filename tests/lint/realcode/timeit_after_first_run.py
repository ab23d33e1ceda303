"""Sixth session (after the final measurement): a Numba kernel's first run timed and labelled as such, then the same
callable timed again (warm), and a closure over a kernel that was launched before: nothing compiles in the later
timings (silent). A closure over a kernel never launched before is timed on its compiling first call (WP112)."""

import timeit

import numpy as np
from numba import cuda


@cuda.jit
def fill(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v


@cuda.jit
def scale(out, k):
    i = cuda.grid(1)
    if i < out.size:
        out[i] *= k


def render():
    d = cuda.device_array(1 << 20, dtype=np.float32)
    fill[4096, 256](d, 1.0)
    return d.copy_to_host()


if __name__ == "__main__":
    first_s = timeit.timeit(render, number=1)
    second_s = timeit.timeit(render, number=1)
    print(f"first (with JIT): {first_s:.3f} s, again: {second_s:.3f} s")

    buf = cuda.device_array(1 << 20, dtype=np.float32)
    fill[4096, 256](buf, 0.5)
    cuda.synchronize()

    def refill():
        fill[4096, 256](buf, 0.5)

    def rescale():
        scale[4096, 256](buf, 2.0)

    refill_s = timeit.timeit(refill, number=10)  # expect: WP102
    rescale_s = timeit.timeit(rescale, number=10)  # expect: WP102, WP112
    print("refill:", refill_s, "rescale:", rescale_s)
