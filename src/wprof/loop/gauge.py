"""The loop gauge: per-iteration compute time, data time, step time and throughput of a training loop.

Timing model (DESIGN.md), per iteration ("step") of the window:

- ``data_ms``: host time inside the wrapped iterator's ``__next__`` (and inside ``with gauge.data():`` blocks).
- ``iter_ms``: time of the step's work excluding data fetches, on the clock of the mode. In ``events`` mode a CUDA
  event is recorded on the current stream at each boundary (start of the fetch, end of the fetch); ``iter_ms`` is the
  GPU-stream time from the end of one fetch to the start of the next (generally: the step's event span minus its
  data blocks' event spans). Events are read with ``query()`` a few iterations late; nothing synchronizes in the loop.
  ``sync`` mode is the seed template (``torch.cuda.synchronize()`` then the host clock at each boundary); ``host``
  mode uses the host clock alone (no CUDA).
- ``step_ms``: host time from the step's start to its end (boundary to boundary in ``for batch in gauge``).
- ``fps = global_batch_size / step_ms``.

Iterations ``[start, stop)`` form the window (``warmup``/``iters`` or ``window=``); earlier ones are warmup (host clock
only, counted in the result), later ones pass through untouched.
"""

from __future__ import annotations

import atexit
import logging
import math
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .. import __version__
from .._optional import cuda_available
from ..errors import DeviceUnavailableError, UsageError
from ..results import now_utc, write_text_atomic
from ..stats import Warning_, quality_warnings
from . import distributed, output
from .config import GaugeConfig, resolve_config
from .diagnosis import diagnose, diagnose_ranks
from .result import LoopResult
from .window import WindowActions, compute_mfu, next_step_text

__all__ = ["Gauge"]

_WARMUP, _WINDOW, _AFTER = 0, 1, 2
_NAN = math.nan


class _Step:
    """One iteration in flight: host stamps (ns), marks on the compute clock, data blocks, phases."""

    __slots__ = ("i", "win", "t0", "t1", "m0", "m1", "data", "data_ns", "dt0", "dm0", "phases", "k")

    def __init__(self, i: int, win: bool, t0: int, m0: Any) -> None:
        self.i, self.win, self.t0, self.m0 = i, win, t0, m0
        self.t1 = self.m1 = self.dt0 = self.dm0 = None
        self.data: list[tuple[Any, Any]] = []
        self.phases: list[tuple[str, Any, Any]] = []
        self.data_ns = 0
        self.k = 1  # marks this step takes (sizes the event ring from warmup)


class _PhaseCM:
    __slots__ = ("g", "name", "m0")

    def __init__(self, g: Gauge, name: str) -> None:
        self.g, self.name, self.m0 = g, name, None

    def __enter__(self) -> _PhaseCM:
        st = self.g._open
        if st is not None:
            st.k += 2
            if st.win:
                self.m0 = self.g._marks.mark()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.m0 is not None:
            st = self.g._open
            if st is not None:
                st.phases.append((self.name, self.m0, self.g._marks.mark()))


class _StepCM:
    __slots__ = ("g",)

    def __init__(self, g: Gauge) -> None:
        self.g = g

    def __enter__(self) -> Gauge:
        self.g.begin_step()
        return self.g

    def __exit__(self, et: Any, ev: Any, tb: Any) -> None:
        if et is None:
            self.g.end_step()
        else:
            self.g._discard(f"{et.__name__} raised inside step")


class _DataCM:
    __slots__ = ("g",)

    def __init__(self, g: Gauge) -> None:
        self.g = g

    def __enter__(self) -> Gauge:
        self.g.begin_data()
        return self.g

    def __exit__(self, *exc: object) -> None:
        self.g.end_data()


class Gauge:
    """Time the iterations of a loop. ``for batch in Gauge(loader, global_batch_size=256): ...``

    For loops that are not ``for batch in loader``: ``with gauge.step():`` around one iteration and
    ``with gauge.data():`` around data loading inside it (or :meth:`begin_step`/:meth:`end_step`,
    :meth:`begin_data`/:meth:`end_data`). ``with gauge.phase("forward"):`` adds a per-phase breakdown.

    Results are written to ``<out_dir>/<name>.json`` (schema ``wprof.loop/1``) and ``.jsonl`` (one line per
    iteration) when the window ends, the loader runs out, or the process exits (exception, ``sys.exit``, Ctrl-C).
    Every option can also come from the ``WPROF`` environment variable, which wins (docs/loop.md).
    """

    def __init__(self, iterable: Iterable[Any] | None = None, *, global_batch_size: int | None = None,
                 warmup: int = 5, iters: int = 30, window: tuple[int, int] | None = None, mode: str = "auto",
                 log_interval: int = 1, name: str | None = None, out_dir: str | os.PathLike[str] | None = None,
                 flops_per_sample: float | None = None, flops_per_step: float | None = None,
                 count_flops: bool = False, peak_flops: float | None = None, dtype: str = "bf16",
                 dmon: bool = False, kineto: bool = False, memory_history: bool = False, cprofile: bool = False,
                 nvtx: bool = False, profiler_api: bool = True, exit_after: bool = False, all_ranks: bool = False,
                 enabled: bool = True, env: bool | str = True,
                 _clock: Callable[[], int] | None = None, _marks: Any = None) -> None:
        kwargs = dict(global_batch_size=global_batch_size, warmup=warmup, iters=iters, window=window, mode=mode,
                      log_interval=log_interval, name=name, out_dir=None if out_dir is None else str(out_dir),
                      flops_per_sample=flops_per_sample, flops_per_step=flops_per_step, count_flops=count_flops,
                      peak_flops=peak_flops, dtype=dtype, dmon=dmon, kineto=kineto, memory_history=memory_history,
                      cprofile=cprofile, nvtx=nvtx, profiler_api=profiler_api, exit_after=exit_after,
                      all_ranks=all_ranks, enabled=enabled)
        cfg = resolve_config(kwargs, env)
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
        self._start, self._stop = cfg.start, cfg.stop
        self._state = _WARMUP if self._start > 0 else _WINDOW
        self._window_started = False
        self._i = 0
        self._open: _Step | None = None
        self._pending: deque[_Step] = deque()
        self._index: list[int] = []
        self._iter: list[float] = []
        self._data: list[float] = []
        self._step: list[float] = []
        self._phases: dict[str, list[float]] = {}
        self._warm = {"iterations": 0, "step_ms": 0.0, "data_ms": 0.0, "first_step_ms": None}
        self._warm_k = 2
        self._discarded: list[str] = []
        self._actions: WindowActions | None = None
        self._flop_mode: Any = None
        self._counted_flops: float | None = None
        self._flops_note = ""
        self._rank, self._world = 0, 1
        self._printing = False
        self._log = logging.getLogger(output.LOGGER_NAME)
        self._prefix = "0:[wprof] "
        self._nvtx: Any = None
        self._exit_hooked = False
        self._old_sigterm: Any = None
        self._finishing = False
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
        it = iter(self._iterable)
        if not self.enabled:
            yield from it
            return
        now = self._now
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
                self._exhausted()
                return
            st = self._open
            t1 = now()
            st.data_ns += t1 - t0
            if st.win:
                st.data.append((m, self._marks.mark()))
            yield item

    # --- hooks --------------------------------------------------------------------------------------------------
    def step(self) -> _StepCM:
        """``with gauge.step():`` around one iteration (the step starts at entry and ends at exit)."""
        return _StepCM(self)

    def data(self) -> _DataCM:
        """``with gauge.data():`` around data loading inside a step (counted in ``data_ms``, excluded from iter)."""
        return _DataCM(self)

    def phase(self, name: str) -> _PhaseCM:
        """``with gauge.phase("forward"):`` -- an event pair per phase inside a step, for a breakdown table."""
        return _PhaseCM(self, name)

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
        m = self._marks.mark() if st.win else None
        self._open = None
        self._close(st, t, m)

    def begin_data(self) -> None:
        st = self._open
        if st is None:
            return  # data outside a step is not part of any iteration
        st.k += 2
        if st.win:
            st.dm0 = self._marks.mark()
        st.dt0 = self._now()

    def end_data(self) -> None:
        st = self._open
        if st is None or st.dt0 is None:
            return
        st.data_ns += self._now() - st.dt0
        st.dt0 = None
        if st.win:
            st.data.append((st.dm0, self._marks.mark()))

    # --- core ---------------------------------------------------------------------------------------------------
    def _boundary(self) -> Any:
        """End the open step (if any) and begin the next; returns the mark taken (the new step's start)."""
        t = self._now()
        i = self._i
        prev = self._open
        if not self._exit_hooked:
            self._hook_exit()
        if i == self._start and not self._window_started:
            if prev is not None:
                self._open = None
                self._close(prev, t, None)
                prev = None
            self._window_begin()
            t = self._now()
        in_win = self._start <= i < self._stop
        m = self._marks.mark() if (in_win or (prev is not None and prev.win)) else None
        if prev is not None:
            self._open = None
            self._close(prev, t, m)
        if self._state == _AFTER or i >= self._stop:
            return None
        st = _Step(i, in_win, t, m)
        self._open = st
        self._i = i + 1
        if in_win:
            if self._pending:
                self._drain()
            if self._nvtx is not None:
                self._nvtx.push_range(f"wprof.step {i}")
            if self._actions is not None and self._actions.kineto is not None:
                self._actions.kineto.step()
        elif self._flop_mode is None and self.config.count_flops and i == self._start - 1:
            self._begin_flop_count(i)
        return m

    def _close(self, st: _Step, t: int, m: Any) -> None:
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
            if self._flop_mode is not None:
                self._end_flop_count()
            return
        if self._nvtx is not None:
            self._nvtx.pop_range()
        self._pending.append(st)
        if st.i == self._stop - 1:
            self._window_end("complete", "")

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
        elif self._flop_mode is not None:
            self._end_flop_count()

    def _exhausted(self) -> None:
        """The loader ran out: the step opened for the failed fetch never ran."""
        st = self._open
        self._open = None
        if st is not None:
            self._i = st.i
        if self._state == _AFTER or self.result is not None:
            return
        got = self._i
        self._finish("partial", f"the loader ended after {got} iterations, before the window's end at iteration "
                                f"{self._stop} (warmup {self._start}, iters {self._stop - self._start})")

    def _drain(self, limit: int = 2) -> None:
        """Resolve completed steps, oldest first (a ``query()`` each; never waits)."""
        p = self._pending
        ready = self._marks.ready
        while p and limit:
            st = p[0]
            if not ready(st.m1):
                return
            p.popleft()
            self._resolve(st)
            limit -= 1

    def _on_ring_full(self) -> bool:
        """The event ring has no free slot: wait for the oldest pending step (counted and reported)."""
        if not self._pending:
            return False
        st = self._pending.popleft()
        self._marks.wait(st.m1)
        self._marks.stalls += 1
        self._resolve(st)
        return True

    def _resolve(self, st: _Step) -> None:
        el = self._marks.elapsed_ms
        it = el(st.m0, st.m1)
        for a, b in st.data:
            it -= el(a, b)
        data_ms = st.data_ns / 1e6
        step_ms = (st.t1 - st.t0) / 1e6
        j = len(self._index)
        self._index.append(st.i)
        self._iter.append(it)
        self._data.append(data_ms)
        self._step.append(step_ms)
        if st.phases or self._phases:
            seen: dict[str, float] = {}
            for name, a, b in st.phases:
                seen[name] = seen.get(name, 0.0) + el(a, b)
            for name, v in seen.items():
                col = self._phases.get(name)
                if col is None:
                    col = self._phases[name] = [_NAN] * j
                col.append(v)
            for name, col in self._phases.items():
                if len(col) == j:
                    col.append(_NAN)
        self._marks.release_before(st.m1)
        li = self.config.log_interval
        if self._printing and li and (st.i - self._start) % li == 0:
            self._log.info("%s%s", self._prefix, output.iteration_line(st.i, it, data_ms, step_ms,
                                                                       self.config.global_batch_size))

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
        cuda = self.mode in ("events", "sync")
        if self._marks is None:
            from .marks import EventMarks, HostMarks, SyncMarks

            self._marks = {"events": EventMarks, "sync": SyncMarks}.get(self.mode, HostMarks)()
        n = self._stop - self._start
        self._marks.prepare(self._warm_k * min(n + 1, 2048) + 64, self._on_ring_full)
        if self.mode == "host" and self._printing:
            self._log.info("%sno CUDA: timing on the host clock (iter_ms, data_ms and step_ms are host times)",
                           self._prefix)
        if cfg.nvtx:
            from .. import nvtx

            self._nvtx = nvtx
        self._actions = WindowActions(cfg, cuda, self.out_base)
        self._actions.start()

    def _window_end(self, status: str, reason: str) -> None:
        if self._state == _AFTER:
            return
        self._state = _AFTER
        self._finish(status, reason)

    def _finish(self, status: str, reason: str) -> LoopResult | None:
        if self._finishing or self.result is not None:
            return self.result
        self._finishing = True
        self._state = _AFTER
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
                    self._actions.stop()
                    warnings += self._actions.warnings
                while self._pending:
                    try:
                        self._resolve(self._pending.popleft())
                    except Exception as exc:
                        warnings.append(Warning_("resolve-failed", f"an iteration could not be read ({exc})."))
            if self._flop_mode is not None:
                self._end_flop_count()
            self.result = self._build(status, reason, warnings)
            self._write(self.result)
        finally:
            self._unhook_exit()
            self._finishing = False
        if self.config.exit_after and status == "complete":
            raise SystemExit(0)
        return self.result

    def finish(self) -> LoopResult | None:
        """End timing now and return the result (idempotent). Runs by itself at the window's end, when the loader
        runs out, and at interpreter exit."""
        if not self.enabled:
            return None
        if self.result is not None:
            return self.result
        if self._state == _AFTER:
            return self.result
        done = len(self._index) + len(self._pending)
        return self._finish("partial", f"finish() was called after {done} of {self._stop - self._start} "
                                       "window iterations")

    # --- result -------------------------------------------------------------------------------------------------
    def _build(self, status: str, reason: str, warnings: list[Warning_]) -> LoopResult:
        cfg = self.config
        clocks = {"iter_ms": "cuda-events" if self.mode == "events" else "host",
                  "data_ms": "host", "step_ms": "host"}
        if self.mode == "sync":
            clocks["iter_ms"] = "host+synchronize"
        res = LoopResult(
            name=self.name, mode=self.mode, clocks=clocks, status=status, stop_reason=reason,
            window=(self._start, self._stop), index=tuple(self._index), iter_ms=tuple(self._iter),
            data_ms=tuple(self._data), step_ms=tuple(self._step), global_batch_size=cfg.global_batch_size,
            phases={k: tuple(v) for k, v in self._phases.items()}, rank=self._rank, world_size=self._world,
        )
        n, want = res.n, self._stop - self._start
        if status != "complete":
            warnings.insert(0, Warning_(status, f"{status} result: {n} of {want} window iterations measured; {reason}.",
                                        "Use a longer loader or a smaller window (warmup + iters)."
                                        if status == "partial" else ""))
        if self._discarded:
            warnings.append(Warning_("discarded", f"{len(self._discarded)} iteration(s) were not measured: "
                                     + "; ".join(self._discarded[:3])))
        if self.mode == "host":
            warnings.append(Warning_("host-clock", "no CUDA: every value is on the host clock."))
        marks = self._marks
        if marks is not None and (marks.stalls or marks.grown):
            warnings.append(Warning_("event-ring", f"the event ring was full {marks.stalls} time(s) (waited) and "
                                     f"grew by {marks.grown} events inside the window."))
        if n:
            s = res.summary("step_ms")
            warnings += [w for w in quality_warnings(res.step_ms, s) if w.code != "first-call-outlier"]
        summaries = res.summaries if n else {}
        telemetry = self._actions.telemetry if self._actions else None
        findings = diagnose(summaries, telemetry) if n else []
        mfu = compute_mfu(cfg, summaries["step_ms"].median, self._world, self._counted_flops, self._flops_note) \
            if n else None
        dist_info = None
        if status == "complete" and self._world > 1 and distributed.dist_ready():
            try:
                per = distributed.gather({"rank": self._rank, "n": n,
                                          **{f"{k}_median": summaries[k].median for k in ("iter_ms", "data_ms",
                                                                                          "step_ms")}})
                if per:
                    dist_info = distributed.aggregate(per)
                    findings += diagnose_ranks(dist_info)
            except Exception as exc:
                warnings.append(Warning_("gather-failed", f"the all-gather of per-rank summaries failed ({exc})."))
        used = {"phases"} if self._phases else set()
        if cfg.kineto:
            used.add("kineto")
        artifacts = dict(self._actions.artifacts) if self._actions else {}
        top_ops = tuple(self._actions.top_ops) if self._actions else ()
        if self._actions and self._actions.top_functions:
            artifacts["cprofile_top"] = "; ".join(f"{r['function']} {r['cumtime_ms']:.1f} ms"
                                                  for r in self._actions.top_functions[:5])
        warm = dict(self._warm, reason=f"count={self._start} (iterations before the window)")
        if self._counted_flops:
            warm["flops_counted_in"] = self._flops_note
        env: dict[str, Any] = {}
        try:
            from ..env import fingerprint

            env = fingerprint()
        except Exception as exc:
            env = {"error": f"{type(exc).__name__}: {exc}"}
        from dataclasses import replace

        return replace(res, warmup=warm, telemetry=telemetry, mfu=mfu, distributed=dist_info,
                       findings=tuple(findings), warnings=tuple(warnings), artifacts=artifacts, top_ops=top_ops,
                       next_step=next_step_text(cfg, used), config=cfg.to_dict(), env=env, created_utc=now_utc(),
                       wprof_version=__version__)

    def _write(self, res: LoopResult) -> None:
        base = self.out_base
        jsonl = base.with_name(base.name + ".jsonl")
        path = base.with_name(base.name + ".json")
        try:
            lines = res.jsonl_lines()
            write_text_atomic(jsonl, "\n".join(lines) + ("\n" if lines else ""))
            artifacts = dict(res.artifacts, jsonl=str(jsonl), json=str(path))
            object.__setattr__(res, "artifacts", artifacts)
            res.save(path)
        except Exception as exc:
            self._log.warning("%scould not write the results: %s", self._prefix, exc)
            return
        if not self._printing:
            return
        log, p = output.get_logger(), self._prefix
        summ = res.summaries if res.n else {}
        log.info("%s%s", p, output.average_line(summ, res.n))
        for w in res.warnings:
            if w.code not in ("host-clock",):
                log.info("%swarning (%s): %s", p, w.code, w.message)
        for f in res.findings:
            log.info("%sfinding (%s): %s", p, f.code, f.message)
        if res.mfu:
            m = res.mfu
            log.info("%sMFU: %s", p, f"{m['mfu']:.1%} ({m['achieved_flops'] / 1e12:.3g} TFLOP/s of "
                     f"{m['peak']['flops'] / 1e12:.4g} {m['peak']['dtype']} peak)" if m.get("mfu") is not None
                     else f"not computed: {m.get('reason')}")
        if res.distributed and res.distributed.get("slowest_rank") is not None:
            d = res.distributed
            log.info("%sranks: slowest %d (step %.2f ms), fastest %d (%.2f ms), spread %.1f%%", p,
                     d["slowest_rank"], d["slowest_ms"], d["fastest_rank"], d["fastest_ms"],
                     100 * (d["spread"] or 0.0))
        log.info("%sresults: %s", p, path)

    # --- FLOP counting (one warmup step under FlopCounterMode) --------------------------------------------------
    def _begin_flop_count(self, i: int) -> None:
        try:
            from torch.utils.flop_counter import FlopCounterMode

            self._flop_mode = FlopCounterMode(display=False)
            self._flop_mode.__enter__()
            self._flops_note = f"counted in warmup iteration {i}"
        except Exception as exc:
            self._flop_mode = None
            self._flops_note = f"FlopCounterMode failed ({type(exc).__name__}: {exc})"

    def _end_flop_count(self) -> None:
        mode, self._flop_mode = self._flop_mode, None
        try:
            mode.__exit__(None, None, None)
            total = float(mode.get_total_flops())
            self._counted_flops = total if total > 0 else None
            if not total:
                self._flops_note = "FlopCounterMode counted 0 FLOPs (custom or Triton kernels only?)"
        except Exception as exc:
            self._flops_note = f"FlopCounterMode failed ({type(exc).__name__}: {exc})"

    # --- exit paths ---------------------------------------------------------------------------------------------
    def _hook_exit(self) -> None:
        self._exit_hooked = True
        atexit.register(self._at_exit)
        if threading.current_thread() is threading.main_thread():
            try:
                if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
                    self._old_sigterm = signal.signal(signal.SIGTERM, _sigterm)
            except (ValueError, OSError):
                pass

    def _unhook_exit(self) -> None:
        atexit.unregister(self._at_exit)
        if self._old_sigterm is not None and threading.current_thread() is threading.main_thread():
            try:
                if signal.getsignal(signal.SIGTERM) is _sigterm:
                    signal.signal(signal.SIGTERM, self._old_sigterm)
            except (ValueError, OSError):
                pass
            self._old_sigterm = None

    def _at_exit(self) -> None:
        if self.result is not None or not self.enabled:
            return
        done = len(self._index) + len(self._pending)
        why = "; ".join(self._discarded[-1:]) or "exception, sys.exit or Ctrl-C"
        status = "interrupted" if self._window_started else "partial"
        try:
            self._finish(status, f"the process exited after {done} of {self._stop - self._start} window iterations "
                                 f"({why})")
        except SystemExit:
            pass


def _sigterm(signum: int, frame: Any) -> None:
    """SIGTERM -> SystemExit, so atexit runs and the gauge writes its (interrupted) result."""
    raise SystemExit(128 + signum)


def _default_name() -> str:
    arg0 = sys.argv[0] if sys.argv else ""
    stem = Path(arg0).stem if arg0 and arg0 not in ("-c", "-") else ""
    return stem or "loop"
