"""Lightning callbacks whose timing windows do not hold the epoch-end validation and checkpoint: one batch's
time (started in an earlier hook of the same batch), and a window restarted when each epoch starts."""
import time

import lightning.pytorch as pl
import torch


class StepTime(pl.Callback):
    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        torch.cuda.synchronize()
        self.t0 = time.perf_counter()

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        torch.cuda.synchronize()
        pl_module.log("step_s", time.perf_counter() - self.t0)


class SamplesPerSecond(pl.Callback):
    def __init__(self, every=50):
        self.every = every
        self.t0 = None
        self.samples = 0

    def on_train_epoch_start(self, trainer, pl_module):
        self.t0, self.samples = None, 0

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if self.t0 is None:
            self.t0 = time.perf_counter()
        self.samples += batch[0].shape[0]
        if (batch_idx + 1) % self.every == 0:
            torch.cuda.synchronize()
            now = time.perf_counter()
            pl_module.log("samples_per_s", self.samples / (now - self.t0))
            self.t0, self.samples = now, 0
