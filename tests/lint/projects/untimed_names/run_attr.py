"""The helper module imported whole: `with bh.stage(...)` is the same unsynchronized block."""
import torch

import bench_helpers as bh

w = torch.randn(2048, 2048, device="cuda")
x = torch.randn(64, 2048, device="cuda")
y = x @ w
torch.cuda.synchronize()
with bh.stage("projection"):  # expect: WP102
    y = x @ w
