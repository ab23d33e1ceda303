"""Lightning callbacks whose timing window starts in one training batch and ends in a later one, with no hook
restarting it at an epoch boundary: the window that crosses an epoch end holds the validation loop and the
checkpoint save Lightning runs there."""
import time

import lightning.pytorch as pl
import torch


class SamplesPerSecond(pl.Callback):
    def __init__(self, every=50):
        self.every = every
        self.t0 = None
        self.samples = 0
        self.count = 0

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if self.t0 is None:
            self.t0 = time.perf_counter()
        self.samples += batch[0].shape[0]
        self.count += 1
        if self.count % self.every:
            return
        torch.cuda.synchronize()
        now = time.perf_counter()
        pl_module.log("samples_per_s", self.samples / (now - self.t0))  # expect: WP116
        self.t0, self.samples = now, 0


class DataWait(pl.Callback):
    def __init__(self):
        self.last_end = None
        self.data_s = 0.0
        self.n = 0

    def _now(self):
        torch.cuda.synchronize()
        return time.perf_counter()

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        start = self._now()
        if self.last_end is not None:
            self.data_s += start - self.last_end  # expect: WP116
            self.n += 1

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        self.last_end = self._now()
        if self.n and self.n % 100 == 0:
            pl_module.log("data_wait_s", self.data_s / self.n)
