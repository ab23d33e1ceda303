"""From what the gauge measured to what the user sees: the LoopResult, its files and the end-of-window log lines.

The gauge (:mod:`wprof.loop.gauge`) measures; this module runs once per window, after the last iteration was read:
:func:`build_result` turns the gauge's series and window actions into a :class:`LoopResult` (warnings, findings,
MFU, ranks, next step), :func:`write_result` writes ``<name>.json`` / ``.jsonl`` and logs the live report, which ends
with the escalation ladder's next step and its command.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..results import now_utc, write_text_atomic
from ..stats import Warning_, fmt_ms, quality_warnings, summarize
from . import distributed, output
from .diagnosis import diagnose, diagnose_ranks
from ..results.loop import LoopResult
from .window import compute_mfu, next_step_text

if TYPE_CHECKING:
    from .gauge import Gauge

__all__ = ["build_result", "write_result", "preload_finish", "CLOCK_OF_MODE"]

# the clock of the boundary marks, which time iter_ms and step_ms (and fps, from step_ms)
CLOCK_OF_MODE = {"events": "cuda-events", "sync": "host+synchronize", "host": "host"}

_STEP_DESCRIPTION = {
    "events": "period between consecutive boundary events on the device (CUDA events on the current stream)",
    "sync": "period between consecutive boundaries, each after torch.cuda.synchronize() (host clock)",
    "host": "period between consecutive boundaries (host clock)",
}


def preload_finish(g: Gauge) -> None:
    """Import now every module that finishing imports lazily, so that finishing inside ``atexit`` imports nothing.

    Called when the gauge registers its exit hook (its first step), never at ``import wprof``. After an uncaught
    KeyboardInterrupt, CPython 3.11 exits with status 1 instead of dying of SIGINT (130) when an exit handler imports
    a module (measured: torch, which ``env.fingerprint`` imports to record its version, and numpy.ma, imported by
    numpy's quantile, did it). Each import is best effort: a missing optional module fails again at finish, as before.
    """
    cfg = g.config
    names = ["json", "subprocess", "numpy", "numpy.ma", "torch", "wprof.env", "wprof.profilers.ladder"]
    if cfg.flops_per_sample or cfg.flops_per_step or cfg.count_flops:
        names.append("wprof.flops")
    if g.mode in ("events", "sync"):  # env.fingerprint reads NVML through wprof.monitor
        names += ["wprof.monitor", "pynvml"]
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except Exception:
            pass


def build_result(g: Gauge, status: str, reason: str, warnings: list[Warning_]) -> LoopResult:
    """The window's result from the gauge's resolved series (every pending iteration must be resolved first)."""
    cfg, ser = g.config, g._series
    clock = CLOCK_OF_MODE.get(g.mode, "host")
    clocks = {"iter_ms": clock, "data_ms": "host", "step_ms": clock}
    if cfg.global_batch_size:
        clocks["fps"] = clock  # derived from step_ms
    tokens = g.tokens_per_step
    if tokens:
        clocks["tokens_per_s"] = clock
    res = LoopResult(
        name=g.name, mode=g.mode, clocks=clocks, status=status, stop_reason=reason,
        window=(g._start, g._stop), index=tuple(ser.index), iter_ms=tuple(ser.iter),
        data_ms=tuple(ser.data), step_ms=tuple(ser.step), global_batch_size=cfg.global_batch_size,
        tokens_per_step=tokens or None,
        phases={k: tuple(v) for k, v in ser.phases.items()}, rank=g._rank, world_size=g._world,
    )
    n, want = res.n, g._stop - g._start
    if status != "complete":
        warnings.insert(0, Warning_(status, f"{status} result: {n} of {want} window iterations measured; {reason}.",
                                    "Use a longer loader or a smaller window (warmup + iters)."
                                    if status == "partial" else ""))
    if g._discarded:
        warnings.append(Warning_("discarded", f"{len(g._discarded)} iteration(s) were not measured: "
                                 + "; ".join(g._discarded[:3])))
    if g.mode == "host":
        warnings.append(Warning_("host-clock", "no CUDA: every value is on the host clock."))
    marks = g._marks
    if marks is not None and (marks.stalls or marks.grown):
        warnings.append(Warning_("event-ring", f"the host waited for the GPU {marks.stalls} time(s) because the "
                                 f"event ring was full of unfinished iterations, and the ring grew by {marks.grown} "
                                 "events inside the window."))
    if n:
        s = res.summary("step_ms")
        warnings += [w for w in quality_warnings(res.step_ms, s) if w.code != "first-call-outlier"]
    summaries = res.summaries if n else {}
    actions = g._actions
    telemetry = actions.telemetry if actions else None
    findings = diagnose(summaries, telemetry) if n else []
    counted, counted_note = (g._flops.flops, g._flops.note) if g._flops is not None else (None, "")
    mfu = compute_mfu(cfg, summaries["step_ms"].median, g._world, counted, counted_note) if n else None
    dist_info = None
    if status == "complete" and g._world > 1 and distributed.dist_ready():
        try:
            per = distributed.gather({"rank": g._rank, "n": n,
                                      **{f"{k}_median": summaries[k].median for k in ("iter_ms", "data_ms",
                                                                                      "step_ms")}})
            if per:
                dist_info = distributed.aggregate(per)
                findings += diagnose_ranks(dist_info)
        except Exception as exc:
            warnings.append(Warning_("gather-failed", f"the all-gather of per-rank summaries failed ({exc})."))
    used = {"phases"} if ser.phases else set()
    if cfg.kineto:
        used.add("kineto")
    artifacts = dict(actions.artifacts) if actions else {}
    top_ops = tuple(actions.top_ops) if actions else ()
    notes = tuple(f"{name}: {line}" for name, line in actions.notes) if actions else ()
    if actions and actions.top_functions:
        artifacts["cprofile_top"] = "; ".join(f"{r['function']} {r['cumtime_ms']:.1f} ms"
                                              for r in actions.top_functions[:5])
    warm = dict(g._warm, reason=f"count={g._start} (iterations before the window)")
    if counted:
        warm["flops_counted_in"] = counted_note
    timing = {
        "step_ms": _STEP_DESCRIPTION.get(g.mode, ""),
        "host_step_ms": summarize(ser.host_step).to_dict() if ser.host_step else None,
        "short_fetch_us": g.short_fetch_ns / 1e3,
        "unmarked_fetches": g._unmarked,
    }
    env: dict[str, Any] = {}
    try:
        from ..env import fingerprint

        env = fingerprint()
    except Exception as exc:
        env = {"error": f"{type(exc).__name__}: {exc}"}
    return replace(res, warmup=warm, telemetry=telemetry, mfu=mfu, distributed=dist_info,
                   findings=tuple(findings), warnings=tuple(warnings), notes=notes, timing=timing,
                   artifacts=artifacts, top_ops=top_ops, next_step=next_step_text(cfg, used), config=cfg.to_dict(),
                   env=env, created_utc=now_utc(), wprof_version=__version__)


def write_result(g: Gauge, res: LoopResult) -> None:
    """Write ``<base>.jsonl`` and ``<base>.json`` atomically, then log the live report (printing ranks only)."""
    base = g.out_base
    jsonl = base.with_name(base.name + ".jsonl")
    path = base.with_name(base.name + ".json")
    try:
        lines = res.jsonl_lines()
        write_text_atomic(jsonl, "\n".join(lines) + ("\n" if lines else ""))
        object.__setattr__(res, "artifacts", dict(res.artifacts, jsonl=str(jsonl), json=str(path)))
        res.save(path)
    except Exception as exc:
        g._log.warning("%scould not write the results: %s", g._prefix, exc)
        return
    if g._printing:
        p = g._prefix
        log = output.get_logger()
        for line in report_lines(res):
            log.info("%s%s", p, line)


def report_lines(res: LoopResult) -> list[str]:
    """The live report logged at the window's end, without the rank prefix; the last lines are the next step."""
    summ = res.summaries if res.n else {}
    out = [output.average_line(summ, res.n, res.clocks)]
    out += [f"warning ({w.code}): {w.message}" for w in res.warnings if w.code != "host-clock"]
    out += _phase_lines(res) + _dmon_lines(res) + _top_ops_lines(res)
    out += [f"finding ({f.code}): {f.message}" for f in res.findings]
    if res.mfu:
        m = res.mfu
        out.append("MFU: " + (f"{m['mfu']:.1%} ({m['achieved_flops'] / 1e12:.3g} TFLOP/s of "
                              f"{m['peak']['flops'] / 1e12:.4g} {m['peak']['dtype']} peak"
                              + ("; bf16 assumed: give dtype= (--dtype=) the dtype the model trains in)"
                                 if m.get("dtype_assumed") else ")")
                              if m.get("mfu") is not None else f"not computed: {m.get('reason')}"))
    d = res.distributed
    if d and d.get("slowest_rank") is not None:
        out.append(f"ranks: slowest {d['slowest_rank']} (step {fmt_ms(d['slowest_ms'], 3)}), fastest "
                   f"{d['fastest_rank']} ({fmt_ms(d['fastest_ms'], 3)}), spread {100 * (d['spread'] or 0.0):.1f}%")
    out += [f"note ({line.split(': ', 1)[0]}): {line.split(': ', 1)[-1]}" for line in res.notes]
    if res.artifacts.get("json"):
        out.append(f"results: {res.artifacts['json']}")
    if res.next_step:
        out += res.next_step.splitlines()
    return out


def _phase_lines(res: LoopResult) -> list[str]:
    """``phases (median over N steps; share of the median iter): forward 912 µs (33%), ...``"""
    if not res.phases or not res.n:
        return []
    it = res.summary("iter_ms").median
    parts = []
    for name in res.phases:
        s = res.summary(name)
        if not s.n:
            continue
        share = f" ({s.median / it:.0%})" if it and it > 0 and not math.isnan(s.median) else ""
        parts.append(f"{name} {fmt_ms(s.median, 3)}{share}")
    return [f"phases (median over {res.n} steps; share of the median iter): " + ", ".join(parts)] if parts else []


_DMON = (("power_w", "power", "W"), ("sm_clock_mhz", "SM clock", "MHz"), ("mem_clock_mhz", "memory clock", "MHz"),
         ("gpu_util_pct", "GPU util", "%"), ("mem_util_pct", "memory util", "%"), ("temperature_c", "temperature", "C"),
         ("memory_used_mib", "memory used", "MiB"))


def _dmon_lines(res: LoopResult) -> list[str]:
    """``dmon (NVML, 28 samples over the window; mean [min-max]): power 120 W [119-120, cap 700], ...``"""
    tel = res.telemetry
    if not tel or not tel.get("available"):
        return []  # requested but not usable: the dmon-unavailable warning says why
    metrics = tel.get("metrics") or {}
    parts = []
    for key, label, unit in _DMON:
        m = metrics.get(key)
        if not m:
            continue
        sep = "" if unit == "%" else " "
        cap = (tel.get("device") or {}).get("power_limit_w") if key == "power_w" else None
        cap_text = f", cap {cap:.0f}" if cap else ""
        parts.append(f"{label} {m['mean']:.0f}{sep}{unit} [{m['min']:.0f}-{m['max']:.0f}{cap_text}]")
    reasons = tel.get("reasons_fraction") or {}
    parts.append("clock-event reasons: " + (", ".join(f"{k} {v:.0%}" for k, v in sorted(reasons.items()))
                                            if reasons else "none"))
    return [f"dmon (NVML, {tel.get('n_samples', 0)} samples over the window; mean [min-max]): " + ", ".join(parts)]


def _top_ops_lines(res: LoopResult, k: int = 5) -> list[str]:
    """``top ops (Kineto, self device time over the window): aten::mm 1.2 ms (90 calls), ...``"""
    if not res.top_ops:
        return []
    rows = [r for r in res.top_ops if r.get("kind", "op") == "op"][:k]  # kernels repeat their op's device time
    if not rows:
        return []
    return ["top ops (Kineto, self device time over the window): " + ", ".join(
        f"{r['name'][:48]} {fmt_ms(r['self_device_ms'], 3)} ({r['calls']} calls)" for r in rows)]

