"""WP101 through a timing helper (set 23's event helper, set 24's parameter baseline): the helper times a callable
(or does arithmetic on a tensor) handed in, and every caller in the file hands it a short op on CUDA data. Silent
when one caller hands it something whose length is not shown (a model)."""
import time

import torch

u = torch.randn(1 << 18, device="cuda")
w = torch.randn(1 << 18, device="cuda")
model = torch.nn.Linear(256, 256).cuda()
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


# silent: one caller hands the helper a model forward, whose length is not shown
def host_timer(fn, reps=20):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        out.append(time.perf_counter() - t0)
    return sorted(out)


print(host_timer(lambda: u - w), host_timer(lambda: model(batch)))
