"""What is not read: a module above the project's root, one with a syntax error, one that does not exist, an
import cycle. None of them is seen to synchronize, and none stops the file from being linted."""
import time

import torch

from broken import wait as broken_wait
from cycle_a import ping
from helper_above import wait
from not_there import settle

x = torch.randn(256, 256, device="cuda")
for _ in range(3):
    x @ x
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    y = x @ x
wait()
broken_wait()
settle()
ping()
print((time.perf_counter() - t0) / 10)  # expect: WP102
