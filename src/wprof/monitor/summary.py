"""Summary of a monitor window: mean/min/max per metric, throttle reasons, throttled intervals.

:func:`summarize` turns the raw samples into a :class:`MonitorSummary`; the summary answers "was the GPU throttled
while my measurement ran?" by host timestamp (:meth:`MonitorSummary.is_throttled_at`,
:meth:`MonitorSummary.throttled_between`, :meth:`MonitorSummary.split_throttled`). Pure standard library.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ._types import METRICS, THROTTLE_REASONS, DeviceFacts, MonitorSample, decode_reasons

SCHEMA = "wprof.monitor/1"


@dataclass(frozen=True)
class MetricStats:
    """Mean, min and max of one metric over the samples that reported it (``n`` of them)."""

    mean: float
    min: float
    max: float
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "min": self.min, "max": self.max, "n": self.n}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MetricStats:
        return cls(mean=float(d["mean"]), min=float(d["min"]), max=float(d["max"]), n=int(d["n"]))


@dataclass(frozen=True)
class ThrottleSplit:
    """Which of a caller's measurement spans overlap a throttled interval (indices into the caller's list).

    ``kept`` is never empty when spans were given: if every span was throttled, all are kept and ``note`` says so.
    """

    kept: tuple[int, ...]
    dropped: tuple[int, ...]
    throttled: tuple[int, ...]
    note: str | None = None


@dataclass(frozen=True)
class MonitorSummary:
    """What the NVML monitor saw over a window.

    ``metrics`` maps each of :data:`wprof.monitor.METRICS` (``power_w``, ``sm_clock_mhz``, ``mem_clock_mhz``,
    ``gpu_util_pct``, ``mem_util_pct``, ``temperature_c``, ``memory_used_mib``) to its :class:`MetricStats`; a metric the
    device never reported is absent. ``reasons_fraction`` maps every clocks-event reason seen (throttling or not) to
    the fraction of samples that carried it; ``throttled_fraction`` is the fraction carrying any reason in
    :data:`THROTTLE_REASONS`. ``throttled_intervals_ns`` are ``perf_counter_ns`` spans, conservatively widened to the
    neighbouring unthrottled samples, during which the clock may have been throttled. ``read_cost_us`` is the sampler's own mean
    host time per sample (all NVML reads of one sample), so its cost is on record. ``samples`` holds the raw
    samples when the caller asked for them (``Monitor.summary(include_samples=True)``).

    When NVML was not usable, ``available`` is False, ``unavailable_reason`` says why and everything else is empty.
    """

    available: bool
    unavailable_reason: str | None = None
    device: DeviceFacts | None = None
    interval_s: float = 0.0
    n_samples: int = 0
    window_ms: float = 0.0
    metrics: dict[str, MetricStats] = field(default_factory=dict)
    reasons_fraction: dict[str, float] = field(default_factory=dict)
    throttled_fraction: float = 0.0
    throttled_intervals_ns: tuple[tuple[int, int], ...] = ()
    read_cost_us: float | None = None
    samples: tuple[MonitorSample, ...] = ()

    # --- questions callers ask -----------------------------------------------------------------------------------

    @property
    def throttled(self) -> bool:
        """True when any sample carried a throttle reason."""
        return self.throttled_fraction > 0.0

    @property
    def throttle_reasons(self) -> tuple[str, ...]:
        """Throttle reasons seen (subset of :data:`THROTTLE_REASONS`), most frequent first."""
        seen = [(f, r) for r, f in self.reasons_fraction.items() if r in THROTTLE_REASONS and f > 0]
        return tuple(r for _, r in sorted(seen, key=lambda x: (-x[0], x[1])))

    def is_throttled_at(self, t_ns: int) -> bool:
        """True when host time ``t_ns`` (``time.perf_counter_ns``) falls inside a throttled interval."""
        return any(a <= t_ns <= b for a, b in self.throttled_intervals_ns)

    def throttled_between(self, start_ns: int, end_ns: int) -> bool:
        """True when the span ``[start_ns, end_ns]`` overlaps a throttled interval."""
        return any(a <= end_ns and start_ns <= b for a, b in self.throttled_intervals_ns)

    def split_throttled(self, spans_ns: Sequence[tuple[int, int]], *, drop: bool = True) -> ThrottleSplit:
        """Flag (and, with ``drop``, remove) the measurement spans that overlap a throttled interval.

        Never leaves the caller empty-handed: when every span overlaps, all are kept and the note says so.
        """
        throttled = tuple(i for i, (a, b) in enumerate(spans_ns) if self.throttled_between(a, b))
        if not drop or not throttled:
            return ThrottleSplit(kept=tuple(range(len(spans_ns))), dropped=(), throttled=throttled)
        bad = set(throttled)
        kept = tuple(i for i in range(len(spans_ns)) if i not in bad)
        if not kept:
            return ThrottleSplit(
                kept=tuple(range(len(spans_ns))),
                dropped=(),
                throttled=throttled,
                note=f"all {len(spans_ns)} samples overlap a throttled interval; kept them all (flagged)",
            )
        return ThrottleSplit(kept=kept, dropped=throttled, throttled=throttled)

    def warning(self) -> str | None:
        """One line for a result's warnings when the window was throttled, else None."""
        if not self.throttled:
            return None
        reasons = ", ".join(f"{r} {self.reasons_fraction[r]:.0%}" for r in self.throttle_reasons)
        line = f"GPU clock throttled in {self.throttled_fraction:.0%} of {self.n_samples} NVML samples ({reasons})"
        sm = self.metrics.get("sm_clock_mhz")
        if sm is not None:
            line += f"; SM clock {sm.min:.0f}-{sm.max:.0f} MHz"
            if self.device and self.device.max_sm_clock_mhz:
                line += f" (max {self.device.max_sm_clock_mhz:.0f})"
        return line

    # --- serialisation -------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "schema": SCHEMA,
            "available": self.available,
            "unavailable_reason": self.unavailable_reason,
            "device": self.device.to_dict() if self.device else None,
            "interval_s": self.interval_s,
            "n_samples": self.n_samples,
            "window_ms": self.window_ms,
            "metrics": {k: v.to_dict() for k, v in self.metrics.items()},
            "reasons_fraction": dict(self.reasons_fraction),
            "throttled_fraction": self.throttled_fraction,
            "throttled_intervals_ns": [list(x) for x in self.throttled_intervals_ns],
            "read_cost_us": self.read_cost_us,
        }
        if self.samples:
            d["samples"] = samples_to_columns(self.samples)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MonitorSummary:
        schema = d.get("schema", SCHEMA)
        if schema != SCHEMA:
            raise ValueError(f"unknown monitor schema {schema!r} (expected {SCHEMA!r})")
        return cls(
            available=bool(d["available"]),
            unavailable_reason=d.get("unavailable_reason"),
            device=DeviceFacts.from_dict(d["device"]) if d.get("device") else None,
            interval_s=float(d.get("interval_s", 0.0)),
            n_samples=int(d.get("n_samples", 0)),
            window_ms=float(d.get("window_ms", 0.0)),
            metrics={k: MetricStats.from_dict(v) for k, v in d.get("metrics", {}).items()},
            reasons_fraction={k: float(v) for k, v in d.get("reasons_fraction", {}).items()},
            throttled_fraction=float(d.get("throttled_fraction", 0.0)),
            throttled_intervals_ns=tuple((int(a), int(b)) for a, b in d.get("throttled_intervals_ns", [])),
            read_cost_us=None if d.get("read_cost_us") is None else float(d["read_cost_us"]),
            samples=samples_from_columns(d["samples"]) if d.get("samples") else (),
        )


def samples_to_columns(samples: Sequence[MonitorSample]) -> dict[str, list[Any]]:
    """Raw samples as columns (``{"t_ns": [...], "power_w": [...], ...}``): compact JSON for long windows."""
    cols = ("t_ns", *METRICS, "reasons_mask")
    return {c: [getattr(s, c) for s in samples] for c in cols}


def samples_from_columns(cols: dict[str, list[Any]]) -> tuple[MonitorSample, ...]:
    n = len(cols.get("t_ns", []))
    names = [c for c in ("t_ns", *METRICS, "reasons_mask") if c in cols]
    return tuple(MonitorSample(**{c: cols[c][i] for c in names}) for i in range(n))


def unavailable(reason: str, *, interval_s: float = 0.0, device: DeviceFacts | None = None) -> MonitorSummary:
    """The summary of a monitor that could not read NVML."""
    return MonitorSummary(available=False, unavailable_reason=reason, interval_s=interval_s, device=device)


def throttled_intervals(samples: Sequence[MonitorSample]) -> tuple[tuple[int, int], ...]:
    """Spans of host time during which the clock may have been throttled.

    A run of throttled samples ``i..j`` only proves throttling at those instants; it may have begun just after
    sample ``i-1`` and lasted until just before ``j+1``. The interval is widened to those unthrottled neighbours (or
    to the run's own first/last sample at the window's edges), so flagging errs towards "throttled".
    """
    s = sorted(samples, key=lambda x: x.t_ns)
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(s):
        if not s[i].throttled:
            i += 1
            continue
        j = i
        while j + 1 < len(s) and s[j + 1].throttled:
            j += 1
        start = s[i - 1].t_ns if i > 0 else s[i].t_ns
        end = s[j + 1].t_ns if j + 1 < len(s) else s[j].t_ns
        out.append((start, end))
        i = j + 1
    return tuple(out)


def summarize(
    samples: Sequence[MonitorSample],
    *,
    device: DeviceFacts | None = None,
    interval_s: float = 0.0,
    include_samples: bool = False,
    read_cost_us: float | None = None,
) -> MonitorSummary:
    """Mean/min/max of every metric, reason fractions and throttled intervals of ``samples``."""
    n = len(samples)
    metrics: dict[str, MetricStats] = {}
    for name in METRICS:
        vals = [float(v) for v in (getattr(s, name) for s in samples) if v is not None]
        if vals:
            metrics[name] = MetricStats(mean=sum(vals) / len(vals), min=min(vals), max=max(vals), n=len(vals))
    counts: dict[str, int] = {}
    n_throttled = 0
    for s in samples:
        for r in decode_reasons(s.reasons_mask):
            counts[r] = counts.get(r, 0) + 1
        n_throttled += s.throttled
    times = [s.t_ns for s in samples]
    return MonitorSummary(
        available=True,
        device=device,
        interval_s=interval_s,
        n_samples=n,
        window_ms=(max(times) - min(times)) / 1e6 if times else 0.0,
        metrics=metrics,
        reasons_fraction={r: c / n for r, c in sorted(counts.items())},
        throttled_fraction=n_throttled / n if n else 0.0,
        throttled_intervals_ns=throttled_intervals(samples),
        read_cost_us=read_cost_us,
        samples=tuple(samples) if include_samples else (),
    )
