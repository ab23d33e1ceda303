"""Set 62 (lint80): Chainer links moved to the GPU with `to_gpu()` (in place, or rebound to its result) run their
arrays through CuPy, whose kernels are launched asynchronously: a host clock read right after a link's call (or a
function of the file that calls it on a variable moved in place) with no synchronize measures the launch (WP102)."""
import argparse
import time

import chainer
import numpy as np

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()

seq = chainer.Variable(np.random.rand(20, 16, 128).astype(np.float32))
steps = [chainer.Variable(s) for s in np.random.rand(16, 20, 128).astype(np.float32)]
cell = chainer.links.LSTM(128, 128)
stacked = chainer.links.NStepLSTM(1, 128, 128, 0.0)
if args.gpu >= 0:
    seq.to_gpu()
    cell = cell.to_gpu()
    stacked.to_gpu()


def unroll(x):
    for t in range(x.shape[0]):
        cell(x[t])


times = []
for _ in range(10):
    t0 = time.time()
    stacked(None, None, steps)
    times.append(time.time() - t0)  # expect: WP102

for _ in range(10):
    t0 = time.time()
    unroll(seq)
    times.append(time.time() - t0)  # expect: WP102
print(np.median(times))
