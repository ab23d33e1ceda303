"""The same helpers found through a path built from `__file__`."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "helpers"))

import torch
from timing import step_timer

w = torch.randn(1024, 1024, device="cuda")
print("matmul us", step_timer(torch.mm, w, w) * 1e6)  # expect: WP101  # expect-alone: WP105
