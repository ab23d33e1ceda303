"""WP105 judges GPU timings: the mean of a CPU baseline's samples, named as one (`cpu_times`, `numpy_times`, a
`def time_on_cpu(fn)` timing the function it is handed) and timing no GPU work, is not reported
(`rules/_number_purpose.cpu_baseline`; held-out verdicts "mean-only, but of CPU timings": borderline in 4
repositories). The GPU side of the same comparison is still reported, in `mean_only_cpu_baseline_bad.py`."""
import time

import numpy as np


def cpu_matmul(a, b):
    return a @ b


def time_on_cpu(fn, arg, runs=10):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn(arg)
        times.append(time.perf_counter() - t0)
    return np.mean(times)


a = np.random.rand(512, 512)
b = np.random.rand(512, 512)
cpu_times = []
for _ in range(5):
    t0 = time.perf_counter()
    cpu_matmul(a, b)
    cpu_times.append(time.perf_counter() - t0)
numpy_times = []
for _ in range(5):
    t0 = time.perf_counter()
    np.linalg.svd(a)
    numpy_times.append(time.perf_counter() - t0)
print(f"CPU {np.mean(cpu_times) * 1e3:.2f} ms, NumPy SVD {np.mean(numpy_times) * 1e3:.2f} ms")
print(time_on_cpu(np.linalg.inv, a))
