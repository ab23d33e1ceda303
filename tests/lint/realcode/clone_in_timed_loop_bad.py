"""WP104: a `.clone()` of a GPU tensor made before the timed loop, run in every timed iteration and handed to the
measured call: the allocation and the copy's memory pass are timed with the operation (the harness part's fresh
copy, in a plain timed loop). Silent: a copy kept (appended), a copy of a value the iteration makes, a CPU tensor's
copy, a clone outside any timed loop."""
import time

import torch


def rotate(x, y):
    return torch.cat([-y, x], dim=-1)


def bench(n=100):
    a = torch.randn(64, 1024, device="cuda")
    b = torch.randn(64, 1024, device="cuda")
    h = torch.randn(64, 1024)
    for _ in range(5):
        rotate(a, b)
    torch.cuda.synchronize()

    t0 = time.perf_counter()
    for _ in range(n):
        out = rotate(a.clone(), b.clone())  # expect: WP104
    torch.cuda.synchronize()
    with_copies = (time.perf_counter() - t0) / n

    kept = []
    t0 = time.perf_counter()
    for _ in range(n):
        out = rotate(a, b)
        kept.append(out.clone())
        y = rotate(out.clone(), b)
        z = rotate(h.clone(), h)
    torch.cuda.synchronize()
    plain = (time.perf_counter() - t0) / n

    t0 = time.perf_counter()
    once = rotate(a.clone(), b)
    torch.cuda.synchronize()
    single = time.perf_counter() - t0
    return with_copies, plain, single, kept, y, z, once
