"""Set 25 class: GPU placement only through `torch.set_default_device("cuda")`: the factories after it make CUDA
tensors, so a launch-only interval over them is reported (WP102), and its first matmul, never run before, is a
cold call (WP103). The same code after `torch.set_default_device("cpu")` in another file is host work."""

import time

import torch

torch.set_default_device("cuda")
w = torch.randn(4096, 4096)
x = torch.randn(8, 4096)
t0 = time.time()
for _ in range(64):
    x = x @ w  # expect: WP103
prefill_s = time.time() - t0  # expect: WP102
print(prefill_s)
