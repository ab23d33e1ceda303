"""Sweep results: one bench result per point of a parameter grid (``wprof.sweep/1``), and two sweeps compared point
by point (``wprof.sweep-compare/1``). Torch-free: a laptop renders a GPU sweep.

Each point keeps its whole :class:`~wprof.results.BenchResult` (raw samples, warnings, telemetry, and, when the
factory declared its work, ``extra.throughput``), so every number in a sweep's table is computed from samples in the
file. A point whose factory or callable raised keeps its parameters and the error instead of a result.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ._io import write_json_atomic
from .bench import BenchResult

__all__ = ["SweepPoint", "SweepResult", "SweepComparePoint", "SweepCompareResult", "SWEEP_SCHEMA",
           "SWEEP_COMPARE_SCHEMA", "point_label"]

SWEEP_SCHEMA = "wprof.sweep/1"
SWEEP_COMPARE_SCHEMA = "wprof.sweep-compare/1"


def point_label(params: dict[str, Any], keys: list[str] | tuple[str, ...] | None = None) -> str:
    """``n=4096, dtype=bf16`` (values as the user would type them)."""
    keys = list(params) if keys is None else keys
    return ", ".join(f"{k}={params[k]}" for k in keys if k in params)


@dataclass(frozen=True)
class SweepPoint:
    """One grid point: its parameter values and the bench result, or the error that stopped it."""

    params: dict[str, Any]
    result: BenchResult | None = None
    error: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"params": dict(self.params), "error": self.error,
                "result": self.result.to_dict() if self.result is not None else None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SweepPoint:
        return cls(params=dict(d["params"]), error=d.get("error", ""),
                   result=BenchResult.from_dict(d["result"]) if d.get("result") else None)


@dataclass(frozen=True)
class SweepResult:
    """A bench sweep over the cross product of ``axes`` (name -> values, in the order given), one point each.

    ``status`` is ``complete`` or ``interrupted`` (Ctrl-C: the points measured so far are kept); ``fixed`` holds the
    single-valued parameters, ``config`` the bench settings shared by every point, ``env`` the fingerprint of the
    first measured point."""

    name: str
    target: str
    axes: dict[str, list[Any]]
    points: tuple[SweepPoint, ...]
    fixed: dict[str, Any] = field(default_factory=dict)
    status: str = "complete"
    config: dict[str, Any] = field(default_factory=dict)
    env: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    created_utc: str = ""
    wprof_version: str = ""
    schema: str = SWEEP_SCHEMA

    @property
    def measured(self) -> list[SweepPoint]:
        return [p for p in self.points if p.result is not None]

    def to_dict(self) -> dict[str, Any]:
        return {"schema": self.schema, "wprof_version": self.wprof_version, "created_utc": self.created_utc,
                "name": self.name, "target": self.target, "status": self.status,
                "axes": {k: list(v) for k, v in self.axes.items()}, "fixed": dict(self.fixed),
                "config": dict(self.config), "notes": list(self.notes), "env": dict(self.env),
                "points": [p.to_dict() for p in self.points]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SweepResult:
        if not str(d.get("schema", "")).startswith("wprof.sweep/"):
            raise ValueError(f"schema {d.get('schema')!r} is not wprof.sweep")
        return cls(name=d["name"], target=d.get("target", ""), axes={k: list(v) for k, v in d["axes"].items()},
                   points=tuple(SweepPoint.from_dict(p) for p in d["points"]), fixed=dict(d.get("fixed", {})),
                   status=d.get("status", "complete"), config=dict(d.get("config", {})),
                   env=dict(d.get("env", {})), notes=tuple(d.get("notes", [])), created_utc=d.get("created_utc", ""),
                   wprof_version=d.get("wprof_version", ""), schema=d["schema"])

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write this result as JSON, atomically (disk full: to a fallback place, named in the error)."""
        return write_json_atomic(path, self.to_dict(), fallback=True)


@dataclass(frozen=True)
class SweepComparePoint:
    """One grid point of two sweeps: B / A as a ratio of medians with its bootstrap 95% CI (a ``CompareResult``)."""

    params: dict[str, Any]
    comparison: Any  # CompareResult, or None when one side has no result there
    error: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"params": dict(self.params), "error": self.error,
                "comparison": self.comparison.to_dict() if self.comparison is not None else None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SweepComparePoint:
        from .compare import CompareResult

        return cls(params=dict(d["params"]), error=d.get("error", ""),
                   comparison=CompareResult.from_dict(d["comparison"]) if d.get("comparison") else None)


@dataclass(frozen=True)
class SweepCompareResult:
    """Sweep B against sweep A at every point both measured (A is the baseline)."""

    a_name: str
    b_name: str
    axes: dict[str, list[Any]]
    points: tuple[SweepComparePoint, ...]
    notes: tuple[str, ...] = ()
    created_utc: str = ""
    wprof_version: str = ""
    schema: str = SWEEP_COMPARE_SCHEMA

    def verdicts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for p in self.points:
            if p.comparison is not None:
                out[p.comparison.verdict] = out.get(p.comparison.verdict, 0) + 1
        return out

    def fails(self, slower_pct: float) -> list[SweepComparePoint]:
        """The points where B is significantly slower than A by more than ``slower_pct`` percent."""
        return [p for p in self.points if p.comparison is not None and p.comparison.fails(slower_pct)]

    def to_dict(self) -> dict[str, Any]:
        return {"schema": self.schema, "wprof_version": self.wprof_version, "created_utc": self.created_utc,
                "a_name": self.a_name, "b_name": self.b_name, "axes": {k: list(v) for k, v in self.axes.items()},
                "notes": list(self.notes), "points": [p.to_dict() for p in self.points]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SweepCompareResult:
        if not str(d.get("schema", "")).startswith("wprof.sweep-compare/"):
            raise ValueError(f"schema {d.get('schema')!r} is not wprof.sweep-compare")
        return cls(a_name=d["a_name"], b_name=d["b_name"], axes={k: list(v) for k, v in d["axes"].items()},
                   points=tuple(SweepComparePoint.from_dict(p) for p in d["points"]), notes=tuple(d.get("notes", [])),
                   created_utc=d.get("created_utc", ""), wprof_version=d.get("wprof_version", ""), schema=d["schema"])

    def save(self, path: str | os.PathLike[str]) -> Path:
        return write_json_atomic(path, self.to_dict(), fallback=True)


def finite(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
