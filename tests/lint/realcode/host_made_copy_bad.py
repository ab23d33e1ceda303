"""Constant data built on the host and copied to the device in every timed sample (WP104): the host fill and the
blocking copy (torch waits for the stream after a copy from pageable memory) are timed with the work, though the
value never changes. Three shapes: a causal mask built with `torch.ones(...).to(device)` in each event-timed
iteration, a scale vector made with `torch.tensor([...], device=...)` in a loop timed as a whole, and a scratch
buffer `torch.zeros(n).cuda()` made by a function of the file that `do_bench` calls in every sample."""
import time

import torch
import triton
import triton.language as tl

device = torch.device("cuda")
q = torch.randn(8, 16, 1024, 64, device=device, dtype=torch.float16)
k = torch.randn(8, 16, 1024, 64, device=device, dtype=torch.float16)
for _ in range(3):
    torch.softmax(q @ k.transpose(-1, -2), dim=-1)
torch.cuda.synchronize()

fwd_ms = []
for _ in range(50):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    s.record()
    scores = q @ k.transpose(-1, -2)
    causal = torch.triu(torch.ones(1024, 1024), diagonal=1).bool().to(device)  # opt-in: WP104
    scores = scores.masked_fill(causal, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    e.record()
    e.synchronize()
    fwd_ms.append(s.elapsed_time(e))
print("median", sorted(fwd_ms)[25], "p90", sorted(fwd_ms)[45])

img = torch.rand(64, 3, 1080, 1920, device=device)
for _ in range(3):
    (img * 2).sum(dim=1)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(100):
    weights = torch.tensor([0.2126, 0.7152, 0.0722], device=img.device)  # opt-in: WP104
    gray = (img * weights.view(1, 3, 1, 1)).sum(dim=1)
torch.cuda.synchronize()
print("per frame batch", (time.perf_counter() - t0) / 100)


@triton.jit
def copy_kernel(src, dst, scratch, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst + offs, tl.load(src + offs, mask=mask), mask=mask)


def launch_copy(src):
    dst = torch.empty_like(src)
    scratch = torch.zeros(4096, dtype=torch.int32).cuda()  # opt-in: WP104
    copy_kernel[(triton.cdiv(src.numel(), 1024),)](src, dst, scratch, src.numel(), BLOCK=1024)
    return dst


v = torch.randn(1 << 22, device=device)
print(triton.testing.do_bench(lambda: launch_copy(v), quantiles=[0.5, 0.2, 0.8]))
