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

from ..stats import Summary, Warning_, summarize
from . import _fields as F
from ._common import read_warnings
from ._io import write_json_atomic

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
    def from_dict(cls, d: dict[str, Any], where: str = "") -> Finding:
        return cls(code=F.text(d, "code", where), message=F.text(d, "message", where),
                   evidence=F.mapping(d, "evidence", where, {}), advice=F.text(d, "advice", where, ""))


@dataclass(frozen=True)
class LoopResult:
    """One gauge window.

    ``status``: ``complete`` (the window ran to its end), ``partial`` (the loader ended first; fewer samples than
    asked), ``interrupted`` (the process exited or raised inside the window). ``fps`` is
    ``global_batch_size / step_ms`` per iteration (samples/s, all ranks) and is empty without a batch size; the mean of
    its summary is the window's throughput (``global_batch_size * n / sum(step_ms)``), not the mean of the per-step
    rates, which overstates it; the other statistics are over the per-step values.
    ``clocks`` names the clock of each series (``iter_ms``, ``data_ms``, ``step_ms``, ``fps``).
    ``tokens_per_step`` (token batches: integer ``input_ids``-like tensors, padding included, all ranks) gives
    ``tokens_per_s`` = ``tokens_per_step / step_ms``, summarised like ``fps`` (its mean is tokens over time).
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
    tokens_per_step: int | None = None
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
    ladder: dict[str, Any] | None = None
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

    @property
    def tokens_per_s(self) -> tuple[float, ...]:
        if not self.tokens_per_step:
            return ()
        return tuple(self.tokens_per_step / (s / 1e3) if s > 0 else math.nan for s in self.step_ms)

    def summary(self, series: str) -> Summary:
        """Summary of ``iter_ms``, ``data_ms``, ``step_ms``, ``fps``, ``tokens_per_s`` or a phase name."""
        if series in ("fps", "tokens_per_s"):
            per_step = self.global_batch_size if series == "fps" else self.tokens_per_step
            s = summarize(self.fps if series == "fps" else self.tokens_per_s)
            total_ms = sum(x for x in self.step_ms if x > 0)
            if per_step and total_ms > 0:  # mean: samples (tokens) over time, not the mean of the rates
                n = sum(1 for x in self.step_ms if x > 0)
                s = replace(s, mean=per_step * n / (total_ms / 1e3))
            return s
        if series in SERIES:
            return summarize(getattr(self, series))
        return summarize([x for x in self.phases[series] if not math.isnan(x)])

    @property
    def summaries(self) -> dict[str, Summary]:
        names = list(SERIES) + (["fps"] if self.global_batch_size else []) \
            + (["tokens_per_s"] if self.tokens_per_step else [])
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
            "tokens_per_step": self.tokens_per_step,
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
            "ladder": self.ladder,
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
    def from_dict(cls, d: dict[str, Any], where: str = "") -> LoopResult:
        schema = F.text(d, "schema", where)
        if not schema.startswith("wprof.loop/"):
            raise F.FieldError(f"{where}schema: {schema!r} is not wprof.loop")
        s = F.mapping(d, "samples", where)
        sw = where + "samples."
        window = F.numbers(d, "window", where)
        if len(window) != 2 or not all(float(x).is_integer() for x in window):
            raise F.FieldError(f"{where}window: expected [first, stop] iteration numbers")
        index = F.numbers(s, "index", sw)
        if not all(float(x).is_integer() for x in index):
            raise F.FieldError(f"{sw}index: expected a list of integers")
        series = {k: F.numbers(s, k, sw) for k in SERIES}
        if any(len(v) != len(index) for v in series.values()):
            raise F.FieldError(f"{sw}: index, iter_ms, data_ms and step_ms must have the same length")
        phases = {k: F.numbers(F.mapping(s, "phases", sw, {}), k, sw + "phases.")
                  for k in F.mapping(s, "phases", sw, {})}
        clocks = F.mapping(d, "clocks", where)
        if not all(isinstance(v, str) for v in clocks.values()):
            raise F.FieldError(f"{where}clocks: expected clock names (strings)")
        return cls(
            name=F.text(d, "name", where),
            mode=F.text(d, "mode", where),
            clocks=clocks,
            status=F.text(d, "status", where),
            stop_reason=F.text(d, "stop_reason", where, ""),
            window=(int(window[0]), int(window[1])),
            index=tuple(int(i) for i in index),
            iter_ms=series["iter_ms"],
            data_ms=series["data_ms"],
            step_ms=series["step_ms"],
            phases=phases,
            global_batch_size=F.opt_integer(d, "global_batch_size", where),
            tokens_per_step=F.opt_integer(d, "tokens_per_step", where),
            warmup=F.mapping(d, "warmup", where, {}),
            telemetry=F.opt_obj(d, "telemetry", where),
            mfu=F.opt_obj(d, "mfu", where),
            distributed=F.opt_obj(d, "distributed", where),
            rank=F.integer(d, "rank", where, 0),
            world_size=F.integer(d, "world_size", where, 1),
            findings=tuple(Finding.from_dict(f, f"{where}findings[{i}].")
                           for i, f in enumerate(F.items(d, "findings", where, []))),
            warnings=read_warnings(d, "warnings", where),
            notes=F.texts(d, "notes", where, ()),
            timing=F.mapping(d, "timing", where, {}),
            artifacts={k: str(v) for k, v in F.mapping(d, "artifacts", where, {}).items()},
            top_ops=tuple(F.items(d, "top_ops", where, [])),
            next_step=F.text(d, "next_step", where, ""),
            ladder=F.opt_obj(d, "ladder", where),
            config=F.mapping(d, "config", where, {}),
            env=F.mapping(d, "env", where, {}),
            created_utc=F.text(d, "created_utc", where, ""),
            wprof_version=F.text(d, "wprof_version", where, ""),
            schema=schema,
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write this result as JSON, atomically (disk full: to a fallback place, named in the error)."""
        return write_json_atomic(path, self.to_dict(), fallback=True)

    def jsonl_lines(self) -> list[str]:
        """One JSON object per iteration (the per-iteration stream)."""
        import json

        fps, tps = self.fps, self.tokens_per_s
        out = []
        for j, i in enumerate(self.index):
            row: dict[str, Any] = {"i": i, "iter_ms": self.iter_ms[j], "data_ms": self.data_ms[j],
                                   "step_ms": self.step_ms[j]}
            if fps:
                row["fps"] = fps[j]
            if tps:
                row["tokens_per_s"] = tps[j]
            for k, v in self.phases.items():
                row[f"phase.{k}_ms"] = v[j]
            if self.world_size > 1:
                row["rank"] = self.rank
            out.append(json.dumps({k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                                   for k, v in row.items()}))
        return out
