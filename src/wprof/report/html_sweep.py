"""HTML pages of a sweep (time and throughput against an axis, the roofline, the table) and of two sweeps compared
(the ratio with its CI at every point)."""

from __future__ import annotations

import math
from typing import Any

from ..stats import fmt_rate, rate_unit
from . import plots
from .html import (callout, card, details_json, device_line, figure, num, page, para, pct, plot_or_note, section,
                   table)
from .sweep import choose_x, compare_rows, sweep_rows

__all__ = ["sweep_page", "sweep_compare_page"]


def _numeric(vs: list[Any]) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vs)


def _lines(points: list[tuple[dict[str, Any], Any]], axes: dict[str, list[Any]], x: str,
           value: Any) -> tuple[dict[str, list[tuple[Any, float, float, float]]], list[str] | None, bool]:
    """Group points into lines along ``x`` (one line per combination of the other axes): {label: [(x, y, lo, hi)]};
    the x tick labels when x is not numeric; whether a log2 x axis suits the values."""
    others = [k for k in axes if k != x]
    xs = axes[x]
    numeric = _numeric(xs)
    lines: dict[str, list[tuple[Any, float, float, float]]] = {}
    for params, item in points:
        v = value(item)
        if v is None:
            continue
        label = ", ".join(f"{k}={params.get(k)}" for k in others)
        pos = params.get(x) if numeric else xs.index(params.get(x)) if params.get(x) in xs else None
        if pos is None:
            continue
        lines.setdefault(label, []).append((pos, *v))
    for pts in lines.values():
        pts.sort(key=lambda p: p[0])
    logx = numeric and min(xs) > 0 and max(xs) / min(xs) >= 4
    return lines, (None if numeric else [str(v) for v in xs]), logx


def _ms_scale(points: list[Any]) -> tuple[float, str]:
    meds = [p.summary.median for p in points]
    return plots.unit_for_ms(meds)


def sweep_page(r: Any) -> str:
    measured = [(p.params, p.result) for p in r.points if p.result is not None]
    x = choose_x(r.axes)
    parts_time, parts_tp = [], []
    peak_rows = []
    if measured and x is not None:
        scale, unit = _ms_scale([m for _, m in measured])

        def t_val(res: Any) -> tuple[float, float, float]:
            s = res.summary
            return s.median * scale, s.ci95_low * scale, s.ci95_high * scale

        lines, cat, logx = _lines(measured, r.axes, x, t_val)
        ys = [p[1] for pts in lines.values() for p in pts]
        logy = bool(ys) and min(ys) > 0 and max(ys) / min(ys) > 30
        parts_time.append(figure(plot_or_note(
            plots.lines_plot, lines, title=f"time per call against {x}", xlabel=x, ylabel=f"median ({unit})",
            logx=logx, logy=logy, categorical=cat), "Median per call with its 95% CI at each point (headline method)."))

        def tp(key: str, factor: float = 1.0) -> Any:
            def val(res: Any) -> tuple[float, float, float] | None:
                t = res.throughput or {}
                if t.get(key) is None:
                    return None
                lo, hi = (t.get(f"{key}_ci95") or [math.nan, math.nan])
                return t[key] * factor, lo * factor, hi * factor
            return val

        def top(key: str, per: float) -> float | None:
            vs = [(res.throughput or {}).get(key) for _, res in measured]
            return max((v * per for v in vs if v is not None), default=None)

        # the plots read in the unit of the largest value, as the table does (GFLOP/s on a CPU)
        f_unit, f_scale = rate_unit(top("tflop_per_s", 1e12), "flops")
        b_unit, b_scale = rate_unit(top("gb_per_s", 1e9), "bytes")

        peaks = {}
        for _, res in measured:
            t = res.throughput or {}
            p = t.get("peak") or {}
            if p.get("tflop_per_s"):
                peaks[p.get("dtype")] = (p["tflop_per_s"], p.get("memory_gb_per_s"), p.get("device_name"),
                                         p.get("source"))
            elif p.get("memory_gb_per_s"):
                peaks.setdefault(None, (None, p["memory_gb_per_s"], p.get("device_name"), p.get("source")))
        for dt, (tf, bw, dev, src) in peaks.items():
            peak_rows.append((dev, dt or "–", num(tf, "{:g}"), num(bw, "{:g}"), src))
        f_lines, cat, logx = _lines(measured, r.axes, x, tp("tflop_per_s", 1e12 / f_scale))
        if f_lines:
            tf_peaks = {k: v[0] for k, v in peaks.items() if v[0]}
            hline = None
            if len(set(tf_peaks.values())) == 1:  # one line when the dtypes share a peak (bf16 and fp16 do)
                tfp = next(iter(tf_peaks.values()))
                hline = (tfp * 1e12 / f_scale, f"{'/'.join(str(k) for k in tf_peaks)} dense peak {tfp:g} TFLOP/s")
            parts_tp.append(figure(plot_or_note(
                plots.lines_plot, f_lines, title=f"{f_unit} against {x}", xlabel=x, ylabel=f_unit, logx=logx,
                hline=hline, categorical=cat), "Achieved rate from the median (error bars: from the median's 95% CI);"
                                               " dashed: the device's dense peak for the dtype (wprof.hardware)."))
        b_lines, cat, logx = _lines(measured, r.axes, x, tp("gb_per_s", 1e9 / b_scale))
        if b_lines:
            bws = {v[1] for v in peaks.values() if v[1]}
            hline = ((next(iter(bws)) * 1e9 / b_scale, f"memory peak {next(iter(bws)):g} GB/s") if len(bws) == 1
                     else None)
            parts_tp.append(figure(plot_or_note(
                plots.lines_plot, b_lines, title=f"{b_unit} against {x}", xlabel=x, ylabel=b_unit, logx=logx,
                hline=hline, categorical=cat)))
        roof = {}
        for params, res in measured:
            t = res.throughput or {}
            if t.get("intensity_flop_per_byte") and t.get("tflop_per_s") and (t.get("peak") or {}).get("tflop_per_s"):
                label = ", ".join(f"{k}={params.get(k)}" for k in r.axes if k != x) or r.name
                roof.setdefault(label, []).append((t["intensity_flop_per_byte"], t["tflop_per_s"],
                                                   f"{x}={params.get(x)}"))
        tf_peak_set = {v[0] for v in peaks.values() if v[0]}
        if roof and len(tf_peak_set) == 1:
            p0 = next(v for v in peaks.values() if v[0])
            parts_tp.append(figure(plot_or_note(plots.roofline_plot, roof, peak_tflops=p0[0], peak_gb_s=p0[1],
                                                title="roofline"),
                                   "Below the sloped roof: memory-bound; below the flat roof: compute-bound. The "
                                   "distance to the roof is what is left to gain."))
    headers, rows, numeric = sweep_rows(r)
    best = None
    for params, res in measured:
        t = res.throughput or {}
        if t.get("tflop_per_s") is not None and (best is None or t["tflop_per_s"] > best[1]):
            best = (params, t["tflop_per_s"], t.get("peak_flops_fraction"))
    cards = [card("points", f"{len(measured)} / {len(r.points)}", "measured / in the grid", highlight=True),
             card("axes", " × ".join(f"{k} ({len(v)})" for k, v in r.axes.items()), ", ".join(
                 f"{k}={v}" for k, v in r.fixed.items()))]
    if best:
        cards.append(card("best throughput", fmt_rate(best[1] * 1e12), ", ".join(f"{k}={v}" for k, v in
                                                                                  best[0].items())
                          + (f" · {pct(best[2])} of peak" if best[2] is not None else "")))
    if measured:
        codes: dict[str, int] = {}
        for _, res in measured:
            for c in {w.code for w in res.warnings} - {"aggregate-mode"}:
                codes[c] = codes.get(c, 0) + 1
        warned = sum(1 for _, res in measured if {w.code for w in res.warnings} - {"aggregate-mode"})
        cards.append(card("points with warnings", f"{warned} / {len(measured)}",
                          ", ".join(f"{c} {n}" for c, n in sorted(codes.items(), key=lambda kv: -kv[1])[:3])))
    reasons = sorted({(res.throughput or {}).get("reason") for _, res in measured} - {None})
    warns = []
    for p in r.points:
        if p.result is None:
            warns.append(callout("finding", f"failed at {_label(p.params)}:", p.error))
            continue
        for w in p.result.warnings:
            if w.code != "aggregate-mode":
                warns.append(callout("warning", f"{_label(p.params)} [{w.code}]", w.message))
    status = [callout("warning", "interrupted:", "; ".join(r.notes))] if r.status != "complete" else []
    sections = [
        section("Every point", *status, table(headers, rows, numeric=numeric), sid="table"),
        section("Time", *parts_time) if parts_time else "",
        section("Throughput and the roofline", *parts_tp,
                table(("device", "dtype", "peak TFLOP/s", "peak GB/s", "source"), peak_rows) if peak_rows else "",
                "".join(para(f"Not computed: {x_}", "muted") for x_ in reasons)) if parts_tp or reasons else "",
        section("Warnings", *warns) if warns else "",
        section("Run details", para(f"target: {r.target}", "muted"), details_json("bench settings", r.config),
                details_json("environment", r.env)),
    ]
    return page(kind="sweep", title=r.name, meta=[device_line(r.env), r.created_utc],
                badges=[(r.status, "" if r.status == "complete" else "bad")], cards=cards, sections=sections,
                source=r.schema)


def _label(params: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in params.items())


def sweep_compare_page(r: Any) -> str:
    pts = [(p.params, p.comparison) for p in r.points if p.comparison is not None]
    x = choose_x(r.axes)
    figs = []
    if pts and x is not None:
        lines, cat, logx = _lines(pts, r.axes, x, lambda c: None if math.isnan(c.ratio) else
                                  (c.ratio, c.ci95_low, c.ci95_high))
        figs.append(figure(plot_or_note(plots.lines_plot, lines, title=f"B / A against {x}", xlabel=x,
                                        ylabel="B / A (ratio of medians)", logx=logx, categorical=cat, ref=1.0),
                           "Above the dashed line B is slower, below it faster; a point whose CI holds 1 shows no "
                           "significant difference."))
        figs.append(figure(plot_or_note(plots.interval_plot, [(_label(p), c.ratio, c.ci95_low, c.ci95_high)
                                                              for p, c in pts],
                                        title="every point with its 95% CI", xlabel="B / A (1 = same)")))
    v = r.verdicts()
    cards = [card("points compared", str(len(pts)), f"B {r.b_name} vs A {r.a_name}", highlight=True)]
    for key in ("faster", "slower", "no significant difference"):
        if v.get(key):
            cards.append(card(key, str(v[key]), "points"))
    headers, rows, numeric = compare_rows(r)
    notes = "".join(callout("", "note:", n) for n in r.notes)
    sections = [section("Ratio per point", *figs, table(headers, rows, numeric=numeric)),
                section("Notes", notes)]
    env = next((c.a.env for _, c in pts), {})
    return page(kind="sweep compare", title=f"{r.b_name} vs {r.a_name}", meta=[device_line(env), r.created_utc],
                cards=cards, sections=sections, source=r.schema)
