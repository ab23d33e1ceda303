"""Timing an eager DSL compile (`cute.compile(kernel, *args)`, also written `cute.compile[option](...)`): the call
builds and loads the kernel on the host and returns when done; it launches nothing, so a host clock around it is
right (silent), even with GPU tensors among its arguments. Timing the compiled kernel's run without waiting for it
measures the launch (WP102)."""

import time

import cutlass.cute as cute
import torch
from cutlass.cute.runtime import from_dlpack


@cute.jit
def scale(x: cute.Tensor, y: cute.Tensor):
    pass


a = torch.randn(4096, 4096, device="cuda")
b = torch.empty_like(a)
ta, tb = from_dlpack(a), from_dlpack(b)

t0 = time.time()
kernel = cute.compile(scale, ta, tb)
print(f"compiled in {time.time() - t0:.3f} s")

t0 = time.time()
kernel_dbg = cute.compile[cute.GenerateLineInfo](scale, ta, tb, options="--generate-line-info")
print(f"compiled with line info in {time.time() - t0:.3f} s")

t0 = time.time()
kernel_list = cute.compile(scale, [from_dlpack(t) for t in (a, b)], cute.Int32(a.shape[0]))
print(f"compiled for a list in {time.time() - t0:.3f} s")

kernel(ta, tb)
torch.cuda.synchronize()
t0 = time.time()
for _ in range(100):
    kernel(ta, tb)
print(f"run {(time.time() - t0) / 100 * 1e6:.1f} us")  # expect: WP102
