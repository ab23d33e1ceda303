"""Set 87 class: a timing loop over a table of functions written in the file (`for label, fn in cases:`), each of
which ends by copying its result to the host (`.cpu()`, a gather to the CPU through a lambda): calling `fn` waits
for its work, as calling each of them by name would. Not reported."""

import time

import torch

x = torch.randn(256, 256, device="cuda")
to_host = lambda t: torch.cuda.comm.gather(t, destination=-1)  # noqa: E731


def square(a):
    return (a @ a).sum().cpu()


def chain(a):
    return to_host([a @ a @ a])


cases = [("square", square), ("chain", chain)] if torch.cuda.device_count() else []


def run(cases, reps=10):
    for label, fn in cases:
        fn(x)
        start = time.perf_counter()
        for _ in range(reps):
            fn(x)
        print(label, (time.perf_counter() - start) / reps)


run(cases)
