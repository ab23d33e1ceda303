"""A function that builds its model and starts the clock at an index of its loop (`if i == 10: sync; since = ...`):
the first ten iterations run the model untimed, a warm-up (silent). The same function timing the model's first call
is reported."""

import time

import torch


def guarded(width, steps=60, skip=10):
    layer = torch.nn.Linear(width, width).cuda()
    x = torch.randn(32, width, device="cuda")
    for i in range(steps):
        if i == skip:
            torch.cuda.synchronize()
            since = time.time()
        layer(x)
    torch.cuda.synchronize()
    return (time.time() - since) / (steps - skip)


def unguarded(width):
    layer = torch.nn.Linear(width, width).cuda()
    x = torch.randn(32, width, device="cuda")
    torch.cuda.synchronize()
    since = time.time()
    layer(x)  # expect: WP103
    torch.cuda.synchronize()
    return time.time() - since


if __name__ == "__main__":
    for w in (256, 512, 1024):
        print(w, guarded(w), unguarded(w))
