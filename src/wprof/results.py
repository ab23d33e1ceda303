"""Versioned result documents and atomic writes.

A result is a frozen dataclass with ``to_dict`` / ``from_dict``; on disk it is one JSON document whose ``"schema"``
is ``"wprof.<kind>/<version>"`` (docs/results.md lists every field and its unit). Writes go to a temporary file in
the target's directory and are renamed over the target, so an interrupted run never leaves a torn file.

:func:`load_result` reads any wprof result and returns the matching class; classes of other kinds register their
schema in ``_SCHEMAS`` by import path, so this module never imports them (or torch) up front.
"""

from __future__ import annotations

import datetime as _dt
import importlib
import json
import math
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ResultFileError
from .stats import Summary, Warning_

__all__ = [
    "BenchResult",
    "Warmup",
    "write_json_atomic",
    "write_text_atomic",
    "load_result",
    "read_json",
    "now_utc",
    "BENCH_SCHEMA",
]

BENCH_SCHEMA = "wprof.bench/1"

# schema kind -> "module:Class" (imported only when such a file is loaded)
_SCHEMAS: dict[str, str] = {
    "wprof.bench": "wprof.results:BenchResult",
    "wprof.loop": "wprof.loop.result:LoopResult",
    "wprof.compare": "wprof.benchmark.compare:CompareResult",
    "wprof.ncu": "wprof.profilers.ncu:NcuResult",
    "wprof.sweep": "wprof.benchmark.sweep_result:SweepResult",
    "wprof.sweep-compare": "wprof.benchmark.sweep_result:SweepCompareResult",
}
# schema kind -> the major version this wprof reads (a new major version means a field changed meaning)
_MAJOR_VERSIONS: dict[str, str] = {"wprof.bench": "1", "wprof.loop": "1", "wprof.compare": "1", "wprof.ncu": "1",
                                   "wprof.sweep": "1", "wprof.sweep-compare": "1"}


def now_utc() -> str:
    """The current UTC time as ISO 8601 with seconds (``2026-11-30T06:29:17Z``)."""
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _jsonable(obj: Any) -> Any:
    """NaN and infinities are not JSON: write them as null."""
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, dict):
        return {k: _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    return obj


def _mode_for(target: Path) -> int:
    """The existing file's mode, else what ``open()`` would give a new file under the current umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_text_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` atomically (temp file in the same directory, fsync, rename)."""
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    try:
        parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent)
    except OSError as exc:
        raise ResultFileError(f"cannot write '{target}': {exc.strerror or exc}. Choose a writable path.") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:  # the text's own line endings, as given
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(target))  # mkstemp makes 0600; a result (or script copy) gets a normal file's mode
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise ResultFileError(f"cannot write '{target}': {exc.strerror or exc}. Choose a writable path.") from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target


def write_json_atomic(path: str | os.PathLike[str], doc: dict[str, Any]) -> Path:
    """Write a JSON document atomically (NaN written as null)."""
    return write_text_atomic(path, json.dumps(_jsonable(doc), indent=2, sort_keys=False) + "\n")


def read_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a JSON document; a missing or malformed file is a ResultFileError naming the file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResultFileError(f"result file '{p}' does not exist. Pass the path written by --json.") from None
    except OSError as exc:
        raise ResultFileError(f"cannot read '{p}': {exc.strerror or exc}.") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ResultFileError(f"'{p}' is not valid JSON (line {exc.lineno}: {exc.msg}); it is not a wprof result.") \
            from None
    if not isinstance(doc, dict):
        raise ResultFileError(f"'{p}' holds a JSON {type(doc).__name__}, not a wprof result object.")
    return doc


def load_result(path: str | os.PathLike[str]) -> Any:
    """Load any wprof result file and return its dataclass (BenchResult, LoopResult, ...)."""
    doc = read_json(path)
    schema = doc.get("schema")
    if not isinstance(schema, str) or "/" not in schema:
        raise ResultFileError(f"'{path}' has no wprof 'schema' field; it was not written by wprof.")
    kind, _, version = schema.partition("/")
    target = _SCHEMAS.get(kind)
    if target is None:
        raise ResultFileError(f"'{path}' has schema '{schema}', which this wprof does not know "
                              f"(known: {', '.join(sorted(_SCHEMAS))}).")
    major = version.partition(".")[0]
    if major != _MAJOR_VERSIONS.get(kind, "1"):
        raise ResultFileError(f"'{path}' has schema '{schema}', a version this wprof does not read (it reads "
                              f"{kind}/{_MAJOR_VERSIONS.get(kind, '1')}); render it with the wprof that wrote it "
                              f"({doc.get('wprof_version') or 'version unknown'}).")
    mod_name, _, cls_name = target.partition(":")
    cls = getattr(importlib.import_module(mod_name), cls_name)
    try:
        return cls.from_dict(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResultFileError(f"'{path}' is not a valid {schema} document ({type(exc).__name__}: {exc}).") from None


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
    def from_dict(cls, d: dict[str, Any]) -> Warmup:
        return cls(calls=d["calls"], ms=d["ms"], first_call_ms=d["first_call_ms"], reason=d["reason"])


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
    def from_dict(cls, d: dict[str, Any]) -> BenchResult:
        if not str(d.get("schema", "")).startswith("wprof.bench/"):
            raise ValueError(f"schema {d.get('schema')!r} is not wprof.bench")
        summary = {k: (math.nan if v is None else v) for k, v in d["summary"].items()}
        return cls(
            name=d["name"],
            clock=d["clock"],
            mode=d["mode"],
            samples_ms=tuple(float(x) for x in d["samples_ms"]),
            summary=Summary.from_dict(summary),
            warmup=Warmup.from_dict(d["warmup"]),
            calls_per_sample=int(d.get("calls_per_sample", 1)),
            stop_reason=d.get("stop_reason", ""),
            warnings=tuple(Warning_.from_dict(w) for w in d.get("warnings", [])),
            env=dict(d.get("env", {})),
            config=dict(d.get("config", {})),
            extra=dict(d.get("extra", {})),
            target=d.get("target", ""),
            created_utc=d.get("created_utc", ""),
            wprof_version=d.get("wprof_version", ""),
            schema=d["schema"],
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write this result as JSON, atomically."""
        return write_json_atomic(path, self.to_dict())
