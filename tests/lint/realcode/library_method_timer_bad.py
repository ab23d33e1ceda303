"""Sets 50-53 class (set 53): a timing class of an imported library started and stopped by its methods
(`timer = book.Timer(); timer.start(); ...; timer.stop()`, as `with book.Benchmark():` is read) reads a host clock at
`start()` and at `stop()`; around GPU work with no synchronize before the stop it measures the launch (WP102)."""

import torch
from book import torchlib as book
from stopwatches import Stopwatch

x = torch.randn(4096, 4096, device="cuda")
torch.matmul(x, x)
x @ x

timer = book.Timer()
timer.start()
torch.matmul(x, x)
x @ x
timer.stop()  # expect: WP102

watch = Stopwatch()
watch.start()
y = x @ x
print(watch.stop())  # expect: WP102
