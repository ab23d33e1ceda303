"""A benchmark two packages down that imports the helper from a parent package."""
import torch

from ...utils import bench_by_secs

a = torch.randn(4096, 4096, device="cuda")
print(bench_by_secs(lambda: a @ a))  # expect-alone: WP105
