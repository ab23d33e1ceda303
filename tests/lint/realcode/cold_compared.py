"""A one-off cold call set against a later measurement of other work (set 13, a CUDA-graph test: the eager model
timed on its first call, then the graph replay): strong evidence, reported by default. The same work timed again
later is a deliberate cold-vs-warm pair: weak, shown only with `extra`."""
import time

import torch
from torch import nn


def eager_vs_graph(runner):
    model = nn.Linear(128, 256).cuda()
    x = torch.randn(4, 128).cuda()
    torch.cuda.synchronize()
    start = time.time()
    ref = model(x)  # expect: WP103
    torch.cuda.synchronize()
    eager = time.time() - start
    runner.capture(model)
    torch.cuda.synchronize()
    start = time.time()
    out = runner.replay(x)
    torch.cuda.synchronize()
    print(eager, time.time() - start)


def once_then_mean():
    model = nn.Linear(128, 256).cuda()
    x = torch.randn(4, 128).cuda()
    torch.cuda.synchronize()
    start = time.time()
    model(x)  # expect-extra: WP103 (weak evidence)
    torch.cuda.synchronize()
    single = time.time() - start
    start = time.time()
    for _ in range(10):
        model(x)
    torch.cuda.synchronize()
    print(single, (time.time() - start) / 10)


if __name__ == "__main__":
    eager_vs_graph(None)
    once_then_mean()
