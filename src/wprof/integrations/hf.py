"""Hugging Face ``transformers.Trainer``: a ``TrainerCallback`` that times training with a :class:`wprof.Gauge`.

```python
from wprof.integrations.hf import WprofCallback
trainer = Trainer(model=model, args=args, train_dataset=ds, callbacks=[WprofCallback(warmup=10, iters=50)])
trainer.train()
```

One gauge step is one optimizer step (all gradient-accumulation micro-batches), boundary to boundary: it starts at
the first batch fetch after the previous optimizer step, so the Trainer's own work between steps (loss logging, the
progress bar) is in it, as it is in ``train_steps_per_second``; evaluation and checkpointing are not (the step ends
before them, when the Trainer's flow asks for them, and at each epoch's end). Data time is the host time inside
``__next__`` of the training ``DataLoader`` that Accelerate's ``DataLoaderShard`` wraps (fetch and collate; the
shard's copy to the device counts as compute). Samples per step: ``args.train_batch_size`` (per-device batch x GPUs
of one process) x ``gradient_accumulation_steps`` x ``world_size``. Everything else (window, log lines, diagnosis,
MFU, ``--dmon``/``--kineto``/nsys windows, the result file) is the gauge's, plus one phase, ``optimizer`` (an
event pair from ``on_pre_optimizer_step`` to ``on_optimizer_step``: ``optimizer.step()`` alone), configured by
keyword arguments or ``WPROF``. ``wprof run -- train.py`` attaches this callback itself (docs/integrations.md).

Importing this module imports ``transformers``; ``import wprof`` never does.
"""

from __future__ import annotations

from typing import Any

from transformers import TrainerCallback

from ._driver import Driver, make_gauge

__all__ = ["WprofCallback"]


class WprofCallback(TrainerCallback):
    """Time a ``transformers.Trainer`` run with a gauge (``gauge=`` an existing one, or Gauge keyword arguments)."""

    def __init__(self, gauge: Any = None, **gauge_kwargs: Any) -> None:
        self._gauge_arg = gauge
        self._kwargs = gauge_kwargs
        self.driver: Driver | None = None

    @property
    def gauge(self) -> Any:
        return self.driver.gauge if self.driver is not None else self._gauge_arg

    def on_train_begin(self, args: Any, state: Any, control: Any, train_dataloader: Any = None,
                       **kwargs: Any) -> None:
        if self.driver is None:
            self.driver = Driver(make_gauge(self._gauge_arg, **self._kwargs), "transformers")
        d = self.driver
        d.new_step = True
        per_device = getattr(args, "train_batch_size", None) or getattr(args, "per_device_train_batch_size", None)
        d.set_samples_per_step(per_device, getattr(args, "gradient_accumulation_steps", 1) or 1,
                               getattr(args, "world_size", 1) or 1, "TrainingArguments")
        if train_dataloader is not None:
            d.time(train_dataloader)

    def on_step_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.driver is not None:
            self.driver.step_started()

    def on_pre_optimizer_step(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.driver is not None:
            self.driver.phase_begin("optimizer")

    def on_optimizer_step(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.driver is not None:
            self.driver.phase_end("optimizer")

    def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        d = self.driver
        if d is None:
            return
        d.optimizer_stepped()
        if getattr(control, "should_evaluate", False) or getattr(control, "should_save", False):
            d.pause()  # evaluation / checkpoint follow this step: not part of it

    def on_epoch_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.driver is not None:
            self.driver.pause()

    def on_train_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.driver is not None:
            self.driver.train_end()
