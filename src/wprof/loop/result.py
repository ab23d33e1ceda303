"""LoopResult: what the gauge measured over its window (schema ``wprof.loop/1``). Torch-free.

Raw per-iteration samples are kept (``iter_ms``, ``data_ms``, ``step_ms`` and one series per phase, index-aligned with
``index``); summaries are computed from them. ``clocks`` says which clock produced each series:
``iter_ms`` and ``step_ms`` come from the boundary marks: CUDA events in ``events`` mode (``step_ms`` is then the period
of the loop on the device clock), the host clock after ``synchronize()`` in ``sync`` mode, the host clock in ``host``
mode; ``data_ms`` always comes from the host clock; ``fps`` derives from ``step_ms``. ``timing`` holds how the values
were taken (the host boundary-to-boundary step times as a summary, short fetches left unmarked); ``notes`` are
informational lines (artifact paths), unlike ``warnings``, which affect trust in the numbers.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..results import write_json_atomic
from ..stats import Summary, Warning_, summarize

__all__ = ["LoopResult", "Finding", "LOOP_SCHEMA", "SERIES"]

LOOP_SCHEMA = "wprof.loop/1"
SERIES = ("iter_ms", "data_ms", "step_ms")


@dataclass(frozen=True)
class Finding:
    """A diagnosis: stable code, one sentence with its numbers, the numbers themselves, and what to do."""

    code: str
    message: str
    evidence: dict[str, Any] = field(default_factory=dict)
    advice: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "evidence": dict(self.evidence), "advice": self.advice}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Finding:
        return cls(code=d["code"], message=d["message"], evidence=dict(d.get("evidence", {})),
                   advice=d.get("advice", ""))


def _nan(v: Any) -> float:
    return math.nan if v is None else float(v)


def _summary_from(d: dict[str, Any]) -> Summary:
    return Summary.from_dict({k: _nan(v) if k != "n" else int(v) for k, v in d.items()})


@dataclass(frozen=True)
class LoopResult:
    """One gauge window.

    ``status``: ``complete`` (the window ran to its end), ``partial`` (the loader ended first; fewer samples than
    asked), ``interrupted`` (the process exited or raised inside the window). ``fps`` is
    ``global_batch_size / step_ms`` per iteration (samples/s, all ranks) and is empty without a batch size; the mean of
    its summary is the window's throughput (``global_batch_size * n / sum(step_ms)``), not the mean of the per-step
    rates, which overstates it; the other statistics are over the per-step values.
    ``clocks`` names the clock of each series (``iter_ms``, ``data_ms``, ``step_ms``, ``fps``).
    """

    name: str
    mode: str
    clocks: dict[str, str]
    status: str
    window: tuple[int, int]
    index: tuple[int, ...]
    iter_ms: tuple[float, ...]
    data_ms: tuple[float, ...]
    step_ms: tuple[float, ...]
    global_batch_size: int | None = None
    stop_reason: str = ""
    warmup: dict[str, Any] = field(default_factory=dict)
    phases: dict[str, tuple[float, ...]] = field(default_factory=dict)
    telemetry: dict[str, Any] | None = None
    mfu: dict[str, Any] | None = None
    distributed: dict[str, Any] | None = None
    rank: int = 0
    world_size: int = 1
    findings: tuple[Finding, ...] = ()
    warnings: tuple[Warning_, ...] = ()
    notes: tuple[str, ...] = ()
    timing: dict[str, Any] = field(default_factory=dict)
    artifacts: dict[str, str] = field(default_factory=dict)
    top_ops: tuple[dict[str, Any], ...] = ()
    next_step: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    env: dict[str, Any] = field(default_factory=dict)
    created_utc: str = ""
    wprof_version: str = ""
    schema: str = LOOP_SCHEMA

    # --- derived (from the raw samples, never stored separately) --------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.iter_ms)

    @property
    def fps(self) -> tuple[float, ...]:
        if not self.global_batch_size:
            return ()
        return tuple(self.global_batch_size / (s / 1e3) if s > 0 else math.nan for s in self.step_ms)

    def summary(self, series: str) -> Summary:
        """Summary of ``iter_ms``, ``data_ms``, ``step_ms``, ``fps`` or a phase name."""
        if series == "fps":
            s = summarize(self.fps)
            total_ms = sum(x for x in self.step_ms if x > 0)
            if self.global_batch_size and total_ms > 0:  # mean: samples over time, not the mean of the rates
                n = sum(1 for x in self.step_ms if x > 0)
                s = replace(s, mean=self.global_batch_size * n / (total_ms / 1e3))
            return s
        if series in SERIES:
            return summarize(getattr(self, series))
        return summarize([x for x in self.phases[series] if not math.isnan(x)])

    @property
    def summaries(self) -> dict[str, Summary]:
        names = list(SERIES) + (["fps"] if self.global_batch_size else [])
        return {k: self.summary(k) for k in names}

    # --- serialisation ------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": self.schema,
            "wprof_version": self.wprof_version,
            "created_utc": self.created_utc,
            "name": self.name,
            "mode": self.mode,
            "clocks": dict(self.clocks),
            "status": self.status,
            "stop_reason": self.stop_reason,
            "window": list(self.window),
            "n": self.n,
            "global_batch_size": self.global_batch_size,
            "rank": self.rank,
            "world_size": self.world_size,
            "warmup": dict(self.warmup),
            "summary": {k: v.to_dict() for k, v in self.summaries.items()},
            "phase_summary": {k: self.summary(k).to_dict() for k in self.phases},
            "mfu": self.mfu,
            "telemetry": self.telemetry,
            "distributed": self.distributed,
            "findings": [f.to_dict() for f in self.findings],
            "warnings": [w.to_dict() for w in self.warnings],
            "notes": list(self.notes),
            "timing": dict(self.timing),
            "next_step": self.next_step,
            "artifacts": dict(self.artifacts),
            "top_ops": [dict(r) for r in self.top_ops],
            "config": dict(self.config),
            "env": dict(self.env),
            "samples": {
                "index": list(self.index),
                "iter_ms": list(self.iter_ms),
                "data_ms": list(self.data_ms),
                "step_ms": list(self.step_ms),
                "phases": {k: list(v) for k, v in self.phases.items()},
            },
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LoopResult:
        if not str(d.get("schema", "")).startswith("wprof.loop/"):
            raise ValueError(f"schema {d.get('schema')!r} is not wprof.loop")
        s = d["samples"]
        return cls(
            name=d["name"],
            mode=d["mode"],
            clocks=dict(d["clocks"]),
            status=d["status"],
            stop_reason=d.get("stop_reason", ""),
            window=(int(d["window"][0]), int(d["window"][1])),
            index=tuple(int(i) for i in s["index"]),
            iter_ms=tuple(_nan(x) for x in s["iter_ms"]),
            data_ms=tuple(_nan(x) for x in s["data_ms"]),
            step_ms=tuple(_nan(x) for x in s["step_ms"]),
            phases={k: tuple(_nan(x) for x in v) for k, v in s.get("phases", {}).items()},
            global_batch_size=d.get("global_batch_size"),
            warmup=dict(d.get("warmup", {})),
            telemetry=d.get("telemetry"),
            mfu=d.get("mfu"),
            distributed=d.get("distributed"),
            rank=int(d.get("rank", 0)),
            world_size=int(d.get("world_size", 1)),
            findings=tuple(Finding.from_dict(f) for f in d.get("findings", [])),
            warnings=tuple(Warning_.from_dict(w) for w in d.get("warnings", [])),
            notes=tuple(str(x) for x in d.get("notes", [])),
            timing=dict(d.get("timing", {})),
            artifacts=dict(d.get("artifacts", {})),
            top_ops=tuple(dict(r) for r in d.get("top_ops", [])),
            next_step=d.get("next_step", ""),
            config=dict(d.get("config", {})),
            env=dict(d.get("env", {})),
            created_utc=d.get("created_utc", ""),
            wprof_version=d.get("wprof_version", ""),
            schema=d["schema"],
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write this result as JSON, atomically."""
        return write_json_atomic(path, self.to_dict())

    def jsonl_lines(self) -> list[str]:
        """One JSON object per iteration (the per-iteration stream)."""
        import json

        fps = self.fps
        out = []
        for j, i in enumerate(self.index):
            row: dict[str, Any] = {"i": i, "iter_ms": self.iter_ms[j], "data_ms": self.data_ms[j],
                                   "step_ms": self.step_ms[j]}
            if fps:
                row["fps"] = fps[j]
            for k, v in self.phases.items():
                row[f"phase.{k}_ms"] = v[j]
            if self.world_size > 1:
                row["rank"] = self.rank
            out.append(json.dumps({k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                                   for k, v in row.items()}))
        return out
