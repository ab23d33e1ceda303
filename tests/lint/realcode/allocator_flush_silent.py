"""Near misses of the allocator flush (WP104 stays silent): the cache emptied once before the warm-up (the warm-up
fills it again), a flush between configurations of a sweep followed by that configuration's warm-up, a flush
after the last timed sample, and a flush between samples of a kernel that only writes preallocated buffers."""
import time

import torch
import triton
import triton.language as tl

net = torch.nn.Sequential(torch.nn.Linear(4096, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 4096)).cuda()
x = torch.randn(256, 4096, device="cuda")

torch.cuda.empty_cache()
for _ in range(3):
    net(x)
torch.cuda.synchronize()
ts = []
for _ in range(30):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    y = net(x)
    e.record()
    e.synchronize()
    ts.append(s.elapsed_time(e))
torch.cuda.empty_cache()
print("median", sorted(ts)[15], "p90", sorted(ts)[27])

for width in (1024, 2048, 4096):
    torch.cuda.empty_cache()
    layer = torch.nn.Linear(width, width).cuda()
    inp = torch.randn(128, width, device="cuda")
    for _ in range(3):
        layer(inp)
    torch.cuda.synchronize()
    per = []
    for _ in range(20):
        t0 = time.perf_counter()
        layer(inp)
        torch.cuda.synchronize()
        per.append(time.perf_counter() - t0)
    print(width, min(per), max(per))


@triton.jit
def scale_kernel(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)


src = torch.randn(1 << 24, device="cuda")
dst = torch.empty_like(src)
grid = (triton.cdiv(src.numel(), 1024),)
scale_kernel[grid](src, dst, src.numel(), BLOCK=1024)
torch.cuda.synchronize()
starts = [torch.cuda.Event(enable_timing=True) for _ in range(20)]
ends = [torch.cuda.Event(enable_timing=True) for _ in range(20)]
for i in range(20):
    starts[i].record()
    scale_kernel[grid](src, dst, src.numel(), BLOCK=1024)
    ends[i].record()
    torch.cuda.empty_cache()
torch.cuda.synchronize()
kernel_ms = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
print("kernel median", kernel_ms[10], "min", kernel_ms[0])
