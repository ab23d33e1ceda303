"""BenchResult: one ``wprof.bench`` measurement (raw per-call samples in ms and everything needed to trust them).

docs/results.md lists every field and its unit. Torch-free: a laptop renders a GPU run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..stats import Summary, Warning_
from . import _fields as F
from ._common import read_summary, read_warnings
from ._io import write_json_atomic

__all__ = ["BenchResult", "Warmup", "BENCH_SCHEMA"]

BENCH_SCHEMA = "wprof.bench/1"


@dataclass(frozen=True)
class Warmup:
    """Warmup actually done before the timed samples (excluded from them)."""

    calls: int
    ms: float  # host wall time spent warming up after the first call (the estimate calls included)
    first_call_ms: float  # host wall time of the first (untimed) call: compile, autotune, lazy init
    reason: str  # what decided the amount, e.g. "count=10 and time>=25 ms"

    def to_dict(self) -> dict[str, Any]:
        return {"calls": self.calls, "ms": self.ms, "first_call_ms": self.first_call_ms, "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "warmup.") -> Warmup:
        return cls(calls=F.integer(d, "calls", where), ms=F.number(d, "ms", where),
                   first_call_ms=F.number(d, "first_call_ms", where), reason=F.text(d, "reason", where, ""))


@dataclass(frozen=True)
class BenchResult:
    """One ``wprof.bench`` measurement: raw per-call samples in ms and everything needed to trust them.

    ``clock`` is ``"cuda-events"`` or ``"host"`` (one result never mixes clocks). ``mode`` is ``"per-call"`` (an event
    pair around each call), ``"aggregate"`` (one pair around ``calls_per_sample`` calls; each sample is the mean of
    those calls) or another mode named in docs/results.md. ``extra`` holds optional sections added by other parts of
    the harness (telemetry, harness floor, launch-inclusive numbers, cache policy).
    """

    name: str
    clock: str
    mode: str
    samples_ms: tuple[float, ...]
    summary: Summary
    warmup: Warmup
    calls_per_sample: int = 1
    stop_reason: str = ""
    warnings: tuple[Warning_, ...] = ()
    env: dict[str, Any] = field(default_factory=dict)
    config: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    target: str = ""
    created_utc: str = ""
    wprof_version: str = ""
    schema: str = BENCH_SCHEMA

    @property
    def median_ms(self) -> float:
        return self.summary.median

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": self.schema,
            "wprof_version": self.wprof_version,
            "created_utc": self.created_utc,
            "name": self.name,
            "target": self.target,
            "clock": self.clock,
            "mode": self.mode,
            "calls_per_sample": self.calls_per_sample,
            "stop_reason": self.stop_reason,
            "config": dict(self.config),
            "warmup": self.warmup.to_dict(),
            "summary": self.summary.to_dict(),
            "warnings": [w.to_dict() for w in self.warnings],
            "env": dict(self.env),
            "extra": dict(self.extra),
            "samples_ms": list(self.samples_ms),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "") -> BenchResult:
        schema = F.text(d, "schema", where)
        if not schema.startswith("wprof.bench/"):
            raise F.FieldError(f"{where}schema: {schema!r} is not wprof.bench")
        return cls(
            name=F.text(d, "name", where),
            clock=F.text(d, "clock", where),
            mode=F.text(d, "mode", where),
            samples_ms=F.numbers(d, "samples_ms", where),
            summary=read_summary(d.get("summary"), where + "summary"),
            warmup=Warmup.from_dict(F.mapping(d, "warmup", where), where + "warmup."),
            calls_per_sample=F.integer(d, "calls_per_sample", where, 1),
            stop_reason=F.text(d, "stop_reason", where, ""),
            warnings=read_warnings(d, "warnings", where),
            env=F.mapping(d, "env", where, {}),
            config=F.mapping(d, "config", where, {}),
            extra=F.mapping(d, "extra", where, {}),
            target=F.text(d, "target", where, ""),
            created_utc=F.text(d, "created_utc", where, ""),
            wprof_version=F.text(d, "wprof_version", where, ""),
            schema=schema,
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write this result as JSON, atomically."""
        return write_json_atomic(path, self.to_dict())
