"""Long kernels under the power limit: the sustained headline beside one call after the GPU idled.

Back-to-back calls of a big GEMM draw the board to its power limit and the clock comes down; ncu times each kernel
on its own, with the GPU idle around it, at full clock. So for long calls (>= 0.25 ms per call) wprof also times a
few **cool calls**: the host sleeps ``idle_ms`` (the GPU idles, power falls), then one call runs pre-queued in its own
event pair (the short GPU-side wait before it is one spinning thread), less an empty pair. :func:`power_finding`
(pure) compares them with the headline and reads the telemetry of the samples (SM clock, power, throttle reasons)
and the first/last quarter of the samples, and says what the measured reason is.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

__all__ = ["wants_cool", "measure_cool", "power_finding", "COOL_MIN_MS", "COOL_IDLE_MS"]

COOL_MIN_MS = 0.25
COOL_MAX_MS = 20.0
COOL_IDLE_MS = 30.0
COOL_CALLS = 5
MAX_OPS = 8
#: sustained samples slower than cool calls by more than this: said, with the measured reason
SLOWER_REL = 0.02
#: the SM clock during the samples below this fraction of its maximum: the clock was pulled down
CLOCK_DOWN = 0.97
POWER_NEAR = 0.90


def wants_cool(median_ms: float, method: str, ops_per_call: float | None = None) -> bool:
    """Cool calls are worth their cost for device headlines of long calls of a few kernels (power-bound work)."""
    few = ops_per_call is None or ops_per_call <= MAX_OPS
    return method in ("graph", "prequeued", "per-call") and COOL_MIN_MS <= median_ms <= COOL_MAX_MS and few


def measure_cool(span: Callable[..., Any], call: Callable[[], Any], *, pair_ms: float, host_call_ms: float,
                 n: int = COOL_CALLS, idle_ms: float = COOL_IDLE_MS, sleep: Callable[[float], Any] = time.sleep
                 ) -> list[float]:
    """``n`` cool calls (ms, the empty pair subtracted); ``span`` is the backend's ``span``."""
    out = []
    wait_ms = max(host_call_ms, 0.01) * 1.5 + 0.05
    for _ in range(n + 2):
        sleep(idle_ms / 1e3)
        sp = span(call, 1, 1, prequeue_ms=wait_ms, phase="cool call")
        if sp.queued_ok is False:  # the host was still enqueueing when the wait ended: wait longer next time
            wait_ms *= 2
            continue
        out.append(max(sp.samples[0] - max(pair_ms or 0.0, 0.0), 0.0))
        if len(out) >= n:
            break
    return out


def _get(d: Any, *path: str) -> Any:
    for p in path:
        if not isinstance(d, dict):
            return None
        d = d.get(p)
    return d


def power_finding(sustained_ms: float, cool_ms: list[float], telemetry: dict[str, Any] | None,
                  drift: tuple[float, float] | None, *, idle_ms: float = COOL_IDLE_MS) -> dict[str, Any]:
    """The power section: numbers, and ``sentence`` (None when sustained and cool calls agree)."""
    cool = statistics.median(cool_ms) if cool_ms else None
    t = telemetry or {}
    sm_min = _get(t, "metrics", "sm_clock_mhz", "min")
    sm_mean = _get(t, "metrics", "sm_clock_mhz", "mean")
    sm_max_seen = _get(t, "metrics", "sm_clock_mhz", "max")
    sm_top = _get(t, "device", "max_sm_clock_mhz")
    p_max = _get(t, "metrics", "power_w", "max")
    p_lim = _get(t, "device", "power_limit_w")
    thr = t.get("throttled_fraction") if isinstance(t, dict) else None
    out: dict[str, Any] = {"sustained_ms": sustained_ms, "cool_ms": cool, "cool_samples_ms": list(cool_ms),
                           "idle_ms": idle_ms, "sm_clock_mhz": [sm_min, sm_mean, sm_max_seen],
                           "sm_clock_max_mhz": sm_top, "power_max_w": p_max, "power_limit_w": p_lim,
                           "throttled_fraction": thr,
                           "how": f"one call after the GPU idled {idle_ms:g} ms (host sleep), pre-queued in its own "
                                  "event pair, less an empty pair; median of the cool calls"}
    if drift is not None:
        out["first_quarter_ms"], out["last_quarter_ms"] = drift
    if cool is None or not (cool > 0 and sustained_ms > 0):
        out["sentence"] = None
        return out
    rel = sustained_ms / cool - 1
    out["sustained_over_cool"] = rel
    if rel <= SLOWER_REL:
        out["sentence"] = None
        return out
    reasons = []
    if sm_min is not None and sm_top and sm_min < CLOCK_DOWN * sm_top:
        reasons.append(f"the SM clock fell to {sm_min:.0f} MHz (max {sm_top:.0f}) while sampling")
    if p_max is not None and p_lim and p_max >= POWER_NEAR * p_lim:
        reasons.append(f"board power reached {p_max:.0f} W of its {p_lim:.0f} W limit")
    if thr:
        reasons.append(f"NVML reported a throttle reason in {thr:.0%} of its readings")
    if drift is not None and drift[0] > 0 and drift[1] / drift[0] - 1 > SLOWER_REL:
        reasons.append(f"the last quarter of the samples read {drift[1] / drift[0] - 1:+.1%} on the first")
    cause = "; ".join(reasons) if reasons else ("no clock drop or power limit was seen by NVML (50 ms readings), so "
                                                "the cause is not measured")
    out["measured_cause"] = "power" if reasons else "unknown"
    out["sentence"] = (f"back-to-back calls read {_us(sustained_ms)}, {rel:+.1%} on one call after the GPU idled "
                       f"{idle_ms:g} ms ({_us(cool)}, as ncu times it): {cause}")
    return out


def _us(ms: float) -> str:
    return f"{ms * 1e3:.3g} µs" if ms < 1 else f"{ms:.4g} ms"
