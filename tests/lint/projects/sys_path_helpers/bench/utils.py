import time

import torch


def bench_by_secs(fn, secs=1.0):
    fn()
    torch.cuda.synchronize()
    times = []
    t0 = time.time()
    while time.time() - t0 < secs:
        s = time.time()
        fn()
        torch.cuda.synchronize()
        times.append(time.time() - s)
    return sum(times) / len(times)  # expect: WP105
