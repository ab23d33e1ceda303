"""Layers that time themselves; the file never says where they run (the benchmark script puts the model on CUDA)."""
from time import perf_counter

from torch import nn


class FeedForward(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.up = nn.Linear(width, 4 * width)
        self.act = nn.GELU()
        self.down = nn.Linear(4 * width, width)

    def forward(self, x):
        return self.down(self.act(self.up(x)))

    def forward_timed(self, x):
        begin = perf_counter()
        y = self.down(self.act(self.up(x)))
        spent_ms = (perf_counter() - begin) * 1e3  # expect: WP102
        return y, spent_ms


def make_layer(kind, width):
    if kind == "ff":
        return FeedForward(width)
    raise ValueError(kind)
