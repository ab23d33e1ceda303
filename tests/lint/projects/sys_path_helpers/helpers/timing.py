"""A course's timing helper, reached from the exercises through `sys.path` and a star import."""
import time

import torch


def step_timer(fn, *args, steps=10):
    ts = []
    for _ in range(steps):
        torch.cuda.synchronize()
        t = time.time()
        fn(*args)
        torch.cuda.synchronize()
        ts.append(time.time() - t)
    return sum(ts) / len(ts)  # expect: WP105
