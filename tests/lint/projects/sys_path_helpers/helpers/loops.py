"""Another helper module of the course, whose name says nothing about clocks."""
import time

import torch


def per_call_avg(fn, *args, reps=10):
    samples = []
    for _ in range(reps):
        torch.cuda.synchronize()
        t = time.perf_counter()
        fn(*args)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t)
    return sum(samples) / len(samples)  # expect: WP105
