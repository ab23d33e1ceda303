"""WP101 through a module attribute: `timing.per_call_seconds` synchronizes in every iteration of a loop it times as
a whole, and here it runs a function of this file made of two elementwise ops on up to 2^20 elements."""
import torch

from utils import timing

SIZES = [1 << 12, 1 << 16, 1 << 20]


def scale_shift(x, w, s):
    return x * w + s


for n in SIZES:
    x = torch.rand(n, device="cuda")
    w = torch.rand(n, device="cuda")
    s = torch.rand(n, device="cuda")
    print(n, timing.per_call_seconds(lambda: scale_shift(x, w, s)))  # expect: WP101
