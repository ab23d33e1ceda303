"""Terminal rendering of a BenchResult (rich): summary table with readable units, clock, warmup, warnings."""

from __future__ import annotations

from typing import Any

from ..results import BenchResult
from . import fmt_ms

__all__ = ["render_bench", "describe_device"]


def describe_device(env: dict[str, Any]) -> str:
    dev = env.get("device")
    if not dev:
        return f"host CPU ({env.get('platform', '?')}); torch {env.get('torch') or 'not installed'}"
    parts = [f"{dev.get('name')} (cc {dev.get('compute_capability')}, {dev.get('sm_count')} SMs"]
    if dev.get("l2_cache_bytes"):
        parts.append(f", L2 {dev['l2_cache_bytes'] / 2**20:.0f} MiB")
    parts.append(")")
    parts.append(f"; driver {dev.get('driver') or 'n/a'}, CUDA {env.get('cuda_runtime')}, torch {env.get('torch')}")
    return "".join(parts)


def _clock_line(dev: dict[str, Any] | None) -> str | None:
    if not dev or "at_start" not in dev:
        return None
    s, e = dev.get("at_start") or {}, dev.get("at_end") or {}

    def f(d: dict[str, Any], k: str, unit: str) -> str:
        v = d.get(k)
        return "?" if v is None else f"{v:.0f} {unit}"

    return (f"SM clock {f(s, 'sm_clock_mhz', 'MHz')} → {f(e, 'sm_clock_mhz', 'MHz')}, power "
            f"{f(s, 'power_w', 'W')} → {f(e, 'power_w', 'W')} (start → end)")


_METHODS = {
    "per-call": "per-call events (an event pair around each call)",
    "aggregate": "aggregate (one event pair around back-to-back calls)",
    "prequeued": "pre-queued (back-to-back eager calls queued behind a GPU-side wait; host removed)",
    "graph": "CUDA graph replay (back-to-back unrolled calls; host removed)",
}
_HOST_METHODS = {
    "per-call": "per-call (the host clock read around each call)",
    "aggregate": "aggregate (the host clock read around back-to-back calls)",
}


def _cache_line(cache: dict[str, Any]) -> str:
    policy = cache.get("policy", "?")
    if cache.get("applied") is False:
        return f"{policy} (not applied: host clock)"
    if policy == "cold" and cache.get("flush_bytes"):
        return f"cold (read of {cache['flush_bytes'] / 2**20:.0f} MiB before each call, outside the timed span)"
    if policy == "rotate" and cache.get("rotate"):
        return f"rotate ({cache['rotate']})"
    if policy == "warm":
        return "warm (back-to-back calls; inputs that fit in L2 stay there)"
    return str(policy)


def _telemetry_line(t: dict[str, Any] | None) -> str | None:
    if not t:
        return None
    if not t.get("available"):
        return f"telemetry: none ({t.get('unavailable_reason') or 'NVML unavailable'})" if t.get(
            "unavailable_reason") != "host clock: no GPU to monitor" else None
    m = t.get("metrics") or {}
    parts = []
    sm = m.get("sm_clock_mhz")
    if sm:
        mx = (t.get("device") or {}).get("max_sm_clock_mhz")
        parts.append(f"SM clock {sm['min']:.0f}-{sm['max']:.0f} MHz" + (f" (max {mx:.0f})" if mx else ""))
    mem = m.get("mem_clock_mhz")
    if mem:
        parts.append(f"memory clock {mem['mean']:.0f} MHz")
    pw = m.get("power_w")
    if pw:
        lim = (t.get("device") or {}).get("power_limit_w")
        parts.append(f"power {pw['mean']:.0f} W (max {pw['max']:.0f}" + (f" of {lim:.0f} W)" if lim else ")"))
    tc = m.get("temperature_c")
    if tc:
        parts.append(f"{tc['max']:.0f} °C")
    thr = t.get("throttled_fraction") or 0.0
    parts.append(f"throttled {thr:.0%} of {t.get('n_samples', 0)} NVML samples")
    return "telemetry: " + ", ".join(parts)


def render_bench(result: BenchResult, console: Any) -> None:
    from rich.markup import escape
    from rich.table import Table

    s = result.summary
    table = Table(title=f"wprof bench: {escape(result.name)}", title_justify="left", show_header=False, box=None,
                  padding=(0, 2))
    table.add_column("statistic", style="bold")
    table.add_column("value", justify="right")
    table.add_column("statistic", style="bold")
    table.add_column("value", justify="right")
    rows = [
        ("median", fmt_ms(s.median), "95% CI of median", f"{fmt_ms(s.ci95_low)} – {fmt_ms(s.ci95_high)}"),
        ("mean", fmt_ms(s.mean), "std", fmt_ms(s.std)),
        ("min", fmt_ms(s.min), "max", fmt_ms(s.max)),
        ("p5", fmt_ms(s.p5), "p95", fmt_ms(s.p95)),
        ("IQR", fmt_ms(s.iqr), "samples", str(s.n)),
    ]
    for row in rows:
        table.add_row(*row)
    console.print(table)
    clock = "CUDA events (device clock)" if result.clock == "cuda-events" else "host clock (time.perf_counter_ns)"
    per = "" if result.calls_per_sample == 1 else f", {result.calls_per_sample} calls per sample (mean per call)"
    methods = _HOST_METHODS if result.clock == "host" else _METHODS
    console.print(f"clock: {clock}; method: {methods.get(result.mode, result.mode)}{per}")
    cache = result.extra.get("cache") or {}
    if cache:
        console.print(f"cache: {escape(_cache_line(cache))}")
    w = result.warmup
    console.print(f"warmup: {w.calls} calls in {fmt_ms(w.ms)} (first call {fmt_ms(w.first_call_ms)}); "
                  f"stop: {escape(result.stop_reason)}")
    console.print(f"device: {escape(describe_device(result.env))}")
    line = _clock_line(result.env.get("device"))
    if line:
        console.print(line)
    tline = _telemetry_line(result.extra.get("telemetry"))
    if tline:
        console.print(tline)
    from .sweep import throughput_line

    tp = throughput_line(result.extra.get("throughput"))
    if tp:
        console.print(escape(tp))
    head = result.extra.get("headline")
    for key, label, kind in (("device_ms", "device (back to back, host removed)", "device"),
                             ("eager_ms", "per call (event pair per call, launch-inclusive)", "eager")):
        if key in result.extra:
            mark = "  ← headline" if head == kind else ""
            console.print(f"{label}: {fmt_ms(result.extra[key])}{mark}")
    iso = result.extra.get("isolated") or {}
    if iso.get("isolated_ms") is not None:
        console.print(f"one call on its own (compare with ncu): {fmt_ms(iso['isolated_ms'])} "
                      f"({fmt_ms(iso['single_in_pair_ms'])} in its own event pair, less an empty pair "
                      f"{fmt_ms(iso['empty_pair_ms'])})")
    dec = result.extra.get("decision")
    if dec and dec.get("reason"):
        console.print(f"why: {escape(dec['reason'])}")
    floor = result.extra.get("floor") or {}
    if floor.get("floor_ms"):
        console.print(f"harness floor: {fmt_ms(floor['floor_ms'])} ({floor.get('method')} on a null kernel)"
                      if result.clock == "cuda-events" else f"harness floor: {fmt_ms(floor['floor_ms'])} (empty call)")
    for note in result.extra.get("notices") or ():
        console.print(f"note: {escape(str(note))}")
    for warning in result.warnings:
        console.print(f"[yellow]warning[/yellow] {escape(f'[{warning.code}] {warning.message}')}")
        if warning.advice:
            console.print(f"  → {escape(warning.advice)}")
    nxt = result.extra.get("next_step")
    if nxt:
        nxt = str(nxt)  # the ladder's text starts "Next (tool): ..."
        console.print(escape(nxt) if nxt.lower().startswith("next") else f"next: {escape(nxt)}")
