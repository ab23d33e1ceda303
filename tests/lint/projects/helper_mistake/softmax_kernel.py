"""A script that times its kernels with the project's helper (bench_utils.bench): linted alone, the helper's
mistake is reported here, at the first call, naming the helper's line; linted with the helper, only there."""
import torch

from bench_utils import bench

x = torch.randn(4096, 4096, device="cuda")
bench("torch softmax", lambda: torch.softmax(x, dim=-1))  # expect: WP101  # expect-alone: WP105
bench("manual softmax", lambda: (x - x.max(-1, keepdim=True)[0]).exp())
