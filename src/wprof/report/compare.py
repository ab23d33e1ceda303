"""The report of a CompareResult: both medians, the ratio with its 95% CI, the verdict, the caveats."""

from __future__ import annotations

from typing import Any

from ..stats import fmt_ms
from ._doc import Block, Line, Table

__all__ = ["blocks", "verdict_line"]


def verdict_line(result: Any) -> str:
    """One line: ``B / A = 1.1240x (95% CI 1.1010-1.1500, +12.40%): slower`` (B relative to A)."""
    r, lo, hi = result.ratio, result.ci95_low, result.ci95_high
    if r != r:  # NaN
        return "ratio: n/a (no samples)"
    return f"B / A = {r:.4f}x (95% CI {lo:.4f}-{hi:.4f}, {result.change_pct:+.2f}%): {result.verdict}"


def blocks(result: Any, *, samples: bool = False) -> list[Block]:
    a, b = result.a, result.b
    how = "interleaved in one run" if result.interleaved else "two saved runs"
    rows = []
    for label, r in (("A", a), ("B", b)):
        s = r.summary
        method = r.mode if r.calls_per_sample == 1 else f"{r.mode} x{r.calls_per_sample}"
        rows.append((label, r.name, fmt_ms(s.median), f"{fmt_ms(s.ci95_low)} – {fmt_ms(s.ci95_high)}", fmt_ms(s.iqr),
                     str(s.n), method))
    out: list[Block] = [Table(title=f"wprof compare ({how})",
                              columns=("", "name", "median", "95% CI of median", "IQR", "n", "method"),
                              rows=tuple(rows), align=("l", "l", "r", "r", "r", "r", "l"), shrink=(1,)),
                        Line(verdict_line(result), "title")]
    if result.stop_reason:
        out.append(Line(f"stop: {result.stop_reason}"))
    out += [Line(f"note: {n}", "note") for n in result.notes]
    for label, r in (("A", a), ("B", b)):
        for w in r.warnings:
            if w.code in ("throttled", "near-floor", "launch-bound", "bimodal", "high-spread"):
                out.append(Line(f"warning {label} [{w.code}] {w.message}", "warning"))
    if samples:
        for label, r in (("A", a), ("B", b)):
            out.append(Line(f"samples {label} (ms): " + ", ".join(f"{x:.6g}" for x in r.samples_ms)))
    return out
