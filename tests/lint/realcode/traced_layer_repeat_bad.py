"""A layer traced or scripted on request, then timed per call in a repeat loop without a synchronize (WP102): only
the first sample holds the compile; every later one is a warm call whose kernels are only queued when the clock is
read. The near miss, `traced_layer_repeat_silent.py`, synchronizes before each end read."""
import time

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def bench(layer, x, jit=None, reps=100):
    if jit == "trace":
        layer = torch.jit.trace(layer, (x,))
    elif jit == "script":
        layer = torch.jit.script(layer)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        y = layer(x)
        times.append(time.perf_counter() - t0)  # expect: WP102
    return sorted(times)[len(times) // 2]


if __name__ == "__main__":
    lin = nn.Linear(1024, 1024).to(device)
    inp = torch.randn(256, 1024).to(device)
    for mode in (None, "trace", "script"):
        print(mode, bench(lin, inp, mode))
