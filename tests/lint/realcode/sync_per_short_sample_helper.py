"""WP101 through a timing helper (set 23's event helper, set 24's parameter baseline): the helper times a callable
(or does arithmetic on a tensor) handed in, and a caller in the file hands it a short op on CUDA data (a small
matmul: sizes the file gives). Silent when no caller hands it an op shown to be short."""
import time

import torch

u = torch.randn(1 << 18, device="cuda")
w = torch.randn(1 << 18, device="cuda")
model = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU()).cuda()  # a model: not one op
batch = torch.randn(32, 256, device="cuda")


def event_timer(fn, reps=20):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    t0 = torch.cuda.Event(enable_timing=True)
    t1 = torch.cuda.Event(enable_timing=True)
    out = []
    for _ in range(reps):
        t0.record()
        fn()
        t1.record()
        torch.cuda.synchronize()  # expect: WP101
        out.append(t0.elapsed_time(t1))
    return sorted(out)


def fused():
    return torch.sigmoid(u) * w


print(event_timer(lambda: u + w), event_timer(fused))


def square_rate(v, reps=50):
    for _ in range(5):
        _ = v * v
        torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        _ = v * v
        torch.cuda.synchronize()  # expect: WP101
    return (time.perf_counter() - t0) / reps


print(square_rate(u), square_rate(w))


# a helper handed a small matmul by one caller (sizes from a literal list, at most 512) and a model by another: the
# matmul's samples measure the round trip
def host_timer(fn, args, reps=10):
    for _ in range(3):
        fn(*args)
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(*args)
        torch.cuda.synchronize()  # expect: WP101
        out.append(time.perf_counter() - t0)
    return sorted(out)


for n in (128, 256, 512):
    p = torch.randn(n, n, device="cuda")
    q = torch.randn(n, n, device="cuda")
    print(host_timer(torch.matmul, (p, q)), host_timer(model, (batch,)))


# silent: a helper only handed a model forward, or matmuls of 2048 to 4096 (not shown to be short at any size; a
# 1024^3 fp32 one, ~35 µs, is short, and a sweep is read size by size since the sixteenth session)
def latency(fn, args, reps=10):
    for _ in range(3):
        fn(*args)
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(*args)
        torch.cuda.synchronize()
        out.append(time.perf_counter() - t0)
    return sorted(out)


for size in (2048, 4096):
    g = torch.randn(size, size, device="cuda")
    h = torch.randn(size, size, device="cuda")
    print(latency(torch.matmul, (g, h)), latency(model, (batch,)))
