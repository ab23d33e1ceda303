"""WP103 precision (ninth session, lint43): the first samples are left out by a test whose count the file states:
a counter that starts below zero (`range(-lead, n)`, kept from `i >= 0`), a module-level count (`SKIP_N = 2`), a
count bound just before the loop (`skip = 1`)."""
import time

import torch

SKIP_N = 2


def ln_latency(norm, h, n=40, lead=3):
    total = 0.0
    for i in range(-lead, n):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        norm(h)
        torch.cuda.synchronize()  # expect-extra: WP101
        if i >= 0:
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
    skip = 1
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
print(ln_latency(norm, h))
a = torch.randn(512, 512, device="cuda")
print(mm_latency(a))
conv = torch.nn.Conv2d(3, 4, 3).cuda()
img = torch.randn(2, 3, 32, 32, device="cuda")
print(conv_latency(conv, img))
