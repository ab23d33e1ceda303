"""The report of a LoopResult, the same lines live (logged at the window's end, after the rank prefix) and in
``wprof report``: title, averages and clocks, warmup, rank, warnings, phases, NVML, top operators, findings, MFU,
ranks, notes, files, and the next step.

Renders the stored samples and sections only; never imports torch. ``iter - data`` is never shown as compute:
``iter_ms`` already excludes data loading.
"""

from __future__ import annotations

import math
from typing import Any

from ..results.loop import LoopResult
from ..stats import fmt_ms, fmt_rate, rate_unit
from ._doc import Block, Line, Table

__all__ = ["blocks", "average_line"]

_CLOCK_WORDS = {"cuda-events": "CUDA events", "host+synchronize": "host clock after synchronize", "host": "host clock"}


def _isnum(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _f(v: Any, spec: str = ".2f") -> str:
    return "n/a" if not _isnum(v) or (isinstance(v, float) and math.isnan(v)) else format(v, spec)


def clock_note(clocks: dict[str, str] | None) -> str:
    """``clocks: iter, step, fps on CUDA events; data on the host clock`` (empty without clocks)."""
    if not clocks:
        return ""
    by: dict[str, list[str]] = {}
    for k in ("iter_ms", "step_ms", "fps", "data_ms"):
        if k in clocks:
            by.setdefault(clocks[k], []).append(k.removesuffix("_ms"))
    return "clocks: " + "; ".join(f"{', '.join(v)} on the {_CLOCK_WORDS.get(c, c)}" if c.startswith("host")
                                  else f"{', '.join(v)} on {_CLOCK_WORDS.get(c, c)}" for c, v in by.items())


def _stat(s: Any, unit: str) -> str:
    u = f" {unit}" if unit else ""
    return f"{_f(s.mean)}{u} (median {_f(s.median)}, p95 {_f(s.p95)})"


def average_line(summaries: dict[str, Any], n: int, clocks: dict[str, str] | None = None) -> str:
    """``Average: iter 125.10 ms (median 124.90, p95 130.20), data ..., step ..., fps ... over 30 iterations``, then
    which clock produced each value when ``clocks`` is given."""
    if n == 0:
        return "Average: no iteration was measured"
    parts = [f"iter {_stat(summaries['iter_ms'], 'ms')}", f"data {_stat(summaries['data_ms'], 'ms')}",
             f"step {_stat(summaries['step_ms'], 'ms')}"]
    if "fps" in summaries:
        parts.append(f"fps {_stat(summaries['fps'], '')}")
    if "tokens_per_s" in summaries:  # token batches: the unit language-model people use
        t = summaries["tokens_per_s"]
        parts.append(f"tokens/s {_f(t.mean, '.0f')} (median {_f(t.median, '.0f')}, p95 {_f(t.p95, '.0f')})")
    note = clock_note(clocks)
    return "Average: " + ", ".join(parts) + f" over {n} iterations" + (f" ({note})" if note else "")


def _ms(v: Any, digits: int = 4) -> str:
    return fmt_ms(v, digits) if _isnum(v) else "n/a"


def _title(r: LoopResult) -> str:
    a, b = r.window
    if r.index and (r.n != b - a or (r.index[0], r.index[-1]) != (a, b - 1)):
        what = f"{r.n} of {b - a} iterations {r.index[0]}..{r.index[-1]} (window {a}..{b - 1})"
    else:
        what = f"{r.n} iterations {a}..{b - 1}"
    return f"wprof loop: {r.name} ({r.mode} mode, {what}, {r.status})"


def _phase_line(r: LoopResult) -> list[Block]:
    """``phases (median over N steps; share of the median iter): forward 912 µs (33%), ...``"""
    if not r.phases or not r.n:
        return []
    it = r.summary("iter_ms").median
    parts = []
    for name in r.phases:
        s = r.summary(name)
        if not s.n:
            continue
        share = f" ({s.median / it:.0%})" if it and it > 0 and not math.isnan(s.median) else ""
        parts.append(f"{name} {fmt_ms(s.median, 3)}{share}")
    return [Line(f"phases (median over {r.n} steps; share of the median iter): " + ", ".join(parts))] if parts else []


_DMON = (("power_w", "power", "W"), ("sm_clock_mhz", "SM clock", "MHz"), ("mem_clock_mhz", "memory clock", "MHz"),
         ("gpu_util_pct", "GPU util", "%"), ("mem_util_pct", "memory util", "%"), ("temperature_c", "temperature", "C"),
         ("memory_used_mib", "memory used", "MiB"))


def _dmon_line(r: LoopResult) -> list[Block]:
    """``dmon (NVML, 28 samples over the window; mean [min-max]): power 120 W [119-120, cap 700], ...``"""
    tel = r.telemetry
    if not tel or not tel.get("available"):
        return []  # requested but not usable: the dmon-unavailable warning says why
    metrics = tel.get("metrics") if isinstance(tel.get("metrics"), dict) else {}
    dev = tel.get("device") if isinstance(tel.get("device"), dict) else {}
    parts = []
    for key, label, unit in _DMON:
        m = metrics.get(key)
        if not isinstance(m, dict):
            continue
        sep = "" if unit == "%" else " "
        cap = dev.get("power_limit_w") if key == "power_w" else None
        cap_text = f", cap {cap:.0f}" if _isnum(cap) and cap else ""
        parts.append(f"{label} {_f(m.get('mean'), '.0f')}{sep}{unit} [{_f(m.get('min'), '.0f')}-"
                     f"{_f(m.get('max'), '.0f')}{cap_text}]")
    reasons = tel.get("reasons_fraction") if isinstance(tel.get("reasons_fraction"), dict) else {}
    parts.append("clock-event reasons: " + (", ".join(f"{k} {_f(v, '.0%')}" for k, v in sorted(reasons.items()))
                                            if reasons else "none"))
    return [Line(f"dmon (NVML, {_f(tel.get('n_samples'), '.0f')} samples over the window; mean [min-max]): "
                 + ", ".join(parts))]


def _top_ops_line(r: LoopResult, k: int = 5) -> list[Block]:
    """``top ops (Kineto, self device time over the window): aten::mm 1.2 ms (90 calls), ...``"""
    rows = [x for x in r.top_ops if x.get("kind", "op") == "op"][:k]  # kernels repeat their op's device time
    if not rows:
        return []
    return [Line("top ops (Kineto, self device time over the window): " + ", ".join(
        f"{str(x.get('name'))[:48]} {_ms(x.get('self_device_ms'), 3)} ({x.get('calls')} calls)" for x in rows))]


def _mfu_line(r: LoopResult) -> list[Block]:
    """``MFU: 41.0% (400 TFLOP/s of 989 bf16 peak)`` (the peak's source and the FLOPs' are in the result's ``mfu``)."""
    m = r.mfu
    if not m:
        return []
    if m.get("mfu") is None or not _isnum(m.get("mfu")):
        return [Line(f"MFU: not computed: {m.get('reason')}")]
    p = m.get("peak") if isinstance(m.get("peak"), dict) else {}
    assumed = "; bf16 assumed: give dtype= (--dtype=) the dtype the model trains in" if m.get("dtype_assumed") else ""
    achieved = m.get("achieved_flops") if _isnum(m.get("achieved_flops")) else None
    unit = rate_unit(achieved)[0] if achieved is not None else "TFLOP/s"
    # 400 TFLOP/s of 989 bf16 peak; on a CPU: 29.7 GFLOP/s of the 67 TFLOP/s fp32 peak (never 0.0297 TFLOP/s)
    peak = (f"{_f(_tf(p.get('flops')), '.4g')} {p.get('dtype')} peak" if unit == "TFLOP/s" else
            f"the {_f(_tf(p.get('flops')), '.4g')} TFLOP/s {p.get('dtype')} peak")
    shown = fmt_rate(achieved, digits=3) if achieved is not None else "– TFLOP/s"
    return [Line(f"MFU: {_f(m['mfu'], '.1%')} ({shown} of {peak}{assumed})")]


def _tf(v: Any) -> Any:
    return v / 1e12 if _isnum(v) else None


def _ranks_line(r: LoopResult) -> list[Block]:
    """``ranks: slowest 1 (step 3.63 ms), fastest 0 (3.57 ms), spread 1.8%`` (medians of the step per rank)."""
    d = r.distributed
    if not d or d.get("slowest_rank") is None:
        return []
    spread = d.get("spread") if _isnum(d.get("spread")) else 0.0
    return [Line(f"ranks: slowest {d.get('slowest_rank')} (step {_ms(d.get('slowest_ms'), 3)}), fastest "
                 f"{d.get('fastest_rank')} ({_ms(d.get('fastest_ms'), 3)}), spread {100 * spread:.1f}%")]


def _samples_table(r: LoopResult) -> list[Block]:
    cols = ["i", "iter_ms", "data_ms", "step_ms"] + [f"{k} (phase)" for k in r.phases]
    fps, tps = r.fps, r.tokens_per_s
    if fps:
        cols.insert(4, "fps")
    if tps:
        cols.insert(4 + bool(fps), "tokens/s")
    rows = []
    for j, i in enumerate(r.index):
        row = [str(i), *(f"{s[j]:.6g}" for s in (r.iter_ms, r.data_ms, r.step_ms))]
        if fps:
            row.append(f"{fps[j]:.6g}")
        if tps:
            row.append(f"{tps[j]:.6g}")
        row += [f"{v[j]:.6g}" if j < len(v) else "" for v in r.phases.values()]
        rows.append(tuple(row))
    return [Table(title=f"samples (ms; {r.n} iterations, as measured)", columns=tuple(cols), rows=tuple(rows),
                  align=("r",) * len(cols))]


def blocks(result: LoopResult, *, samples: bool = False) -> list[Block]:
    """The report of one gauge window (``samples``: also every iteration's values)."""
    r = result
    summ = r.summaries if r.n else {}
    out: list[Block] = [Line(_title(r), "title"), Line(average_line(summ, r.n, r.clocks))]
    w = r.warmup
    if w:
        out.append(Line(f"warmup: {w.get('iterations', 0)} iterations excluded ({_f(w.get('step_ms'))} ms, first "
                        f"{_f(w.get('first_step_ms'))} ms); {w.get('reason', '')}"))
    out.append(Line(f"rank {r.rank} of {r.world_size}: each live line starts with '{r.rank}:[wprof]'"
                    + ("" if r.world_size > 1 else " (rank 0 of a single process)")))
    out += [Line(f"warning ({x.code}): {x.message}", "warning") for x in r.warnings if x.code != "host-clock"]
    out += _phase_line(r) + _dmon_line(r) + _top_ops_line(r)
    for f in r.findings:
        out.append(Line(f"finding ({f.code}): {f.message}", "finding"))
        if f.advice:
            out.append(Line(f"  → {f.advice}", "advice"))
    out += _mfu_line(r) + _ranks_line(r)
    host_step = (r.timing or {}).get("host_step_ms")
    if isinstance(host_step, dict) and r.clocks.get("step_ms") == "cuda-events" and r.n:
        out.append(Line(f"host boundary-to-boundary step: median {_ms(host_step.get('median'), 3)} (host clock; "
                        "shorter than the step when the host runs ahead of the GPU)", "note"))
    out += [Line(f"note ({line.split(': ', 1)[0]}): {line.split(': ', 1)[-1]}", "note") for line in r.notes]
    if r.artifacts.get("json"):
        out.append(Line(f"results: {r.artifacts['json']}", "note"))
    if samples and r.n:
        out += _samples_table(r)
    if r.next_step:
        out.append(Line(r.next_step))
    return out
