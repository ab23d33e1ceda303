"""WP101 through a helper reached by `sys.path` and a star import: `run_timed` synchronizes after every host-timed
sample of what it is handed, and here it is handed elementwise ops on 2048 x 2048 tensors (µs-scale)."""
import sys

import torch

sys.path.append("utils")
from timing import *

a = torch.randn(2048, 2048, device="cuda")
b = torch.randn(2048, 2048, device="cuda")
print(run_timed(lambda u, v: u * v, a, b))  # expect: WP101
print(run_timed(torch.maximum, a, b))
