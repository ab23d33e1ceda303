"""Terminal rendering of a LoopResult (rich): summary table, phases, telemetry, MFU, ranks, findings, next step.

Renders the stored samples and sections only; never imports torch. ``iter - data`` is never shown as compute:
``iter_ms`` already excludes data loading.
"""

from __future__ import annotations

import math
from typing import Any

from ..results.loop import LoopResult
from . import fmt_ms
from .bench import describe_device

__all__ = ["render_loop"]

_CLOCK = {"cuda-events": "CUDA events", "host": "host clock", "host+synchronize": "host clock after synchronize"}
_LABEL = {"iter_ms": "iter (compute, no data)", "data_ms": "data (host, in __next__)",
          "step_ms": "step (period, boundary to boundary)", "fps": "throughput (samples/s)",
          "tokens_per_s": "throughput (tokens/s)"}
_RATES = ("fps", "tokens_per_s")  # derived from step_ms


def _num(v: float | None, fmt: str = "{:.2f}") -> str:
    return "n/a" if v is None or (isinstance(v, float) and math.isnan(v)) else fmt.format(v)


def _summary_table(result: LoopResult) -> Any:
    from rich.markup import escape
    from rich.table import Table

    a, b = result.window
    if result.index and (result.n != b - a or (result.index[0], result.index[-1]) != (a, b - 1)):
        what = f"{result.n} of {b - a} iterations {result.index[0]}..{result.index[-1]} (window {a}..{b - 1})"
    else:
        what = f"{result.n} iterations {a}..{b - 1}"
    t = Table(title=f"wprof loop: {escape(result.name)} ({result.mode} mode, {what}, {result.status})", title_justify="left")
    t.add_column("")
    for c in ("median", "mean", "p95", "min", "max", "clock"):
        t.add_column(c, justify="right")
    for key, s in result.summaries.items():
        name = result.clocks.get(key) or result.clocks.get("step_ms", "host")  # fps: from step_ms, its clock
        clock = _CLOCK.get(name, name) + (" (from step)" if key in _RATES else "")
        f = (lambda v: _num(v, "{:.1f}")) if key in _RATES else fmt_ms
        t.add_row(_LABEL[key], f(s.median), f(s.mean), f(s.p95), f(s.min), f(s.max), clock)
    return t


def _phase_table(result: LoopResult) -> Any:
    from rich.table import Table

    it = result.summary("iter_ms").median
    t = Table(title="phases (event pair per phase; share of median iter)", title_justify="left")
    for c, j in (("phase", "left"), ("median", "right"), ("mean", "right"), ("p95", "right"), ("n", "right"),
                 ("share", "right")):
        t.add_column(c, justify=j)
    for name in result.phases:
        s = result.summary(name)
        share = s.median / it if it and it > 0 and not math.isnan(s.median) else math.nan
        t.add_row(name, fmt_ms(s.median), fmt_ms(s.mean), fmt_ms(s.p95), str(s.n), _num(share, "{:.0%}"))
    return t


def _telemetry_table(tel: dict[str, Any]) -> Any:
    from rich.table import Table

    t = Table(title=f"device telemetry (NVML, {tel.get('n_samples', 0)} samples over the window)",
              title_justify="left")
    for c in ("metric", "mean", "min", "max"):
        t.add_column(c, justify="left" if c == "metric" else "right")
    for name, m in (tel.get("metrics") or {}).items():
        t.add_row(name, _num(m["mean"], "{:.0f}"), _num(m["min"], "{:.0f}"), _num(m["max"], "{:.0f}"))
    return t


def _top_ops_table(rows: tuple[dict[str, Any], ...]) -> Any:
    from rich.table import Table

    t = Table(title="top operators and kernels over the window (Kineto; a kernel's time is also its operator's)",
              title_justify="left")
    for c in ("operator or kernel", "kind", "calls", "self device", "self CPU"):
        t.add_column(c, justify="left" if c in ("operator or kernel", "kind") else "right")
    for r in rows:
        t.add_row(str(r["name"])[:60], str(r.get("kind", "op")), str(r["calls"]), fmt_ms(r["self_device_ms"]),
                  fmt_ms(r["self_cpu_ms"]))
    return t


def render_loop(result: LoopResult, console: Any) -> None:
    """Print ``result`` on a rich ``console``."""
    from rich.markup import escape

    if result.n:
        console.print(_summary_table(result))
    else:
        console.print(f"wprof loop: {escape(result.name)}: no iteration was measured ({result.status}).")
    w = result.warmup
    if w:
        console.print(f"warmup: {w.get('iterations', 0)} iterations excluded ({_num(w.get('step_ms'))} ms, first "
                      f"{_num(w.get('first_step_ms'))} ms); {escape(str(w.get('reason', '')))}")
    if result.world_size > 1:
        console.print(f"rank {result.rank} of {result.world_size}")
    dev = describe_device(result.env) if result.env and "error" not in result.env else ""
    if dev:
        console.print(f"device: {escape(dev)}")
    if result.phases and result.n:
        console.print(_phase_table(result))
    tel = result.telemetry
    if tel and tel.get("available"):
        console.print(_telemetry_table(tel))
    elif tel:
        console.print(f"telemetry: not available ({escape(str(tel.get('unavailable_reason')))})")
    m = result.mfu
    if m:
        if m.get("mfu") is not None:
            p = m["peak"]
            console.print(f"MFU: {m['mfu']:.1%} ({m['achieved_flops'] / 1e12:.3g} TFLOP/s per GPU of the "
                          f"{p['flops'] / 1e12:.4g} TFLOP/s {p['dtype']} peak, {escape(p['source'])}); FLOPs per step "
                          f"{m['flops_per_step']:.3g} from {escape(m['flops_source'])}"
                          + ("; the bf16 peak is assumed: give dtype= (--dtype=) the dtype the model trains in"
                             if m.get("dtype_assumed") else ""))
        else:
            console.print(f"MFU: not computed: {escape(str(m.get('reason')))}")
    d = result.distributed
    if d and d.get("slowest_rank") is not None:
        console.print(f"ranks: slowest {d['slowest_rank']} (median step {fmt_ms(d['slowest_ms'])}), fastest "
                      f"{d['fastest_rank']} ({fmt_ms(d['fastest_ms'])}), spread {_num(d['spread'], '{:.1%}')} "
                      f"over {d['world_size']} ranks")
    if result.top_ops:
        console.print(_top_ops_table(result.top_ops))
    for f in result.findings:
        console.print(f"[bold red]finding[/bold red] {escape(f'[{f.code}] {f.message}')}")
        if f.advice:
            console.print(f"  → {escape(f.advice)}")
    for warning in result.warnings:
        console.print(f"[yellow]warning[/yellow] {escape(f'[{warning.code}] {warning.message}')}")
        if warning.advice:
            console.print(f"  → {escape(warning.advice)}")
    host_step = (result.timing or {}).get("host_step_ms")
    if host_step and result.clocks.get("step_ms") == "cuda-events" and result.n:
        console.print(f"host boundary-to-boundary step: median {fmt_ms(host_step.get('median'))} (host clock; "
                      "shorter than the step when the host runs ahead of the GPU)")
    for note in result.notes:
        console.print(f"note {escape(note)}")
    for k, v in result.artifacts.items():
        console.print(f"{k}: {escape(str(v))}")
    if result.next_step:
        console.print(escape(result.next_step))
