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


def render_bench(result: BenchResult, console: Any) -> None:
    from rich.markup import escape
    from rich.table import Table

    s = result.summary
    table = Table(title=f"wprof bench: {result.name}", title_justify="left", show_header=False, box=None,
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
    console.print(f"clock: {clock}; mode: {result.mode}{per}")
    w = result.warmup
    console.print(f"warmup: {w.calls} calls in {fmt_ms(w.ms)} (first call {fmt_ms(w.first_call_ms)}); "
                  f"stop: {result.stop_reason}")
    console.print(f"device: {describe_device(result.env)}")
    line = _clock_line(result.env.get("device"))
    if line:
        console.print(line)
    for key, label in (("device_ms", "device"), ("eager_ms", "launch-inclusive (eager)")):
        if key in result.extra:
            console.print(f"{label}: {fmt_ms(result.extra[key])}")
    for warning in result.warnings:
        console.print(f"[yellow]warning[/yellow] {escape(f'[{warning.code}] {warning.message}')}")
        if warning.advice:
            console.print(f"  → {escape(warning.advice)}")
    nxt = result.extra.get("next_step")
    if nxt:
        console.print(f"next: {escape(str(nxt))}")
