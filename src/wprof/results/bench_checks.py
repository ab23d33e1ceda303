"""The sections of a bench result that check its headline: ``crosscheck``, ``kernels``, ``power`` (wprof.bench/2).

Written by :mod:`wprof.benchmark.verify` (docs/bench.md, "Cross-check"). Each section keeps its whole document
(``to_dict`` gives it back as written) and reads the fields a report or a script relies on as typed attributes,
checked as they are read, so a damaged file is one error naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import _fields as F

__all__ = ["CrossCheck", "Kernels", "KernelRow", "Power"]


@dataclass(frozen=True)
class CrossCheck:
    """The headline against a synchronized host-clock wall and one profiler pass.

    ``agree``: the headline held; otherwise ``cause`` (``host-only``, ``host-sync``, ``mostly-host``,
    ``launch-gaps``, ``graph-lost-work``, ``other-stream``, ``unexplained``), ``headline`` (``keep``,
    ``prequeued`` or ``wall``: which number became the headline) and ``sentence`` (the cause, with numbers).
    ``wall_ms`` / ``wall_host_ms``: per call, median of the spans; ``headline_before_ms``: the device method's
    number before the check (``method_before``). ``done`` is false on the host clock (``why``).
    """

    done: bool
    agree: bool | None = None
    cause: str | None = None
    headline: str = "keep"
    sentence: str = ""
    fix: str = ""
    wall_ms: float | None = None
    wall_host_ms: float | None = None
    calls_per_span: int | None = None
    headline_before_ms: float | None = None
    method_before: str = ""
    doc: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.doc)

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "crosscheck.") -> CrossCheck:
        agree = d.get("agree")
        return cls(done=F.flag(d, "done", where, False),
                   agree=None if agree is None else F.flag(d, "agree", where),
                   cause=F.text(d, "cause", where, None), headline=F.text(d, "headline", where, "keep"),
                   sentence=F.text(d, "sentence", where, ""), fix=F.text(d, "fix", where, ""),
                   wall_ms=F.opt_number(d, "wall_ms", where), wall_host_ms=F.opt_number(d, "wall_host_ms", where),
                   calls_per_span=F.opt_integer(d, "calls_per_span", where),
                   headline_before_ms=F.opt_number(d, "headline_before_ms", where),
                   method_before=F.text(d, "method_before", where, ""), doc=dict(d))


@dataclass(frozen=True)
class KernelRow:
    """One kernel (copy, memset) name: launches per call and device time per call (ms)."""

    name: str
    kind: str
    per_call: float
    ms_per_call: float

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str) -> KernelRow:
        return cls(F.text(d, "name", where), F.text(d, "kind", where, "kernel"), F.number(d, "per_call", where),
                   F.number(d, "ms_per_call", where))


@dataclass(frozen=True)
class Kernels:
    """What one call launches, from one profiler pass (per call, ms): see
    :class:`wprof.benchmark.kernels.KernelBreakdown`."""

    available: bool
    reason: str | None = None
    ops_per_call: float = 0.0
    sum_ms: float = 0.0
    kernel_sum_ms: float = 0.0
    busy_ms: float = 0.0
    other_stream_ms: float = 0.0
    syncs_per_call: float | None = None
    rows: tuple[KernelRow, ...] = ()
    doc: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.doc)

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "kernels.") -> Kernels:
        if not F.flag(d, "available", where, False):
            return cls(False, F.text(d, "reason", where, None), doc=dict(d))
        rows = tuple(KernelRow.from_dict(r, f"{where}rows[{i}].") for i, r in enumerate(F.items(d, "rows", where, [])))
        return cls(True, None, ops_per_call=F.number(d, "ops_per_call", where),
                   sum_ms=F.number(d, "sum_ms", where), kernel_sum_ms=F.number(d, "kernel_sum_ms", where, 0.0),
                   busy_ms=F.number(d, "busy_ms", where, 0.0),
                   other_stream_ms=F.number(d, "other_stream_ms", where, 0.0),
                   syncs_per_call=F.opt_number(d, "syncs_per_call", where), rows=rows, doc=dict(d))


@dataclass(frozen=True)
class Power:
    """Long calls: the sustained headline beside cool calls (one call after the GPU idled), with the telemetry
    that explains a gap (``measured_cause``: ``power`` or ``unknown``; ``sentence`` None when they agree)."""

    sustained_ms: float | None
    cool_ms: float | None
    sentence: str | None = None
    measured_cause: str | None = None
    doc: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.doc)

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "power.") -> Power:
        return cls(F.opt_number(d, "sustained_ms", where), F.opt_number(d, "cool_ms", where),
                   F.text(d, "sentence", where, None), F.text(d, "measured_cause", where, None), doc=dict(d))
