"""The bench core: warmup, pre-allocated per-call CUDA events, one synchronize per timed span, statistics.

Method (DESIGN.md, "Kernel bench"):

1. One untimed first call (compile, autotune, lazy init), timed on the host with a synchronize after it.
2. A host-clock estimate of one call from a few calls, each followed by a synchronize.
3. Warmup by count and by time (both must be met), excluded from the samples and recorded in the result.
4. Timed spans of calls. ``mode="per-call"``: an event pair around each call (events pre-allocated, none created
   in the span), one synchronize after the span. ``mode="aggregate"``: one event pair around ``calls_per_sample``
   back-to-back calls; the sample is their mean, so per-call spread is not observable (the result says so).
5. Stop after ``iters`` samples, or, when ``iters`` is None, when the 95% confidence interval of the median is
   within ``precision`` of the median or the ``budget_s`` time budget is spent (after ``min_iters`` samples).
6. Summary, quality warnings, environment fingerprint into a :class:`~wprof.results.BenchResult`.

Without CUDA (or with ``device="cpu"``) every duration comes from ``time.perf_counter_ns``; the result says
``clock="host"`` and one line on the ``wprof`` logger announces it. One result never mixes clocks.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from typing import Any

from .. import __version__
from .._optional import optional
from ..clocks import CUDA_EVENTS, HOST, EventPool, host_ns
from ..errors import DeviceUnavailableError, UsageError, UserCodeError
from ..results import BenchResult, Warmup, now_utc
from ..stats import Warning_, quality_warnings, summarize

log = logging.getLogger("wprof")

MODES = ("per-call", "aggregate")
DEFAULT_WARMUP_CALLS = 10
DEFAULT_WARMUP_MS = 25.0
DEFAULT_BUDGET_S = 1.0
DEFAULT_MIN_ITERS = 10
DEFAULT_MAX_ITERS = 100_000
DEFAULT_PRECISION = 0.01
HOST_NOTICE = "wprof: no CUDA device: timing on the host clock (time.perf_counter_ns); the result says clock=host"

__all__ = ["bench", "MODES", "HOST_NOTICE"]


def _check_args(warmup: int | None, warmup_ms: float, iters: int | None, budget_s: float, min_iters: int,
                max_iters: int, mode: str, calls_per_sample: int | None, precision: float) -> None:
    if mode not in MODES:
        raise UsageError(f"mode {mode!r} is not one of {', '.join(MODES)}.")
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


def _call(fn: Callable[[], Any], phase: str, index: int | None = None) -> Any:
    try:
        return fn()
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        where = phase if index is None else f"{phase} (call #{index})"
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if "CUDA error" in msg or "cudaError" in msg or "CUBLAS_STATUS" in msg:
            hint = (" CUDA reports errors late: re-run with CUDA_LAUNCH_BLOCKING=1 to find the call that caused it.")
        else:
            hint = ""
        raise UserCodeError(f"the benchmarked callable raised during {where}: {type(exc).__name__}: {msg}.{hint}",
                            phase=phase) from exc


class _Timer:
    """Times spans of calls with one clock. Subclasses: host and CUDA events."""

    clock = HOST

    def sync(self, phase: str) -> None:
        return None

    def run_span(self, fn: Callable[[], Any], n: int, calls_per_sample: int, phase: str,
                 first_index: int) -> list[float]:
        raise NotImplementedError


class _HostTimer(_Timer):
    clock = HOST

    def run_span(self, fn, n, calls_per_sample, phase, first_index):
        out = [0.0] * n
        k = first_index
        for i in range(n):
            t0 = host_ns()
            for _ in range(calls_per_sample):
                _call(fn, phase, k)
                k += 1
            out[i] = (host_ns() - t0) / 1e6 / calls_per_sample
        return out


class _CudaTimer(_Timer):
    clock = CUDA_EVENTS

    def __init__(self, torch: Any, device: Any) -> None:
        self.torch = torch
        self.device = device
        self.pool = EventPool(0, device)

    def sync(self, phase: str) -> None:
        try:
            self.torch.cuda.synchronize(self.device)
        except Exception as exc:  # a CUDA error raised asynchronously by an earlier call
            raise UserCodeError(f"a CUDA error surfaced during {phase}: {str(exc).strip().splitlines()[0]}. "
                                "Re-run with CUDA_LAUNCH_BLOCKING=1 to find the call that caused it.",
                                phase=phase) from exc

    def run_span(self, fn, n, calls_per_sample, phase, first_index):
        self.pool.grow(n)  # outside the span: allocation never happens between records
        starts, ends = self.pool.starts, self.pool.ends
        stream = self.torch.cuda.current_stream(self.device)
        k = first_index
        if calls_per_sample == 1:
            for i in range(n):
                starts[i].record(stream)
                _call(fn, phase, k)
                ends[i].record(stream)
                k += 1
        else:
            for i in range(n):
                starts[i].record(stream)
                for _ in range(calls_per_sample):
                    _call(fn, phase, k)
                    k += 1
                ends[i].record(stream)
        self.sync(phase)
        return [starts[i].elapsed_time(ends[i]) / calls_per_sample for i in range(n)]


def _make_timer(device: Any) -> _Timer:
    torch = optional("torch")
    want_cpu = device is not None and str(device).startswith("cpu")
    cuda = torch is not None and not want_cpu and _cuda_ok(torch)
    if cuda:
        return _CudaTimer(torch, device)
    if device is not None and not want_cpu:
        raise DeviceUnavailableError(f"device {device!r} was requested but CUDA is not available here "
                                     f"({'torch is not installed' if torch is None else 'torch sees no GPU'}). "
                                     "Drop the device argument to time on the host clock.")
    log.warning(HOST_NOTICE)
    return _HostTimer()


def _cuda_ok(torch: Any) -> bool:
    try:
        return bool(torch.cuda.is_available())
    except Exception:
        return False


def bench(
    fn: Callable[[], Any],
    *,
    warmup: int | None = None,
    warmup_ms: float = DEFAULT_WARMUP_MS,
    iters: int | None = None,
    budget_s: float = DEFAULT_BUDGET_S,
    min_iters: int = DEFAULT_MIN_ITERS,
    max_iters: int = DEFAULT_MAX_ITERS,
    precision: float = DEFAULT_PRECISION,
    mode: str = "per-call",
    calls_per_sample: int | None = None,
    device: Any = None,
    name: str | None = None,
    target: str = "",
) -> BenchResult:
    """Time ``fn()`` (zero arguments, inputs pre-allocated) and return a :class:`BenchResult` in milliseconds.

    ``warmup``: warmup calls (default 10; also at least ``warmup_ms`` of warmup time). ``iters``: number of samples;
    None (default) stops on ``precision`` (95% CI of the median within ±precision) or ``budget_s``, after
    ``min_iters``. ``mode``: ``"per-call"`` (event pair per call) or ``"aggregate"`` (one pair around
    ``calls_per_sample`` calls, default chosen so a sample lasts ~1 ms). ``device``: CUDA device to time on (default:
    current device; ``"cpu"`` forces the host clock).
    """
    if not callable(fn):
        raise UsageError(f"bench() needs a zero-argument callable, got {type(fn).__name__}.")
    _check_args(warmup, warmup_ms, iters, budget_s, min_iters, max_iters, mode, calls_per_sample, precision)
    name = name or getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    timer = _make_timer(device)
    env_start_device = None
    from ..env import fingerprint  # cheap; before timing so its NVML read is the "start" reading

    env = fingerprint(device if timer.clock == CUDA_EVENTS else None)
    env_start_device = env.get("device")
    t_begin = host_ns()

    # 1. first call: compile / autotune / lazy init; host wall time including its completion
    t0 = host_ns()
    _call(fn, "first call", 1)
    timer.sync("first call")
    first_call_ms = (host_ns() - t0) / 1e6

    # 2. estimate from a few synchronized calls (host clock; only used to size warmup and spans)
    est: list[float] = []
    for i in range(3):
        t0 = host_ns()
        _call(fn, "warmup", i + 2)
        timer.sync("warmup")
        est.append((host_ns() - t0) / 1e6)
    est_ms = max(sorted(est)[1], 1e-4)

    # 3. warmup by count and by time (the estimate calls count towards both)
    warm_calls = len(est)
    warm_target = DEFAULT_WARMUP_CALLS if warmup is None else warmup
    t_warm0 = host_ns() - int(sum(est) * 1e6)
    while warm_calls < warm_target or (host_ns() - t_warm0) / 1e6 < warmup_ms:
        chunk = max(1, min(1000, int(max(warmup_ms - (host_ns() - t_warm0) / 1e6, 0) / est_ms) + 1,
                           max(warm_target - warm_calls, 1)))
        for _ in range(chunk):
            _call(fn, "warmup", warm_calls + 2)
            warm_calls += 1
        timer.sync("warmup")
    warm_ms = (host_ns() - t_warm0) / 1e6
    warmup_rec = Warmup(calls=warm_calls, ms=warm_ms, first_call_ms=first_call_ms,
                        reason=f"first call + count>={warm_target} and time>={warmup_ms:g} ms")

    # 4. timed spans
    if mode == "aggregate":
        cps = calls_per_sample or max(1, min(1000, int(1.0 / est_ms)))
    else:
        cps = 1
    samples: list[float] = []
    budget_ms = budget_s * 1e3
    t_timed0 = host_ns()
    next_index = warm_calls + 2  # call numbers count every call; the first call is #1
    if iters is not None:
        samples = timer.run_span(fn, iters, cps, "timing", next_index)
        stop_reason = f"iters={iters} reached"
    else:
        stop_reason = ""
        span = max(min_iters, min(1000, int(50.0 / (est_ms * cps)) + 1))  # ~50 ms per span, sync between spans
        while True:
            n = min(span, max_iters - len(samples))
            samples += timer.run_span(fn, n, cps, "timing", next_index)
            next_index += n * cps
            s = summarize(samples)
            elapsed_ms = (host_ns() - t_timed0) / 1e6
            if len(samples) >= min_iters and s.ci95_rel_halfwidth <= precision:
                stop_reason = f"precision: 95% CI of the median within ±{s.ci95_rel_halfwidth:.2%} (target " \
                              f"±{precision:.0%}) after {len(samples)} samples"
                break
            if elapsed_ms >= budget_ms and len(samples) >= min_iters:
                stop_reason = f"time budget {budget_s:g} s spent; 95% CI of the median ±" \
                              f"{s.ci95_rel_halfwidth:.2%} (target ±{precision:.0%})"
                break
            if len(samples) >= max_iters:
                stop_reason = f"max_iters={max_iters} reached"
                break
    t_end = host_ns()

    summary = summarize(samples)
    warnings = quality_warnings(samples, summary, first_call=first_call_ms if cps == 1 else None)
    if mode == "aggregate":
        warnings.append(Warning_("aggregate-mode", f"each sample is the mean of {cps} back-to-back calls under one "
                                 "event pair: per-call spread is not observable; only the mean per call is.",
                                 "Use mode='per-call' to see the spread of single calls."))
    end_reading = None
    if timer.clock == CUDA_EVENTS and env_start_device is not None:
        from ..env import nvml_reading

        end_reading = nvml_reading(env_start_device.get("index"))
        if end_reading is not None:
            env_start_device["at_end"] = {k: end_reading.get(k) for k in ("sm_clock_mhz", "mem_clock_mhz", "power_w",
                                                                        "temperature_c", "throttle_reasons")}
    return BenchResult(
        name=str(name),
        clock=timer.clock,
        mode=mode,
        samples_ms=tuple(samples),
        summary=summary,
        warmup=warmup_rec,
        calls_per_sample=cps,
        stop_reason=stop_reason,
        warnings=tuple(warnings),
        env=env,
        config={"warmup": warmup, "warmup_ms": warmup_ms, "iters": iters, "budget_s": budget_s,
                "min_iters": min_iters, "max_iters": max_iters, "precision": precision, "mode": mode,
                "calls_per_sample": calls_per_sample, "device": None if device is None else str(device)},
        extra={"estimate_ms": est_ms, "total_s": (t_end - t_begin) / 1e9, "timed_s": (t_end - t_timed0) / 1e9},
        target=target,
        created_utc=now_utc(),
        wprof_version=__version__,
    )
