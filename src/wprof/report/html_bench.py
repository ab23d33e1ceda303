"""HTML pages of a bench result and of a comparison: the samples, the methods side by side, clocks and power.

Plots are drawn from the samples kept in the result (``samples_ms``, the pilots' samples, the NVML samples); every
number on the page is one the result holds or a statistic of its samples.
"""

from __future__ import annotations

import math
from typing import Any

from ..stats import fmt_rate, rate_unit
from . import plots
from .html import (callout, card, details_json, device_line, figure, kv_table, ms, next_step_block, num, page, para,
                   pct, plot_or_note, section, table, warnings_block)

__all__ = ["bench_page", "compare_page", "throughput_cards", "telemetry_section"]

_METHOD = {"per-call": "per-call events", "aggregate": "aggregate", "prequeued": "back to back, pre-queued",
           "graph": "back to back, CUDA graph"}


_SHORT = {"per-call": "per call", "aggregate": "aggregate", "prequeued": "pre-queued", "graph": "CUDA graph"}


def _method(r: Any) -> str:
    m = _METHOD.get(r.mode, r.mode)
    return m if r.calls_per_sample == 1 else f"{m} ({r.calls_per_sample} calls/sample)"


def throughput_cards(t: dict[str, Any] | None) -> list[str]:
    if not t or ("tflop_per_s" not in t and "gb_per_s" not in t):
        return []
    out = []
    peak = t.get("peak") or {}
    if t.get("tflop_per_s") is not None:
        sub = (f"{pct(t['peak_flops_fraction'])} of the {peak.get('dtype')} peak {num(peak.get('tflop_per_s'), '{:g}')}"
               if t.get("peak_flops_fraction") is not None else (t.get("reason") or ""))
        out.append(card("compute", fmt_rate(t["tflop_per_s"] * 1e12), sub))
    if t.get("gb_per_s") is not None:
        sub = (f"{pct(t['peak_bandwidth_fraction'])} of {num(peak.get('memory_gb_per_s'), '{:g}')} GB/s"
               if t.get("peak_bandwidth_fraction") is not None else "")
        out.append(card("memory", fmt_rate(t["gb_per_s"] * 1e9, "bytes"), sub))
    if t.get("bound"):
        out.append(card("roofline", f"{t['bound']}-bound", f"{pct(t.get('roof_fraction'))} of the roof at "
                                                          f"{num(t.get('intensity_flop_per_byte'), '{:.3g}')} FLOP/B"))
    return out


def _achieved(t: dict[str, Any]) -> str:
    """``150.2 GFLOP/s (95% CI 148.9–151.0)``: the interval in the unit of the median."""
    unit, scale = rate_unit(t["tflop_per_s"] * 1e12)
    lo, hi = (list(t.get("tflop_per_s_ci95") or []) + [None, None])[:2]
    return (f"{num(t['tflop_per_s'] * 1e12 / scale, '{:.4g}')} {unit} (95% CI "
            f"{num(None if lo is None else lo * 1e12 / scale, '{:.4g}')}–"
            f"{num(None if hi is None else hi * 1e12 / scale, '{:.4g}')})")


def _throughput_section(t: dict[str, Any] | None) -> str:
    if not t:
        return ""
    peak = t.get("peak") or {}
    rows = [
        ("FLOPs per call", num(t.get("flops_per_call"), "{:.4g}")),
        ("FLOPs from", t.get("flops_source")),
        ("bytes per call", num(t.get("bytes_per_call"), "{:.4g}")),
        ("achieved", _achieved(t) if t.get("tflop_per_s") is not None else None),
        ("bandwidth", fmt_rate(t["gb_per_s"] * 1e9, "bytes") if t.get("gb_per_s") is not None else None),
        ("peak", (f"{peak.get('device_name')}: {num(peak.get('tflop_per_s'), '{:g}')} TFLOP/s {peak.get('dtype') or ''}"
                  f", {num(peak.get('memory_gb_per_s'), '{:g}')} GB/s ({peak.get('source')})") if peak else None),
        ("fraction of peak", ", ".join(x for x in (
            f"compute {pct(t['peak_flops_fraction'])}" if t.get("peak_flops_fraction") is not None else "",
            f"memory {pct(t['peak_bandwidth_fraction'])}" if t.get("peak_bandwidth_fraction") is not None else "")
            if x)),
        ("roofline", (f"{t['bound']}-bound: intensity {num(t.get('intensity_flop_per_byte'), '{:.4g}')} FLOP/B vs "
                      f"ridge {num(t.get('ridge_flop_per_byte'), '{:.4g}')} FLOP/B; {pct(t.get('roof_fraction'))} "
                      f"of the roof ({num(t.get('roof_tflop_per_s'), '{:.4g}')} TFLOP/s)") if t.get("bound") else None),
        ("not computed", t.get("reason")),
    ]
    return section("Throughput", kv_table(rows), sid="throughput")


def telemetry_section(tel: dict[str, Any] | None, *, title: str, what: str) -> str:
    """NVML clocks, power and temperature over time from the raw samples (columns), else the summary table."""
    if not tel:
        return ""
    if not tel.get("available"):
        reason = tel.get("unavailable_reason") or "NVML unavailable"
        return section(title, para(f"No telemetry: {reason}.", "muted"))
    cols = tel.get("samples") or {}
    dev = tel.get("device") or {}
    parts = []
    t_ns = cols.get("t_ns") or []
    if len(t_ns) >= 2:
        t0 = t_ns[0]
        ts = [(t - t0) / 1e9 for t in t_ns]
        panels = []
        for key, label, unit in (("sm_clock_mhz", "SM clock", "MHz"), ("power_w", "power", "W"),
                                 ("gpu_util_pct", "utilization", "%"), ("temperature_c", "temperature", "°C"),
                                 ("mem_clock_mhz", "memory clock", "MHz")):
            vals = cols.get(key)
            if vals and any(v is not None for v in vals) and len(panels) < 4:
                panels.append((label, vals, unit))
        limits = {}
        if dev.get("power_limit_w"):
            limits["power"] = float(dev["power_limit_w"])
        if dev.get("max_sm_clock_mhz"):
            limits["SM clock"] = float(dev["max_sm_clock_mhz"])
        thr = _throttled_flags(cols)
        parts.append(figure(plot_or_note(plots.telemetry_plot, ts, panels, title=f"NVML during {what}",
                                         xlabel="seconds since the first NVML sample", limits=limits, throttled=thr),
                            f"{len(ts)} NVML samples every {num(tel.get('interval_s'), '{:g}')} s; red bands: a "
                            "throttle reason was set; dashed: the power limit and the maximum SM clock."))
    rows = []
    for name, m in (tel.get("metrics") or {}).items():
        rows.append((name, num(m.get("mean"), "{:.0f}"), num(m.get("min"), "{:.0f}"), num(m.get("max"), "{:.0f}")))
    if rows:
        parts.append(table(("metric", "mean", "min", "max"), rows, numeric=(1, 2, 3)))
    reasons = tel.get("reasons_fraction") or {}
    parts.append(para(f"Throttled in {pct(tel.get('throttled_fraction') or 0.0, 0)} of "
                      f"{tel.get('n_samples', 0)} NVML samples"
                      + (" (" + ", ".join(f"{k} {pct(v, 0)}" for k, v in reasons.items()) + ")" if reasons else "")
                      + ".", "muted"))
    return section(title, *parts, sid="telemetry")


def _throttled_flags(cols: dict[str, Any]) -> list[bool] | None:
    masks = cols.get("reasons_mask")
    if not masks:
        return None
    try:
        from ..monitor import is_throttle_mask
    except Exception:
        return None
    return [bool(is_throttle_mask(m)) for m in masks]


def _methods(r: Any) -> tuple[str, str]:
    """Bars and a table: back to back, per call, one call alone, the harness floor per method."""
    head = r.headline
    floor = r.floor.by_method_ms if r.floor is not None else {}
    pil, iso = r.pilots, r.isolated
    rows: list[tuple[str, Any, str, str]] = []  # (label, ms, what, color)
    if pil is not None and pil.device_ms is not None:
        rows.append(("back to back (host removed)", pil.device_ms,
                     "calls back to back under one event pair, queued behind a GPU-side wait or replayed as a graph",
                     "#1f6fb4"))
    if pil is not None and pil.eager_ms is not None:
        rows.append(("per call (launch-inclusive)", pil.eager_ms,
                     "an event pair around each call while the host launches it", "#e8731a"))
    if iso is not None and iso.isolated_ms is not None:
        rows.append(("one call alone", iso.isolated_ms,
                     f"one pre-queued call in its own pair ({ms(iso.single_in_pair_ms)}) less an empty pair "
                     f"({ms(iso.empty_pair_ms)}): compare with ncu", "#2a9d5c"))
    if not rows:
        rows.append((f"{_method(r)} (headline)", r.summary.median, "the method that produced the samples", "#1f6fb4"))
    c = getattr(r, "crosscheck", None)
    if c is not None and c.done and c.wall_ms is not None:
        rows.append(("synchronized wall", c.wall_ms, "host clock around calls with a synchronize: sees every stream "
                     "and the host (the cross-check)", "#7b4fa0"))
    pw = getattr(r, "power", None)
    if pw is not None and pw.cool_ms is not None:
        rows.append(("one cool call", pw.cool_ms, "one call after the GPU idled (the power check)", "#17a2b8"))
    for key, label in (("device", "floor: back to back"), ("per_call", "floor: per call"),
                       ("pair", "floor: empty event pair"), ("host", "floor: empty call (host)")):
        if floor.get(key) is not None:
            rows.append((label, floor[key], "the same timing path on null work (torch.cuda._sleep(0))"
                         if key != "host" else "the host clock around an empty call", "#b5b9c0"))
    svg = plot_or_note(plots.bar_plot, [(a, b, c) for a, b, _, c in rows], title="the methods side by side",
                       xlabel_note="median per call")
    marks = {"back to back (host removed)": "device", "per call (launch-inclusive)": "eager"}
    hl = [i for i, row in enumerate(rows) if marks.get(row[0]) == head]
    tab = table(("method", "median per call", "what it measures"),
                [(label + (" ← headline" if marks.get(label) == head else ""), ms(v), what)
                 for label, v, what, _ in rows], numeric=(1,), highlight=hl)
    return figure(svg), tab


def _kernels(r: Any) -> str:
    """The per-kernel breakdown of one call, when the result has one (``kernels``, from one profiler pass)."""
    k = getattr(r, "kernels", None)
    if k is None:
        return ""
    if not k.available:
        return section("Per-kernel breakdown", para(f"Not measured: {k.reason or 'no profiler pass'}.", "muted"))
    rows = sorted(k.rows, key=lambda x: -x.ms_per_call)
    bars = [(x.name[:60], x.ms_per_call, plots.CYCLE[i % len(plots.CYCLE)]) for i, x in enumerate(rows[:12])]
    fig = figure(plot_or_note(plots.bar_plot, bars, title="device time per call, by kernel",
                              xlabel_note="per call")) if bars else ""
    tab = table(("kernel", "kind", "launches per call", "time per call"),
                [(x.name, x.kind, num(x.per_call, "{:.3g}"), ms(x.ms_per_call)) for x in rows], numeric=(2, 3))
    summary = para(f"{num(k.ops_per_call, '{:.3g}')} launches per call; kernels {ms(k.kernel_sum_ms)}, all work "
                   f"{ms(k.sum_ms)}, device busy {ms(k.busy_ms)} per call"
                   + (f"; {ms(k.other_stream_ms)} on other streams" if k.other_stream_ms else "")
                   + (f"; {num(k.syncs_per_call, '{:.3g}')} synchronizations per call" if k.syncs_per_call else "")
                   + ".", "muted")
    return section("Per-kernel breakdown", fig, tab, summary, sid="kernels")


def _checks(r: Any) -> str:
    """The cross-check of the headline (a synchronized wall, a profiler pass) and the power check, as sentences."""
    out = []
    c = getattr(r, "crosscheck", None)
    if c is not None and c.done:
        if c.agree:
            out.append(callout("ok", "Cross-check:", f"the headline holds against a synchronized host wall of "
                                                     f"{ms(c.wall_ms)} per call."))
        else:
            out.append(callout("warning", f"Cross-check ({c.cause}):", c.sentence, c.fix))
    p = getattr(r, "power", None)
    if p is not None and p.sentence:
        out.append(callout("warning", "Power:", p.sentence))
    elif p is not None and p.cool_ms is not None:
        out.append(callout("ok", "Power:", f"sustained {ms(p.sustained_ms)} and cool calls {ms(p.cool_ms)} agree."))
    return "".join(out)


def bench_page(r: Any) -> str:
    s = r.summary
    pil, run, tele = r.pilots, r.run, r.telemetry
    clock = "CUDA events (device clock)" if r.clock == "cuda-events" else "host clock (time.perf_counter_ns)"
    cards = [card("median per call", ms(s.median), f"95% CI {ms(s.ci95_low)} – {ms(s.ci95_high)} · {s.n} samples",
                  highlight=True),
             card("method", _SHORT.get(r.mode, r.mode), f"{r.calls_per_sample} calls/sample · "
                                                        f"{'CUDA events' if r.clock == 'cuda-events' else 'host clock'}")]
    if pil is not None and pil.eager_ms is not None and r.headline == "device":
        cards.append(card("per call (launch-inclusive)", ms(pil.eager_ms), "an event pair around each call"))
    iso = r.isolated_ms
    if iso is not None:
        cards.append(card("one call alone", ms(iso), "compare with ncu"))
    cards += throughput_cards(r.throughput)
    codes = {w.code for w in r.warnings}
    badges = [(w, "warn") for w in sorted(codes)[:4]] or [("no warnings", "")]
    top = warnings_block(r.warnings) + "".join(callout("", "note:", str(n)) for n in r.notices)
    samples = list(r.samples_ms)
    dist = []
    if samples:
        dist.append(figure(plot_or_note(plots.samples_plot, samples, median=s.median, ci=(s.ci95_low, s.ci95_high),
                                        title="every sample, in time order"),
                           "A drift, a second cluster or a throttled stretch shows here before it shows in the "
                           "median."))
        groups = {"headline samples": samples}
        if pil is not None and pil.eager_samples_ms and r.headline == "device":
            groups["per call (pilot)"] = list(pil.eager_samples_ms)
        dist.append(figure(plot_or_note(
            plots.hist_plot, [{"label": "distribution", "values": samples, "median": s.median,
                               "ci": (s.ci95_low, s.ci95_high), "color": plots.COLORS["A"]}]
            + ([{"label": "headline vs per-call pilot", "groups": groups}] if len(groups) > 1 else []))))
    stats = table(("statistic", "value", "statistic", "value"), [
        ("median", ms(s.median), "95% CI of median", f"{ms(s.ci95_low)} – {ms(s.ci95_high)}"),
        ("mean", ms(s.mean), "std", ms(s.std)), ("min", ms(s.min), "max", ms(s.max)),
        ("p5", ms(s.p5), "p95", ms(s.p95)), ("IQR", ms(s.iqr), "samples", str(s.n))], numeric=(1, 3))
    fig_m, tab_m = _methods(r)
    how = kv_table([("clock", clock), ("method", _method(r)),
                    ("why this method", r.decision.reason if r.decision is not None else None),
                    ("stop", r.stop_reason), ("cache", r.cache.policy if r.cache is not None else None),
                    ("warmup", f"{r.warmup.calls} calls in {ms(r.warmup.ms)} (first call {ms(r.warmup.first_call_ms)})"
                     f"; {r.warmup.reason}"),
                    ("host enqueue per call", ms(pil.host_enqueue_ms)
                     if pil is not None and pil.host_enqueue_ms is not None else None),
                    ("drift (first → last quarter)", f"{ms(run.drift_first_quarter_ms)} → "
                     f"{ms(run.drift_last_quarter_ms)}"
                     if run is not None and run.drift_first_quarter_ms is not None else None),
                    ("throttled samples", tele.throttled_samples if tele is not None else None), ("target", r.target),
                    ("device", device_line(r.env))])
    sections = [
        section("Warnings and notes", top) if top else section("Warnings", callout(
            "ok", "No quality warning:", "enough samples, low spread, one cluster, clear of the harness floor.")),
        section("Samples", *dist, stats, sid="samples"),
        section("Methods side by side", fig_m, tab_m, para(
            "The headline is the device time of back-to-back calls whenever that measurement holds; the per-call "
            "number includes the launch and the event pair; one call alone is what ncu times; the floor is the "
            "timing path on null work.", "muted"), sid="methods"),
        _throughput_section(r.throughput),
        telemetry_section(dict(tele.nvml) if tele is not None else None, title="Clocks and power during sampling", what="the measurement"),
        _kernels(r),
        section("How it was measured", _checks(r), how, next_step_block(r.next_step)),
        section("Run details", details_json("configuration", r.config), details_json("environment", r.env),
                details_json("every section", {k: v for k, v in r.to_dict().items()
                                               if k not in ("samples_ms", "telemetry", "env", "config")})),
    ]
    return page(kind="bench", title=r.name, meta=[device_line(r.env), r.created_utc], badges=badges, cards=cards,
                sections=sections, source=r.schema)


def compare_page(c: Any) -> str:
    a, b = c.a, c.b
    cls = {"slower": "slower", "faster": "faster"}.get(c.verdict, "same")
    ok = not math.isnan(c.ratio)
    cards = [card("B / A", f"{c.ratio:.4f}x" if ok else "n/a",
                  f"95% CI {c.ci95_low:.4f}–{c.ci95_high:.4f}" if ok else "", highlight=True),
             card("verdict", c.verdict, f"{c.change_pct:+.2f}% (B vs A)" if ok else ""),
             card("A median", ms(a.summary.median), a.name), card("B median", ms(b.summary.median), b.name)]
    verdict = (f'<p class="verdict {cls}">B is {c.verdict} than A' if c.verdict in ("slower", "faster")
               else f'<p class="verdict {cls}">No significant difference') + "</p>"
    ratio_fig = figure(plot_or_note(plots.interval_plot, [("B / A", c.ratio, c.ci95_low, c.ci95_high)],
                                    title="ratio of medians with its bootstrap 95% CI", xlabel="B / A (1 = same)"),
                       "Green: the whole interval is below 1 (B faster); red: above 1 (B slower); grey: it holds 1.")
    groups = {f"A: {a.name}": list(a.samples_ms), f"B: {b.name}": list(b.samples_ms)}
    dist = figure(plot_or_note(plots.hist_plot, [{
        "label": "both distributions", "groups": groups, "colors": (plots.COLORS["A"], plots.COLORS["B"]),
        "medians": {f"A: {a.name}": a.summary.median, f"B: {b.name}": b.summary.median}}]))
    rows = [(label, r.name, ms(r.summary.median), f"{ms(r.summary.ci95_low)} – {ms(r.summary.ci95_high)}",
             ms(r.summary.iqr), str(r.summary.n), _method(r)) for label, r in (("A", a), ("B", b))]
    how = "interleaved in one run (ABBA spans)" if c.interleaved else "two saved runs"
    notes = "".join(callout("", "note:", n) for n in c.notes)
    warns = warnings_block(a.warnings, "A ") + warnings_block(b.warnings, "B ")
    sections = [
        section("Verdict", verdict, ratio_fig, para(f"Measured {how}; stop: {c.stop_reason}.", "muted")),
        section("Both distributions", dist, table(("", "name", "median", "95% CI of median", "IQR", "n", "method"),
                                                  rows, numeric=(2, 3, 4, 5))),
        section("Notes and warnings", notes, warns),
        section("Run details", details_json("A", a.to_dict() | {"samples_ms": f"{len(a.samples_ms)} samples"}),
                details_json("B", b.to_dict() | {"samples_ms": f"{len(b.samples_ms)} samples"})),
    ]
    return page(kind="compare", title=f"{a.name} vs {b.name}", meta=[device_line(a.env), c.created_utc],
                badges=[(c.verdict, "bad" if cls == "slower" else "" if cls == "faster" else "warn")], cards=cards,
                sections=sections, source=c.schema)
