"""What the framework callbacks share: a :class:`Driver` that turns a trainer's events into Gauge steps.

A trainer's loop lives in site-packages; the callback sees its events, and the driver times them with the public
hooks of :class:`wprof.Gauge`:

- **Step boundary**: the first batch fetch after an optimizer step (``begin_step()``). A step is therefore one
  optimizer step, all its gradient-accumulation micro-batches included, and runs boundary to boundary (the period, as
  for ``for batch in gauge``): the trainer's own logging between steps is in it, as it is in the trainer's
  steps per second. Evaluation and checkpointing are not: the callback ends the step (``end_step()``) before them.
- **Data time, measured**: the trainer's training ``DataLoader`` gets an ``__iter__`` that times each ``__next__``
  of the real iterator (``begin_data()``/``end_data()``): the class of that one loader object is swapped for a
  subclass (:func:`time_loader`), so ``isinstance`` checks and attributes are unchanged. Under Accelerate (the HF
  Trainer) the loader wrapped is the plain ``DataLoader`` inside Accelerate's ``DataLoaderShard``: the host-to-device
  copy that the shard does is compute (as a ``.cuda()`` in a plain loop's body is), not data loading.
- **Samples per step** from the trainer's settings (per-device batch x gradient accumulation x world size), else
  learned from the fetched batches (``Gauge.observe``).

Nothing here synchronizes the device or reads a tensor's values (only ``.shape``/``.dtype`` of fetched batches).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

__all__ = ["Driver", "swap_class", "time_loader", "untime_loader", "innermost_loader", "make_gauge", "say"]

_SUBCLASSES: dict[type, type] = {}


def make_gauge(gauge: Any = None, **gauge_kwargs: Any) -> Any:
    """``gauge`` if given, else a new :class:`wprof.Gauge` with ``gauge_kwargs``."""
    if gauge is not None:
        if gauge_kwargs:
            raise TypeError("pass either gauge= or Gauge keyword arguments, not both")
        return gauge
    from ..loop import Gauge

    return Gauge(**gauge_kwargs)


class Driver:
    """Maps trainer events onto one gauge. Framework callbacks call :meth:`fetch_begin`/:meth:`fetch_end` (through
    the timed loader), :meth:`optimizer_stepped` after each optimizer step, :meth:`pause` before evaluation or
    checkpointing, and :meth:`train_end`."""

    def __init__(self, gauge: Any, framework: str) -> None:
        self.gauge = gauge
        self.framework = framework
        self.new_step = True  # the next fetch opens a step
        self.in_step = False
        self.timed: list[Any] = []  # loaders whose class was swapped
        self.gbs_known = False
        self._phases: dict[str, Any] = {}  # open phases by name
        self.every_fetch = False  # a step per fetch (a plain loop over Accelerate's loader), not per optimizer step
        self._said_untimed = False

    # --- global batch size ------------------------------------------------------------------------------------
    def set_samples_per_step(self, per_device: int | None, accumulation: int, world: int, source: str) -> None:
        """Global batch size = per-device batch x gradient accumulation x world size, unless the gauge has one."""
        g = self.gauge
        if not getattr(g, "enabled", True):
            return
        if getattr(g.config, "global_batch_size", None):  # --gbs / WPROF / a kwarg wins
            self.gbs_known = True
            return
        if not per_device:
            return  # learned from the fetched batches (Gauge.observe)
        n = int(per_device) * max(1, int(accumulation)) * max(1, int(world))
        g.set_global_batch_size(n, source=f"{source}: per-device batch {per_device} x gradient accumulation "
                                          f"{accumulation} x world size {world}")
        self.gbs_known = True

    # --- fetches (called by the timed loader) -----------------------------------------------------------------
    def fetch_begin(self) -> None:
        g = self.gauge
        if self.new_step:
            g.begin_step()
            self.new_step = False
            self.in_step = True
        g.begin_data()

    def fetch_end(self, batch: Any) -> None:
        g = self.gauge
        g.end_data()
        if batch is not None and (not self.gbs_known or getattr(g, "tokens_per_step", 0) is None):
            g.observe(batch)  # samples per step when the settings did not give them; tokens per step
        if self.every_fetch:
            self.new_step = True

    # --- phases: the parts of a step the trainer's hooks bracket (event pairs, as gauge.phase) ------------------
    def phase_begin(self, name: str) -> None:
        phase = getattr(self.gauge, "phase", None)
        if phase is None:
            return
        cm = phase(name)
        cm.__enter__()
        self._phases[name] = cm

    def phase_end(self, name: str) -> None:
        cm = self._phases.pop(name, None)
        if cm is not None:
            cm.__exit__(None, None, None)

    # --- trainer events ---------------------------------------------------------------------------------------
    def step_started(self) -> None:
        """The trainer starts computing a step. Normally the step is already open (its first fetch opened it); if
        no timed fetch came (a loader wprof could not time: a resumed run's skip_first_batches copy, a custom
        fetcher), the step opens here, after its fetch: step and iter stay right, data time is not measured, and
        that is said once."""
        if not self.new_step:
            return
        self.gauge.begin_step()
        self.new_step = False
        self.in_step = True
        if not self._said_untimed:
            self._said_untimed = True
            msg = (f"{self.framework}: the training batch fetches could not be timed; steps start after their fetch "
                   "and data_ms is 0 (not measured)")
            say(msg)
            add = getattr(self.gauge, "add_warning", None)
            if add is not None:
                add("data-not-measured", msg + ".", "Time the loader by hand (gauge.data()) or report the loader "
                    "type: docs/integrations.md.")

    def optimizer_stepped(self) -> None:
        """An optimizer step finished: the next fetch starts the next step."""
        self.new_step = True

    def pause(self) -> None:
        """Evaluation, checkpointing or the end of an epoch follows: end the open step here (not timed)."""
        if self.in_step:
            self.gauge.end_step()
            self.in_step = False
        self.new_step = True

    def train_end(self) -> None:
        """Training returned: close the last step, restore the loaders, finish the gauge (``partial`` when the run
        ended before the window's end; a no-op when the window already finished)."""
        self.pause()
        self.untime()
        self.gauge.finish()

    def untime(self) -> None:
        """Give every timed loader its own class back."""
        for loader in self.timed:
            untime_loader(loader)
        self.timed.clear()

    def time(self, loader: Any) -> bool:
        """Time the fetches of ``loader`` (its innermost plain loader); False when it cannot be done."""
        inner = innermost_loader(loader)
        if inner is None:
            return False
        if any(x is inner for x in self.timed):
            return True
        if time_loader(inner, self):
            self.timed.append(inner)
            return True
        return False


def innermost_loader(loader: Any) -> Any:
    """Follow ``base_dataloader`` (Accelerate's ``DataLoaderShard``/``DataLoaderDispatcher``) to the loader that
    fetches; None for ``None``."""
    seen = 0
    while loader is not None and seen < 8:
        inner = getattr(loader, "__dict__", {}).get("base_dataloader")
        if inner is None:
            return loader
        loader, seen = inner, seen + 1
    return loader


def _timed_iter(loader: Any, base_iter: Any) -> Iterator[Any]:
    drv: Driver | None = getattr(loader, "_wprof_driver", None)
    it = base_iter(loader)
    if drv is None:
        yield from it
        return
    while True:
        drv.fetch_begin()
        try:
            item = next(it)
        except StopIteration:
            drv.gauge.end_data()
            return
        except BaseException:
            drv.gauge.end_data()
            raise
        drv.fetch_end(item)
        yield item


def swap_class(obj: Any, driver: Driver, overrides: dict[str, Any]) -> bool:
    """Give ``obj`` (only this object) a subclass of its class with ``overrides`` and a ``_wprof_driver``;
    :func:`untime_loader` restores it. False for objects whose class cannot be swapped."""
    cls = type(obj)
    if getattr(cls, "_wprof_timed", False):
        object.__setattr__(obj, "_wprof_driver", driver)
        return True
    sub = _SUBCLASSES.get(cls)
    if sub is None:
        try:
            sub = type(cls.__name__, (cls,), {**overrides, "_wprof_timed": True, "__module__": cls.__module__,
                                              "__qualname__": cls.__qualname__})
        except TypeError:
            return False
        _SUBCLASSES[cls] = sub
    try:
        object.__setattr__(obj, "_wprof_driver", driver)
        object.__setattr__(obj, "__class__", sub)
    except (TypeError, AttributeError):
        try:
            object.__delattr__(obj, "_wprof_driver")
        except Exception:
            pass
        return False
    return True


def time_loader(loader: Any, driver: Driver) -> bool:
    """Swap the class of ``loader`` for a subclass whose ``__iter__`` times each fetch through ``driver``.

    Only this object changes (``isinstance`` still holds, every attribute is the same); :func:`untime_loader`
    restores the class. Returns False for objects whose class cannot be swapped (builtins, ``__slots__`` layouts)."""
    base_iter = type(loader).__iter__

    def __iter__(self: Any) -> Iterator[Any]:
        return _timed_iter(self, base_iter)

    return swap_class(loader, driver, {"__iter__": __iter__})


def untime_loader(loader: Any) -> None:
    """Undo :func:`time_loader` (the loader's own class again)."""
    cls = type(loader)
    if getattr(cls, "_wprof_timed", False):
        try:
            object.__setattr__(loader, "__class__", cls.__mro__[1])
            object.__delattr__(loader, "_wprof_driver")
        except Exception:
            pass


def say(text: str) -> None:
    """One ``[wprof]`` line on stderr (rank 0 only, as the gauge prints)."""
    from ..loop.distributed import rank_world

    if rank_world()[0] != 0:
        return
    print(f"[wprof] {text}", file=sys.stderr)
    sys.stderr.flush()

