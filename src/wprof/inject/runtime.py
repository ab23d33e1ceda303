"""What a rewritten script calls at run time (``wprof run``): one gauge per loop site, kept across epochs.

The rewrite turns ``for x, y in loader:`` into ``for x, y in <runtime>.wrap("train.py:42", loader):``. The first call
creates the site's :class:`wprof.Gauge` with the options ``wprof run`` configured; every call returns
``gauge.wrap(loader)`` of that one gauge, so its warmup and window count steps across epochs (the next epoch, the
next ``train_one_epoch(...)`` call). ``while`` and ``range`` loops use :func:`begin_step`, :func:`data` and
:func:`end_step`.

Global batch size, first source that answers: ``--gbs`` (or WPROF's ``--gbs``); for wrapped loops,
``Gauge.wrap`` learns it (the loader's ``batch_size`` x world size, else the first batch's first dimension x world
size); for hook loops, :func:`observe` passes each fetched batch to ``Gauge.observe``, which sums the first
dimensions of the batches fetched in one step (gradient accumulation) times the world size. The gauge records the
source in ``config.sources``; :attr:`Site.gbs_source` reads it for the report.

Only public Gauge methods are used here. Nothing here synchronizes the device or touches the batch beyond reading
``.shape`` once.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from typing import Any


__all__ = ["configure", "gauge_for", "wrap", "attach", "wrap_gauge", "begin_step", "end_step", "data", "observe",
           "finish_all", "sites", "Site"]


class Site:
    """One instrumented loop: its gauge (created on first use) and how often its loop started."""

    def __init__(self, site_id: str, options: dict[str, Any]) -> None:
        self.site_id = site_id
        self.options = dict(options)
        self.gauge: Any = None
        self.epochs = 0
        self.in_step = False

    def ensure(self) -> Any:
        if self.gauge is None:
            self.gauge = (_FACTORY or _default_factory)(**self.options)
        return self.gauge

    @property
    def gbs(self) -> int | None:
        """The gauge's global batch size (None until known)."""
        cfg = getattr(self.gauge, "config", None)
        if cfg is None:
            return self.options.get("global_batch_size")
        return getattr(cfg, "global_batch_size", None)

    @property
    def gbs_source(self) -> str:
        """Where the global batch size came from, for the report ("" while unknown)."""
        if not self.gbs:
            return ""
        cfg = getattr(self.gauge, "config", None)
        src = (getattr(cfg, "sources", None) or {}).get("global_batch_size", "")
        return {"WPROF": "WPROF --gbs", "kwarg": "--gbs", "": "--gbs"}.get(src, src)


_OPTIONS: dict[str, Any] = {}
_LAYOUT: Any = None  # inject.layout.Layout: which batch dimension observe() reads, and why
_SITES: dict[str, Site] = {}
_FACTORY: Any = None  # tests put a fake Gauge class here


def _default_factory(**options: Any) -> Any:
    import wprof

    return wprof.Gauge(**options)


def configure(**options: Any) -> None:
    """Gauge keyword arguments for every site created from now on (``wprof run`` calls this once)."""
    _OPTIONS.clear()
    _OPTIONS.update({k: v for k, v in options.items() if v is not None})


def set_layout(layout: Any) -> None:
    """The batch layout (:class:`wprof.inject.layout.Layout`) ``wprof run`` read from the code, for :func:`observe`."""
    global _LAYOUT
    _LAYOUT = layout


def layout() -> Any:
    return _LAYOUT


def site(site_id: str) -> Site:
    s = _SITES.get(site_id)
    if s is None:
        s = _SITES[site_id] = Site(site_id, _OPTIONS)
    return s


def sites() -> list[Site]:
    return list(_SITES.values())


def gauge_for(site_id: str) -> Any:
    """The one gauge of ``site_id`` (created on first call with the configured options)."""
    return site(site_id).ensure()


def wrap(site_id: str, iterable: Iterable[Any]) -> Iterable[Any]:
    """``gauge.wrap(iterable)`` of the site's one gauge (a new epoch of the same loop keeps the same gauge)."""
    s = site(site_id)
    g = s.ensure()
    s.epochs += 1
    inner = getattr(iterable, "__dict__", {}).get("base_dataloader")
    if inner is not None and getattr(g, "enabled", True):  # Accelerate: time the plain DataLoader inside
        return _accelerate_epoch(g, iterable, inner)
    return g.wrap(iterable)


def attach(site_id: str, trainer: Any) -> Any:
    """``trainer.train()`` / ``trainer.fit()`` of a framework: add the wprof callback driving the site's gauge
    (:func:`wprof.integrations.attach`) and return the trainer. Anything else passes through, with a note."""
    from ..integrations import attach as attach_callback, framework_of
    from ..integrations._driver import say

    s = site(site_id)
    if framework_of(trainer) is None:
        if not s.epochs:
            say(f"{site_id}: {type(trainer).__name__} is not a transformers or Lightning Trainer; its run is not "
                "timed")
        s.epochs += 1
        return trainer
    s.epochs += 1
    return attach_callback(trainer, s.ensure())


def _accelerate_epoch(g: Any, outer: Iterable[Any], inner: Any) -> Iterator[Any]:
    """One epoch over Accelerate's ``DataLoaderShard``: a step per batch, boundary and data time at the fetch of the
    plain DataLoader inside it (the shard's copy to the device, which synchronizes with the GPU for pageable memory,
    is compute, as a ``.cuda()`` in the loop body would be)."""
    from ..integrations._driver import Driver
    from ..loop.batch import global_batch_size, loader_batch_size, loader_source

    drv = Driver(g, "accelerate")
    drv.every_fetch = True
    if getattr(g, "enabled", True) and not g.config.global_batch_size:
        n = loader_batch_size(outer) or loader_batch_size(inner)
        if n:
            total, src = global_batch_size(n, loader_source(outer))
            g.set_global_batch_size(total, source=src)
    drv.gbs_known = bool(g.config.global_batch_size)
    if not drv.time(outer):
        yield from g.wrap(outer)
        return
    try:
        yield from outer
        drv.pause()  # the last batch's step ends with the epoch
    finally:
        drv.untime()


def wrap_gauge(gauge: Any, iterable: Iterable[Any]) -> Iterable[Any]:
    """``gauge.wrap(iterable)``: kept for copies written by older ``wprof inject`` versions."""
    return gauge.wrap(iterable)


def begin_step(site_id: str) -> None:
    """A step boundary (the first statement of a ``while`` loop's body)."""
    s = site(site_id)
    s.ensure().begin_step()
    s.in_step = True


def end_step(site_id: str) -> None:
    """After the loop: close its last step (no-op when no step is open)."""
    s = _SITES.get(site_id)
    if s is not None and s.gauge is not None and s.in_step:
        s.gauge.end_step()
        s.in_step = False


@contextlib.contextmanager
def data(site_id: str) -> Iterator[None]:
    """Data-loading time inside a step: the statement that fetches the batch."""
    g = site(site_id).ensure()
    g.begin_data()
    try:
        yield
    finally:
        g.end_data()


def observe(site_id: str, batch: Any) -> None:
    """``gauge.observe(batch)`` after a fetch inside a ``data()`` block: the gauge sums the first dimensions of the
    batches one step fetches (gradient accumulation) into the global batch size, until it is known."""
    s = _SITES.get(site_id)
    if s is not None and s.gauge is not None and (not s.gbs or getattr(s.gauge, "tokens_per_step", 0) is None):
        lay = _LAYOUT
        if lay is not None and (lay.dim or lay.why):
            s.gauge.observe(batch, dim=lay.dim, why=lay.why)
        else:
            s.gauge.observe(batch)


def finish_all(exited_early: bool = False, why: str | None = None) -> list[tuple[Site, Any]]:
    """Finish every gauge (idempotent); return each site with its LoopResult (None if it never ran).

    ``exited_early``: the script raised, called sys.exit or was interrupted; the gauge then finishes as it does at
    interpreter exit (``Gauge.finish_interrupted``: status ``interrupted`` inside the window, with the reason;
    ``why`` says how the script ended).
    """
    out = []
    for s in _SITES.values():
        res = None
        if s.gauge is not None:
            try:
                res = s.gauge.finish_interrupted(why) if exited_early else s.gauge.finish()
            except Exception as exc:  # a failing finish must not hide the script's own outcome
                print(f"wprof: could not finish the gauge of {s.site_id}: {type(exc).__name__}: {exc}",
                      file=sys.stderr)
        out.append((s, res))
    return out


def reset() -> None:
    """Forget every site (tests, and ``wprof run`` before a script starts)."""
    global _LAYOUT
    _SITES.clear()
    _OPTIONS.clear()
    _LAYOUT = None
