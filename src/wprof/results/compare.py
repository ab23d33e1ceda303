"""CompareResult: two bench measurements and the ratio of their medians (schema ``wprof.compare/1``).

``ratio = median(B) / median(A)`` with a bootstrap 95% CI; the verdict is ``"slower"`` (the whole CI above 1),
``"faster"`` (below 1) or ``"no significant difference"``. How it is computed lives in :mod:`wprof.benchmark.compare`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _fields as F
from ._io import write_json_atomic
from .bench import BenchResult

__all__ = ["CompareResult", "COMPARE_SCHEMA", "SLOWER", "FASTER", "SAME"]

COMPARE_SCHEMA = "wprof.compare/1"
SLOWER, FASTER, SAME = "slower", "faster", "no significant difference"


@dataclass(frozen=True)
class CompareResult:
    """Two measurements and their ratio. ``a`` is the baseline, ``b`` the candidate."""

    a: BenchResult
    b: BenchResult
    ratio: float  # median(b) / median(a)
    ci95_low: float
    ci95_high: float
    verdict: str
    interleaved: bool
    stop_reason: str = ""
    notes: tuple[str, ...] = ()
    created_utc: str = ""
    wprof_version: str = ""
    schema: str = COMPARE_SCHEMA

    @property
    def change_pct(self) -> float:
        """(ratio - 1) x 100: positive when B is slower."""
        return (self.ratio - 1.0) * 100.0

    def fails(self, slower_pct: float) -> bool:
        """True when B is significantly slower than A by more than ``slower_pct`` percent."""
        return self.verdict == SLOWER and self.change_pct > slower_pct

    def to_dict(self) -> dict[str, Any]:
        return {"schema": self.schema, "wprof_version": self.wprof_version, "created_utc": self.created_utc,
                "ratio": self.ratio, "ci95_low": self.ci95_low, "ci95_high": self.ci95_high,
                "verdict": self.verdict, "interleaved": self.interleaved, "stop_reason": self.stop_reason,
                "notes": list(self.notes), "a": self.a.to_dict(), "b": self.b.to_dict()}

    @classmethod
    def from_dict(cls, d: dict[str, Any], where: str = "") -> CompareResult:
        schema = F.text(d, "schema", where)
        if not schema.startswith("wprof.compare/"):
            raise F.FieldError(f"{where}schema: {schema!r} is not wprof.compare")
        verdict = F.text(d, "verdict", where)
        if verdict not in (SLOWER, FASTER, SAME):
            raise F.FieldError(f"{where}verdict: {verdict[:40]!r} is not one of {SLOWER!r}, {FASTER!r}, {SAME!r}")
        return cls(a=BenchResult.from_dict(F.mapping(d, "a", where), where + "a."),
                   b=BenchResult.from_dict(F.mapping(d, "b", where), where + "b."),
                   ratio=F.number(d, "ratio", where), ci95_low=F.number(d, "ci95_low", where),
                   ci95_high=F.number(d, "ci95_high", where), verdict=verdict,
                   interleaved=F.flag(d, "interleaved", where, False), stop_reason=F.text(d, "stop_reason", where, ""),
                   notes=F.texts(d, "notes", where, ()), created_utc=F.text(d, "created_utc", where, ""),
                   wprof_version=F.text(d, "wprof_version", where, ""), schema=schema)

    def save(self, path: str | os.PathLike[str]) -> Path:
        return write_json_atomic(path, self.to_dict(), fallback=True)
