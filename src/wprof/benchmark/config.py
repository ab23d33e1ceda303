"""What one measurement was asked to do: the settings of ``bench()``/``compare()``, their defaults and their checks.

Every numeric setting is checked here, before anything runs: a bad value is one :class:`~wprof.errors.UsageError`
that quotes it and says what is accepted (NaN, infinities and values too large to mean anything included: the
upper limits below are far beyond any real measurement and keep the arithmetic of the run finite).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError

__all__ = ["BenchConfig", "check_args", "MODES", "CACHES"]

MODES = ("auto", "per-call", "aggregate", "prequeued", "graph")
CACHES = ("warm", "cold", "rotate")
DEFAULT_CACHE = "warm"
DEFAULT_WARMUP_CALLS = 10
DEFAULT_WARMUP_MS = 25.0
DEFAULT_BUDGET_S = 1.0
DEFAULT_MIN_ITERS = 10
DEFAULT_MAX_ITERS = 100_000
DEFAULT_PRECISION = 0.01
#: upper limits (a day of warmup or sampling, a billion calls per sample): beyond them a value is a typo
MAX_WARMUP_MS = 86_400_000.0
MAX_BUDGET_S = 86_400.0
MAX_COUNT = 10**12


def _whole(name: str, value: Any, least: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least or value > MAX_COUNT:
        raise UsageError(f"{name}={value!r} must be a whole number of {what} >= {least} (at most {MAX_COUNT:.0e}).")


def _number(name: str, value: Any, most: float, what: str, *, zero_ok: bool) -> None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    ok = ok and (value >= 0 if zero_ok else value > 0) and value <= most
    if not ok:
        raise UsageError(f"{name}={value!r} must be a number of {what} {'>=' if zero_ok else '>'} 0 and at most "
                         f"{most:g}.")


def check_args(warmup: int | None, warmup_ms: float, iters: int | None, budget_s: float, min_iters: int,
               max_iters: int, mode: str, calls_per_sample: int | None, precision: float, cache: str) -> None:
    """Raise :class:`UsageError` for the first bad setting (the message quotes it and says what is accepted)."""
    if mode not in MODES:
        raise UsageError(f"mode {mode!r} is not one of {', '.join(MODES)}.")
    if cache not in CACHES:
        raise UsageError(f"cache {cache!r} is not one of {', '.join(CACHES)} (default {DEFAULT_CACHE}).")
    if warmup is not None:
        _whole("warmup", warmup, 0, "calls")
    _number("warmup_ms", warmup_ms, MAX_WARMUP_MS, "milliseconds", zero_ok=True)
    if iters is not None and (isinstance(iters, bool) or not isinstance(iters, int) or iters <= 0):
        raise UsageError(f"iters={iters!r} must be a whole number of samples > 0 (or None for a time budget).")
    if iters is not None and iters > MAX_COUNT:
        raise UsageError(f"iters={iters!r} is more samples than a run can take (at most {MAX_COUNT:.0e}).")
    _number("budget_s", budget_s, MAX_BUDGET_S, "seconds", zero_ok=False)
    for name, v in (("min_iters", min_iters), ("max_iters", max_iters)):
        if isinstance(v, bool) or not isinstance(v, int) or v > MAX_COUNT:
            raise UsageError(f"{name}={v!r} must be a whole number of samples (at most {MAX_COUNT:.0e}).")
    if min_iters <= 0 or max_iters < min_iters:
        raise UsageError(f"min_iters={min_iters!r} and max_iters={max_iters!r} must satisfy 0 < min_iters <= "
                         "max_iters.")
    if calls_per_sample is not None:
        _whole("calls_per_sample", calls_per_sample, 1, "calls")
    if not (isinstance(precision, (int, float)) and 0 < precision < 1):
        raise UsageError(f"precision={precision!r} must be a fraction between 0 and 1 (0.01 = ±1%).")


@dataclass
class BenchConfig:
    """The checked settings of one run (``bench()``'s keyword arguments; ``compare()`` shares them)."""

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
    crosscheck: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {"warmup": self.warmup, "warmup_ms": self.warmup_ms, "iters": self.iters, "budget_s": self.budget_s,
                "min_iters": self.min_iters, "max_iters": self.max_iters, "precision": self.precision,
                "mode": self.mode, "calls_per_sample": self.calls_per_sample,
                "device": None if self.device is None else str(self.device), "cache": self.cache,
                "monitor": self.monitor, "drop_throttled": self.drop_throttled, "crosscheck": self.crosscheck}
