"""Set 53 class: a kernel of the file launched on a buffer that the timed region itself fills or converts, made inline in
the launch (`k(x, cp.zeros(n).astype("int32"))`) or bound just before it between the readings: the allocation and
its fill or cast kernels are timed with the one kernel measured (reported). Silent: the buffer made before the start
reading, an `empty` buffer (an allocator lookup, no kernel: opt-in only), an output the timed function allocates
itself (part of the op), and a kernel that adds into its buffer with atomics (a zeroed buffer is part of each run)."""

import time

import cupy as cp
import torch
import triton
import triton.language as tl

pack = cp.ElementwiseKernel("T x", "int32 y", "y = x > 0 ? 1 : 0", "pack_bits")
TALLY = "atomicAdd(&y[0], x > 0 ? 1 : 0)"
tally = cp.ElementwiseKernel("T x", "raw int32 y", TALLY, "tally_bits")


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)


def scale(x):
    out = torch.zeros_like(x)
    scale_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
    return out


x = cp.random.rand(1 << 20) - 0.5
xt = torch.rand(1 << 20, device="cuda")
grid = (triton.cdiv(xt.numel(), 1024),)
for _ in range(3):
    pack(x, cp.zeros(x.shape).astype("int32"))
    tally(x, cp.zeros(1, dtype=cp.int32), size=x.size)
    scale(xt)
cp.cuda.Device().synchronize()

t0 = time.perf_counter()
packed = pack(x, cp.zeros(x.shape).astype("int32"))  # expect: WP104
cp.cuda.Device().synchronize()
print("pack", time.perf_counter() - t0)

out = cp.zeros(x.shape, dtype=cp.int32)
t0 = time.perf_counter()
pack(x, out)
cp.cuda.Device().synchronize()
print("pack, buffer made before", time.perf_counter() - t0)

t0 = time.perf_counter()
pack(x, cp.empty(x.shape, dtype=cp.int32))
cp.cuda.Device().synchronize()
print("pack, empty buffer", time.perf_counter() - t0)

t0 = time.perf_counter()
count = tally(x, cp.zeros(1, dtype=cp.int32), size=x.size)
cp.cuda.Device().synchronize()
print("tally", time.perf_counter() - t0)

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()
for _ in range(100):
    res = torch.zeros_like(xt)  # expect: WP104
    scale_kernel[grid](xt, res, xt.numel(), BLOCK=1024)
end.record()
end.synchronize()
print("scale", start.elapsed_time(end) / 100)

start.record()
for _ in range(100):
    res = scale(xt)
end.record()
end.synchronize()
print("scale, own output", start.elapsed_time(end) / 100)
