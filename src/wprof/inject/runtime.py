"""What a rewritten script calls at run time (``wprof run``): one gauge per loop site, kept across epochs.

The rewrite turns ``for x, y in loader:`` into ``for x, y in <runtime>.wrap("train.py:42", loader):``. The first call
creates the site's :class:`wprof.Gauge` with the options ``wprof run`` configured; later calls (the next epoch, the
next ``train_one_epoch(...)`` call) wrap the new iterable with the SAME gauge, so its warmup and window count steps
across epochs. ``while`` and ``range`` loops use :func:`begin_step`, :func:`data` and :func:`end_step`.

Global batch size, first source that answers: ``--gbs``; the wrapped object's ``batch_size`` attribute (a torch
``DataLoader``) times the world size; the first batch's first dimension (a tensor, or the first tensor in a
tuple/list/dict) times the world size. :data:`GBS_SOURCE` keeps the answer's source for the report.

Nothing here synchronizes the device or touches the batch beyond reading ``.shape`` once.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["configure", "gauge_for", "wrap", "wrap_gauge", "begin_step", "end_step", "data", "finish_all", "sites", "batch_size_of",
           "Site"]


class Site:
    """One instrumented loop: its gauge (created on first use) and what was learned about the batch size."""

    def __init__(self, site_id: str, options: dict[str, Any]) -> None:
        self.site_id = site_id
        self.options = dict(options)
        self.gauge: Any = None
        self.gbs: int | None = options.get("global_batch_size")
        self.gbs_source: str = "--gbs" if self.gbs else ""
        self.epochs = 0
        self.in_step = False

    # --- gauge ---------------------------------------------------------------------------------------------------
    def ensure(self) -> Any:
        if self.gauge is None:
            self.gauge = (_FACTORY or _default_factory)(**self.options)
            cfg = getattr(self.gauge, "config", None)
            given = getattr(cfg, "global_batch_size", None)
            if given:  # --gbs, or WPROF's --gbs (which wins over keyword arguments)
                self.gbs = given
                from_env = getattr(cfg, "sources", {}).get("global_batch_size") == "WPROF"
                self.gbs_source = "WPROF --gbs" if from_env else "--gbs"
        return self.gauge

    def learn_gbs(self, n: int | None, source: str) -> None:
        """Set the global batch size from the per-rank ``n`` times the world size (unless already known)."""
        if self.gbs or not n:
            return
        from ..loop.distributed import rank_world

        world = rank_world()[1]
        self.gbs = n * world
        self.gbs_source = f"{source} ({n}) x world size {world}"
        if self.gauge is not None:
            _set_gbs(self.gauge, self.gbs, self.gbs_source)


_OPTIONS: dict[str, Any] = {}
_SITES: dict[str, Site] = {}
_FACTORY: Any = None  # tests put a fake Gauge class here


def _default_factory(**options: Any) -> Any:
    import wprof

    return wprof.Gauge(**options)


def configure(**options: Any) -> None:
    """Gauge keyword arguments for every site created from now on (``wprof run`` calls this once)."""
    _OPTIONS.clear()
    _OPTIONS.update({k: v for k, v in options.items() if v is not None})


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


def _set_gbs(gauge: Any, n: int, source: str) -> None:
    """Give a running gauge its global batch size (and record where it came from in ``config.sources``)."""
    setter = getattr(gauge, "set_global_batch_size", None)
    if callable(setter):
        setter(n, source=source)
        return
    cfg = getattr(gauge, "config", None)
    if cfg is not None and dataclasses.is_dataclass(cfg) and not getattr(cfg, "global_batch_size", None):
        sources = dict(getattr(cfg, "sources", {}) or {})
        sources["global_batch_size"] = source
        gauge.config = dataclasses.replace(cfg, global_batch_size=n, sources=sources)


def batch_size_of(batch: Any) -> int | None:
    """First dimension of a tensor, or of the first tensor-like in a tuple/list/dict batch; None if there is none."""
    stack = [batch]
    for _ in range(16):
        if not stack:
            return None
        obj = stack.pop(0)
        shape = getattr(obj, "shape", None)
        if shape is not None:
            try:
                return int(shape[0]) if len(shape) >= 1 else None
            except (TypeError, ValueError, IndexError):
                return None
        if isinstance(obj, dict):
            stack.extend(obj.values())
        elif isinstance(obj, (tuple, list)):
            stack.extend(obj)
    return None


def _loader_batch_size(obj: Any) -> int | None:
    bs = getattr(obj, "batch_size", None)
    if isinstance(bs, int) and not isinstance(bs, bool) and bs > 0:
        return bs
    return None


def wrap(site_id: str, iterable: Iterable[Any]) -> Iterable[Any]:
    """The site's gauge wrapped around ``iterable`` (a new epoch of the same loop keeps the same gauge)."""
    s = site(site_id)
    g = s.ensure()
    s.learn_gbs(_loader_batch_size(iterable), f"{type(iterable).__name__}.batch_size")
    s.epochs += 1
    if s.gbs:
        return _gauge_wrap(g, iterable)
    return _Observed(s, _gauge_wrap(g, iterable))


class _Observed:
    """Passes items through; reads the first batch's first dimension for the global batch size."""

    def __init__(self, s: Site, inner: Iterable[Any]) -> None:
        self._site = s
        self._inner = inner

    def __len__(self) -> int:
        return len(self._inner)  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[Any]:
        for item in self._inner:
            if not self._site.gbs:
                self._site.learn_gbs(batch_size_of(item), "first dimension of the batch")
            yield item


def _gauge_wrap(g: Any, iterable: Iterable[Any]) -> Iterable[Any]:
    w = getattr(g, "wrap", None)
    if callable(w):
        return w(iterable)
    return _HookWrap(g, iterable)


class _HookWrap:
    """``Gauge.wrap`` until the Gauge has one: the step/data hooks around each ``__next__``, and at the end of an
    epoch the step opened for the failed fetch is dropped (not finished: the next epoch continues the count)."""

    def __init__(self, g: Any, iterable: Iterable[Any]) -> None:
        self._g = g
        self._iterable = iterable

    def __len__(self) -> int:
        return len(self._iterable)  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[Any]:
        g = self._g
        it = iter(self._iterable)
        while True:
            g.begin_step()
            g.begin_data()
            try:
                item = next(it)
            except StopIteration:
                _abandon_open_step(g)
                return
            g.end_data()
            yield item


def _abandon_open_step(g: Any) -> None:
    """Forget the step opened for a fetch that found the iterator exhausted (it never ran)."""
    st = getattr(g, "_open", None)
    if st is None:
        return
    g._open = None
    g._i = st.i  # the step index is reused by the next epoch's first step
    if st.win and getattr(g, "_nvtx", None) is not None:
        g._nvtx.pop_range()


def wrap_gauge(gauge: Any, iterable: Iterable[Any]) -> Iterable[Any]:
    """``gauge.wrap(iterable)`` for a Gauge made by hand: one gauge across epochs (used by ``wprof inject`` copies).

    Without a global batch size the gauge learns it as ``wprof run`` does (the DataLoader's ``batch_size`` x world
    size, else the first batch's first dimension x world size).
    """
    s = _BY_GAUGE.get(id(gauge))
    if s is None or s.gauge is not gauge:
        s = _BY_GAUGE[id(gauge)] = Site(f"gauge {getattr(gauge, 'name', '')}", {})
        s.gauge = gauge
        s.gbs = getattr(getattr(gauge, "config", None), "global_batch_size", None)
    s.learn_gbs(_loader_batch_size(iterable), f"{type(iterable).__name__}.batch_size")
    inner = _gauge_wrap(gauge, iterable)
    return inner if s.gbs else _Observed(s, inner)


_BY_GAUGE: dict[int, Site] = {}


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
    """Learn the batch size from a fetched batch (after a ``data()`` block), until it is known."""
    s = _SITES.get(site_id)
    if s is not None and not s.gbs:
        s.learn_gbs(batch_size_of(batch), "first dimension of the batch")


def finish_all(exited_early: bool = False) -> list[tuple[Site, Any]]:
    """Finish every gauge (idempotent); return each site with its LoopResult (None if it never ran).

    ``exited_early``: the script raised, called sys.exit or was interrupted; the gauge then finishes as it does at
    interpreter exit (status ``interrupted`` inside the window, with the reason).
    """
    out = []
    for s in _SITES.values():
        res = None
        if s.gauge is not None:
            try:
                at_exit = getattr(s.gauge, "_at_exit", None)
                if exited_early and callable(at_exit) and getattr(s.gauge, "result", None) is None:
                    at_exit()
                res = s.gauge.finish()
            except Exception as exc:  # a failing finish must not hide the script's own outcome
                print(f"wprof: could not finish the gauge of {s.site_id}: {type(exc).__name__}: {exc}",
                      file=sys.stderr)
        out.append((s, res))
    return out


def reset() -> None:
    """Forget every site (tests, and ``wprof run`` before a script starts)."""
    _SITES.clear()
    _OPTIONS.clear()
