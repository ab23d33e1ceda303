"""Timing helpers of a small project: a tic/toc timer on the host clock, one that synchronizes the device at both
ends, and a context manager on the host clock."""
import time
from contextlib import contextmanager

import torch

__all__ = ["StepTimer", "DeviceTimer", "timed"]


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
