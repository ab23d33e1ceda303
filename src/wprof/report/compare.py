"""Terminal rendering of a CompareResult: both medians, the ratio with its 95% CI, the verdict, the caveats."""

from __future__ import annotations

from typing import Any

from . import fmt_ms

__all__ = ["render_compare", "verdict_line"]


def verdict_line(result: Any) -> str:
    """One line: ``B is 1.124x A (95% CI 1.101-1.150): slower`` (B relative to A)."""
    r, lo, hi = result.ratio, result.ci95_low, result.ci95_high
    if r != r:  # NaN
        return "ratio: n/a (no samples)"
    return f"B / A = {r:.4f}x (95% CI {lo:.4f}-{hi:.4f}, {result.change_pct:+.2f}%): {result.verdict}"


def render_compare(result: Any, console: Any) -> None:
    from rich.markup import escape
    from rich.table import Table

    a, b = result.a, result.b
    how = "interleaved in one run" if result.interleaved else "two saved runs"
    table = Table(title=f"wprof compare ({how})", title_justify="left", box=None, padding=(0, 2))
    for col, just in (("", "left"), ("name", "left"), ("median", "right"), ("95% CI of median", "right"),
                      ("IQR", "right"), ("n", "right"), ("method", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for label, r in (("A", a), ("B", b)):
        s = r.summary
        method = r.mode if r.calls_per_sample == 1 else f"{r.mode} x{r.calls_per_sample}"
        table.add_row(label, escape(r.name), fmt_ms(s.median), f"{fmt_ms(s.ci95_low)} – {fmt_ms(s.ci95_high)}",
                      fmt_ms(s.iqr), str(s.n), method)
    console.print(table)
    console.print(f"[bold]{escape(verdict_line(result))}[/bold]")
    if result.stop_reason:
        console.print(f"stop: {escape(result.stop_reason)}")
    for note in result.notes:
        console.print(f"[yellow]note[/yellow] {escape(note)}")
    for label, r in (("A", a), ("B", b)):
        for w in r.warnings:
            if w.code in ("throttled", "near-floor", "launch-bound", "bimodal", "high-spread"):
                console.print(f"[yellow]warning[/yellow] {label} {escape(f'[{w.code}] {w.message}')}")
