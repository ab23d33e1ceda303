"""HTML page of a loop (Gauge) result: findings first, then every iteration, distributions, device telemetry on the
same time axis, phases stacked, ranks side by side.

``iter_ms`` already excludes data loading: the page never shows ``iter - data`` as compute. Warmup iterations are
excluded from the samples, so the page shows what the result keeps of them (their count, total and first step),
apart from the window, never as measured per-iteration values.
"""

from __future__ import annotations

import math
from typing import Any

from ..stats import fmt_rate
from . import plots
from .html import (callout, card, details_json, device_line, esc, figure, kv_table, ms, next_step_block, num, page,
                   para, pct, plot_or_note, section, table, warnings_block)
from .html_bench import telemetry_section

__all__ = ["loop_page"]

_LABEL = {"iter_ms": "iter (compute, no data)", "data_ms": "data (host, in __next__)",
          "step_ms": "step (boundary to boundary)", "fps": "throughput (samples/s)"}
_CLOCK = {"cuda-events": "CUDA events", "host": "host clock", "host+synchronize": "host clock after synchronize"}


def _value(v: Any) -> str:
    return num(v, "{:.4g}") if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)


def _findings(r: Any) -> str:
    out = []
    for f in r.findings:
        ev = f.evidence or {}
        chips = " ".join(f"<code>{esc(k)} = {esc(_value(v))}</code>" for k, v in ev.items())
        extra = f'<div class="ev">evidence: {chips}</div>' if chips else ""
        out.append(callout("finding", f"[{f.code}]", f.message, f.advice, extra))
    if not out and r.n:
        out.append(callout("ok", "No finding:", "the loop is not data-bound, host-bound, throttled or imbalanced "
                                               "by wprof's rules over this window."))
    return "".join(out)


def _time_axis(r: Any) -> tuple[list[float], str]:
    """Start time (s) of each window iteration: the cumulative step time from the window's first boundary."""
    t, acc = [], 0.0
    for s in r.step_ms:
        t.append(acc / 1e3)
        acc += 0.0 if s is None or math.isnan(s) else s
    return t, "seconds since the window's first boundary"


def _telemetry(r: Any) -> str:
    tel = r.telemetry
    if not tel:
        if r.mode == "host":
            return ""  # no GPU: nothing to monitor
        return section("Device telemetry", para(
            "No NVML telemetry in this result: run with --dmon (WPROF=dmon) to record power, SM clock and "
            "utilization over the window.", "muted"))
    cols = (tel.get("samples") or {}) if tel.get("available") else {}
    t_ns = cols.get("t_ns") or []
    t0 = (r.timing or {}).get("window_t0_ns")
    if len(t_ns) < 2 or t0 is None or not r.n:
        return telemetry_section(tel, title="Device telemetry (NVML over the window)", what="the window")
    it_t, xlabel = _time_axis(r)
    ts = [(t - t0) / 1e9 for t in t_ns]
    panels = []
    for key, label, unit in (("power_w", "power", "W"), ("sm_clock_mhz", "SM clock", "MHz"),
                             ("gpu_util_pct", "utilization", "%")):
        vals = cols.get(key)
        if vals and any(v is not None for v in vals):
            panels.append((label, vals, unit))
    dev = tel.get("device") or {}
    limits = {"power": float(dev["power_limit_w"])} if dev.get("power_limit_w") else {}
    svg = plot_or_note(plots.telemetry_plot, ts, panels, title="step time and the device, on one time axis",
                       xlabel=xlabel, limits=limits, top=(it_t, list(r.step_ms), "step"))
    rows = [(name, num(m.get("mean"), "{:.0f}"), num(m.get("min"), "{:.0f}"), num(m.get("max"), "{:.0f}"))
            for name, m in (tel.get("metrics") or {}).items()]
    return section("Device telemetry (NVML over the window)", figure(
        svg, f"{len(ts)} NVML samples; iterations placed at their cumulative step time from the window's first "
             "boundary (host clock), NVML samples at their host time stamps."),
        table(("metric", "mean", "min", "max"), rows, numeric=(1, 2, 3)), sid="telemetry")


def _phases(r: Any) -> str:
    if not r.phases or not r.n:
        return ""
    it = r.summary("iter_ms").median
    svg = plot_or_note(plots.stacked_plot, list(r.index), {k: list(v) for k, v in r.phases.items()},
                       title="phases per iteration (" + ("device time of each phase's event pair)"
                                                         if r.mode != "host" else "host clock)"),
                       line=("iter", list(r.iter_ms)))
    rows = []
    for name in r.phases:
        s = r.summary(name)
        share = s.median / it if it and it > 0 and not math.isnan(s.median) else None
        rows.append((name, ms(s.median), ms(s.mean), ms(s.p95), str(s.n), pct(share, 0)))
    return section("Phases", figure(svg, "Stacked: the phases of each iteration; line: iter. Time between phases "
                                         "(host gaps, unmarked work) is the space between the bars and the line."),
                   table(("phase", "median", "mean", "p95", "n", "share of median iter"), rows,
                         numeric=(1, 2, 3, 4, 5)), sid="phases")


def _ranks(r: Any) -> str:
    d = r.distributed
    if not d or not d.get("ranks"):
        return ""
    ranks = d["ranks"]
    labels = [f"rank {x.get('rank')}" for x in ranks]
    series = {k: [x.get(f"{k}_median") for x in ranks] for k in ("iter_ms", "data_ms", "step_ms")}
    svg = plot_or_note(plots.grouped_bars, labels, series, title="medians per rank", xlabel="rank")
    slow = d.get("slowest_rank")
    rows = [(f"rank {x.get('rank')}" + (" (slowest)" if x.get("rank") == slow else ""), ms(x.get("iter_ms_median")),
             ms(x.get("data_ms_median")), ms(x.get("step_ms_median")), str(x.get("n", ""))) for x in ranks]
    hl = [i for i, x in enumerate(ranks) if x.get("rank") == slow]
    return section("Ranks side by side", figure(svg), table(("rank", "iter median", "data median", "step median", "n"),
                                                            rows, numeric=(1, 2, 3, 4), highlight=hl),
                   para(f"Spread (slowest − fastest) / fastest: {pct(d.get('spread'))} over {d.get('world_size')} "
                        "ranks.", "muted"), sid="ranks")


def _summary_table(r: Any) -> str:
    rows = []
    for key, s in r.summaries.items():
        clock = _CLOCK.get(r.clocks.get(key) or r.clocks.get("step_ms", "host"), "?")
        f = (lambda v: num(v, "{:.1f}")) if key == "fps" else ms
        rows.append((_LABEL.get(key, key), f(s.median), f"{f(s.ci95_low)} – {f(s.ci95_high)}", f(s.mean), f(s.p5),
                     f(s.p95), f(s.min), f(s.max), clock + (" (from step)" if key == "fps" else "")))
    return table(("series", "median", "95% CI of median", "mean", "p5", "p95", "min", "max", "clock"), rows,
                 numeric=range(1, 8))


def loop_page(r: Any) -> str:
    a, b = r.window
    bad = r.status != "complete"
    cards = []
    if r.n:
        st = r.summary("step_ms")
        cards.append(card("step (median)", ms(st.median), f"95% CI {ms(st.ci95_low)} – {ms(st.ci95_high)}",
                          highlight=True))
        cards.append(card("iter (compute)", ms(r.summary("iter_ms").median), "median, data loading excluded"))
        d = r.summary("data_ms")
        cards.append(card("data", ms(d.median), f"median; {pct(d.median / st.median if st.median else None, 0)} of "
                                                "the step"))
        if r.global_batch_size:
            cards.append(card("throughput (samples/s)", num(r.summary('fps').mean, '{:,.0f}'),
                              f"over the window; global batch {r.global_batch_size}"))
    m = r.mfu or {}
    if m.get("mfu") is not None:
        p = m.get("peak") or {}
        cards.append(card("MFU", pct(m["mfu"]), f"{fmt_rate(m.get('achieved_flops'))} of "
                                               f"{num(p.get('flops', 0) / 1e12, '{:.4g}')} TFLOP/s "
                                               f"{p.get('dtype', '')}"))
    badges = [(r.status, "bad" if bad else "")] + [(f.code, "bad") for f in r.findings[:3]]
    what = f"{r.n} iterations {r.index[0]}..{r.index[-1]} of window {a}..{b - 1}" if r.n else "no iteration measured"
    meta = [f"{r.mode} mode", what, device_line(r.env), r.created_utc]
    top = []
    if bad:
        top.append(callout("warning", f"{r.status}:", r.stop_reason or "the window did not run to its end"))
    plots_ = []
    if r.n:
        series = {"iter_ms": list(r.iter_ms), "data_ms": list(r.data_ms), "step_ms": list(r.step_ms)}
        plots_.append(figure(plot_or_note(plots.series_plot, list(r.index), series, title="every iteration of the "
                                          "window", labels=_LABEL, warmup=r.warmup),
                             "Grey band: warmup, excluded from every statistic (the result keeps its count, total and "
                             "first step, not per-iteration values)."))
        plots_.append(figure(plot_or_note(plots.hist_plot, [
            {"label": _LABEL[k], "values": list(getattr(r, k)), "median": r.summary(k).median,
             "ci": (r.summary(k).ci95_low, r.summary(k).ci95_high), "color": plots.COLORS[k]}
            for k in ("iter_ms", "data_ms", "step_ms")]), "Distributions over the window, with the median and its "
                                                          "95% CI."))
    w = r.warmup or {}
    mfu_rows = []
    if m:
        p = m.get("peak") or {}
        mfu_rows = [("MFU", pct(m.get("mfu")) if m.get("mfu") is not None else f"not computed: {m.get('reason')}"),
                    ("FLOPs per step", num(m.get("flops_per_step"), "{:.4g}")), ("from", m.get("flops_source")),
                    ("peak", f"{num(p.get('flops', 0) / 1e12, '{:.4g}')} TFLOP/s {p.get('dtype')} ({p.get('source')})"
                     if p else None),
                    ("dtype", "bf16 assumed: pass --dtype" if m.get("dtype_assumed") else None)]
    how = kv_table([
        ("mode", r.mode), ("clocks", ", ".join(f"{k}: {_CLOCK.get(v, v)}" for k, v in r.clocks.items())),
        ("window", f"{a}..{b - 1} ({r.n} measured)"),
        ("warmup", f"{w.get('iterations', 0)} iterations excluded ({ms(w.get('step_ms'))} in all, first step "
                   f"{ms(w.get('first_step_ms'))}); {w.get('reason', '')}" if w else None),
        ("global batch size", r.global_batch_size),
        ("rank", f"{r.rank} of {r.world_size}" if r.world_size > 1 else None),
        ("host step (median)", ms(((r.timing or {}).get("host_step_ms") or {}).get("median"))
         if (r.timing or {}).get("host_step_ms") else None),
    ] + mfu_rows)
    top_ops = ""
    if r.top_ops:
        top_ops = section("Top operators and kernels (Kineto)", table(
            ("operator or kernel", "kind", "calls", "self device", "self CPU"),
            [(str(x.get("name")), x.get("kind", "op"), x.get("calls"), ms(x.get("self_device_ms")),
              ms(x.get("self_cpu_ms"))) for x in r.top_ops], numeric=(2, 3, 4)),
            para("A kernel's time is also its operator's.", "muted"))
    artifacts = kv_table(list(r.artifacts.items()))
    notes = "".join(callout("", "note:", n) for n in r.notes)
    sections = [
        section("Findings", *top, _findings(r), next_step_block(r.next_step), sid="findings"),
        section("Warnings", warnings_block(r.warnings)) if r.warnings else "",
        section("Per iteration", *plots_, _summary_table(r) if r.n else para("No iteration was measured.")),
        _telemetry(r),
        _phases(r),
        _ranks(r),
        top_ops,
        section("How it was measured", how),
        section("Files and notes", artifacts, notes),
        section("Run details", details_json("configuration", r.config), details_json("environment", r.env)),
    ]
    return page(kind="loop", title=r.name, meta=meta, badges=badges, cards=cards, sections=sections, source=r.schema)
