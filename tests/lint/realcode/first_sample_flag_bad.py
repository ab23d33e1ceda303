"""The near misses of `first_sample_flag_silent.py`: the test keeps the first sample after all (the flag is cleared
before the test reads it; a counter that starts at 1, so `i > 0` holds on the first iteration; a disjunction that
holds on it): the cold first call is averaged in."""
import time

import torch


def layer_latency(layer, h, reps=40):
    first = True
    total = 0.0
    for _ in range(reps):
        first = False
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        layer(h)
        torch.cuda.synchronize()
        if first:
            continue
        total += time.perf_counter() - t0
    return total / reps


def conv_latency(conv, img, reps=30):
    samples = []
    for i in range(1, reps):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        conv(img)
        stop.record()
        stop.synchronize()
        if i > 0:
            samples.append(start.elapsed_time(stop))
    return sum(samples) / len(samples)  # expect: WP105


def attn_latency(q, k, reps=20, skip=1):
    kept = []
    for i in range(reps):
        torch.cuda.synchronize()  # expect-extra: WP101
        t = time.perf_counter()
        torch.nn.functional.scaled_dot_product_attention(q, k, k)
        torch.cuda.synchronize()
        dt = time.perf_counter() - t
        if i > skip or i == 0:
            kept.append(dt)
    return sum(kept) / len(kept)  # expect: WP105


norm = torch.nn.LayerNorm(512).cuda()
h = torch.randn(16, 512, device="cuda")
print(layer_latency(norm, h))  # expect: WP103
conv = torch.nn.Conv2d(3, 4, 3).cuda()
img = torch.randn(2, 3, 32, 32, device="cuda")
print(conv_latency(conv, img))  # expect: WP103
q = torch.randn(1, 4, 128, 64, device="cuda")
print(attn_latency(q, q))  # expect: WP103
