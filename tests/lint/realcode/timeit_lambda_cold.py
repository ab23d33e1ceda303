"""`timeit(lambda: f(x), number=n)` where `f` is a function of the file that runs library work on a GPU tensor and
synchronizes (set 23 miss): the synchronize says the call is GPU work, and with no call of `f` before, the first of
the n runs is cold (WP103). Called once before the measurement it is silent."""
from timeit import timeit

import torch
from kornia.filters import gaussian_blur2d

images = torch.rand(16, 3, 128, 128).to("cuda")


def blur(batch):
    out = gaussian_blur2d(batch, (5, 5), (1.5, 1.5))
    torch.cuda.synchronize()
    return out


def blur_wide(batch):
    out = gaussian_blur2d(batch, (9, 9), (3.0, 3.0))
    torch.cuda.synchronize()
    return out


if __name__ == "__main__":
    narrow = timeit(lambda: blur(images), number=10) / 10  # expect: WP103
    blur_wide(images)
    wide = timeit(lambda: blur_wide(images), number=10) / 10
    print(narrow, wide)
