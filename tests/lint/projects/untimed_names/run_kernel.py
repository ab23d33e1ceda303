"""A PyCUDA kernel built by a function of the file (`k = make_doubler()`) and launched once inside the helper
module's block: the launch is queued (no synchronize before the exit read), and it is the kernel's first call,
which compiles it (PyCUDA's ElementwiseKernel compiles on its first call: WP112 since the twenty-first session)."""
import numpy as np
import pycuda.autoinit  # noqa: F401
from pycuda import gpuarray
from pycuda.elementwise import ElementwiseKernel

from bench_helpers import stage


def make_doubler():
    return ElementwiseKernel("float *src, float *dst", "dst[i] = 2.0f * src[i];", "doubler")


host = np.random.rand(10_000_000).astype(np.float32)
dev = gpuarray.to_gpu(host)
out = gpuarray.empty_like(dev)
doubler = make_doubler()
with stage("gpu"):  # expect: WP102
    doubler(dev, out)  # expect: WP112
assert np.allclose(out.get(), 2 * host)
