"""Blocks that read a host clock on entry and exit, kept in a module of the checkout; the scripts beside it never
name a clock themselves."""
import contextlib
import time

import torch
from benchkit import TimerBase


class stage:
    def __init__(self, label):
        self.label = label

    def __enter__(self):
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        print(f"{self.label}: {time.perf_counter() - self.t0:.6f} s")


class synced_stage(stage):
    def __exit__(self, *exc):
        torch.cuda.synchronize()
        super().__exit__(*exc)


class sub_stage(stage):
    """Its exit is the parent's."""

    def __enter__(self):
        self.items = 0
        return super().__enter__()


class token_rate(TimerBase):
    """Entry and exit come from a library timing class."""

    def __enter__(self):
        self.tokens = 0
        return super().__enter__()


@contextlib.contextmanager
def quiet():
    yield
