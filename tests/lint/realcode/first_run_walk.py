"""The execution-order warmup model (sixth session, set 29's tiny-flash-attention class): a warm-up loop that runs
another op does not warm the baseline timed after it (WP103, reported even though the function says "warmup");
silent: the same baseline run once before, a timer started only after the first iterations (`if step >= 3:`),
and a warm-up call of the timing helper whose result is thrown away."""
import time

import torch

import attn_ext


def baseline(q, k):
    return torch.softmax(q @ k.transpose(-2, -1), dim=-1)


def compare():
    q = torch.randn(64, 128, 64, device="cuda")
    k = torch.randn(64, 128, 64, device="cuda")
    warmup = 5
    for _ in range(warmup):
        attn_ext.fused(q, k)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(10):
        baseline(q, k)  # expect: WP103
    torch.cuda.synchronize()
    base = (time.perf_counter() - t0) / 10
    t0 = time.perf_counter()
    for _ in range(10):
        attn_ext.fused(q, k)
    torch.cuda.synchronize()
    print(base, (time.perf_counter() - t0) / 10)


def compare_warm():
    q = torch.randn(64, 128, 64, device="cuda")
    k = torch.randn(64, 128, 64, device="cuda")
    warmup = 5
    for _ in range(warmup):
        attn_ext.fused(q, k)
        baseline(q, k)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(10):
        baseline(q, k)
    torch.cuda.synchronize()
    print((time.perf_counter() - t0) / 10)


def late_start(net, x):
    for step in range(20):
        if step >= 3:
            torch.cuda.synchronize()
            since = time.perf_counter()
        net(x)
    torch.cuda.synchronize()
    print((time.perf_counter() - since) / 17)


def timed(net, x):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    y = net(x)
    torch.cuda.synchronize()
    return y, time.perf_counter() - t0


def discarded_warmup():
    net = torch.nn.Conv2d(3, 16, 3).cuda()
    x = torch.randn(8, 3, 64, 64, device="cuda")
    _ = timed(net, x)
    y, seconds = timed(net, x)
    print(seconds)


if __name__ == "__main__":
    compare()
    compare_warm()
    late_start(torch.nn.Linear(64, 64).cuda(), torch.randn(8, 64, device="cuda"))
    discarded_warmup()
