"""An exercise that puts the helpers' folder on `sys.path` (relative to its own folder) and star-imports them."""
import sys
sys.path.append('../helpers')
from timing import *
import torch

x = torch.randn(2048, 2048, device="cuda")
y = torch.randn_like(x)
print("add us", step_timer(lambda a, b: a + b, x, y, steps=10) * 1e6)  # expect: WP101  # expect-alone: WP105
