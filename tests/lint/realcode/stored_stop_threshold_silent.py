"""A sampling loop that stops on a wall-clock threshold: `elapsed = perf_counter() - start` is read only by the
loop's `if ... : break`, and each sample is timed by a helper of the file around a callable that synchronizes before it returns. No figure is made of
the threshold clock: silent (before lint95 it was taken for an unsynchronized end read)."""

import time
import torch


def one_sample(fn, x):
    t0 = time.perf_counter()
    fn(x)
    return time.perf_counter() - t0


def sample_until(fn, x, limit_s=2.0):
    one_sample(fn, x)
    start = time.perf_counter()
    samples = []
    while True:
        samples.append(one_sample(fn, x))
        elapsed = time.perf_counter() - start
        if limit_s is not None and elapsed > limit_s:
            break
    return min(samples), max(samples), sum(samples) / len(samples)


net = torch.nn.Linear(256, 256).cuda()


def synced_net(x):
    y = net(x)
    torch.cuda.synchronize()
    return y


print(sample_until(synced_net, torch.randn(64, 256, device="cuda")))
