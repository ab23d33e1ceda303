"""WP103 precision (ninth session, lint43): the first sample is left out by a test whose value on the loop's first
iteration says so, written other ways than a bare counter test: a bool flag set before the loop and cleared in it
(`if first: first = False; continue`, `if warm_done: keep else: warm_done = True`), `if step < skip: continue`
before the sample is kept (events), and a conjunction whose counter part fails on the first iteration."""
import time

import torch


def layer_latency(layer, h, reps=40):
    first = True
    total = 0.0
    for _ in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        layer(h)
        torch.cuda.synchronize()
        if first:
            first = False
            continue
        total += time.perf_counter() - t0
    return total / (reps - 1)


def conv_latency(conv, img, reps=30):
    primed = False
    samples = []
    n = 0
    while n < reps:
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        conv(img)
        stop.record()
        stop.synchronize()
        n += 1
        if primed:
            samples.append(start.elapsed_time(stop))
        else:
            primed = True
    return sum(samples) / len(samples)  # expect: WP105


def mm_latency(a, b, reps=25, skip=2):
    out = []
    for step in range(reps):
        begin = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        begin.record()
        torch.mm(a, b)
        end.record()
        torch.cuda.synchronize()
        if step < skip:
            continue
        out.append(begin.elapsed_time(end))
    return sum(out) / len(out)  # expect: WP105


def attn_latency(q, k, reps=20, skip=1):
    kept = []
    for i in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        t = time.perf_counter()
        torch.nn.functional.scaled_dot_product_attention(q, k, k)
        torch.cuda.synchronize()
        dt = time.perf_counter() - t
        if i >= skip and dt > 0:
            kept.append(dt)
    return sum(kept) / len(kept)  # expect: WP105


norm = torch.nn.LayerNorm(512).cuda()
h = torch.randn(16, 512, device="cuda")
print(layer_latency(norm, h))
conv = torch.nn.Conv2d(3, 4, 3).cuda()
img = torch.randn(2, 3, 32, 32, device="cuda")
print(conv_latency(conv, img))
x = torch.randn(512, 512, device="cuda")
print(mm_latency(x, x))
q = torch.randn(1, 4, 128, 64, device="cuda")
print(attn_latency(q, q))
