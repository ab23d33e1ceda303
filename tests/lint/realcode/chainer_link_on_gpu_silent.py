"""Set 62 (lint80), the correct neighbours of `chainer_link_on_gpu_bad.py`: the GPU link's call followed by a wait
before the end reading (`chainer.cuda.to_cpu` of its output, or the null stream's synchronize), and a link never
moved to the GPU (host work)."""
import time

import chainer
import numpy as np

x = chainer.Variable(np.random.rand(16, 128).astype(np.float32))
dense = chainer.links.Linear(128, 128)
dense.to_gpu()
host_dense = chainer.links.Linear(128, 128)
x.to_gpu()

for _ in range(10):
    t0 = time.time()
    y = dense(x)
    out = chainer.cuda.to_cpu(y.array)
    print(time.time() - t0)

for _ in range(10):
    t0 = time.time()
    dense(x)
    chainer.cuda.Stream.null.synchronize()
    print(time.time() - t0)

h = chainer.Variable(np.random.rand(16, 128).astype(np.float32))
for _ in range(10):
    t0 = time.time()
    host_dense(h)
    print(time.time() - t0)
