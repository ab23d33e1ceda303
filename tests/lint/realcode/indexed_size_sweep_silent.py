"""Set 59 (lint80), the correct neighbours of `indexed_size_sweep_bad.py`: the same indexed sweep with one launch
before the loop (the compile is out of every point); and per-item timings of a dataset indexed by `k` (items of
data, not a list of sizes the file writes out: one cold sample among many, not the first row of a sweep; its
synchronize per short sample is WP101's weak tier)."""
import time

import matplotlib.pyplot as plt
import numpy as np
from numba import cuda


@cuda.jit
def bump(v):
    i = cuda.grid(1)
    if i < v.size:
        v[i] += 1.0


@cuda.jit
def halve(v):
    i = cuda.grid(1)
    if i < v.size:
        v[i] *= 0.5


widths = np.array([j * 64 for j in range(1, 12)])
elapsed = np.zeros(len(widths))
bump[1, 256](cuda.to_device(np.zeros(256, np.float32)))
cuda.synchronize()
for k in range(len(widths)):
    w = widths[k]
    d_v = cuda.to_device(np.zeros(w * 256, np.float32))
    t0 = time.time()
    for _ in range(200):
        bump[w, 256](d_v)
    cuda.synchronize()
    elapsed[k] = time.time() - t0
plt.plot(widths * 256, elapsed)

frames = np.load("frames.npy")
per_frame = np.zeros(len(frames))
for k in range(len(frames)):
    d_f = cuda.to_device(frames[k])
    t0 = time.time()
    halve[64, 256](d_f)
    cuda.synchronize()  # expect-extra: WP101
    per_frame[k] = time.time() - t0
print(per_frame)
