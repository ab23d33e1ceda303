"""Set 21 class: a timing class of a library used as a context manager (`with book.Benchmark("gpu"):`, a `Timer`, a
`Stopwatch`) reads a host clock when the block starts and ends; around GPU work with no synchronize before the block
ends it measures the launches (WP102). Silent: the block ends with a synchronize, the block does host work only,
and a timer whose name says it knows the device (`CudaTimer`, `sync=True`) may wait itself."""

import numpy as np
import torch
from book import torchlib as book
from stopwatches import Stopwatch

import gputools

device = torch.device("cuda")
a = torch.randn(2048, 2048, device=device)
torch.mm(a, a)
a @ a

with book.Benchmark("numpy"):
    for _ in range(10):
        x = np.random.normal(size=(512, 512))
        y = np.dot(x, x)

with book.Benchmark("torch"):  # expect: WP102
    for _ in range(10):
        b = torch.mm(a, a)

with book.Benchmark("torch, synchronized"):
    for _ in range(10):
        b = torch.mm(a, a)
    torch.cuda.synchronize()

with Stopwatch():  # expect: WP102
    c = a @ a

with gputools.CudaTimer("mm"):
    c = a @ a

with book.Timer(sync=True):
    c = a @ a
