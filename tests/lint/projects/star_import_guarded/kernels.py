"""CuPy work defined inside `try:`: a class whose instances hold device arrays and a raw kernel loaded from a file."""
import os

try:
    import cupy as cp

    class Batched:
        def __init__(self, n):
            self.w = cp.ones(n, dtype=cp.float32)

        def run(self, x):
            return x * self.w

    with open(os.path.join(os.path.dirname(__file__), "k.cu")) as fid:
        module = cp.RawModule(code=fid.read())
        kern = module.get_function("scale")

    def scale(x):
        out = cp.empty_like(x)
        kern((1,), (x.size,), (x, out))
        return out
except ImportError:
    pass
