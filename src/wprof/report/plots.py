"""Plots for the HTML reports: matplotlib figures rendered to inline SVG strings.

matplotlib is imported here only, inside the functions (``import wprof`` and ``wprof --help`` never load it), through
its object-oriented API: a :class:`~matplotlib.figure.Figure` on an Agg canvas, never ``pyplot``, so rendering a
report inside a user's process (a notebook, a training script) changes no global backend or figure list.

Every function takes plain numbers (lists, dicts), never result classes, and returns one ``<svg>`` element as text.
Text stays text in the SVG (``svg.fonttype: none``): smaller files, and the numbers on the axes are in the page
text. Each figure's ids get their own salt so several SVGs in one page never share an id. Series longer than
:data:`RASTER_ABOVE` points are drawn as an embedded PNG inside the SVG (``rasterized``) to keep the page small.
Labels that come from a user (a kernel name, a parameter value) are escaped by matplotlib's SVG writer.
"""

from __future__ import annotations

import io
import itertools
import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .._optional import require

__all__ = [
    "COLORS",
    "bar_plot",
    "hist_plot",
    "interval_plot",
    "lines_plot",
    "roofline_plot",
    "samples_plot",
    "series_plot",
    "stacked_plot",
    "telemetry_plot",
]

RASTER_ABOVE = 3000
COLORS = {"iter_ms": "#1f6fb4", "data_ms": "#e8731a", "step_ms": "#5a5a5a", "A": "#1f6fb4", "B": "#d1495b",
          "median": "#111111", "ci": "#1f6fb4", "warmup": "#bbbbbb", "peak": "#999999"}
CYCLE = ("#1f6fb4", "#d1495b", "#2a9d5c", "#e8731a", "#7b4fa0", "#8c6d31", "#17a2b8", "#c2185b")
_SALT = itertools.count()
_RC = {
    "svg.fonttype": "none",
    "font.size": 9,
    "font.family": "sans-serif",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#e4e4e4",
    "grid.linewidth": 0.6,
    "axes.titlesize": 10,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
    "legend.frameon": False,
    "legend.fontsize": 8,
}


@contextmanager
def _figure(width: float = 9.0, height: float = 2.8, rows: int = 1, cols: int = 1, sharex: bool = False
            ) -> Iterator[tuple[Any, Any]]:
    """A Figure on an Agg canvas (no pyplot) and its axes; yields (fig, axes) and leaves the rc state as it was."""
    mpl = require("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rc = dict(_RC, **{"svg.hashsalt": f"wprof-{next(_SALT)}"})
    with mpl.rc_context(rc):
        fig = Figure(figsize=(width, height), layout="constrained")
        FigureCanvasAgg(fig)
        axes = fig.subplots(rows, cols, sharex=sharex, squeeze=False)
        yield fig, (axes[0][0] if rows == cols == 1 else axes)


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    text = buf.getvalue()
    text = text[text.index("<svg"):].strip()  # drop the XML declaration and DOCTYPE: inline in HTML
    # matplotlib numbers its ids per figure (figure_1, patch_1, ...): give each figure its own prefix so the ids of
    # several plots in one page stay unique, and the references (url(#...), href="#...") follow them. User text in
    # the SVG is escaped, so these patterns only match matplotlib's own markup.
    pre = f"w{next(_SALT)}-"
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{pre}{m.group(1)}"', text)
    text = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{pre}{m.group(1)})", text)
    return re.sub(r'href="#([^"]+)"', lambda m: f'href="#{pre}{m.group(1)}"', text)


def _legend_below(fig: Any, ax: Any, ncols: int) -> None:
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside lower center", ncols=ncols)


def _finite(xs: Sequence[float | None]) -> list[float]:
    return [float(x) for x in xs if x is not None and not (isinstance(x, float) and math.isnan(x))]


def _unit(values: Sequence[float]) -> tuple[float, str]:
    """Scale and unit name for durations given in ms, from their typical size."""
    v = _finite(values)
    m = sorted(abs(x) for x in v)[len(v) // 2] if v else 1.0
    if m < 1e-3:
        return 1e6, "ns"
    if m < 1.0:
        return 1e3, "µs"
    if m < 1e3:
        return 1.0, "ms"
    return 1e-3, "s"


def unit_for_ms(values: Sequence[float]) -> tuple[float, str]:
    """(factor, unit) to show durations given in ms in a readable unit (used for tables beside the plots)."""
    return _unit(values)


def _nan_to_none(xs: Sequence[float | None], scale: float = 1.0) -> list[float]:
    return [math.nan if x is None else float(x) * scale for x in xs]


def series_plot(x: Sequence[int], series: dict[str, Sequence[float]], *, title: str, labels: dict[str, str],
                warmup: dict[str, Any] | None = None, height: float = 3.0) -> str:
    """Per-iteration values (ms) against the iteration index; the excluded warmup drawn apart on the left, with
    what was kept of it (its mean step and its first step) as open markers, never as measured per-iteration values."""
    scale, unit = _unit([v for s in series.values() for v in s])
    with _figure(height=height) as (fig, ax):
        for key, ys in series.items():
            ax.plot(list(x), _nan_to_none(ys, scale), lw=1.2 if len(ys) <= 100 else 0.9,
                    marker="o" if len(ys) <= 100 else None, ms=2.5, color=COLORS.get(key),
                    label=labels.get(key, key), rasterized=len(ys) > RASTER_ABOVE)
        if warmup and warmup.get("iterations") and x:
            w = int(warmup["iterations"])
            first = int(x[0])
            lo = max(0, first - w)
            ax.axvspan(lo - 0.5, first - 0.5, color="#f1f1f1", zorder=0)
            ax.text((lo + first - 1) / 2, 0.02, f"warmup\n{w} excluded", transform=ax.get_xaxis_transform(),
                    va="bottom", ha="center", fontsize=7.5, color="#666666")
            top = max(_finite([v * scale for s in series.values() for v in s]) or [1.0])
            fv = None if warmup.get("first_step_ms") is None else float(warmup["first_step_ms"]) * scale
            if warmup.get("step_ms") and w > 1 and fv is not None:  # the mean of the warmup steps after the first
                mean = (float(warmup["step_ms"]) * scale - fv) / (w - 1)
                ax.hlines(mean, lo - 0.4, first - 0.6, colors="#888888", linestyles="--", lw=1.5,
                          label=f"warmup: mean step after the first ({mean:.4g} {unit})")
                top = max(top, mean)
            if fv is not None:
                if fv > 4 * top:  # a compile/autotune first step would flatten the window: clip the axis, say so
                    ax.plot([lo], [top * 1.22], marker="^", ls="none", color="#888888",
                            label=f"warmup: first step {fv:.4g} {unit} (off scale)")
                    ax.set_ylim(0, top * 1.3)
                else:
                    ax.plot([lo], [fv], marker="v", ls="none", color="#888888",
                            label=f"warmup: first step ({fv:.4g} {unit})")
        ax.set_ylim(bottom=0)
        ax.set_xlabel("iteration")
        ax.set_ylabel(unit)
        ax.set_title(title)
        _legend_below(fig, ax, 3)
        return _svg(fig)


def hist_plot(panels: list[dict[str, Any]], *, title: str = "", height: float = 2.6) -> str:
    """Small multiples of histograms. Each panel: ``label``, ``values`` (ms), optional ``median``, ``ci`` (lo, hi),
    ``color``; or ``groups`` ({name: values}) overlaid with one color each."""
    n = max(1, len(panels))
    with _figure(height=height, cols=n) as (fig, axes):
        row = axes[0] if n > 1 else [axes]
        for ax, p in zip(row, panels):
            groups = p.get("groups") or {p.get("label", ""): p["values"]}
            allv = [v for vs in groups.values() for v in _finite(vs)]
            scale, unit = _unit(allv)
            import numpy as np

            # one set of bins for every group: overlaid histograms compare only on the same bins
            edges = np.histogram_bin_edges([v * scale for v in allv] or [0.0],
                                           bins=min(60, max(8, int(math.sqrt(max(1, len(allv)))))))
            for k, (name, vs) in enumerate(groups.items()):
                v = [x * scale for x in _finite(vs)]
                if not v:
                    continue
                color = p.get("color") if len(groups) == 1 else (p.get("colors") or CYCLE)[k % len(CYCLE)]
                ax.hist(v, bins=edges, color=color, alpha=0.55 if len(groups) > 1 else 0.8,
                        label=name if len(groups) > 1 else None, histtype="stepfilled")
            if p.get("ci") and None not in p["ci"] and not any(math.isnan(c) for c in p["ci"]):
                lo, hi = p["ci"]
                ax.axvspan(lo * scale, hi * scale, color=COLORS["ci"], alpha=0.18, lw=0, label="95% CI of median")
            if p.get("median") is not None and not math.isnan(p["median"]):
                ax.axvline(p["median"] * scale, color=COLORS["median"], lw=1.2,
                           label=f"median {p['median'] * scale:.4g} {unit}")
            for name, m in (p.get("medians") or {}).items():
                ax.axvline(m * scale, lw=1.2, ls="--", color=(p.get("colors") or CYCLE)[list(groups).index(name)
                                                                                     % len(CYCLE)]
                           if name in groups else COLORS["median"], label=f"{name} median {m * scale:.4g} {unit}")
            from matplotlib.ticker import MaxNLocator

            ax.xaxis.set_major_locator(MaxNLocator(nbins=5))
            ax.set_xlabel(unit)
            ax.set_ylabel("count")
            ax.set_title(p.get("label", ""))
            ax.legend(loc="upper right", frameon=True, framealpha=0.85, edgecolor="none", fontsize=7)
        if title:
            fig.suptitle(title, x=0.01, ha="left", fontsize=10, fontweight="bold")
        return _svg(fig)


def samples_plot(values: Sequence[float], *, median: float, ci: tuple[float, float], title: str,
                 throttled: Sequence[bool] | None = None, height: float = 2.8) -> str:
    """Every sample in time order (ms) with the median and its 95% CI: drifts, clusters and throttled stretches show."""
    scale, unit = _unit(values)
    ys = [v * scale for v in values]
    with _figure(height=height) as (fig, ax):
        xs = list(range(len(ys)))
        ax.plot(xs, ys, ls="none", marker="o", ms=2.2, alpha=0.7, color=COLORS["A"], label="sample",
                rasterized=len(ys) > RASTER_ABOVE)
        if throttled and any(throttled):
            tx = [i for i, t in enumerate(throttled) if t]
            ax.plot(tx, [ys[i] for i in tx], ls="none", marker="x", ms=4, color="#d1495b", label="throttled")
        if not any(math.isnan(c) for c in ci):
            ax.axhspan(ci[0] * scale, ci[1] * scale, color=COLORS["ci"], alpha=0.18, lw=0, label="95% CI of median")
        ax.axhline(median * scale, color=COLORS["median"], lw=1.2, label=f"median {median * scale:.4g} {unit}")
        ax.set_xlabel("sample (time order)")
        ax.set_ylabel(unit)
        ax.set_title(title)
        _legend_below(fig, ax, 4)
        return _svg(fig)


def bar_plot(bars: list[tuple[str, float, str]], *, title: str, xlabel_note: str = "", height: float | None = None
             ) -> str:
    """Horizontal bars (ms), one per (label, value_ms, color); the value is written at the bar's end."""
    scale, unit = _unit([b[1] for b in bars])
    with _figure(height=height or 0.45 * len(bars) + 0.9) as (fig, ax):
        labels = [b[0] for b in bars][::-1]
        vals = [b[1] * scale for b in bars][::-1]
        colors = [b[2] for b in bars][::-1]
        ax.barh(labels, vals, color=colors, height=0.6)
        for y, v in enumerate(vals):
            ax.text(v, y, f" {v:.4g} {unit}", va="center", fontsize=8)
        ax.set_xlim(0, max(vals or [1]) * 1.25)
        ax.grid(axis="y", visible=False)
        ax.set_xlabel(unit + (f"  ({xlabel_note})" if xlabel_note else ""))
        ax.set_title(title)
        return _svg(fig)


def telemetry_plot(t_s: Sequence[float], panels: list[tuple[str, Sequence[float | None], str]], *, title: str,
                   xlabel: str, spans: Sequence[tuple[float, float]] = (), span_label: str = "",
                   throttled: Sequence[bool] | None = None, limits: dict[str, float] | None = None,
                   top: tuple[Sequence[float], Sequence[float], str] | None = None) -> str:
    """NVML metrics on one time axis, one panel each (label, values, unit). ``top`` adds a first panel of
    per-iteration values (x seconds, y ms, label) on the same axis; ``spans`` shade intervals (s) on every panel;
    ``limits`` draws a dashed line (e.g. the power limit) on the panel of that label."""
    rows = len(panels) + (1 if top else 0)
    with _figure(height=1.35 * rows + 0.7, rows=rows, sharex=True) as (fig, axes):
        axs = [a[0] for a in axes]
        k = 0
        if top:
            tx, ty, lab = top
            scale, unit = _unit(ty)
            axs[0].plot(list(tx), [v * scale for v in ty], lw=1.0, marker="o" if len(ty) <= 100 else None, ms=2,
                        color=COLORS["step_ms"], rasterized=len(ty) > RASTER_ABOVE)
            axs[0].set_ylabel(f"{lab}\n({unit})")
            axs[0].set_ylim(bottom=0)
            k = 1
        for i, (label, ys, unit) in enumerate(panels):
            ax = axs[k + i]
            ax.plot(list(t_s), _nan_to_none(ys), lw=1.2, color=CYCLE[(i + 2) % len(CYCLE)], drawstyle="steps-post")
            ax.set_ylabel(f"{label}\n({unit})")
            if limits and label in limits:
                ax.axhline(limits[label], color=COLORS["peak"], ls="--", lw=1)
                ax.text(0.995, limits[label], f"limit {limits[label]:.0f} {unit}", transform=ax.get_yaxis_transform(),
                        ha="right", va="bottom", fontsize=7, color="#666666")
        for ax in axs:
            for a, b in spans:
                ax.axvspan(a, b, color="#fde2c4", alpha=0.5, lw=0, zorder=0)
            if throttled and any(throttled):
                for (a, b), thr in zip(zip(t_s, list(t_s[1:]) + [t_s[-1]]), throttled):
                    if thr:
                        ax.axvspan(a, b, color="#f4b6bf", alpha=0.5, lw=0, zorder=0)
        if span_label and spans:
            axs[0].text(0.0, 1.0, span_label, transform=axs[0].transAxes, fontsize=8, color="#a35a00", va="bottom")
        axs[-1].set_xlabel(xlabel)
        axs[0].set_title(title, pad=14 if span_label and spans else 6)
        return _svg(fig)


def stacked_plot(x: Sequence[int], layers: dict[str, Sequence[float]], *, title: str,
                 line: tuple[str, Sequence[float]] | None = None) -> str:
    """Per-iteration stacked bars (ms), one layer per phase, with an optional line (e.g. iter) over them."""
    allv = [v for s in layers.values() for v in _finite(s)]
    scale, unit = _unit(allv)
    with _figure(height=3.0) as (fig, ax):
        bottom = [0.0] * len(x)
        for k, (name, ys) in enumerate(layers.items()):
            vals = [0.0 if (v is None or math.isnan(v)) else v * scale for v in ys]
            top = [b + v for b, v in zip(bottom, vals)]
            if len(x) <= 60:
                ax.bar(list(x), vals, bottom=bottom, width=0.85, linewidth=0, color=CYCLE[k % len(CYCLE)],
                       label=name)
            else:  # many iterations: one filled band per phase (steps), not one bar each: fast, and a small page
                ax.fill_between(list(x), bottom, top, step="mid", linewidth=0, color=CYCLE[k % len(CYCLE)],
                                label=name)
            bottom = top
        if line:
            ax.plot(list(x), _nan_to_none(line[1], scale), color="#111111", lw=1, marker="." if len(x) <= 100 else None,
                    ms=3, label=line[0])
        ax.set_xlabel("iteration")
        ax.set_ylabel(unit)
        ax.set_title(title)
        _legend_below(fig, ax, min(6, len(layers) + 1))
        return _svg(fig)


def grouped_bars(groups: Sequence[str], series: dict[str, Sequence[float]], *, title: str, xlabel: str) -> str:
    """Side-by-side bars (ms): one group per x label (e.g. a rank), one bar per series (iter, data, step)."""
    allv = [v for s in series.values() for v in _finite(s)]
    scale, unit = _unit(allv)
    n = max(1, len(series))
    w = 0.8 / n
    with _figure(height=2.8) as (fig, ax):
        for k, (name, ys) in enumerate(series.items()):
            xs = [i + (k - (n - 1) / 2) * w for i in range(len(groups))]
            ax.bar(xs, _nan_to_none(ys, scale), width=w, color=COLORS.get(name, CYCLE[k % len(CYCLE)]), label=name)
        ax.set_xticks(range(len(groups)), list(groups))
        ax.set_xlabel(xlabel)
        ax.set_ylabel(unit)
        ax.set_title(title)
        _legend_below(fig, ax, n)
        return _svg(fig)


def interval_plot(rows: list[tuple[str, float, float, float]], *, title: str, xlabel: str, ref: float = 1.0) -> str:
    """Point estimates with their CI, one row each (label, value, lo, hi), against a reference line (ratio = 1)."""
    with _figure(height=max(2.0, 0.42 * len(rows) + 1.2)) as (fig, ax):
        for y, (label, v, lo, hi) in enumerate(rows[::-1]):
            color = "#2a9d5c" if hi < ref else "#d1495b" if lo > ref else "#666666"
            if not (math.isnan(lo) or math.isnan(hi)):
                ax.plot([lo, hi], [y, y], color=color, lw=3, solid_capstyle="butt", alpha=0.6)
            ax.plot([v], [y], marker="o", color=color)
            ax.text(v, y + 0.18, f"{v:.4f}x", ha="center", fontsize=8)
        ax.axvline(ref, color="#111111", lw=1, ls="--")
        ax.set_yticks(range(len(rows)), [r[0] for r in rows[::-1]])
        ax.set_ylim(-0.6, len(rows) - 0.3)
        vals = _finite([c for r in rows for c in r[1:]]) + [ref]
        span = (max(vals) - min(vals)) or 0.01
        ax.set_xlim(min(vals) - 0.15 * span, max(vals) + 0.15 * span)
        ax.grid(axis="y", visible=False)
        ax.set_xlabel(xlabel)
        ax.set_title(title)
        return _svg(fig)


def lines_plot(lines: dict[str, list[tuple[Any, float, float, float]]], *, title: str, xlabel: str, ylabel: str,
               logx: bool = False, logy: bool = False, hline: tuple[float, str] | None = None,
               categorical: Sequence[str] | None = None, ref: float | None = None) -> str:
    """One line per label of (x, y, lo, hi) points with CI error bars; ``hline`` draws a reference (a peak);
    ``categorical`` gives the x tick labels when x is not numeric (x values are then their positions)."""
    with _figure(height=3.2) as (fig, ax):
        for k, (label, pts) in enumerate(lines.items()):
            pts = [p for p in pts if p[1] is not None and not math.isnan(p[1])]
            if not pts:
                continue
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            err = [[max(0.0, y - (lo if lo == lo else y)) for _, y, lo, _ in pts],
                   [max(0.0, (hi if hi == hi else y) - y) for _, y, _, hi in pts]]
            ax.errorbar(xs, ys, yerr=err, marker="o", ms=4, lw=1.5, capsize=3, color=CYCLE[k % len(CYCLE)],
                        label=label)
        if hline:
            ax.axhline(hline[0], color=COLORS["peak"], ls="--", lw=1)
            ax.text(0.005, hline[0], hline[1], transform=ax.get_yaxis_transform(), va="bottom", fontsize=8,
                    color="#555555")
        if ref is not None:
            ax.axhline(ref, color="#111111", ls="--", lw=1)
        if logx:
            ax.set_xscale("log", base=2)
        if logy:
            ax.set_yscale("log")
        if categorical is not None:
            ax.set_xticks(range(len(categorical)), list(categorical))
        elif logx:
            xs_all = sorted({p[0] for pts in lines.values() for p in pts})
            ax.set_xticks(xs_all, [f"{x:g}" for x in xs_all])
            ax.minorticks_off()
        if not logy and ref is None:
            ax.set_ylim(bottom=0)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        if len(lines) > 1 or lines and next(iter(lines)):
            fig.legend(*ax.get_legend_handles_labels(), loc="outside right upper")
        return _svg(fig)


def roofline_plot(points: dict[str, list[tuple[float, float, str]]], *, peak_tflops: float, peak_gb_s: float,
                  title: str) -> str:
    """Achieved TFLOP/s against arithmetic intensity (FLOP/byte), log-log, under the roofline
    ``min(peak_tflops, intensity x bandwidth)``; each point is labelled (its parameter values)."""
    with _figure(height=3.4) as (fig, ax):
        allx = [p[0] for pts in points.values() for p in pts if p[0] > 0]
        if not allx:
            allx = [1.0]
        ridge = peak_tflops * 1e12 / (peak_gb_s * 1e9)
        lo = min(min(allx), ridge) / 4
        hi = max(max(allx), ridge) * 4
        xs = [lo * (hi / lo) ** (i / 200) for i in range(201)]
        ax.plot(xs, [min(peak_tflops, x * peak_gb_s / 1e3) for x in xs], color=COLORS["peak"], lw=1.5,
                label=f"roof: {peak_tflops:g} TFLOP/s, {peak_gb_s:g} GB/s")
        ax.axvline(ridge, color=COLORS["peak"], lw=0.8, ls=":")
        ax.text(ridge, 0.03, f" ridge {ridge:.0f} FLOP/B", fontsize=7, color="#666666",
                transform=ax.get_xaxis_transform())
        ys = [p[1] for pts in points.values() for p in pts if p[1] > 0]
        ax.set_ylim(min(ys + [peak_tflops]) / 3, peak_tflops * 1.6)
        ax.set_xlim(lo, hi)
        labelled: set[str] = set()
        for k, (label, pts) in enumerate(points.items()):
            pts = [p for p in pts if p[0] > 0 and p[1] > 0]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], ls="none", marker="o", ms=5,
                    color=CYCLE[k % len(CYCLE)], label=label)
            for x, y, text in pts:
                if text not in labelled:  # one label per point of the axis, not one per line
                    labelled.add(text)
                    ax.annotate(text, (x, y), textcoords="offset points", xytext=(5, 4), fontsize=7.5,
                                color="#444444")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("arithmetic intensity (FLOP / byte)")
        ax.set_ylabel("TFLOP/s")
        ax.set_title(title)
        ax.legend(loc="lower right", frameon=True, framealpha=0.9, edgecolor="none")
        return _svg(fig)
