"""Pieces every result kind reads the same way: summaries and warnings."""

from __future__ import annotations

from typing import Any

from ..stats import Summary, Warning_
from . import _fields as F

__all__ = ["read_summary", "read_warnings", "SUMMARY_FIELDS"]

SUMMARY_FIELDS = ("n", "mean", "median", "std", "min", "max", "p5", "p95", "iqr", "ci95_low", "ci95_high")


def read_summary(v: Any, where: str) -> Summary:
    d = F.obj(v, where)
    return Summary(n=F.integer(d, "n", where + "."),
                   **{k: F.number(d, k, where + ".") for k in SUMMARY_FIELDS if k != "n"})


def read_warnings(d: dict[str, Any], key: str, where: str = "") -> tuple[Warning_, ...]:
    return tuple(Warning_(code=F.text(w, "code", f"{where}{key}[{i}]."), message=F.text(w, "message",
                                                                                         f"{where}{key}[{i}]."),
                          advice=F.text(w, "advice", f"{where}{key}[{i}].", ""))
                 for i, w in enumerate(F.items(d, key, where, [])))
