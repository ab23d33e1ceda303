"""From what the gauge measured to what the user sees: the LoopResult, its files and the end-of-window log lines.

The gauge (:mod:`wprof.loop.gauge`) measures; this module runs once per window, after the last iteration was read:
:func:`build_result` turns the gauge's series and window actions into a :class:`LoopResult` (warnings, findings,
MFU, ranks, next step), :func:`write_result` writes ``<name>.json`` / ``.jsonl`` and logs the live report, which ends
with the escalation ladder's next step and its command.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..results import now_utc, write_text_atomic
from ..stats import Warning_, quality_warnings, summarize
from . import distributed, output
from .diagnosis import diagnose, diagnose_ranks
from ..results.loop import LoopResult
from .window import compute_mfu, ladder_facts, next_step_text

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
    names = ["json", "subprocess", "numpy", "numpy.ma", "torch", "wprof.env", "wprof.profilers.ladder",
             "wprof.report", "wprof.report.loop"]
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
    res = LoopResult(
        name=g.name, mode=g.mode, clocks=clocks, status=status, stop_reason=reason,
        window=(g._start, g._stop), index=tuple(ser.index), iter_ms=tuple(ser.iter),
        data_ms=tuple(ser.data), step_ms=tuple(ser.step), global_batch_size=cfg.global_batch_size,
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
        warnings += [w for w in quality_warnings(res.step_ms, s, device=g.mode != "host")
                     if w.code != "first-call-outlier"]
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
        "window_t0_ns": ser.t0_ns,  # host clock of the first window boundary: lines NVML samples up with the steps
    }
    env: dict[str, Any] = {}
    try:
        from ..env import fingerprint

        env = fingerprint()
    except Exception as exc:
        env = {"error": f"{type(exc).__name__}: {exc}"}
    facts = ladder_facts(cfg, used, cuda=g.mode != "host")
    return replace(res, warmup=warm, telemetry=telemetry, mfu=mfu, distributed=dist_info,
                   findings=tuple(findings), warnings=tuple(warnings), notes=notes, timing=timing,
                   artifacts=artifacts, top_ops=top_ops, ladder=facts, next_step=next_step_text(facts),
                   config=cfg.to_dict(),
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
    """The live report logged at the window's end, without the rank prefix: the shared renderer's lines
    (``wprof report`` prints the same ones); the last lines are the next step."""
    from ..report import lines

    return lines(res)
