"""A loop that prints a progress line every N steps, then reports only the mean of all step times after the loop:
that mean is the result, and its spread is never shown (the progress line shows the step, not the times)."""
import time

import numpy as np
import torch


def bench(model, x, steps=200):
    times = []
    for i in range(steps):
        torch.cuda.synchronize()  # expect-extra: WP101
        t0 = time.perf_counter()
        model(x)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
        if i % 50 == 0:
            print(f"step {i} of {steps}")
    print(f"latency {np.mean(times) * 1e3:.2f} ms")  # expect: WP105
