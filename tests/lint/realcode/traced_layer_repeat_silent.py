"""The near misses of `traced_layer_repeat_bad.py`: the traced layer's calls waited for before each end read, and
a compiled function timed once per input size, each size its own first call (compilation dominates, host work that
returns when done: WP112's, with its own warning there, not a missing synchronize)."""
import time

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def bench(layer, x, jit=None, reps=100):
    if jit == "trace":
        layer = torch.jit.trace(layer, (x,))
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        y = layer(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    return sorted(times)[len(times) // 2]


if __name__ == "__main__":
    lin = nn.Linear(1024, 1024).to(device)
    inp = torch.randn(256, 1024).to(device)
    print(bench(lin, inp, "trace"))
    fast = torch.compile(lambda t: torch.relu(t) * 2)
    for n in (256, 512, 1024):
        t0 = time.perf_counter()
        fast(torch.randn(n, n, device=device))  # expect: WP112
        print(n, time.perf_counter() - t0)
