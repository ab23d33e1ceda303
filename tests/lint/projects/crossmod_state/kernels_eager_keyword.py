"""A project module of Numba kernels given their signatures by keyword (`func_or_sig=`, the form of set 203's FDTD
solver): compiled for the GPU when this module is imported (crossmod fixtures)."""
from numba import cuda, f4, void


@cuda.jit(func_or_sig=void(f4[:], f4[:]))
def update(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = dst[i] + 0.5 * src[i]
