"""Set 87 class, the other side: a table of functions of which one returns its device result without waiting;
calling `fn` may leave that work queued at the end read."""

import time

import torch

x = torch.randn(256, 256, device="cuda")


def square(a):
    return (a @ a).sum().cpu()


def launch_only(a):
    return a @ a


cases = [("square", square), ("launch", launch_only)]

for label, fn in cases:
    fn(x)
    start = time.perf_counter()
    for _ in range(10):
        fn(x)
    print(label, (time.perf_counter() - start) / 10)  # expect: WP102
