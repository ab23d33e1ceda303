"""A project module of Numba kernels without signatures: each is compiled on its first launch (crossmod
fixtures)."""
from numba import cuda


@cuda.jit
def scale(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = 2.0 * src[i]
