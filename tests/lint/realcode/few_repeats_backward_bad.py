"""An op's forward and backward timed over a few counted repeats (`range(10)`), once per configuration, the total
printed: no optimizer step, so not a training run; the first configuration's total holds the cold first launch of
every kernel as one of its 10 repeats (twenty-second session, set 147)."""
import time

import torch
from torch import nn


def run_op(x, grad, layer):
    out = layer(x)
    out.backward(grad)


def bench(n):
    layer = nn.Linear(n, n).to("cuda")
    x = torch.randn(64, n, device="cuda")
    grad = torch.randn(64, n, device="cuda")
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(10):
        run_op(x, grad, layer)  # expect: WP103
    torch.cuda.synchronize()
    print(n, time.perf_counter() - start)


for n in (256, 1024):
    bench(n)
