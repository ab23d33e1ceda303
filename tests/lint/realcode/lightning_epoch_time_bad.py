"""A Lightning callback that times each epoch from `on_train_epoch_start` to `on_train_epoch_end`: Lightning runs
the epoch-end validation loop and the checkpoint save before `on_train_epoch_end`, so the logged epoch time holds
them."""
import time

from lightning.pytorch.callbacks import Callback


class EpochTimer(Callback):
    def on_train_start(self, trainer, pl_module):
        self.started = None

    def on_train_epoch_start(self, trainer, pl_module):
        self.started = time.time()

    def on_train_epoch_end(self, trainer, pl_module):
        stats = {}
        if self.started:
            stats["epoch_s"] = time.time() - self.started  # expect: WP116
        trainer.logger.log_metrics(stats, step=trainer.global_step)
