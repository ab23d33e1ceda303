"""A warm-up `timeit` call whose result is thrown away reads no number (weak at most); the measured call after it
still times the launches only, as the step never waits."""
import timeit

import torch

layer = torch.nn.Linear(512, 512).cuda()
batch = torch.randn(64, 512, device="cuda")


def forward_once():
    layer(batch)


timeit.timeit(forward_once, number=5)  # expect-extra: WP102, WP103
print("per call", timeit.timeit(forward_once, number=50) / 50)  # expect: WP102
