"""The near misses of `first_sample_counts_silent.py`: the count the file states is 0 (a module-level `SKIP_N = 0`, a
local `skip = 0`), or the test holds on the first iteration (`step += 1` at the top of the body, then `if step > 0:`): the cold first call is kept."""
import time

import torch

SKIP_N = 0


def ln_latency(norm, h, n=40):
    total = 0.0
    step = 0
    for _ in range(n):
        step += 1
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        norm(h)
        torch.cuda.synchronize()  # expect-extra: WP101
        if step > 0:
            total += time.perf_counter() - t0
    return total / n


def mm_latency(a, reps=30):
    kept = []
    for r in range(reps):
        begin = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        begin.record()
        torch.mm(a, a)
        end.record()
        end.synchronize()  # expect: WP101
        if r >= SKIP_N:
            kept.append(begin.elapsed_time(end))
    return sum(kept) / len(kept)  # expect: WP105


def conv_latency(conv, img, reps=20):
    skip = 0
    out = []
    for k in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        s = time.perf_counter()
        conv(img)
        torch.cuda.synchronize()
        if k < skip:
            continue
        out.append(time.perf_counter() - s)
    return sum(out) / len(out)  # expect: WP105


norm = torch.nn.LayerNorm(256).cuda()
h = torch.randn(8, 256, device="cuda")
print(ln_latency(norm, h))  # expect: WP103
a = torch.randn(512, 512, device="cuda")
print(mm_latency(a))  # expect: WP103
conv = torch.nn.Conv2d(3, 4, 3).cuda()
img = torch.randn(2, 3, 32, 32, device="cuda")
print(conv_latency(conv, img))  # expect: WP103
