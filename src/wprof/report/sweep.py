"""The report of a sweep and of two sweeps compared: one row per point (the registry's renderer of both kinds).

``sweep_rows`` and ``compare_rows`` are the rows both the terminal and the HTML page show, so the two never differ.
"""

from __future__ import annotations

import math
from typing import Any

from ..stats import fmt_ms, fmt_rate, rate_unit
from ._doc import Block, Line, Table

__all__ = ["blocks", "sweep_rows", "compare_rows", "choose_x", "throughput_line"]

_METHOD = {"per-call": "per-call", "aggregate": "aggregate", "prequeued": "pre-queued", "graph": "graph"}


def _f(v: Any, fmt: str) -> str:
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return "–"
    return fmt.format(v)


def choose_x(axes: dict[str, list[Any]]) -> str | None:
    """The axis to plot against: the first with several numeric values, else the first with several values."""
    for k, vs in axes.items():
        if len(vs) > 1 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vs):
            return k
    return next((k for k, vs in axes.items() if len(vs) > 1), next(iter(axes), None))


def sweep_rows(result: Any) -> tuple[list[str], list[list[str]], list[int]]:
    """(headers, rows of text, indices of numeric columns) for a SweepResult."""
    keys = list(result.axes)
    tps = [((p.result.throughput or {}) if p.result else {}) for p in result.points]
    has_f = any(t.get("tflop_per_s") is not None for t in tps)
    has_b = any(t.get("gb_per_s") is not None for t in tps)
    has_bound = any(t.get("bound") for t in tps)
    # one unit per column, the one of its largest value (GFLOP/s on a CPU, TFLOP/s on a GPU)
    f_unit, f_scale = rate_unit(max((t["tflop_per_s"] * 1e12 for t in tps if t.get("tflop_per_s") is not None),
                                    default=None), "flops")
    b_unit, b_scale = rate_unit(max((t["gb_per_s"] * 1e9 for t in tps if t.get("gb_per_s") is not None),
                                    default=None), "bytes")
    headers = keys + ["median", "95% CI of median"]
    if has_f:
        headers += [f_unit, "% peak"]
    if has_b:
        headers += [b_unit, "% BW"]
    if has_bound:
        headers += ["bound"]
    headers += ["method", "warnings"]
    rows = []
    for p, t in zip(result.points, tps):
        row = [str(p.params.get(k)) for k in keys]
        r = p.result
        if r is None:
            row += ["failed"] + ["–"] * (len(headers) - len(keys) - 2) + ["error (below)"]
            rows.append(row)
            continue
        s = r.summary
        row += [fmt_ms(s.median), f"{fmt_ms(s.ci95_low)} – {fmt_ms(s.ci95_high)}"]
        if has_f:
            tf, frac = t.get("tflop_per_s"), t.get("peak_flops_fraction")
            row += [_f(None if tf is None else tf * 1e12 / f_scale, "{:.4g}"),
                    _f(None if frac is None else 100 * frac, "{:.1f}%")]
        if has_b:
            gb, frac = t.get("gb_per_s"), t.get("peak_bandwidth_fraction")
            row += [_f(None if gb is None else gb * 1e9 / b_scale, "{:.4g}"),
                    _f(None if frac is None else 100 * frac, "{:.1f}%")]
        if has_bound:
            row += [t.get("bound") or "–"]
        method = _METHOD.get(r.mode, r.mode) + (f" x{r.calls_per_sample}" if r.calls_per_sample > 1 else "")
        row += [method, ", ".join(w.code for w in r.warnings if w.code != "aggregate-mode") or "–"]
        rows.append(row)
    numeric = [i for i, h in enumerate(headers) if h in ("median", "95% CI of median", f_unit, "% peak", b_unit,
                                                         "% BW")]
    return headers, rows, numeric


def compare_rows(result: Any) -> tuple[list[str], list[list[str]], list[int]]:
    keys = list(result.axes)
    headers = keys + ["A median", "B median", "B / A", "95% CI", "change", "verdict"]
    rows = []
    for p in result.points:
        c = p.comparison
        row = [str(p.params.get(k)) for k in keys]
        if c is None:
            rows.append(row + ["–", "–", "–", "–", "–", p.error[:60]])
            continue
        ok = not math.isnan(c.ratio)
        rows.append(row + [fmt_ms(c.a.summary.median), fmt_ms(c.b.summary.median), _f(c.ratio, "{:.4f}x"),
                           f"{c.ci95_low:.4f}–{c.ci95_high:.4f}" if ok else "–",
                           f"{c.change_pct:+.2f}%" if ok else "–", c.verdict])
    return headers, rows, list(range(len(keys), len(keys) + 5))


def throughput_line(t: dict[str, Any] | None) -> str | None:
    """One line for a single bench: ``throughput: 751 TFLOP/s (75.9% of the bf16 peak 989.5 TFLOP/s), ...``
    (each rate in its readable unit: GFLOP/s and MB/s for a small call on a CPU)."""
    if not t:
        return None
    parts = []
    peak = t.get("peak") or {}
    if t.get("tflop_per_s") is not None:
        frac = t.get("peak_flops_fraction")
        parts.append(fmt_rate(t["tflop_per_s"] * 1e12) + (f" ({frac:.1%} of the {peak.get('dtype')} peak "
                                                          f"{peak.get('tflop_per_s'):g} TFLOP/s)"
                                                          if frac is not None else ""))
    if t.get("gb_per_s") is not None:
        frac = t.get("peak_bandwidth_fraction")
        parts.append(fmt_rate(t["gb_per_s"] * 1e9, "bytes") + (f" ({frac:.1%} of {peak.get('memory_gb_per_s'):g} GB/s)"
                                                               if frac is not None else ""))
    if t.get("bound"):
        parts.append(f"{t['bound']}-bound ({t['intensity_flop_per_byte']:.3g} FLOP/B vs ridge "
                     f"{t['ridge_flop_per_byte']:.3g}; {t['roof_fraction']:.1%} of the roof)")
    line = "throughput: " + ", ".join(parts) if parts else "throughput: not computed"
    if t.get("reason"):
        line += f" [{t['reason']}]"
    return line


def _table(title: str, headers: list[str], rows: list[list[str]], numeric: list[int]) -> Table:
    return Table(title=title, columns=tuple(headers), rows=tuple(tuple(r) for r in rows),
                 align=tuple("r" if i in numeric else "l" for i in range(len(headers))), shrink=(len(headers) - 1,))


def blocks(result: Any, *, samples: bool = False) -> list[Block]:
    """The report of a SweepResult or a SweepCompareResult (one module renders both kinds)."""
    if type(result).__name__ == "SweepCompareResult":
        return _compare_blocks(result, samples)
    from .bench import describe_device

    headers, rows, numeric = sweep_rows(result)
    title = f"wprof sweep: {result.name} ({len(result.measured)} of {len(result.points)} points measured, " \
            f"{result.status})"
    out: list[Block] = [_table(title, headers, rows, numeric)]
    if result.env:
        out.append(Line(f"device: {describe_device(result.env)}"))
    reason = next(((p.result.throughput or {}).get("reason") for p in result.points
                   if p.result is not None and (p.result.throughput or {}).get("reason")), None)
    if reason:
        out.append(Line(f"note: throughput: {reason}", "note"))
    for p in result.points:
        if p.result is None:
            out.append(Line(f"warning {_label(p.params)}: failed: {p.error}", "warning"))
            continue
        for w in p.result.warnings:
            if w.code != "aggregate-mode":
                out.append(Line(f"warning {_label(p.params)}: [{w.code}] {w.message}", "warning"))
    out += [Line(f"note: {n}", "note") for n in result.notes]
    if samples:
        for p in result.measured:
            out.append(Line(f"samples {_label(p.params)} (ms): " + ", ".join(f"{x:.6g}" for x in p.result.samples_ms)))
    return out


def _compare_blocks(result: Any, samples: bool) -> list[Block]:
    headers, rows, numeric = compare_rows(result)
    summary = ", ".join(f"{n} {k}" for k, n in result.verdicts().items())
    out: list[Block] = [_table(f"wprof compare (sweeps): B {result.b_name} vs A {result.a_name}", headers, rows,
                               numeric),
                        Line(f"{summary} (B / A per point, bootstrap 95% CI of the ratio of medians)", "title")]
    out += [Line(f"note: {n}", "note") for n in result.notes]
    if samples:
        for p in result.points:
            if p.comparison is not None:
                for label, r in (("A", p.comparison.a), ("B", p.comparison.b)):
                    out.append(Line(f"samples {_label(p.params)} {label} (ms): "
                                    + ", ".join(f"{x:.6g}" for x in r.samples_ms)))
    return out


def _label(params: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in params.items())
