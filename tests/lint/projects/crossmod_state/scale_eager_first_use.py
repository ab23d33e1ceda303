"""Near miss of scale_lazy_bad.py for WP112: the kernel's module (kernels_eager.py) gives it its signature, so Numba
compiles it when the module is imported and the timed launch compiles nothing (crossmod: the signature read in the
kernel's own module, the form of set 174). The stream is still reported as the program's first GPU call, as for a
kernel of the same file (the walk does not take an eager compile for the context's creation: set 156 judged it so)."""
import time

import numpy as np
from numba import cuda

from kernels_eager import scale


if __name__ == "__main__":
    a = np.random.rand(1 << 20).astype(np.float32)
    t0 = time.perf_counter()
    stream = cuda.stream()  # expect: WP103
    with stream.auto_synchronize():
        d_a = cuda.to_device(a, stream)
        d_o = cuda.device_array_like(d_a, stream)
        scale[4096, 256, stream](d_a, d_o)
        d_o.copy_to_host(stream=stream)
    print("gpu s:", time.perf_counter() - t0)
