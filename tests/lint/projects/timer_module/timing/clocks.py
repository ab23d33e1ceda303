"""Timing helpers of a small project: a tic/toc timer on the host clock, one that synchronizes the device at both
ends, and a context manager on the host clock."""
import time
from contextlib import contextmanager

import torch

__all__ = ["StepTimer", "DeviceTimer", "timed", "Elapsed", "SyncableTimer", "timeit"]


class StepTimer:
    def __init__(self):
        self.total = 0.0
        self.count = 0
        self.mark = 0.0

    def tic(self):
        self.mark = time.time()

    def toc(self):
        self.total += time.time() - self.mark
        self.count += 1
        return self.total / self.count


class DeviceTimer(StepTimer):
    def tic(self):
        torch.cuda.synchronize()
        self.mark = time.time()

    def toc(self):
        torch.cuda.synchronize()
        self.total += time.time() - self.mark
        self.count += 1
        return self.total / self.count


@contextmanager
def timed(label):
    began = time.perf_counter()
    yield
    print(label, time.perf_counter() - began)


class Elapsed:
    """Started when built and by reset(); elapsed() reads the interval since."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.began = time.perf_counter()

    def elapsed(self):
        return time.perf_counter() - self.began


class SyncableTimer:
    def __init__(self, cuda_sync=True):
        self.cuda_sync = cuda_sync
        self.t0 = 0.0

    def start(self):
        self.t0 = time.perf_counter()

    def stop(self):
        if self.cuda_sync:
            torch.cuda.synchronize()
        return time.perf_counter() - self.t0


def timeit(fn):
    def wrapper(*args, **kwargs):
        began = time.perf_counter()
        out = fn(*args, **kwargs)
        print(fn.__name__, time.perf_counter() - began)
        return out
    return wrapper
