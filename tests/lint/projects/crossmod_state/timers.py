"""A project module of timers used as `with timer("label"):` (crossmod fixtures): one synchronizes the GPU before its
start reading, the other only reads the host clock."""
import time
from contextlib import contextmanager

import torch


class SyncedTimer:
    def __init__(self):
        self.totals = {}

    def _sync(self):
        if torch.cuda.is_available():
            torch.cuda.synchronize()

    @contextmanager
    def __call__(self, label):
        self._sync()
        start = time.perf_counter()
        yield
        self._sync()
        self.totals[label] = self.totals.get(label, 0.0) + time.perf_counter() - start


class HostTimer:
    def __init__(self):
        self.totals = {}

    @contextmanager
    def __call__(self, label):
        start = time.perf_counter()
        yield
        self.totals[label] = self.totals.get(label, 0.0) + time.perf_counter() - start
