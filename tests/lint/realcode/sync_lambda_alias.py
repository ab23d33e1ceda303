"""A synchronize reached through a module-level lambda or a one-line def (set 23 FP): `wait()` before the end read
synchronizes, so the host-clock interval is honest (no WP102); the same function with a lambda that only returns a
value is not a synchronize."""
import time

import torch

wait = lambda: torch.cuda.synchronize()  # noqa: E731
barrier = lambda: wait()  # noqa: E731
peek = lambda: torch.cuda.current_device()  # noqa: E731


def settle():
    torch.cuda.synchronize()


def timed_softmax(x):
    torch.softmax(x, dim=-1)
    wait()
    t0 = time.perf_counter()
    y = torch.softmax(x, dim=-1)
    wait()
    return y, time.perf_counter() - t0


def timed_gelu(x):
    torch.nn.functional.gelu(x)
    barrier()
    t0 = time.perf_counter()
    y = torch.nn.functional.gelu(x)
    settle()
    return y, time.perf_counter() - t0


def timed_tanh(x):
    torch.tanh(x)
    wait()
    t0 = time.perf_counter()
    y = torch.tanh(x)
    peek()
    return y, time.perf_counter() - t0  # expect: WP102
