"""Epoch timers that leave the epoch-end validation out: the clock paused in the validation hooks, and a window
whose end is read in the last training batch's hook."""
import time

from lightning.pytorch.callbacks import Callback


class PausedEpochTimer(Callback):
    def on_train_epoch_start(self, trainer, pl_module):
        self.started = time.time()
        self.paused = 0.0

    def on_validation_start(self, trainer, pl_module):
        self.val_t0 = time.time()

    def on_validation_end(self, trainer, pl_module):
        self.paused += time.time() - self.val_t0

    def on_train_epoch_end(self, trainer, pl_module):
        pl_module.log("epoch_s", time.time() - self.started - self.paused)


class LastBatchTimer(Callback):
    def on_train_epoch_start(self, trainer, pl_module):
        self.started = time.time()

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        self.last = time.time()

    def on_train_epoch_end(self, trainer, pl_module):
        pl_module.log("epoch_s", self.last - self.started)
