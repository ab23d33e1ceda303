"""The report of a BenchResult: summary statistics in readable units, clock and method, cache, warmup and stop,
device and telemetry, the numbers beside the headline, the harness floor, warnings, and the next step."""

from __future__ import annotations

from typing import Any

from ..results.bench import BenchResult, Cache, Telemetry
from ..stats import fmt_ms
from ._doc import Block, Line, Table

__all__ = ["blocks", "describe_device", "summary_table", "crosscheck_lines"]


def describe_device(env: dict[str, Any]) -> str:
    dev = env.get("device")
    if not isinstance(dev, dict) or not dev:
        return f"host CPU ({env.get('platform', '?')}); torch {env.get('torch') or 'not installed'}"
    parts = [f"{dev.get('name')} (cc {dev.get('compute_capability')}, {dev.get('sm_count')} SMs"]
    l2 = dev.get("l2_cache_bytes")
    if isinstance(l2, (int, float)) and l2:
        parts.append(f", L2 {l2 / 2**20:.0f} MiB")
    parts.append(")")
    parts.append(f"; driver {dev.get('driver') or 'n/a'}, CUDA {env.get('cuda_runtime')}, torch {env.get('torch')}")
    return "".join(parts)


def _num(d: Any, k: str, unit: str) -> str:
    v = d.get(k) if isinstance(d, dict) else None
    return f"{v:.0f} {unit}" if isinstance(v, (int, float)) else "?"


def _clock_line(dev: Any) -> str | None:
    if not isinstance(dev, dict) or "at_start" not in dev:
        return None
    s, e = dev.get("at_start") or {}, dev.get("at_end") or {}
    return (f"SM clock {_num(s, 'sm_clock_mhz', 'MHz')} → {_num(e, 'sm_clock_mhz', 'MHz')}, power "
            f"{_num(s, 'power_w', 'W')} → {_num(e, 'power_w', 'W')} (start → end)")


_METHODS = {
    "per-call": "per-call events (an event pair around each call)",
    "aggregate": "aggregate (one event pair around back-to-back calls)",
    "prequeued": "pre-queued (back-to-back eager calls queued behind a GPU-side wait; host removed)",
    "graph": "CUDA graph replay (back-to-back unrolled calls; host removed)",
}
_HOST_METHODS = {
    "per-call": "per-call (the host clock read around each call)",
    "aggregate": "aggregate (the host clock read around back-to-back calls)",
    "wall": "synchronized wall (a device synchronize before and after back-to-back calls, host clock: sees every "
            "stream and the host)",
}


def _cache_line(cache: Cache) -> str:
    if cache.applied is False:
        return f"{cache.policy} (not applied: host clock)"
    if cache.policy == "cold" and cache.flush_bytes:
        return f"cold (read of {cache.flush_bytes / 2**20:.0f} MiB before each call, outside the timed span)"
    if cache.policy == "rotate" and cache.rotate:
        return f"rotate ({cache.rotate})"
    if cache.policy == "warm":
        return "warm (back-to-back calls; inputs that fit in L2 stay there)"
    return cache.policy


def _metric(m: dict[str, Any], key: str) -> dict[str, float] | None:
    v = m.get(key)
    if isinstance(v, dict) and all(isinstance(v.get(k), (int, float)) for k in ("mean", "min", "max")):
        return v
    return None


def _telemetry_line(t: Telemetry | None) -> str | None:
    if t is None:
        return None
    if not t.available:
        reason = t.unavailable_reason
        if reason == "host clock: no GPU to monitor":
            return None
        return f"telemetry: none ({reason or 'NVML unavailable'})"
    nvml = t.nvml
    m = nvml.get("metrics") if isinstance(nvml.get("metrics"), dict) else {}
    dev = nvml.get("device") if isinstance(nvml.get("device"), dict) else {}
    parts = []
    sm = _metric(m, "sm_clock_mhz")
    if sm:
        mx = dev.get("max_sm_clock_mhz")
        parts.append(f"SM clock {sm['min']:.0f}-{sm['max']:.0f} MHz" + (f" (max {mx:.0f})" if isinstance(mx, (
            int, float)) else ""))
    mem = _metric(m, "mem_clock_mhz")
    if mem:
        parts.append(f"memory clock {mem['mean']:.0f} MHz")
    pw = _metric(m, "power_w")
    if pw:
        lim = dev.get("power_limit_w")
        parts.append(f"power {pw['mean']:.0f} W (max {pw['max']:.0f}" + (f" of {lim:.0f} W)" if isinstance(lim, (
            int, float)) else ")"))
    tc = _metric(m, "temperature_c")
    if tc:
        parts.append(f"{tc['max']:.0f} °C")
    thr = nvml.get("throttled_fraction")
    thr = thr if isinstance(thr, (int, float)) else 0.0
    n = nvml.get("n_samples")
    parts.append(f"throttled {thr:.0%} of {n if isinstance(n, (int, float)) else 0:.0f} NVML samples")
    return "telemetry: " + ", ".join(parts)


def summary_table(result: BenchResult) -> Table:
    s = result.summary
    return Table(
        title=f"wprof bench: {result.name}",
        columns=("statistic", "value", "statistic", "value"),
        rows=(("median", fmt_ms(s.median), "95% CI of median", f"{fmt_ms(s.ci95_low)} – {fmt_ms(s.ci95_high)}"),
              ("mean", fmt_ms(s.mean), "std", fmt_ms(s.std)),
              ("min", fmt_ms(s.min), "max", fmt_ms(s.max)),
              ("p5", fmt_ms(s.p5), "p95", fmt_ms(s.p95)),
              ("IQR", fmt_ms(s.iqr), "samples", str(s.n))),
        align=("l", "r", "l", "r"), header=False)


def _budget(stop: str, result: BenchResult) -> str:
    """The stop reason, with how long sampling really took when it ran past the budget (the budget is checked
    between spans, and at least ``min_iters`` samples are taken however long they take)."""
    r = result.run
    if not stop.startswith("time budget") or r is None or r.timed_s is None:
        return stop
    budget, least = result.config.get("budget_s"), result.config.get("min_iters")
    if not isinstance(budget, (int, float)) or r.timed_s <= 1.5 * budget:
        return stop
    why = f" (at least min_iters={least} samples are taken)" if isinstance(least, int) else ""
    whole = f", the whole run {r.total_s:.3g} s" if r.total_s is not None else ""
    return f"{stop}; sampling took {r.timed_s:.3g} s{why}{whole}"


def crosscheck_lines(result: BenchResult) -> list[str]:
    """The cross-check, the kernels of one call and the cool calls (docs/bench.md, "Cross-check")."""
    out: list[str] = []
    x = result.crosscheck.to_dict() if result.crosscheck is not None else {}
    if x.get("done"):
        if x.get("agree"):
            out.append(f"cross-check: synchronized wall {fmt_ms(x.get('wall_ms'))} per call "
                       f"({x.get('calls_per_span')} calls per span), host {fmt_ms(x.get('wall_host_ms'))}: the "
                       "headline holds")
        else:
            out.append(f"cross-check ({x.get('cause')}): {x.get('sentence')}; the {x.get('method_before')} number "
                       f"was {fmt_ms(x.get('headline_before_ms'))}")
        out += [f"cross-check: {n}" for n in x.get("notes") or ()]
    k = result.kernels
    if k is not None and k.available:
        out.append(f"kernels: {k.ops_per_call:.3g} per call (kernels, copies, memsets), {fmt_ms(k.sum_ms)} of device "
                   f"time summed, busy {fmt_ms(k.busy_ms)} (profiler, {k.doc.get('calls')} calls)")
        if k.ops_per_call > 1 or len(k.rows) > 1:
            for r in k.rows[:8]:
                out.append(f"  {r.per_call:>5.3g}x {fmt_ms(r.ms_per_call):>10}  {r.kind:<6} {r.name[:90]}")
            if len(k.rows) > 8:
                out.append(f"  ... {len(k.rows) - 8} more names (kernels.rows)")
    elif k is not None and k.reason:
        out.append(f"kernels: not listed ({k.reason})")
    pw = result.power
    if pw is not None and pw.cool_ms:
        out.append(f"cool call (one call after the GPU idled {pw.doc.get('idle_ms', 30):g} ms, compare with ncu): "
                   f"{fmt_ms(pw.cool_ms)}")
    return out


def blocks(result: BenchResult, *, samples: bool = False) -> list[Block]:
    """The report of one bench result (``samples``: also every sample)."""
    out: list[Block] = [summary_table(result)]
    clock = "CUDA events (device clock)" if result.clock == "cuda-events" else "host clock (time.perf_counter_ns)"
    per = "" if result.calls_per_sample == 1 else f", {result.calls_per_sample} calls per sample (mean per call)"
    methods = _HOST_METHODS if result.clock == "host" else _METHODS
    out.append(Line(f"clock: {clock}; method: {methods.get(result.mode, result.mode)}{per}"))
    if result.cache is not None:
        out.append(Line(f"cache: {_cache_line(result.cache)}"))
    w = result.warmup
    out.append(Line(f"warmup: {w.calls} calls in {fmt_ms(w.ms)} (first call {fmt_ms(w.first_call_ms)}); "
                    f"stop: {_budget(result.stop_reason, result)}"))
    out.append(Line(f"device: {describe_device(result.env)}"))
    from .sweep import throughput_line

    for line in (_clock_line(result.env.get("device")), _telemetry_line(result.telemetry),
                 throughput_line(result.throughput)):
        if line:
            out.append(Line(line))
    if result.headline == "wall":
        out.append(Line(f"synchronized wall (host clock, sees every stream): {fmt_ms(result.summary.median)}  "
                        "← headline"))
    p = result.pilots
    if p is not None:
        for value, label, kind in ((p.device_ms, "device (back to back, host removed)", "device"),
                                   (p.eager_ms, "per call (event pair per call, launch-inclusive)", "eager")):
            if value is not None:
                mark = "  ← headline" if result.headline == kind else ""
                out.append(Line(f"{label}: {fmt_ms(value)}{mark}"))
    iso = result.isolated
    if iso is not None and iso.isolated_ms is not None:
        out.append(Line(f"one call on its own (compare with ncu): {fmt_ms(iso.isolated_ms)} "
                        f"({fmt_ms(iso.single_in_pair_ms)} in its own event pair, less an empty pair "
                        f"{fmt_ms(iso.empty_pair_ms)})"))
    if result.decision is not None and result.decision.reason:
        out.append(Line(f"why: {result.decision.reason}"))
    fl = result.floor
    if fl is not None and fl.floor_ms:
        out.append(Line(f"harness floor: {fmt_ms(fl.floor_ms)} ({fl.method} on a null kernel)"
                        if result.clock == "cuda-events" else f"harness floor: {fmt_ms(fl.floor_ms)} (empty call)"))
    out += [Line(line) for line in crosscheck_lines(result)]
    out += [Line(f"note: {n}", "note") for n in result.notices]
    for warning in result.warnings:
        out.append(Line(f"warning [{warning.code}] {warning.message}", "warning"))
        if warning.advice:
            out.append(Line(f"  → {warning.advice}", "advice"))
    if samples:
        out.append(Line("samples (ms): " + ", ".join(f"{x:.6g}" for x in result.samples_ms)))
    if result.next_step:
        nxt = result.next_step  # the ladder's text starts "Next (tool): ..."
        out.append(Line(nxt if nxt.lower().startswith("next") else f"next: {nxt}"))
    return out
