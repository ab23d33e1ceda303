"""Hands the helper a lambda around a forward of a model it put on the GPU."""
import torch

from bench_util import repeat_time

net = torch.nn.Linear(2048, 2048).cuda()
x = torch.randn(256, 2048, device="cuda")
print("forward s", repeat_time(lambda: net(x).sum(), 50))  # expect-alone: WP102
