"""One callable being measured: its calls, cache policy, warmup, harness floor and spans of samples.

:class:`Measurement` is the state machine of a run, in order: ``warm_up()`` (cache setup, the untimed first call, a
host-clock estimate of one call, warmup by count and by time), ``measure_floor()`` (the timing path on null work),
``plan_method()`` (pilots and the headline method: :mod:`wprof.benchmark.pilots`), then ``span(n)`` as often as the
stopping rule (:mod:`wprof.benchmark.stopping`) asks. Every duration goes through the backend
(:mod:`wprof.benchmark.backends`), so a test drives all of it with a fake clock or a scripted CUDA backend.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..errors import UsageError, UserCodeError
from ..results import Warmup
from ..results.bench_sections import Cache
from ..stats import Warning_
from . import policy
from .config import DEFAULT_WARMUP_CALLS, BenchConfig
from .device import Span

__all__ = ["Measurement", "Caller", "FLOOR_CACHE", "FLOOR_CACHE_S"]

# device key -> (ns when measured, floor dict, sleep cycles per ms); see Measurement.measure_floor
FLOOR_CACHE: dict[Any, tuple[int, dict[str, float], float | None]] = {}
#: the harness floor (and the sleep calibration) is measured once per device and process, and reused this long
FLOOR_CACHE_S = 120.0


def median(xs: Any) -> float:
    return statistics.median(xs) if len(xs) else math.nan


def _wrap(exc: BaseException, phase: str, index: int | None) -> UserCodeError:
    where = phase if index is None else f"{phase} (call #{index})"
    if isinstance(exc, SystemExit):
        # sys.exit() inside the callable must not become wprof's own exit status (7 is a result-file error)
        err = UserCodeError(f"the benchmarked callable called sys.exit({exc.code!r}) during {where}; a benchmarked "
                            "callable must return. Remove the exit from the timed code.", phase=phase)
        err.__cause__ = exc
        return err
    msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if "CUDA error" in msg or "cudaError" in msg or "CUBLAS_STATUS" in msg:
        hint = " CUDA reports errors late: re-run with CUDA_LAUNCH_BLOCKING=1 to find the call that caused it."
    else:
        hint = ""
    err = UserCodeError(f"the benchmarked callable raised during {where}: {type(exc).__name__}: {msg}.{hint}",
                        phase=phase)
    err.__cause__ = exc
    return err


class Caller:
    """Calls the user's function, numbering every call and naming the phase in any error."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.k = 0
        self.phase = "first call"

    def __call__(self) -> Any:
        self.k += 1
        try:
            return self.fn()
        except KeyboardInterrupt:
            raise
        except UserCodeError:
            raise
        except (Exception, SystemExit) as exc:
            raise _wrap(exc, self.phase, self.k) from exc

    def many(self, calls: int) -> Callable[[], None]:
        if calls == 1:
            return self

        def work() -> None:
            for _ in range(calls):
                self()

        return work


class Measurement:
    """One callable being measured: set up (warmup, floor, pilots, plan), then spans of headline samples."""

    def __init__(self, fn: Callable[..., Any], cfg: BenchConfig, backend: Any, *, args: tuple | None = None,
                 kwargs: dict | None = None) -> None:
        from .pilots import Plan

        self.cfg = cfg
        self.backend = backend
        from ..clocks import host_ns

        self.now_ns: Callable[[], int] = getattr(backend, "now_ns", host_ns)
        self.notices: list[str] = []
        self.warnings: list[Warning_] = []
        self.cache_info = Cache(policy=cfg.cache)  # the result's ``cache`` section, filled as the cache is set up
        self.before: Callable[[], Any] | None = None
        self.before_host_ms = 0.0
        if args is not None or kwargs is not None:
            a, k = tuple(args or ()), dict(kwargs or {})
            call = self._cache_inputs(fn, a, k)
        else:
            if cfg.cache == "rotate":
                raise UsageError("cache='rotate' needs the inputs to rotate: pass bench(fn, args=(a, b)) with fn "
                                 "taking them (or a factory returning (fn, args) on the command line).")
            call = fn
        self.caller = Caller(call)
        self.plan = Plan()
        self.floor: dict[str, float] = {}
        self.floor_cached = False
        self.queue = {"spans": 0, "requeued": 0, "not_queued_samples": 0}
        self.est_ms = 0.0
        self.t_timed0 = 0

    # ---------------------------------------------------------------------------------------------- cache
    def _cache_inputs(self, fn: Callable[..., Any], a: tuple, k: dict) -> Callable[[], Any]:
        if self.cfg.cache != "rotate" or not self.backend.is_cuda:
            return lambda: fn(*a, **k)
        from .device import rotating, tensor_bytes

        nbytes = tensor_bytes(a) + tensor_bytes(k)
        copies, enough, why = policy.rotate_copies(nbytes, self.backend.l2_bytes(),
                                                   free_bytes=self.backend.free_bytes())
        self.cache_info = replace(self.cache_info, rotate_copies=int(copies), bytes_per_call=int(nbytes),
                                  rotate_enough=bool(enough), rotate=why)
        if not enough:
            self.warnings.append(Warning_("rotate-short", f"input rotation covers less than {policy.ROTATE_L2_FACTOR:g}"
                                          f" x L2: {why}; some calls may find their inputs in L2.",
                                          "Use cache='cold' (a flush before each call) for small inputs."))
        return rotating(fn, a, k, copies)

    def _setup_cache(self) -> None:
        be, cache = self.backend, self.cfg.cache
        if not be.is_cuda:
            if cache != "warm":
                self.notices.append(f"cache={cache!r} applies to a GPU's L2; on the host clock nothing is flushed")
            self.cache_info = replace(self.cache_info, applied=False)
            return
        l2 = be.l2_bytes()
        self.cache_info = replace(self.cache_info, applied=True, l2_bytes=None if l2 is None else int(l2))
        if cache == "cold":
            flush = be.make_flush(policy.flush_bytes(l2))
            self.cache_info = replace(self.cache_info, flush_bytes=int(flush.nbytes),
                                      flush="read of 2 x L2 before each call, outside the event pair")
            flush()
            be.sync("cache flush")
            t0 = self.now_ns()
            for _ in range(5):
                flush()
            self.before_host_ms = (self.now_ns() - t0) / 1e6 / 5
            be.sync("cache flush")
            self.before = flush

    # ---------------------------------------------------------------------------------------------- setup
    def warm_up(self) -> Warmup:
        cfg, be, c, now = self.cfg, self.backend, self.caller, self.now_ns
        self._setup_cache()
        t0 = now()
        c.phase = "first call"
        c()
        be.sync("first call")
        first_call_ms = (now() - t0) / 1e6

        c.phase = "warmup"
        est: list[float] = []
        for _ in range(3):
            t0 = now()
            c()
            be.sync("warmup")
            est.append((now() - t0) / 1e6)
        self.est_ms = max(sorted(est)[1], 1e-4)

        warm_calls = len(est)
        warm_target = DEFAULT_WARMUP_CALLS if cfg.warmup is None else cfg.warmup
        t_warm0 = now() - int(sum(est) * 1e6)
        while warm_calls < warm_target or (now() - t_warm0) / 1e6 < cfg.warmup_ms:
            chunk = max(1, min(1000, int(max(cfg.warmup_ms - (now() - t_warm0) / 1e6, 0) / self.est_ms) + 1,
                               max(warm_target - warm_calls, 1)))
            for _ in range(chunk):
                c()
                warm_calls += 1
            be.sync("warmup")
        warm_ms = (now() - t_warm0) / 1e6
        return Warmup(calls=warm_calls, ms=warm_ms, first_call_ms=first_call_ms,
                      reason=f"first call + count>={warm_target} and time>={cfg.warmup_ms:g} ms")

    def measure_floor(self) -> None:
        """The timing path on null work, per method (kept in the result; flags medians within a few times of it)."""
        be = self.backend
        null = be.null_work()
        if not be.is_cuda:
            self.floor["host"] = median(be.span(null, 50, 1, phase="floor").samples)
            return
        key = getattr(be, "cache_key", None)
        hit = FLOOR_CACHE.get(key) if key is not None else None
        if hit is not None and (self.now_ns() - hit[0]) / 1e9 < FLOOR_CACHE_S:
            self.floor, be.cycles_per_ms, self.floor_cached = dict(hit[1]), hit[2], True
            return
        sp = be.span(null, 30, 1, host_times=True, phase="floor")
        self.floor["per-call"] = median(sp.samples)
        null_host = max(median(sp.host_ms), 1e-3)
        if be.has_sleep and be.calibrate_sleep():
            self.floor["prequeued"] = median(self.queued(null, 30, 1, null_host, phase="floor").samples)
            calls = 64

            def nulls() -> None:
                for _ in range(calls):
                    null()

            self.floor["device"] = median(self.queued(nulls, 5, calls, calls * null_host, phase="floor").samples)
            # an event pair with nothing between, pre-queued: what a one-call-per-pair sample carries of its own
            self.floor["pair"] = median(self.queued(lambda: None, 30, 1, 1e-3, phase="floor pair").samples)
        if key is not None:
            FLOOR_CACHE[key] = (self.now_ns(), dict(self.floor), be.cycles_per_ms)

    def queued(self, work: Callable[[], Any], n: int, calls: int, host_sample_ms: float, *,
               before: Callable[[], Any] | None = None, phase: str = "timing", launches: int | None = None) -> Span:
        """``n`` samples pre-queued behind a GPU-side wait; re-queued with a longer wait (then fewer samples) when
        the host did not finish enqueueing before the wait ended."""
        be = self.backend
        if not (be.is_cuda and be.has_sleep and be.cycles_per_ms):
            return be.span(work, n, calls, before=before, phase=phase)
        n = policy.span_fits_queue(n, calls if launches is None else launches,
                                   extra_per_sample=2 + (1 if before is not None else 0))
        per = host_sample_ms + 0.02 + (self.before_host_ms if before is not None else 0.0)
        wait_ms = n * per
        sp = None
        for attempt in range(4):
            sp = be.span(work, n, calls, before=before, prequeue_ms=wait_ms, phase=phase)
            self.queue["spans"] += 1
            if sp.queued_ok is not False:
                return sp
            self.queue["requeued"] += 1
            wait_ms = max(wait_ms * 2, sp.enqueue_ms * 2)
            if attempt >= 1 and n > 1:
                n = max(1, n // 2)
                wait_ms /= 2
        assert sp is not None
        self.queue["not_queued_samples"] += len(sp.samples)
        return sp

    def plan_method(self) -> None:
        """Pilots and the choice of the headline method (:func:`wprof.benchmark.pilots.plan_method`)."""
        from .pilots import plan_method

        plan_method(self)

    # ---------------------------------------------------------------------------------------------- sampling
    def span(self, n: int) -> Span:
        """One span of up to ``n`` headline samples (pre-queued spans may return fewer)."""
        p, be, c = self.plan, self.backend, self.caller
        c.phase = "timing"
        if p.method == "per-call":
            return be.span(c, n, 1, before=self.before)
        if p.method == "aggregate":
            return be.span(c.many(p.calls), n, p.calls)
        if p.method == "graph":
            return self.queued(p.graph.replay, n, p.calls, p.host_sample_ms, launches=1)
        return self.queued(c.many(p.calls), n, p.calls, p.host_sample_ms, before=self.before)

    def take_seed(self) -> Span | None:
        """The pilot's samples of the headline method (same method, same calls per sample), once."""
        p = self.plan
        seed, p.seed = p.seed, []
        if not seed:
            return None
        return Span(list(seed), p.seed_span[0], p.seed_span[1], 0.0)

    def sample_ms_estimate(self) -> float:
        p = self.plan
        if p.method in ("prequeued", "graph"):
            dev = median(p.device) if p.device else self.est_ms
            return max(p.calls * dev, p.host_sample_ms, 1e-4)
        return max(self.est_ms * p.calls, 1e-4)

    def floor_for_method(self) -> tuple[str | None, float | None]:
        p = self.plan
        if not self.backend.is_cuda:
            return "host", self.floor.get("host")
        if p.method == "wall":  # the cross-check's synchronized spans: no floor is measured for them
            return "wall", None
        if p.method == "per-call":
            return "per-call", self.floor.get("per-call")
        if p.method in ("prequeued", "graph", "aggregate") and p.calls > 1:
            return "device", self.floor.get("device")
        return "prequeued", self.floor.get("prequeued")
