"""Lightning: a ``Callback`` that times ``Trainer.fit`` with a :class:`wprof.Gauge`, for ``lightning.pytorch`` and
``pytorch_lightning`` alike.

```python
from wprof.integrations.lightning import WprofCallback   # lightning.pytorch if installed, else pytorch_lightning
trainer = L.Trainer(max_epochs=3, callbacks=[WprofCallback(warmup=10, iters=50)])
trainer.fit(model, train_loader)
```

For the other package name use ``callback_class("pytorch_lightning")(...)``; ``wprof run`` picks the class by the
trainer's own package. One gauge step is one optimizer step (``accumulate_grad_batches`` batches), boundary to
boundary from the first batch fetch after the previous optimizer step; validation and the end of an epoch are left
out (the step ends at ``on_validation_start`` / ``on_train_epoch_end``). Data time is the host time of Lightning's
own fetch of each training batch, the span it hands its profilers as ``[_TrainingEpochLoop].train_dataloader_next``
(the DataLoader's ``__next__`` inside its data fetcher, one batch ahead; ``batch_to_device`` is compute): the
callback times it through ``trainer.profiler`` (:func:`time_profiler`), so it covers the loader Lightning really
iterates, from the first epoch on. Samples per step: the loader's ``batch_size`` x ``accumulate_grad_batches`` x
``trainer.world_size``, else learned from the batches one step trains on. Phases (event pairs): ``backward``
(``on_before_backward`` to ``on_after_backward``) and ``optimizer`` (``on_before_optimizer_step``, after the
closure's forward and backward, to ``on_train_batch_end``).

Importing this module imports nothing heavy; :func:`callback_class` imports the Lightning package it is asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

from ._driver import Driver, make_gauge, swap_class

FETCH_ACTION = "].train_dataloader_next"  # Lightning's profiler action around each training batch fetch

__all__ = ["WprofCallback", "callback_class", "callback_for"]

PACKAGES = ("lightning.pytorch", "pytorch_lightning")
_CLASSES: dict[str, type] = {}


def _loaders(obj: Any) -> list[Any]:
    """The DataLoaders in what ``trainer.train_dataloader`` returns (a loader, or a list/dict/tuple of them)."""
    if obj is None:
        return []
    if isinstance(obj, dict):
        return [x for v in obj.values() for x in _loaders(v)]
    if isinstance(obj, (list, tuple)):
        return [x for v in obj for x in _loaders(v)]
    return [obj]


class _Hooks:
    """The callback's hooks; mixed into each Lightning package's ``Callback`` by :func:`callback_class`."""

    def __init__(self, gauge: Any = None, **gauge_kwargs: Any) -> None:
        super().__init__()
        self._gauge_arg = gauge
        self._kwargs = gauge_kwargs
        self.driver: Driver | None = None
        self._stepped = False
        self._saw_optimizer_hook = False

    @property
    def gauge(self) -> Any:
        return self.driver.gauge if self.driver is not None else self._gauge_arg

    def _attach(self, trainer: Any) -> None:
        if self.driver is None:
            self.driver = Driver(make_gauge(self._gauge_arg, **self._kwargs), "lightning")
        d = self.driver
        prof = getattr(trainer, "profiler", None)
        if prof is not None and not any(x is prof for x in d.timed) and time_profiler(prof, d):
            d.timed.append(prof)
        loaders = _loaders(getattr(trainer, "train_dataloader", None))
        if not d.gbs_known and len(loaders) == 1:
            per_device = getattr(loaders[0], "batch_size", None)
            per_device = per_device if isinstance(per_device, int) and per_device > 0 else None
            d.set_samples_per_step(per_device, getattr(trainer, "accumulate_grad_batches", 1) or 1,
                                   getattr(trainer, "world_size", 1) or 1, "Lightning Trainer (DataLoader.batch_size)")

    def on_train_start(self, trainer: Any, pl_module: Any) -> None:
        self._attach(trainer)
        self.driver.new_step = True  # type: ignore[union-attr]

    def on_train_batch_start(self, trainer: Any, pl_module: Any, batch: Any, batch_idx: int, *args: Any) -> None:
        d = self.driver
        if d is not None:
            d.step_started()
        if d is not None and (not d.gbs_known or getattr(d.gauge, "tokens_per_step", 0) is None):
            d.gauge.observe(batch)  # samples per step without a batch_size to read; tokens per step

    def on_before_backward(self, trainer: Any, pl_module: Any, loss: Any) -> None:
        if self.driver is not None:
            self.driver.phase_begin("backward")

    def on_after_backward(self, trainer: Any, pl_module: Any) -> None:
        if self.driver is not None:
            self.driver.phase_end("backward")

    def on_before_optimizer_step(self, trainer: Any, pl_module: Any, optimizer: Any, *args: Any) -> None:
        self._stepped = True
        self._saw_optimizer_hook = True
        if self.driver is not None:
            self.driver.phase_begin("optimizer")  # ends at on_train_batch_end: the update and what follows it

    def on_train_batch_end(self, trainer: Any, pl_module: Any, outputs: Any, batch: Any, batch_idx: int,
                           *args: Any) -> None:
        d = self.driver
        if d is None:
            return
        d.phase_end("optimizer")
        if self._saw_optimizer_hook:
            stepped = self._stepped
        else:  # no optimizer hook seen (a strategy that steps itself): every accumulate_grad_batches batches
            stepped = (batch_idx + 1) % max(1, int(getattr(trainer, "accumulate_grad_batches", 1) or 1)) == 0
        self._stepped = False
        if stepped:
            d.optimizer_stepped()

    def on_validation_start(self, trainer: Any, pl_module: Any) -> None:
        if self.driver is not None:
            self.driver.pause()

    def on_train_epoch_end(self, trainer: Any, pl_module: Any) -> None:
        if self.driver is not None:
            self.driver.pause()

    def on_train_end(self, trainer: Any, pl_module: Any) -> None:
        if self.driver is not None:
            self.driver.train_end()


def _profiler_start(base: Any) -> Any:
    def start(self: Any, action_name: str) -> None:
        if action_name.endswith(FETCH_ACTION):
            self._wprof_driver.fetch_begin()
        base(self, action_name)

    return start


def _profiler_stop(base: Any) -> Any:
    def stop(self: Any, action_name: str) -> None:
        base(self, action_name)
        if action_name.endswith(FETCH_ACTION):
            self._wprof_driver.fetch_end(None)

    return stop


def time_profiler(profiler: Any, driver: Driver) -> bool:
    """Time Lightning's training batch fetches through ``trainer.profiler``: the training loop calls
    ``profiler.start/stop("[_TrainingEpochLoop].train_dataloader_next")`` around each ``next()`` of its data
    fetcher, whatever loader Lightning built (a DistributedSampler copy, a CombinedLoader), from the first epoch on.
    The profiler object's class is swapped for a subclass (restored after training); the user's profiler still runs."""
    cls = type(profiler)
    return swap_class(profiler, driver, {"start": _profiler_start(cls.start), "stop": _profiler_stop(cls.stop)})


def callback_class(package: str = "lightning.pytorch") -> type:
    """The callback class for ``package`` (``"lightning.pytorch"`` or ``"pytorch_lightning"``), which it imports."""
    if package not in PACKAGES:
        raise ValueError(f"package must be one of {', '.join(PACKAGES)}, not {package!r}")
    cls = _CLASSES.get(package)
    if cls is None:
        base = importlib.import_module(package).Callback
        cls = type("WprofCallback", (_Hooks, base), {"__module__": __name__, "__doc__": _Hooks.__doc__})
        _CLASSES[package] = cls
    return cls


def package_of(trainer: Any) -> str | None:
    """``"lightning.pytorch"`` or ``"pytorch_lightning"`` for a Lightning Trainer, else None."""
    for klass in type(trainer).__mro__:
        mod = klass.__module__ or ""
        for p in PACKAGES:
            if mod == p or mod.startswith(p + "."):
                return p
    return None


def callback_for(trainer: Any, gauge: Any = None, **gauge_kwargs: Any) -> Any:
    """A callback of the trainer's own Lightning package."""
    pkg = package_of(trainer)
    if pkg is None:
        raise TypeError(f"{type(trainer).__name__} is not a Lightning Trainer")
    return callback_class(pkg)(gauge, **gauge_kwargs)


def __getattr__(name: str) -> Any:
    if name == "WprofCallback":
        for p in PACKAGES:
            try:
                return callback_class(p)
            except ImportError:
                continue
        from ..errors import MissingDependencyError

        raise MissingDependencyError("wprof.integrations.lightning needs Lightning: pip install lightning "
                                     "(or pytorch-lightning)")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
