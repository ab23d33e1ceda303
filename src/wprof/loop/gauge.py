"""The loop gauge: per-iteration compute time, data time, step time and throughput of a training loop.

Timing model (DESIGN.md, docs/loop.md), per iteration ("step") of the window. At each boundary the gauge takes the
host time and a *mark* on the clock of the mode: a CUDA event on the current stream (``events``),
``torch.cuda.synchronize()`` then the host clock (``sync``, the seed template), or the host clock (``host``).

- ``step_ms``: from the step's start mark to the next step's start mark: the period of the loop on the mode's clock.
  In ``events`` mode that is the device clock, which is right whether the host runs ahead of the GPU (the events
  queue behind the work, so the period is the GPU's) or the GPU waits for the host (an idle GPU reaches an event when
  the host records it, so the period includes the data wait). Host boundary-to-boundary times are kept as
  ``timing["host_step_ms"]``: with the host ahead of the GPU they are not the loop's period.
- ``iter_ms``: ``step_ms`` minus the device spans of the step's data fetches (start-of-fetch to end-of-fetch
  marks): compute and communication, excluding data. A fetch shorter than ``short_fetch_ns`` of host time gets no
  end mark (one event less per iteration); its device span, at most that host time, stays in ``iter_ms``.
- ``data_ms``: host time inside the wrapped iterator's ``__next__`` (and inside ``with gauge.data():`` blocks).
- ``fps = global_batch_size / step_ms``.

Marks are read lazily (``query()``, never a synchronize in the loop): a step is resolved when its log line is due and
its end mark has completed, when the event ring is full, or after the window (one synchronize). Iterations
``[start, stop)`` form the window; earlier ones are warmup (host clock only), later ones pass through untouched.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NoReturn

from .._optional import cuda_available
from ..errors import ConfigError, DeviceUnavailableError, UsageError
from ..stats import Warning_
from . import distributed, exits, output
from ..results import now_utc
from .assemble import build_result, preload_finish, rank_summary, write_result
from .batch import (BATCH_SOURCE, TOKENS_SOURCE, batch_size_of, dim_source, global_batch_size, loader_batch_size,
                    loader_source, tokens_of)
from .config import GaugeConfig, check_name, resolve_config
from .exits import ExitHook
from .hooks import DataCM, PhaseCM, StepCM
from ..results.loop import LoopResult
from .series import Series, Step, lazy_line
from .snapshot import WindowSnapshot
from .window import FlopCount, WindowActions

__all__ = ["Gauge", "SHORT_FETCH_NS"]

_WARMUP, _WINDOW, _AFTER = 0, 1, 2
SHORT_FETCH_NS = 10_000  # fetches shorter than this (host time) get no end-of-fetch mark



@dataclass
class _Observed:
    """Batches counted by :meth:`Gauge.observe` in one step, until the global batch size and tokens are settled."""

    step: int  # the step they were fetched in
    samples: int  # summed batch dimensions
    batches: int
    tokens: int  # summed token ids (token batches), 0 otherwise
    dim: int  # the batch dimension taken (1: sequence-first)
    note: str  # the evidence for it, appended to the source
    nth: int  # 1: the first step that fetched (may hold a prefetch), 2: the one after it

class Gauge:
    """Time the iterations of a loop. ``for batch in Gauge(loader, global_batch_size=256): ...``

    For a loop that runs once per epoch: one gauge, ``for batch in gauge.wrap(loader):`` in each epoch (the count
    continues across epochs; the global batch size is learned when not given).

    For loops that are not ``for batch in loader``: ``with gauge.step():`` around one iteration and
    ``with gauge.data():`` around data loading inside it (or :meth:`begin_step`/:meth:`end_step`,
    :meth:`begin_data`/:meth:`end_data`). ``with gauge.phase("forward"):`` adds a per-phase breakdown.

    Results are written to ``<out_dir>/<name>.json`` (schema ``wprof.loop/1``) and ``.jsonl`` (one line per
    iteration) when the window ends, the loader runs out, or the process exits (exception, ``sys.exit``, Ctrl-C).
    Every option can also come from the ``WPROF`` environment variable, which wins (docs/loop.md).
    """

    short_fetch_ns = SHORT_FETCH_NS

    def __init__(self, iterable: Iterable[Any] | None = None, *, global_batch_size: int | None = None,
                 warmup: int = 5, iters: int = 30, window: tuple[int, int] | None = None, mode: str = "auto",
                 log_interval: int = 10, name: str | None = None, out_dir: str | os.PathLike[str] | None = None,
                 flops_per_sample: float | None = None, flops_per_step: float | None = None,
                 count_flops: bool = False, peak_flops: float | None = None, dtype: str | None = None,
                 dmon: bool = False, kineto: bool = False, memory_history: bool = False, cprofile: bool = False,
                 nvtx: bool = False, profiler_api: bool = True, exit_after: bool = False, all_ranks: bool = False,
                 enabled: bool = True, loop_file: str | None = None, env: bool | str = True,
                 _clock: Callable[[], int] | None = None, _marks: Any = None) -> None:
        kwargs = dict(global_batch_size=global_batch_size, warmup=warmup, iters=iters, window=window, mode=mode,
                      log_interval=log_interval, name=name, out_dir=None if out_dir is None else str(out_dir),
                      flops_per_sample=flops_per_sample, flops_per_step=flops_per_step, count_flops=count_flops,
                      peak_flops=peak_flops, dtype=dtype, dmon=dmon, kineto=kineto, memory_history=memory_history,
                      cprofile=cprofile, nvtx=nvtx, profiler_api=profiler_api, exit_after=exit_after,
                      all_ranks=all_ranks, enabled=enabled, loop_file=loop_file)
        try:
            cfg = resolve_config(kwargs, env)
        except ConfigError as exc:
            if env is not True:
                raise
            _bad_environment(exc)
        check_name(cfg)  # a path, not a label: refused before anything runs
        self.config: GaugeConfig = cfg
        self._iterable = iterable
        self.enabled = cfg.enabled
        if not cfg.enabled:
            self.mode = "off"
        elif _marks is not None:  # tests inject fake marks; their clock decides the mode's label
            self.mode = "events" if _marks.clock == "cuda-events" else ("host" if cfg.mode == "auto" else cfg.mode)
        else:
            self.mode = self._resolve_mode(cfg.mode)
        self.name = cfg.name or _default_name()
        self._now = _clock or time.perf_counter_ns
        self._marks = _marks
        self._mark: Callable[[], Any] = _no_mark  # the marks' bound methods, set when the window opens
        self._ready: Callable[[Any], bool] = _always
        self._start, self._stop = cfg.start, cfg.stop
        self._state = _WARMUP if self._start > 0 else _WINDOW
        self._window_started = False
        self._hot = False  # inside the window, past its first step: the boundary's short path
        self._i = 0
        self._open: Step | None = None
        self._series = Series()
        self._pending = self._series.pending  # closed window steps not resolved yet, oldest first
        self._dueq = self._series.due  # pending steps whose log line is due, oldest first
        self._print_due = self._series.print_due
        self._li = 0  # log interval of this rank (0: no lines)
        self._per_step: Callable[[int], None] | None = None  # NVTX range / Kineto step at each window boundary
        self._unmarked = 0  # window fetches shorter than short_fetch_ns (no end mark)
        self._warm = {"iterations": 0, "step_ms": 0.0, "data_ms": 0.0, "first_step_ms": None}
        self._warm_k = 2
        self._discarded: list[str] = []
        self._actions: WindowActions | None = None
        self._flops: FlopCount | None = None  # FlopCounterMode over the last warmup step (count_flops)
        self._rank, self._world = 0, 1
        self._printing = False
        self._log = logging.getLogger(output.LOGGER_NAME)
        self._prefix = "0:[wprof] "
        self._nvtx: Any = None
        self._exit = ExitHook(self._at_exit, busy=self._is_finishing, on_fork_child=self._forked)
        self._finishing = False
        # observe(): [step, summed sizes, batches, summed tokens, (dim, note), 1 for the first fetching step else 2]
        self._observed: _Observed | None = None
        self.tokens_per_step: int | None = None  # token batches: token ids per step, all ranks (tokens/s)
        self._added_warnings: list[Warning_] = []  # add_warning(): what a caller could not measure
        self.result: LoopResult | None = None

    # --- configuration ------------------------------------------------------------------------------------------
    @staticmethod
    def _resolve_mode(mode: str) -> str:
        if mode == "host":
            return mode
        cuda = cuda_available()
        if mode == "auto":
            return "events" if cuda else "host"
        if mode in ("events", "sync") and not cuda:
            raise DeviceUnavailableError(f"mode={mode!r} needs CUDA, which torch does not see here; use mode='host' "
                                         "(or 'auto', which picks host timing without CUDA)")
        return mode

    @property
    def out_base(self) -> Path:
        base = Path(self.config.out_dir or "wprof-results") / self.name
        return base.with_name(base.name + (f".rank{self._rank}" if self._world > 1 else ""))

    # --- the for-loop wrapper -----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._iterable)  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[Any]:
        if self._iterable is None:
            raise UsageError("this Gauge was made without an iterable: pass the loader (Gauge(loader, ...)) or use "
                             "the hooks (with gauge.step(): ...)")
        return self._iterate(iter(self._iterable))

    def wrap(self, iterable: Iterable[Any]) -> Iterable[Any]:
        """``for batch in gauge.wrap(loader):`` -- iterate ``loader`` like ``for batch in gauge``, but when it runs out
        the gauge keeps counting: the step opened for the failed fetch is dropped (it never ran) and the next
        ``gauge.wrap(...)`` (the next epoch, the next ``train_one_epoch`` call) continues with the same index, so
        one gauge's warmup and window span nested epoch loops. The gauge finishes at the window's end,
        :meth:`finish`, or interpreter exit -- never because one loader ran out.

        Without a global batch size the gauge learns it (recorded in ``config.sources``): ``iterable.batch_size``
        (a DataLoader) times the world size, else the first batch's first dimension times the world size.
        The returned object has ``len()`` when ``iterable`` does (for ``tqdm(gauge.wrap(loader))``)."""
        if self.enabled and not self.config.global_batch_size:
            n = loader_batch_size(iterable)
            if n:
                self._learn_global_batch_size(n, loader_source(iterable))
        return _Epoch(self, iterable)

    def _iterate(self, it: Iterator[Any], epoch: bool = False) -> Iterator[Any]:
        if not self.enabled:
            yield from it
            return
        now = self._now
        short = self.short_fetch_ns
        learn = epoch and (not self.config.global_batch_size or self.tokens_per_step is None)  # wrap(): 1st batch
        while True:
            if self._state == _AFTER:
                yield from it
                return
            m = self._boundary()
            if self._state == _AFTER:
                yield from it
                return
            t0 = now()
            try:
                item = next(it)
            except StopIteration:
                if epoch:
                    self._drop_open()
                else:
                    self._exhausted()
                return
            d = now() - t0
            st = self._open
            st.data_ns += d
            if st.win:
                if d >= short:
                    st.data.append((m, self._mark()))
                else:
                    self._unmarked += 1
            if learn:
                learn = False
                if not self.config.global_batch_size:
                    n = batch_size_of(item)
                    if n:
                        self._learn_global_batch_size(n, BATCH_SOURCE)
                if self.tokens_per_step is None:
                    self._learn_tokens(tokens_of(item) or 0, TOKENS_SOURCE)
            yield item

    # --- global batch size --------------------------------------------------------------------------------------
    def set_global_batch_size(self, n: int, *, source: str = "set_global_batch_size()") -> int | None:
        """Give the gauge its global batch size (samples per step, all ranks) after construction, for fps.

        ``source`` is recorded in ``config.sources["global_batch_size"]`` (and so in the result's config). A value
        from ``WPROF`` (``--gbs``) is the per-run override and is kept. Applies to the lines and the result produced
        after the call. Returns the global batch size in effect."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise UsageError(f"set_global_batch_size({n!r}): the global batch size must be a positive integer "
                             "(samples per step, all ranks)")
        cfg = self.config
        if cfg.global_batch_size and cfg.sources.get("global_batch_size") == "WPROF":
            return cfg.global_batch_size
        self.config = replace(cfg, global_batch_size=n, sources={**cfg.sources, "global_batch_size": source})
        if self._window_started:  # the per-iteration lines show fps from now on
            self._series.log = lazy_line(self._log, self._prefix, n, self.tokens_per_step)
        return n

    def observe(self, batch: Any, *, dim: int = 0, why: str = "") -> None:
        """Count a fetched batch toward the global batch size (and the tokens per step), for loops timed with hooks
        (``while`` loops, ``get_batch()`` functions), which never see the batch: call it with what a
        ``with gauge.data():`` block fetched. Until they are known, the sizes of the batches fetched in one step are
        summed (gradient accumulation fetches several per step): the second step that fetches any (the first may
        hold a loader's prefetch), or the first when no other follows; when a later step fetches, or the gauge
        finishes, the global batch size becomes that sum times the world size, with the source
        recorded in ``config.sources``. ``dim`` is the batch dimension (1 for sequence-first ``(seq, batch)``
        batches), ``why`` the evidence for it, recorded in the source. Token batches (integer tensors of two or
        more dimensions, ``input_ids``) also give ``tokens_per_step``. Reads ``.shape``/``.dtype`` only; a no-op once
        both are known."""
        if not self.enabled or (self.config.global_batch_size and self.tokens_per_step is not None):
            return
        st = self._open
        if st is None:
            return  # a batch fetched outside any step belongs to no step's samples
        obs = self._observed
        second = False
        if obs is not None and obs.step != st.i:
            if obs.nth > 1:
                self._settle_observed()
                return
            # the first step that fetched may hold a prefetch (a loader that runs one batch ahead): count the next
            obs, self._observed, second = None, None, True
        n = batch_size_of(batch, dim)
        if dim and n is None:  # a 1-D batch has no dimension 1: its only dimension counts
            dim, n = 0, batch_size_of(batch, 0)
        tok = tokens_of(batch) or 0
        if not n and not tok:
            return
        note = f" ({why})" if why and not dim else ""
        if dim:
            n0 = batch_size_of(batch, 0)
            note = f" ({why + '; ' if why else ''}dimension 0 is {n0})"
        if obs is None:
            self._observed = _Observed(st.i, n or 0, 1, tok, dim, note, 2 if second else 1)
        else:
            obs.samples += n or 0
            obs.batches += 1
            obs.tokens += tok

    def _settle_observed(self) -> None:
        obs, self._observed = self._observed, None
        if obs is None:
            return
        n, k, tok, dim, note = obs.samples, obs.batches, obs.tokens, obs.dim, obs.note
        if tok and self.tokens_per_step is None:
            self._learn_tokens(tok, TOKENS_SOURCE if k == 1 else f"{TOKENS_SOURCE}s, summed over the {k} batches "
                                                               "fetched in one step")
        elif self.tokens_per_step is None:
            self.tokens_per_step = 0  # not a token batch: stop looking
        if self.config.global_batch_size or not n:
            return
        what = dim_source(dim)
        each = "the first dimensions" if dim == 0 else f"dimension {dim}"
        src = what + note if k == 1 else f"sum of {each} of the {k} batches fetched in one step{note}"
        self._learn_global_batch_size(n, src)

    def set_tokens_per_step(self, n: int, *, source: str = "set_tokens_per_step()") -> int:
        """Tokens per step over all ranks (token batches), for ``tokens_per_s``; recorded in ``config.sources``."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise UsageError(f"set_tokens_per_step({n!r}): tokens per step must be a positive integer")
        self.tokens_per_step = n
        self.config = replace(self.config, sources={**self.config.sources, "tokens_per_step": source})
        if self._window_started:
            self._series.log = lazy_line(self._log, self._prefix, self.config.global_batch_size, n)
        return n

    def _learn_tokens(self, per_rank: int, source: str) -> None:
        if not per_rank:
            self.tokens_per_step = 0  # not a token batch
            return
        n, src = global_batch_size(per_rank, source)
        self.set_tokens_per_step(n, source=src)

    def _learn_global_batch_size(self, per_rank: int, source: str) -> None:
        n, src = global_batch_size(per_rank, source)
        self.set_global_batch_size(n, source=src)

    def add_warning(self, code: str, message: str, advice: str = "") -> None:
        """Put a quality warning in this gauge's result (once per code): for code that drives the gauge and knows a
        value it could not measure (``wprof.integrations``: fetches it could not time, so ``data_ms`` is 0)."""
        if not any(w.code == code for w in self._added_warnings):
            self._added_warnings.append(Warning_(code, message, advice))

    # --- hooks --------------------------------------------------------------------------------------------------
    def step(self) -> StepCM:
        """``with gauge.step():`` around one iteration (the step starts at entry and ends at exit)."""
        return StepCM(self)

    def data(self) -> DataCM:
        """``with gauge.data():`` around data loading inside a step (counted in ``data_ms``, excluded from iter)."""
        return DataCM(self)

    def phase(self, name: str) -> PhaseCM:
        """``with gauge.phase("forward"):`` -- an event pair per phase inside a step, for a breakdown table."""
        return PhaseCM(self, name)

    def begin_step(self) -> None:
        """Start an iteration (a boundary: ends an iteration still open)."""
        if self.enabled and self._state != _AFTER:
            self._boundary()

    def end_step(self) -> None:
        """End the open iteration (code after it and before the next begin_step is not timed)."""
        st = self._open
        if st is None:
            return
        t = self._now()
        m = self._mark() if st.win else None
        self._open = None
        self._close(st, t, m)

    def begin_data(self) -> None:
        st = self._open
        if st is None:
            return  # data outside a step is not part of any iteration
        st.k += 2
        if st.win:
            st.dm0 = self._mark()
        st.dt0 = self._now()

    def end_data(self) -> None:
        st = self._open
        if st is None or st.dt0 is None:
            return
        d = self._now() - st.dt0
        st.data_ns += d
        st.dt0 = None
        if st.win:
            if d >= self.short_fetch_ns:
                st.data.append((st.dm0, self._mark()))
            else:
                self._unmarked += 1

    # --- core ---------------------------------------------------------------------------------------------------
    def _boundary(self) -> Any:
        """End the open step (if any) and begin the next; returns the mark taken (the new step's start)."""
        t = self._now()
        i = self._i
        if self._hot and self._start < i < self._stop:  # short path: a window step that is neither first nor last
            m = self._mark()
            prev = self._open
            if prev is not None:
                self._open = None
                prev.t1 = t
                prev.m1 = m
                if self._nvtx is not None:
                    self._nvtx.pop_range()
                self._pending.append(prev)
                li = self._li
                if li and (prev.i - self._start) % li == 0:
                    self._dueq.append(prev)
            self._open = Step(i, True, t, m)
            self._i = i + 1
            if self._dueq and self._ready(self._dueq[0].m1):
                self._print_due()
            if self._per_step is not None:
                self._per_step(i)
            return m
        return self._boundary_edge(t, i)

    def _boundary_edge(self, t: int, i: int) -> Any:
        """The boundary in warmup, at the window's first and last step, and after it."""
        prev = self._open
        if not self._exit.installed:  # the first boundary: no step is open yet
            preload_finish(self)  # finishing inside atexit must import nothing (see preload_finish)
            self._exit.install()
            if prev is None:
                t = self._now()  # the imports are not part of the first step
        if i == self._start and not self._window_started:
            if prev is not None:
                self._open = None
                self._close(prev, t, None)
                prev = None
            self._window_begin()
            t = self._now()
        in_win = self._start <= i < self._stop and self._state == _WINDOW
        m = self._mark() if (in_win or (prev is not None and prev.win)) else None
        if prev is not None:
            self._open = None
            self._close(prev, t, m)
        if self._state == _AFTER or i >= self._stop:
            return None
        st = Step(i, in_win, t, m)
        self._open = st
        self._i = i + 1
        if in_win:
            if self._dueq and self._ready(self._dueq[0].m1):
                self._print_due()
            if self._per_step is not None:
                self._per_step(i)
        elif self._flops is None and self.config.count_flops and i == self._start - 1:
            self._flops = FlopCount(i)
        return m

    def _close(self, st: Step, t: int, m: Any) -> None:
        st.t1, st.m1 = t, m
        if not st.win:
            w = self._warm
            w["iterations"] += 1
            ms = (t - st.t0) / 1e6
            w["step_ms"] += ms
            w["data_ms"] += st.data_ns / 1e6
            if w["first_step_ms"] is None:
                w["first_step_ms"] = ms
            self._warm_k = max(self._warm_k, st.k)
            if self._flops is not None and self._flops.on:
                self._flops.stop()
            return
        if self._nvtx is not None:
            self._nvtx.pop_range()
        self._pending.append(st)
        li = self._li
        if li and (st.i - self._start) % li == 0:
            self._dueq.append(st)
        if st.i == self._stop - 1:
            self._window_end("complete", "")

    def _step_actions(self, i: int) -> None:
        if self._nvtx is not None:
            self._nvtx.push_range(f"wprof.step {i}")
        if self._actions is not None and self._actions.kineto is not None:
            self._actions.kineto.step()

    def _discard(self, why: str) -> None:
        st = self._open
        if st is None:
            return
        self._open = None
        self._discarded.append(f"{why} {st.i}")
        if st.win:
            if self._nvtx is not None:
                self._nvtx.pop_range()
            if st.i == self._stop - 1:
                self._window_end("interrupted", f"{why} {st.i}, the window's last iteration")
        elif self._flops is not None and self._flops.on:
            self._flops.stop()

    def _drop_open(self) -> None:
        """Forget the step opened for a fetch that found the loader exhausted (it never ran): the next step reuses
        its index. Not a discarded iteration, and the gauge does not finish."""
        st = self._open
        if st is None:
            return
        self._open = None
        self._i = st.i
        if st.win:
            if self._nvtx is not None:
                self._nvtx.pop_range()
        elif self._flops is not None and self._flops.on:  # it counted a fetch only: count the next epoch's step
            self._flops.stop()
            self._flops = None

    def _exhausted(self) -> None:
        """The loader ran out (``for batch in gauge``): drop the step opened for the failed fetch, finish."""
        self._drop_open()
        if self._state == _AFTER or self.result is not None:
            return
        got = self._i
        self._finish("partial", f"the loader ended after {got} iterations, before the window's end at iteration "
                                f"{self._stop} (warmup {self._start}, iters {self._stop - self._start})")

    # --- window edges -------------------------------------------------------------------------------------------
    def _window_begin(self) -> None:
        self._window_started = True
        self._state = _WINDOW
        cfg = self.config
        self._rank, self._world = distributed.rank_world()
        self._printing = self._rank == 0 or cfg.all_ranks
        self._prefix = output.prefix(self._rank)
        if self._printing:
            self._log = output.get_logger()
        self._li = cfg.log_interval if self._printing and self._log.isEnabledFor(logging.INFO) else 0
        cuda = self.mode in ("events", "sync")
        if self._marks is None:
            from .marks import EventMarks, HostMarks, SyncMarks

            self._marks = {"events": EventMarks, "sync": SyncMarks}.get(self.mode, HostMarks)()
        n = self._stop - self._start
        series = self._series
        series.marks = self._marks
        series.log = lazy_line(self._log, self._prefix, cfg.global_batch_size, self.tokens_per_step)
        self._marks.prepare(self._warm_k * min(n + 1, 2048) + 64, series.on_ring_full)
        self._mark, self._ready = self._marks.mark, self._marks.ready
        if self.mode == "host" and self._printing:
            self._log.info("%sno CUDA: timing on the host clock (iter_ms, data_ms and step_ms are host times)",
                           self._prefix)
        if cfg.nvtx:
            from .. import nvtx

            self._nvtx = nvtx
        self._actions = WindowActions(cfg, cuda, self.out_base)
        self._actions.start()
        if self._nvtx is not None or self._actions.kineto is not None:
            self._per_step = self._step_actions
        self._hot = True

    def _window_end(self, status: str, reason: str) -> None:
        self._hot = False
        if self._state == _AFTER:
            return
        self._state = _AFTER
        self._finish(status, reason)

    def _finish(self, status: str, reason: str) -> LoopResult | None:
        if self._finishing or self.result is not None:
            return self.result
        self._finishing = True
        if self._observed is not None:
            self._settle_observed()
        self._state = _AFTER
        self._hot = False
        warnings: list[Warning_] = []
        try:
            if self._open is not None and self._open.win and self._nvtx is not None:
                self._nvtx.pop_range()
            self._open = None
            if self._window_started:
                try:
                    self._marks.finalize()
                except Exception as exc:
                    warnings.append(Warning_("sync-failed", f"the final synchronize failed ({exc}); unresolved "
                                             "iterations were dropped."))
                    self._pending.clear()
                if self._actions is not None:
                    self._actions.stop()  # its warnings, files and tables go into the snapshot
                while self._pending:
                    try:
                        self._series.resolve(self._pending.popleft())
                    except Exception as exc:
                        warnings.append(Warning_("resolve-failed", f"an iteration could not be read ({exc})."))
            if self._flops is not None and self._flops.on:
                self._flops.stop()
            res = build_result(self._snapshot(status), status, reason, tuple(warnings))
            self.result = write_result(res, self.out_base, self._log, self._prefix, self._printing)
        finally:
            self._exit.remove()
            self._finishing = False
        if self.config.exit_after and status == "complete":
            raise SystemExit(0)
        return self.result

    def _snapshot(self, status: str) -> WindowSnapshot:
        """Freeze what this window measured (every pending iteration resolved) for the assembly step; rank 0 of a
        complete distributed window also all-gathers every rank's summary here (a collective: every rank calls it)."""
        ser, acts, marks, fl = self._series, self._actions, self._marks, self._flops
        env: dict[str, Any]
        try:
            from ..env import fingerprint

            env = fingerprint()
        except Exception as exc:
            env = {"error": f"{type(exc).__name__}: {exc}"}
        snap = WindowSnapshot(
            name=self.name, mode=self.mode, config=self.config, window=(self._start, self._stop),
            index=tuple(ser.index), iter_ms=tuple(ser.iter), data_ms=tuple(ser.data), step_ms=tuple(ser.step),
            phases={k: tuple(v) for k, v in ser.phases.items()}, host_step_ms=tuple(ser.host_step),
            window_t0_ns=ser.t0_ns,
            rank=self._rank, world_size=self._world, warmup=dict(self._warm), discarded=tuple(self._discarded),
            short_fetch_ns=self.short_fetch_ns, unmarked_fetches=self._unmarked,
            ring_stalls=int(getattr(marks, "stalls", 0) or 0), ring_grown=int(getattr(marks, "grown", 0) or 0),
            actions_warnings=(tuple(acts.warnings) if acts else ()) + tuple(self._added_warnings),
            telemetry=acts.telemetry if acts else None,
            artifacts=dict(acts.artifacts) if acts else {}, notes=tuple(acts.notes) if acts else (),
            top_ops=tuple(acts.top_ops) if acts else (), top_functions=tuple(acts.top_functions) if acts else (),
            flops_counted=fl.flops if fl is not None else None, flops_note=fl.note if fl is not None else "",
            argv=tuple(sys.argv), env=env, created_utc=now_utc(), tokens_per_step=self.tokens_per_step or None,
            own_gauge=_made_by_the_script(),
        )
        if status == "complete" and self._world > 1 and distributed.dist_ready():
            try:
                per = distributed.gather(rank_summary(snap))
                if per:
                    snap = replace(snap, ranks=tuple(per))
            except Exception as exc:
                snap = replace(snap, gather_error=str(exc))
        return snap

    def finish(self) -> LoopResult | None:
        """End timing now and return the result (idempotent). Runs by itself at the window's end, when the loader of
        ``for batch in gauge`` runs out, and at interpreter exit (as :meth:`finish_interrupted`)."""
        if not self.enabled:
            return None
        if self.result is not None:
            return self.result
        if self._state == _AFTER:
            return self.result
        done = len(self._series) + len(self._pending)
        return self._finish("partial", f"the loop ended (or finish() was called) after {done} of "
                                       f"{self._stop - self._start} window iterations")

    def finish_interrupted(self, why: str | None = None) -> LoopResult | None:
        """Finish as at interpreter exit, for code that ends a run itself (``wprof run`` after the script raised,
        called ``sys.exit`` or was interrupted): status ``interrupted`` (``partial`` if the window had not started),
        the reason says how many window iterations were measured and ``why`` (default: the last discarded
        iteration, else "exception, sys.exit or Ctrl-C"). Idempotent like :meth:`finish`."""
        if not self.enabled:
            return None
        if self.result is not None:
            return self.result
        done = len(self._series) + len(self._pending)
        why = why or "; ".join(self._discarded[-1:]) or "exception, sys.exit or Ctrl-C"
        status = "interrupted" if self._window_started else "partial"
        return self._finish(status, f"the process exited after {done} of {self._stop - self._start} window "
                                    f"iterations ({why})")

    # --- exit paths ---------------------------------------------------------------------------------------------
    def _is_finishing(self) -> bool:
        return self._finishing

    def _forked(self) -> None:
        """In the child of a fork (a helper, a worker): this copy of the gauge is off. It passes batches through and
        writes and prints nothing; the parent's gauge goes on and writes the one result (docs/reliability.md)."""
        self.enabled = False
        self._state = _AFTER
        self._hot = False
        self._open = None
        self._li = 0
        self._printing = False
        self._per_step = None

    def _at_exit(self) -> None:
        try:
            why = exits.cause()
            if why is None and self._open is None and self._window_started and self.result is None:
                # the loop had stopped (break, end_step) before the window's end, then the script ended
                done = len(self._series) + len(self._pending)
                last = f"; {self._discarded[-1]}" if self._discarded else ""
                self._finish("partial", f"the loop stopped after {done} of {self._stop - self._start} window "
                                        f"iterations and the script ended{last}")
            else:
                self.finish_interrupted(why or "; ".join(self._discarded[-1:])
                                        or "sys.exit, or the script ended, inside the loop")
        except SystemExit:
            pass


class _Epoch:
    """What :meth:`Gauge.wrap` returns: one pass over the iterable through the gauge (``len()`` passes through)."""

    __slots__ = ("_g", "_iterable")

    def __init__(self, g: Gauge, iterable: Iterable[Any]) -> None:
        self._g, self._iterable = g, iterable

    def __len__(self) -> int:
        return len(self._iterable)  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[Any]:
        return self._g._iterate(iter(self._iterable), epoch=True)


def _no_mark() -> None:
    return None


def _always(m: Any) -> bool:
    return True


def _bad_environment(exc: ConfigError) -> NoReturn:
    """A bad ``WPROF`` token: the per-run setting is the user's input, not the script's code, so it is one line
    (``wprof: error: WPROF token ...``) and the exit code of a usage error, as ``wprof run`` gives, not a traceback
    through the script. ``SystemExit``: the script's own ``except Exception`` blocks do not hide it."""
    try:
        sys.stderr.write(f"wprof: error: {exc}\n")
        sys.stderr.flush()
    except Exception:
        pass
    raise SystemExit(exc.exit_code) from None


def _default_name() -> str:
    arg0 = sys.argv[0] if sys.argv else ""
    stem = Path(arg0).stem if arg0 and arg0 not in ("-c", "-") else ""
    return stem or "loop"


def _made_by_the_script() -> bool:
    """Whether the script made its gauge itself: `wprof run` makes its gauges through wprof.inject.runtime (one site
    per loop), so without a site the gauge is the script's own, which `wprof inject` would refuse."""
    runtime = sys.modules.get("wprof.inject.runtime")
    return not (runtime is not None and runtime.sites())
