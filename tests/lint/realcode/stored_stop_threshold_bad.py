"""Counter-fixtures of stored_stop_threshold_silent.py (lint95): the stored clock difference is also reported (a
throughput over the budget, a printed run time), or the loop counts its own iterations: the budget is the measured
interval, read without a synchronize after the queued GPU work. And a sample helper whose callable another helper
hands on, one of whose callers hands a function that does not wait: still reported."""

import time
import torch


def throughput(fn, x, limit_s=2.0):
    fn(x)
    torch.cuda.synchronize()
    start = time.perf_counter()
    n = 0
    while True:
        fn(x)
        n += 1
        elapsed = time.perf_counter() - start  # expect: WP102
        if elapsed > limit_s:
            break
    return n / elapsed


def reported(fn, x, limit_s=2.0):
    fn(x)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(1000):
        fn(x)
        elapsed = time.perf_counter() - start  # expect: WP102
        if elapsed > limit_s:
            break
    print(f"ran for {elapsed:.2f} s")


net = torch.nn.Linear(256, 256).cuda()
x = torch.randn(64, 256, device="cuda")
print(throughput(net, x))
reported(net, x)


def one_sample(fn, x):
    t0 = time.perf_counter()
    fn(x)
    return time.perf_counter() - t0  # expect: WP102


def samples(fn, x, n=20):
    return [one_sample(fn, x) for _ in range(n)]


def synced_net(x):
    y = net(x)
    torch.cuda.synchronize()
    return y


def plain_net(x):
    return net(x)


print(samples(synced_net, x), samples(lambda v: plain_net(v), x))
