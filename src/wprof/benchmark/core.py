"""The bench core: warmup, harness floor, launch-bound detection, cache policy, adaptive stopping, telemetry.

Method (DESIGN.md, "Kernel bench"; docs/bench.md explains each choice):

1. One untimed first call (compile, autotune, lazy init), timed on the host with a synchronize after it.
2. A host-clock estimate of one call from a few calls, each followed by a synchronize.
3. Warmup by count and by time (both must be met), excluded from the samples and recorded in the result.
4. Harness floor: the timing path itself on null work (``torch.cuda._sleep(0)``, the smallest kernel; on the host
   clock an empty call), for every method used, kept in ``extra["floor"]``.
5. ``mode="auto"`` (default, CUDA): a pilot of per-call event pairs ("eager", launch-inclusive: the host enqueues as
   the GPU runs) with the host's enqueue time per call, and a pilot of back-to-back calls pre-queued behind a
   GPU-side wait ("device": the host out of the loop). :func:`wprof.benchmark.policy.decide_headline` picks the
   headline; when it is the device number, a CUDA graph of the same calls is tried too and kept only when its replay
   is not slower than eager (:func:`~wprof.benchmark.policy.choose_device_method`). The other number stays beside it.
6. Timed spans of the chosen method until ``iters`` samples, or until the 95% confidence interval of the median is
   within ``precision`` or the ``budget_s`` budget (pilots included) is spent, after ``min_iters`` samples.
7. The NVML monitor runs throughout; samples whose span overlaps a throttled interval are flagged (and dropped with
   ``drop_throttled=True``, never all of them).
8. Summary, warnings, environment into a :class:`~wprof.results.BenchResult`.

Without CUDA (or with ``device="cpu"``) every duration comes from ``time.perf_counter_ns``; the result says
``clock="host"`` and one line on the ``wprof`` logger announces it. One result never mixes clocks.
"""

from __future__ import annotations

import logging
import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from .._optional import optional
from ..clocks import CUDA_EVENTS, HOST, host_ns
from ..errors import DeviceUnavailableError, UsageError, UserCodeError
from ..results import BenchResult, Warmup, now_utc
from ..results.bench import sections_from_extra
from ..stats import Warning_, quality_warnings, summarize
from . import policy
from .device import Span

log = logging.getLogger("wprof")

# device key -> (host_ns when measured, floor dict, sleep cycles per ms); see _Measurement.measure_floor
_FLOOR_CACHE: dict[Any, tuple[int, dict[str, float], float | None]] = {}

MODES = ("auto", "per-call", "aggregate", "prequeued", "graph")
CACHES = ("warm", "cold", "rotate")
DEFAULT_CACHE = "warm"
DEFAULT_WARMUP_CALLS = 10
DEFAULT_WARMUP_MS = 25.0
DEFAULT_BUDGET_S = 1.0
DEFAULT_MIN_ITERS = 10
DEFAULT_MAX_ITERS = 100_000
DEFAULT_PRECISION = 0.01
PILOT_SAMPLES = 20
#: the harness floor (and the sleep calibration) is measured once per device and process, and reused this long
FLOOR_CACHE_S = 120.0
#: the first sampling span lasts about this long (later spans ~50 ms): short kernels often meet the precision target
#: in it, and a shorter sustained load keeps big kernels off the power limit
FIRST_SPAN_MS = 10.0
PILOT_BUDGET_FRACTION = 0.15
LONG_CALL_MS = 2.0  # calls at least this long (host-synchronized) skip the pilots: µs-scale costs cannot show
HOST_NOTICE = "wprof: no CUDA device: timing on the host clock (time.perf_counter_ns); the result says clock=host"

__all__ = ["bench", "MODES", "CACHES", "HOST_NOTICE"]


def _check_args(warmup: int | None, warmup_ms: float, iters: int | None, budget_s: float, min_iters: int,
                max_iters: int, mode: str, calls_per_sample: int | None, precision: float, cache: str) -> None:
    if mode not in MODES:
        raise UsageError(f"mode {mode!r} is not one of {', '.join(MODES)}.")
    if cache not in CACHES:
        raise UsageError(f"cache {cache!r} is not one of {', '.join(CACHES)} (default {DEFAULT_CACHE}).")
    if warmup is not None and (not isinstance(warmup, int) or warmup < 0):
        raise UsageError(f"warmup={warmup!r} must be a whole number of calls >= 0.")
    if not (warmup_ms >= 0 and math.isfinite(warmup_ms)):
        raise UsageError(f"warmup_ms={warmup_ms!r} must be a number of milliseconds >= 0.")
    if iters is not None and (not isinstance(iters, int) or iters <= 0):
        raise UsageError(f"iters={iters!r} must be a whole number of samples > 0 (or None for a time budget).")
    if not (budget_s > 0 and math.isfinite(budget_s)):
        raise UsageError(f"budget_s={budget_s!r} must be a number of seconds > 0.")
    if min_iters <= 0 or max_iters < min_iters:
        raise UsageError(f"min_iters={min_iters!r} and max_iters={max_iters!r} must satisfy 0 < min_iters <= "
                         "max_iters.")
    if calls_per_sample is not None and (not isinstance(calls_per_sample, int) or calls_per_sample <= 0):
        raise UsageError(f"calls_per_sample={calls_per_sample!r} must be a whole number > 0.")
    if not (0 < precision < 1):
        raise UsageError(f"precision={precision!r} must be a fraction between 0 and 1 (0.01 = ±1%).")


def _wrap(exc: BaseException, phase: str, index: int | None) -> UserCodeError:
    where = phase if index is None else f"{phase} (call #{index})"
    msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if "CUDA error" in msg or "cudaError" in msg or "CUBLAS_STATUS" in msg:
        hint = " CUDA reports errors late: re-run with CUDA_LAUNCH_BLOCKING=1 to find the call that caused it."
    else:
        hint = ""
    err = UserCodeError(f"the benchmarked callable raised during {where}: {type(exc).__name__}: {msg}.{hint}",
                        phase=phase)
    err.__cause__ = exc
    return err


def _call(fn: Callable[[], Any], phase: str, index: int | None = None) -> Any:
    try:
        return fn()
    except KeyboardInterrupt:
        raise
    except UserCodeError:
        raise
    except Exception as exc:
        raise _wrap(exc, phase, index) from exc


class _Caller:
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
        except Exception as exc:
            raise _wrap(exc, self.phase, self.k) from exc

    def many(self, calls: int) -> Callable[[], None]:
        if calls == 1:
            return self

        def work() -> None:
            for _ in range(calls):
                self()

        return work


class _HostBackend:
    """Host clock (``time.perf_counter_ns``): the same span interface as the CUDA backend."""

    clock = HOST
    is_cuda = False
    has_sleep = False
    cycles_per_ms = None

    def sync(self, phase: str) -> None:
        return None

    def null_work(self) -> Callable[[], Any]:
        return lambda: None

    def span(self, work, n, calls, *, before=None, prequeue_ms=None, host_times=False, phase="timing") -> Span:
        out = [0.0] * n
        t0 = host_ns()
        for i in range(n):
            if before is not None:
                before()
            s = host_ns()
            work()
            out[i] = (host_ns() - s) / 1e6 / calls
        t1 = host_ns()
        return Span(out, t0, t1, (t1 - t0) / 1e6, [x * calls for x in out] if host_times else [])


def _cuda_ok(torch: Any) -> bool:
    try:
        return bool(torch.cuda.is_available())
    except Exception:
        return False


def _make_backend(device: Any) -> Any:
    torch = optional("torch")
    want_cpu = device is not None and str(device).startswith("cpu")
    cuda = torch is not None and not want_cpu and _cuda_ok(torch)
    if cuda:
        from .device import CudaBackend

        return CudaBackend(torch, device)
    if device is not None and not want_cpu:
        raise DeviceUnavailableError(f"device {device!r} was requested but CUDA is not available here "
                                     f"({'torch is not installed' if torch is None else 'torch sees no GPU'}). "
                                     "Drop the device argument to time on the host clock.")
    log.warning(HOST_NOTICE)
    return _HostBackend()


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else math.nan


@dataclass
class _Config:
    warmup: int | None
    warmup_ms: float
    iters: int | None
    budget_s: float
    min_iters: int
    max_iters: int
    precision: float
    mode: str
    calls_per_sample: int | None
    device: Any
    cache: str
    monitor: bool
    drop_throttled: bool

    def as_dict(self) -> dict[str, Any]:
        return {"warmup": self.warmup, "warmup_ms": self.warmup_ms, "iters": self.iters, "budget_s": self.budget_s,
                "min_iters": self.min_iters, "max_iters": self.max_iters, "precision": self.precision,
                "mode": self.mode, "calls_per_sample": self.calls_per_sample,
                "device": None if self.device is None else str(self.device), "cache": self.cache,
                "monitor": self.monitor, "drop_throttled": self.drop_throttled}


@dataclass
class _Plan:
    """What the headline samples are: the method, calls per sample, and the other number beside it."""

    method: str = "per-call"
    calls: int = 1
    headline: str = "eager"
    decision: policy.Decision | None = None
    graph: Any = None
    host_sample_ms: float = 0.0  # host enqueue time of one sample's work (sizes the GPU-side wait)
    eager: list[float] = field(default_factory=list)
    device: list[float] = field(default_factory=list)
    device_method: str | None = None
    device_calls: int = 0
    host_enqueue_ms: float | None = None
    graph_info: dict[str, Any] = field(default_factory=dict)
    device_problem: str | None = None  # why the back-to-back pilot is not valid (the pre-queued wait did not hold)
    seed: list[float] = field(default_factory=list)  # pilot samples of the headline method, reused as samples
    seed_span: tuple[int, int] = (0, 0)
    isolated: dict[str, Any] = field(default_factory=dict)  # one call on its own (near-floor kernels)


class _Measurement:
    """One callable being measured: set up (warmup, floor, pilots, plan), then spans of headline samples."""

    def __init__(self, fn: Callable[[], Any], cfg: _Config, *, args: tuple | None = None,
                 kwargs: dict | None = None, backend: Any = None) -> None:
        self.cfg = cfg
        self.backend = backend if backend is not None else _make_backend(cfg.device)
        self.notices: list[str] = []
        self.warnings: list[Warning_] = []
        self.cache_info: dict[str, Any] = {"policy": cfg.cache}
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
        self.caller = _Caller(call)
        self.plan = _Plan()
        self.floor: dict[str, float] = {}
        self.floor_cached = False
        self.sample_spans: list[tuple[int, int]] = []
        self.queue = {"spans": 0, "requeued": 0, "not_queued_samples": 0}
        self.t_timed0 = 0

    # ---------------------------------------------------------------------------------------------- cache
    def _cache_inputs(self, fn: Callable[..., Any], a: tuple, k: dict) -> Callable[[], Any]:
        if self.cfg.cache != "rotate" or not self.backend.is_cuda:
            return lambda: fn(*a, **k)
        from .device import rotating, tensor_bytes

        nbytes = tensor_bytes(a) + tensor_bytes(k)
        copies, enough, why = policy.rotate_copies(nbytes, self.backend.l2_bytes(),
                                                   free_bytes=self.backend.free_bytes())
        self.cache_info.update(rotate_copies=copies, bytes_per_call=nbytes, rotate_enough=enough, rotate=why)
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
            self.cache_info["applied"] = False
            return
        self.cache_info["applied"] = True
        self.cache_info["l2_bytes"] = be.l2_bytes()
        if cache == "cold":
            from .device import Flush

            flush = Flush(be.torch, self.cfg.device, policy.flush_bytes(self.cache_info["l2_bytes"]))
            self.cache_info["flush_bytes"] = flush.nbytes
            self.cache_info["flush"] = "read of 2 x L2 before each call, outside the event pair"
            flush()
            be.sync("cache flush")
            t0 = host_ns()
            for _ in range(5):
                flush()
            self.before_host_ms = (host_ns() - t0) / 1e6 / 5
            be.sync("cache flush")
            self.before = flush

    # ---------------------------------------------------------------------------------------------- setup
    def warm_up(self) -> Warmup:
        cfg, be, c = self.cfg, self.backend, self.caller
        self._setup_cache()
        t0 = host_ns()
        c.phase = "first call"
        c()
        be.sync("first call")
        first_call_ms = (host_ns() - t0) / 1e6

        c.phase = "warmup"
        est: list[float] = []
        for _ in range(3):
            t0 = host_ns()
            c()
            be.sync("warmup")
            est.append((host_ns() - t0) / 1e6)
        self.est_ms = max(sorted(est)[1], 1e-4)

        warm_calls = len(est)
        warm_target = DEFAULT_WARMUP_CALLS if cfg.warmup is None else cfg.warmup
        t_warm0 = host_ns() - int(sum(est) * 1e6)
        while warm_calls < warm_target or (host_ns() - t_warm0) / 1e6 < cfg.warmup_ms:
            chunk = max(1, min(1000, int(max(cfg.warmup_ms - (host_ns() - t_warm0) / 1e6, 0) / self.est_ms) + 1,
                               max(warm_target - warm_calls, 1)))
            for _ in range(chunk):
                c()
                warm_calls += 1
            be.sync("warmup")
        warm_ms = (host_ns() - t_warm0) / 1e6
        return Warmup(calls=warm_calls, ms=warm_ms, first_call_ms=first_call_ms,
                      reason=f"first call + count>={warm_target} and time>={cfg.warmup_ms:g} ms")

    def measure_floor(self) -> None:
        """The timing path on null work, per method (kept in the result; flags medians within a few times of it)."""
        be = self.backend
        null = be.null_work()
        if not be.is_cuda:
            self.floor["host"] = _median(be.span(null, 50, 1, phase="floor").samples)
            return
        key = getattr(be, "cache_key", None)
        hit = _FLOOR_CACHE.get(key) if key is not None else None
        if hit is not None and (host_ns() - hit[0]) / 1e9 < FLOOR_CACHE_S:
            self.floor, be.cycles_per_ms, self.floor_cached = dict(hit[1]), hit[2], True
            return
        sp = be.span(null, 30, 1, host_times=True, phase="floor")
        self.floor["per-call"] = _median(sp.samples)
        null_host = max(_median(sp.host_ms), 1e-3)
        if be.has_sleep and be.calibrate_sleep():
            self.floor["prequeued"] = _median(self._queued(null, 30, 1, null_host, phase="floor").samples)
            calls = 64

            def nulls() -> None:
                for _ in range(calls):
                    null()

            self.floor["device"] = _median(self._queued(nulls, 5, calls, calls * null_host, phase="floor").samples)
            # an event pair with nothing between, pre-queued: what a one-call-per-pair sample carries of its own
            self.floor["pair"] = _median(self._queued(lambda: None, 30, 1, 1e-3, phase="floor pair").samples)
        if key is not None:
            _FLOOR_CACHE[key] = (host_ns(), dict(self.floor), be.cycles_per_ms)

    def _queued(self, work: Callable[[], Any], n: int, calls: int, host_sample_ms: float, *,
                before: Callable[[], Any] | None = None, phase: str = "timing", launches: int | None = None
                ) -> Span:
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
        """Pilots and the choice of the headline method (docs/bench.md, "What the headline is")."""
        cfg, be, c, p = self.cfg, self.backend, self.caller, self.plan
        mode = cfg.mode
        if not be.is_cuda:
            if mode in ("prequeued", "graph"):
                raise DeviceUnavailableError(f"mode={mode!r} needs a CUDA device; this run is on the host clock. "
                                             "Use mode='auto' or 'per-call'.")
            if mode == "aggregate":
                p.method, p.calls = "aggregate", cfg.calls_per_sample or max(1, min(1000, int(1.0 / self.est_ms)))
            return
        if mode == "per-call":
            return
        if mode == "aggregate":
            p.method, p.calls = "aggregate", cfg.calls_per_sample or max(1, min(1000, int(1.0 / self.est_ms)))
            return
        if mode == "auto" and self.est_ms >= LONG_CALL_MS:
            p.decision = policy.Decision("eager", False, f"one synchronized call takes {self.est_ms:.3g} ms: launch "
                                         "and event costs (µs) are below the noise; per-call events, no pilots")
            return
        c.phase = "pilot"
        budget_ms = cfg.budget_s * 1e3
        n_pilot = max(5, min(PILOT_SAMPLES, int(PILOT_BUDGET_FRACTION * budget_ms / max(self.est_ms, 1e-3))))
        eager = be.span(c, n_pilot, 1, before=self.before, host_times=True, phase="pilot")
        p.eager = eager.samples
        p.host_enqueue_ms = _median(eager.host_ms)
        eager_ms = _median(eager.samples)
        cold = cfg.cache == "cold"
        # device pilot: back-to-back calls with the host out of the loop (one call per pair when each needs a flush)
        if cold:
            calls = 1
        else:
            calls = cfg.calls_per_sample or policy.calls_per_sample(eager_ms)
        n_dev = max(3, min(10, n_pilot))
        dev = self._queued(c.many(calls), n_dev, calls, calls * p.host_enqueue_ms, before=self.before, phase="pilot")
        dev_ms = _median(dev.samples)
        if not cold and cfg.calls_per_sample is None:
            better = policy.calls_per_sample(dev_ms)
            if better > 2 * calls:
                calls = better
                dev = self._queued(c.many(calls), n_dev, calls, calls * p.host_enqueue_ms, phase="pilot")
                dev_ms = _median(dev.samples)
        p.device, p.device_method, p.device_calls = dev.samples, "prequeued", calls
        if dev.queued_ok is False:
            p.device_problem = (f"the host took {dev.enqueue_ms:.3g} ms to enqueue a span the GPU-side wait covered "
                                f"for only {dev.sleep_ms or 0:.3g} ms, so the host is in those samples")
        else:
            p.seed, p.seed_span = list(dev.samples), (dev.t0_ns, dev.t1_ns)
        p.host_sample_ms = calls * p.host_enqueue_ms
        if not be.has_sleep:
            self.notices.append("torch.cuda._sleep is missing in this torch: back-to-back calls are not pre-queued "
                                "behind a GPU-side wait, so a launch-bound host may still show in them")
        if mode == "auto":
            p.decision = policy.decide_headline(eager_ms, dev_ms, p.host_enqueue_ms, device_problem=p.device_problem)
            p.headline = p.decision.headline
        else:
            p.headline = "device"
        if p.headline == "eager":
            p.method, p.calls, p.seed = "per-call", 1, []
            return
        p.method, p.calls = "prequeued", calls
        if cold:
            if mode == "graph":
                self.notices.append("cache='cold' needs a flush between calls, which a graph replay would time: "
                                    "timed pre-queued eager calls with a flush before each instead "
                                    "(cache='rotate' with args= works with graphs)")
            return
        if mode == "prequeued":
            self._isolated(dev_ms, n_dev)
            return
        # try a CUDA graph of the same calls; keep it only when its replay is not slower than eager
        copies = getattr(c.fn, "copies", 1)
        gcalls = max(calls, min(copies, policy.MAX_CALLS_PER_SAMPLE))
        graph_ms, err = None, None
        c.phase = "graph capture"
        try:
            graph = be.capture(c, gcalls)
        except KeyboardInterrupt:
            raise
        except Exception as exc:
            err = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
            be.recover()
            graph = None
        c.phase = "pilot"
        if graph is not None:
            gsp = self._queued(graph.replay, n_dev, gcalls, 0.05, phase="pilot", launches=1)
            graph_ms = _median(gsp.samples)
            p.graph_info = {"calls": gcalls, "pilot_ms": graph_ms, "samples_ms": gsp.samples}
        else:
            p.graph_info = {"error": err}
        method, note = policy.choose_device_method(dev_ms, graph_ms, err)
        if note:
            self.notices.append(note)
            code = "graph-capture-failed" if err else "graph-slower"
            self.warnings.append(Warning_(code, note, "Nothing to do: the headline is eager calls with the host "
                                          "removed." if not err else "Make the callable capturable (no "
                                          "synchronization, no host-side branching on GPU values) to use graphs."))
        if method == "graph":
            p.method, p.calls, p.graph, p.host_sample_ms = "graph", gcalls, graph, 0.05
            p.seed, p.seed_span = list(gsp.samples), (gsp.t0_ns, gsp.t1_ns)
        self._isolated(graph_ms if method == "graph" and graph_ms else dev_ms, n_dev)

    def _isolated(self, device_ms: float, n: int) -> None:
        """Near the floor, back-to-back calls overlap: time one call on its own too (a pre-queued call in its own
        event pair, less an empty pair), the number ncu's isolated launch compares with."""
        p, c = self.plan, self.caller
        pair = self.floor.get("pair")
        if pair is None or p.calls <= 1 or not policy.near_floor(device_ms, self.floor.get("device")):
            return
        sp = self._queued(c, max(10, n), 1, p.host_enqueue_ms or 0.01, phase="pilot")
        single = _median(sp.samples)
        p.isolated = {"isolated_ms": policy.isolated_estimate(single, pair), "single_in_pair_ms": single,
                      "empty_pair_ms": pair, "samples_ms": sp.samples,
                      "how": "one call pre-queued in its own event pair, less an empty pre-queued event pair"}

    # ---------------------------------------------------------------------------------------------- sampling
    def span(self, n: int) -> list[float]:
        """One span of up to ``n`` headline samples (pre-queued spans may return fewer)."""
        p, be, c = self.plan, self.backend, self.caller
        c.phase = "timing"
        if p.method == "per-call":
            sp = be.span(c, n, 1, before=self.before)
        elif p.method == "aggregate":
            sp = be.span(c.many(p.calls), n, p.calls)
        elif p.method == "graph":
            sp = self._queued(p.graph.replay, n, p.calls, p.host_sample_ms, launches=1)
        else:
            sp = self._queued(c.many(p.calls), n, p.calls, p.host_sample_ms, before=self.before)
        self.sample_spans.extend([(sp.t0_ns, sp.t1_ns)] * len(sp.samples))
        return sp.samples

    def take_seed(self) -> list[float]:
        """The pilot's samples of the headline method (same method, same calls per sample), once."""
        p = self.plan
        seed, p.seed = p.seed, []
        if seed:
            self.sample_spans.extend([p.seed_span] * len(seed))
        return seed

    def sample_ms_estimate(self) -> float:
        p = self.plan
        if p.method in ("prequeued", "graph"):
            dev = _median(p.device) if p.device else self.est_ms
            return max(p.calls * dev, p.host_sample_ms, 1e-4)
        return max(self.est_ms * p.calls, 1e-4)

    def floor_for_method(self) -> tuple[str | None, float | None]:
        p = self.plan
        if not self.backend.is_cuda:
            return "host", self.floor.get("host")
        if p.method == "per-call":
            return "per-call", self.floor.get("per-call")
        if p.method in ("prequeued", "graph", "aggregate") and p.calls > 1:
            return "device", self.floor.get("device")
        return "prequeued", self.floor.get("prequeued")


def _sample(m: _Measurement, cfg: _Config) -> tuple[list[float], str]:
    """Headline samples until ``iters``, precision or budget (pilot time counts towards the budget)."""
    samples: list[float] = []
    if cfg.iters is not None:
        while len(samples) < cfg.iters:
            samples += m.span(cfg.iters - len(samples))
        return samples[: cfg.iters], f"iters={cfg.iters} reached"
    budget_ms = cfg.budget_s * 1e3
    est = m.sample_ms_estimate()
    samples = m.take_seed()[: cfg.max_iters]  # the pilot's samples of the headline method count
    span = max(cfg.min_iters, min(1000, int(FIRST_SPAN_MS / est) + 1))  # ~10 ms first, then ~50 ms per span
    while True:
        s = summarize(samples) if samples else None
        if s is not None and len(samples) >= cfg.min_iters and s.ci95_rel_halfwidth <= cfg.precision:
            return samples, (f"precision: 95% CI of the median within ±{s.ci95_rel_halfwidth:.2%} (target "
                             f"±{cfg.precision:.0%}) after {len(samples)} samples")
        elapsed_ms = (host_ns() - m.t_timed0) / 1e6
        if s is not None and elapsed_ms >= budget_ms and len(samples) >= cfg.min_iters:
            return samples, (f"time budget {cfg.budget_s:g} s spent; 95% CI of the median ±"
                             f"{s.ci95_rel_halfwidth:.2%} (target ±{cfg.precision:.0%})")
        if len(samples) >= cfg.max_iters:
            return samples, f"max_iters={cfg.max_iters} reached"
        samples += m.span(min(span, cfg.max_iters - len(samples)))
        span = max(cfg.min_iters, min(1000, int(50.0 / est) + 1))


def _us(ms: float) -> str:
    return f"{ms * 1e3:.3g} µs" if ms < 1 else f"{ms:.4g} ms"


def _fingerprint(device: Any) -> dict[str, Any]:
    from ..env import fingerprint

    try:
        return fingerprint(device)
    except Exception as exc:  # the environment record must never break a measurement
        return {"notes": [f"environment fingerprint failed: {type(exc).__name__}: {exc}"], "device": None}


def _next_step(target: str, clock: str) -> str | None:
    """The ladder's advice for this run (computed here, once; the report prints it)."""
    try:
        from ..profilers.ladder import bench_advice
    except ImportError:
        return None
    try:
        return bench_advice(target, clock) or None
    except Exception:
        return None


def bench(
    fn: Callable[..., Any],
    *,
    warmup: int | None = None,
    warmup_ms: float = DEFAULT_WARMUP_MS,
    iters: int | None = None,
    budget_s: float = DEFAULT_BUDGET_S,
    min_iters: int = DEFAULT_MIN_ITERS,
    max_iters: int = DEFAULT_MAX_ITERS,
    precision: float = DEFAULT_PRECISION,
    mode: str = "auto",
    calls_per_sample: int | None = None,
    device: Any = None,
    name: str | None = None,
    target: str = "",
    cache: str = DEFAULT_CACHE,
    args: tuple | None = None,
    kwargs: dict | None = None,
    monitor: bool = True,
    drop_throttled: bool = False,
) -> BenchResult:
    """Time ``fn()`` (inputs pre-allocated) on the device and return a :class:`BenchResult` in milliseconds.

    ``mode``: ``"auto"`` (default: the headline is per-call CUDA events, or, when the host's launch cost or the event
    pair's own cost shows, the device time of back-to-back calls with the host removed, by CUDA graph replay or by
    calls pre-queued behind ``torch.cuda._sleep``; the other number is kept beside it), or one method forced:
    ``"per-call"``, ``"aggregate"``, ``"prequeued"``, ``"graph"``. ``cache``: ``"warm"`` (default), ``"cold"`` (an
    L2-sized read before each call, outside the timed span) or ``"rotate"`` (rotating copies of ``args``, sized from
    L2). ``args``/``kwargs``: inputs passed to ``fn`` (needed by ``cache="rotate"``). ``iters``: number of samples;
    None (default) stops when the 95% CI of the median is within ``precision`` or ``budget_s`` is spent, after
    ``min_iters``. ``monitor``: NVML telemetry during the run; ``drop_throttled`` removes samples taken while the
    clock was throttled (never all of them). ``device``: CUDA device (default current; ``"cpu"``: host clock).
    """
    if not callable(fn):
        raise UsageError(f"bench() needs a zero-argument callable, got {type(fn).__name__}.")
    _check_args(warmup, warmup_ms, iters, budget_s, min_iters, max_iters, mode, calls_per_sample, precision, cache)
    cfg = _Config(warmup, warmup_ms, iters, budget_s, min_iters, max_iters, precision, mode, calls_per_sample,
                  device, cache, bool(monitor), bool(drop_throttled))
    name = name or getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    m = _Measurement(fn, cfg, args=args, kwargs=kwargs)
    return _run(m, cfg, str(name), target)


def _run(m: _Measurement, cfg: _Config, name: str, target: str) -> BenchResult:
    from .telemetry import Telemetry

    be = m.backend
    env = _fingerprint(cfg.device if be.is_cuda else None)
    t_begin = host_ns()
    warmup_rec = m.warm_up()
    tele = Telemetry(cfg.device, enabled=cfg.monitor and be.is_cuda)
    if cfg.monitor and not be.is_cuda:
        tele.reason = "host clock: no GPU to monitor"
    tele.start()
    m.measure_floor()
    m.t_timed0 = host_ns()
    m.plan_method()
    samples, stop_reason = _sample(m, cfg)
    t_end = host_ns()
    tele.stop()
    return _result(m, cfg, name, target, samples, stop_reason, warmup_rec, env, tele, t_begin, t_end)


def _result(m: _Measurement, cfg: _Config, name: str, target: str, samples: list[float], stop_reason: str,
            warmup_rec: Warmup, env: dict[str, Any], tele: Any, t_begin: int, t_end: int) -> BenchResult:
    p, be = m.plan, m.backend
    extra: dict[str, Any] = {"estimate_ms": m.est_ms, "total_s": (t_end - t_begin) / 1e9,
                             "timed_s": (t_end - m.t_timed0) / 1e9}
    warnings = list(m.warnings)
    notices = list(m.notices)

    # telemetry: flag (and optionally drop) samples whose span overlaps a throttled interval
    spans = m.sample_spans[-len(samples):] if samples else []
    kept, throttled, note = tele.split(spans, drop=cfg.drop_throttled)
    dropped = [i for i in range(len(samples)) if i not in set(kept)]
    if dropped:
        extra["dropped_samples_ms"] = [samples[i] for i in dropped]
        samples = [samples[i] for i in kept]
    extra["telemetry"] = tele.to_dict()
    extra["throttled_samples"] = len(throttled)
    if note:
        notices.append(note)
    line = tele.warning_line()
    if line:
        what = (f"{len(throttled)} of {len(spans)} samples overlap a throttled interval"
                + (f"; {len(dropped)} dropped (drop_throttled=True)" if dropped else ""))
        warnings.append(Warning_("throttled", f"{line}; {what}.",
                                 "The clock was pulled down while measuring: compare runs only at the same clocks "
                                 "(see extra.telemetry), or pass drop_throttled=True / --drop-throttled."))
    if be.is_cuda and cfg.monitor and not tele.available:
        notices.append(f"no clock telemetry: {tele.reason}")

    summary = summarize(samples)
    warnings += quality_warnings(samples, summary, first_call=warmup_rec.first_call_ms if p.calls == 1 else None)

    # the two numbers and how the headline was chosen
    extra["method"] = p.method
    extra["headline"] = "device" if p.method in ("prequeued", "graph") else "eager"
    if p.method in ("prequeued", "graph", "aggregate") and p.calls > 1:
        warnings.append(Warning_("aggregate-mode", f"each sample is the mean of {p.calls} back-to-back calls under "
                                 "one event pair: per-call spread is not observable; only the mean per call is.",
                                 "Use mode='per-call' to see the spread of single calls (launch-inclusive)."))
    if p.decision is not None:
        extra["decision"] = {"headline": p.decision.headline, "launch_bound": p.decision.launch_bound,
                             "reason": p.decision.reason}
        if p.decision.launch_bound:
            warnings.append(Warning_("launch-bound", p.decision.reason + "; the headline is the device time with "
                                     "the host removed, the launch-inclusive (eager) number is beside it.",
                                     "In a loop this op waits on the host: fuse ops, use CUDA graphs or "
                                     "torch.compile(mode='reduce-overhead')."))
    if p.host_enqueue_ms is not None:
        extra["host_enqueue_ms"] = p.host_enqueue_ms
    if p.eager:
        extra["eager_ms"] = summary.median if p.method == "per-call" else _median(p.eager)
    if p.device:
        extra["device_ms"] = summary.median if extra["headline"] == "device" else _median(p.device)
    if p.eager or p.device:
        extra["pilot"] = {"eager_samples_ms": p.eager, "device_method": p.device_method,
                          "device_calls_per_sample": p.device_calls, "device_samples_ms": p.device}
    if p.graph_info:
        extra["graph"] = p.graph_info
    if be.is_cuda and m.queue["spans"]:
        extra["prequeue"] = dict(m.queue)
        if m.queue["not_queued_samples"]:
            warnings.append(Warning_("not-prequeued", f"{m.queue['not_queued_samples']} samples could not be fully "
                                     "queued before the GPU-side wait ended: the host may be in those samples.",
                                     "Reduce the launches per call (the launch queue holds about a thousand)."))

    # harness floor
    fmethod, fms = m.floor_for_method()
    extra["floor"] = {**{f"{k.replace('-', '_')}_ms": v for k, v in m.floor.items()},
                      "method": fmethod, "floor_ms": fms,
                      "sleep_cycles_per_ms": getattr(be, "cycles_per_ms", None), "cached": m.floor_cached}
    pair = m.floor.get("pair")
    iso = dict(p.isolated)
    if not iso and p.method == "prequeued" and p.calls == 1 and pair is not None and samples:
        # one call per event pair (cold cache, or forced): the pair's own cost is in every sample
        iso = {"isolated_ms": policy.isolated_estimate(summary.median, pair), "single_in_pair_ms": summary.median,
               "empty_pair_ms": pair, "how": "the median (one call per pre-queued event pair) less an empty "
               "pre-queued event pair"}
    if iso:
        extra["isolated"] = iso
        extra["isolated_ms"] = iso.get("isolated_ms")
    if policy.near_floor(summary.median, fms):
        if p.isolated and p.isolated.get("isolated_ms") is not None:
            i = p.isolated
            msg = (f"the device time per call ({_us(summary.median)}) is within {summary.median / fms:.1f}x of the "
                   f"harness floor ({_us(fms)}, a null kernel back to back): back-to-back calls of a kernel this "
                   "short overlap, one call's drain hiding under the next call's launch, so one call on its own "
                   f"takes longer: about {_us(i['isolated_ms'])} (one pre-queued call in its own event pair, "
                   f"{_us(i['single_in_pair_ms'])}, less an empty pair, {_us(i['empty_pair_ms'])}; extra.isolated_ms)"
                   ". ncu times one call on its own.")
            advice = ("Compare extra.isolated_ms with ncu; in a model this op runs between other kernels, where "
                      "the back-to-back number is the better guide. Time more work per call for a firmer number.")
        else:
            msg = (f"the median ({_us(summary.median)}) is within {summary.median / fms:.1f}x of the harness floor "
                   f"({_us(fms)}: the same method timing a null kernel); the timing path is a large part of this "
                   "number.")
            advice = "Time more work per call, or check against ncu (see next)."
        warnings.append(Warning_("near-floor", msg, advice))
    if iso and not p.isolated and policy.pair_cost_visible(summary.median, pair):
        why = "a cold cache needs a flush between calls" if m.cfg.cache == "cold" else "one call per sample"
        warnings.append(Warning_("pair-cost", f"each sample is one call in its own event pair ({why}); an empty "
                                 f"pair measures {_us(pair)}, {pair / summary.median:.0%} of the median; the call "
                                 f"alone is about {_us(iso['isolated_ms'])} (extra.isolated_ms).",
                                 "Compare extra.isolated_ms with ncu (--cache-control all for cold); the median "
                                 "includes the pair."))
    tdict = extra["telemetry"] if isinstance(extra.get("telemetry"), dict) else {}
    pmax = ((tdict.get("metrics") or {}).get("power_w") or {}).get("max")
    plim = (tdict.get("device") or {}).get("power_limit_w")
    d = policy.drift(samples)
    if d is not None:
        extra["drift"] = {"first_quarter_ms": d[0], "last_quarter_ms": d[1]}
    if policy.power_limited(pmax, plim):
        extra["power_limited"] = True
        slow = d is not None and d[0] > 0 and d[1] / d[0] - 1 > policy.DRIFT_REL
        what = (f"; the first quarter of the samples read {_us(d[0])}, the last {_us(d[1])} "
                f"({d[1] / d[0] - 1:+.1%})" if d is not None else "")
        warnings.append(Warning_("power-limit", f"board power reached {pmax:.0f} W of its {plim:.0f} W limit while "
                                 f"measuring{what}" + (": sustained calls are power-capped (lower clocks), while ncu "
                                                       "times each call on its own at full clock." if slow else
                                                       "."),
                                 "A model running this op back to back sees the capped number; to compare with ncu, "
                                 "look at extra.drift.first_quarter_ms or measure at locked clocks."))
    extra["cache"] = m.cache_info
    if notices:
        extra["notices"] = notices
    nxt = _next_step(target, be.clock)
    if nxt:
        extra["next_step"] = nxt

    env_dev = env.get("device") if be.is_cuda else None
    if env_dev is not None:
        from ..env import nvml_reading

        end_reading = nvml_reading(env_dev.get("index"))
        if end_reading is not None and getattr(end_reading, "available", True):
            env_dev["at_end"] = {k: end_reading.get(k) for k in ("sm_clock_mhz", "mem_clock_mhz", "power_w",
                                                                 "temperature_c", "throttle_reasons")}
    for n_ in notices:
        log.info("wprof: %s", n_)
    return BenchResult(
        name=name,
        clock=be.clock,
        mode=p.method,
        samples_ms=tuple(samples),
        summary=summary,
        warmup=warmup_rec,
        calls_per_sample=p.calls,
        stop_reason=stop_reason,
        warnings=tuple(warnings),
        env=env,
        config=cfg.as_dict(),
        **sections_from_extra(extra),
        target=target,
        created_utc=now_utc(),
        wprof_version=__version__,
    )

