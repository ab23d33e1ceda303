"""NcuResult: one Nsight Compute run over a window: every profiled launch and per-kernel statistics
(schema ``wprof.ncu/1``). How ncu is run and its CSV parsed lives in :mod:`wprof.profilers.ncu`.
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _fields as F
from ._io import write_json_atomic

__all__ = ["NcuResult", "KernelLaunch", "KernelStats", "kernel_stats", "NCU_SCHEMA"]

NCU_SCHEMA = "wprof.ncu/1"


@dataclass(frozen=True)
class KernelLaunch:
    """One profiled launch: ncu's ID, the kernel's name, and its device duration in ms."""

    id: int
    name: str
    duration_ms: float
    stream: str | None = None
    grid: str | None = None
    block: str | None = None
    process_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "duration_ms": self.duration_ms, "stream": self.stream,
                "grid": self.grid, "block": self.block, "process_id": self.process_id}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "") -> KernelLaunch:
        def opt(key: str) -> str | None:
            return None if d.get(key) is None else F.text(d, key, where)

        return cls(F.integer(d, "id", where), F.text(d, "name", where), F.number(d, "duration_ms", where),
                   opt("stream"), opt("grid"), opt("block"), F.opt_integer(d, "process_id", where))


@dataclass(frozen=True)
class KernelStats:
    """Duration statistics of one kernel name over its launches (ms)."""

    name: str
    count: int
    total_ms: float
    mean_ms: float
    median_ms: float
    min_ms: float
    max_ms: float
    std_ms: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def kernel_stats(launches: Iterable[KernelLaunch]) -> tuple[KernelStats, ...]:
    """Per-kernel-name statistics, largest total first (ties: first launched first)."""
    groups: dict[str, list[float]] = {}
    for launch in launches:
        if not math.isnan(launch.duration_ms):
            groups.setdefault(launch.name, []).append(launch.duration_ms)
    stats = [
        KernelStats(
            name=name,
            count=len(d),
            total_ms=math.fsum(d),
            mean_ms=statistics.fmean(d),
            median_ms=statistics.median(d),
            min_ms=min(d),
            max_ms=max(d),
            std_ms=statistics.stdev(d) if len(d) > 1 else 0.0,
        )
        for name, d in groups.items()
    ]
    order = {name: i for i, name in enumerate(groups)}
    return tuple(sorted(stats, key=lambda s: (-s.total_ms, order[s.name])))


@dataclass(frozen=True)
class NcuResult:
    """One ncu run: the command, the window, every profiled launch, and warnings (``"schema": "wprof.ncu/1"``)."""

    command: tuple[str, ...]
    window: str
    metric: str
    launches: tuple[KernelLaunch, ...]
    clock: str = "ncu gpu__time_duration.sum (device), --clock-control none"
    created_utc: str = ""
    warnings: tuple[str, ...] = ()
    wprof_version: str = ""
    schema: str = NCU_SCHEMA

    @property
    def kernels(self) -> tuple[KernelStats, ...]:
        return kernel_stats(self.launches)

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": self.schema,
            "wprof_version": self.wprof_version,
            "created_utc": self.created_utc,
            "command": list(self.command),
            "window": self.window,
            "metric": self.metric,
            "clock": self.clock,
            "warnings": list(self.warnings),
            "kernels": [k.to_dict() for k in self.kernels],
            "launches": [launch.to_dict() for launch in self.launches],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "") -> NcuResult:
        schema = F.text(d, "schema", where)
        if not schema.startswith("wprof.ncu/"):
            raise F.FieldError(f"{where}schema: {schema!r} is not wprof.ncu")
        return cls(
            command=F.texts(d, "command", where),
            window=F.text(d, "window", where),
            metric=F.text(d, "metric", where),
            launches=tuple(KernelLaunch.from_dict(x, f"{where}launches[{i}].")
                           for i, x in enumerate(F.items(d, "launches", where))),
            clock=F.text(d, "clock", where, ""),
            created_utc=F.text(d, "created_utc", where, ""),
            warnings=F.texts(d, "warnings", where, ()),
            wprof_version=F.text(d, "wprof_version", where, ""),
            schema=schema,
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        return write_json_atomic(path, self.to_dict(), fallback=True)
