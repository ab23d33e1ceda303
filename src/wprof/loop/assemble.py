"""From what the gauge measured to what the user sees: the LoopResult, its files and the end-of-window log lines.

The gauge (:mod:`wprof.loop.gauge`) measures and, once per window after the last iteration was read, hands a frozen
:class:`~wprof.loop.snapshot.WindowSnapshot` to this module. :func:`build_result` turns it into a
:class:`LoopResult` (warnings, findings, MFU, ranks, next step) and reads nothing but the snapshot (a pure step);
:func:`write_result` writes ``<name>.json`` / ``.jsonl`` and logs the live report (the shared renderer of
:mod:`wprof.report`), which ends with the escalation ladder's next step and its command.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..results import write_text_atomic
from ..stats import Warning_, quality_warnings, summarize
from . import distributed, output
from .diagnosis import diagnose, diagnose_ranks
from ..results.loop import LoopResult
from .snapshot import WindowSnapshot
from .window import compute_mfu, ladder_facts, next_step_text

if TYPE_CHECKING:
    from .gauge import Gauge

__all__ = ["build_result", "write_result", "rank_summary", "preload_finish", "report_lines", "CLOCK_OF_MODE"]

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


def rank_summary(snap: WindowSnapshot) -> dict[str, Any]:
    """This rank's entry of the all-gather at the window's end: ``rank``, ``n`` and the medians of iter, data, step."""
    out: dict[str, Any] = {"rank": snap.rank, "n": len(snap.index)}
    for key in ("iter_ms", "data_ms", "step_ms"):
        out[f"{key}_median"] = summarize(getattr(snap, key)).median if snap.index else None
    return out


def build_result(snap: WindowSnapshot, status: str, reason: str, warnings: tuple[Warning_, ...] = ()) -> LoopResult:
    """The window's result from its snapshot: warnings, findings, MFU, ranks, next step. Pure: reads only its
    arguments (``warnings``: what went wrong while finishing, e.g. a failed synchronize)."""
    cfg = snap.config
    clock = CLOCK_OF_MODE.get(snap.mode, "host")
    clocks = {"iter_ms": clock, "data_ms": "host", "step_ms": clock}
    if cfg.global_batch_size:
        clocks["fps"] = clock  # derived from step_ms
    if snap.tokens_per_step:
        clocks["tokens_per_s"] = clock
    start, stop = snap.window
    res = LoopResult(
        name=snap.name, mode=snap.mode, clocks=clocks, status=status, stop_reason=reason, window=(start, stop),
        index=tuple(snap.index), iter_ms=tuple(snap.iter_ms), data_ms=tuple(snap.data_ms),
        step_ms=tuple(snap.step_ms), global_batch_size=cfg.global_batch_size, tokens_per_step=snap.tokens_per_step,
        phases={k: tuple(v) for k, v in snap.phases.items()}, rank=snap.rank, world_size=snap.world_size,
    )
    n, want = res.n, stop - start
    warns: list[Warning_] = []
    if status != "complete":
        warns.append(Warning_(status, f"{status} result: {n} of {want} window iterations measured; {reason}.",
                              "Use a longer loader or a smaller window (warmup + iters)." if status == "partial"
                              else ""))
    warns += list(warnings) + list(snap.actions_warnings)
    if snap.discarded:
        warns.append(Warning_("discarded", f"{len(snap.discarded)} iteration(s) were not measured: "
                              + "; ".join(snap.discarded[:3])))
    if snap.mode == "host":
        warns.append(Warning_("host-clock", "no CUDA: every value is on the host clock."))
    if snap.ring_stalls or snap.ring_grown:
        warns.append(Warning_("event-ring", f"the host waited for the GPU {snap.ring_stalls} time(s) because the "
                              f"event ring was full of unfinished iterations, and the ring grew by {snap.ring_grown} "
                              "events inside the window."))
    if n:
        warns += [w for w in quality_warnings(res.step_ms, res.summary("step_ms"), device=snap.mode != "host")
                  if w.code != "first-call-outlier"]
    summaries = res.summaries if n else {}
    findings = diagnose(summaries, snap.telemetry) if n else []
    counted = snap.flops_counted
    mfu = compute_mfu(cfg, summaries["step_ms"].median, snap.world_size, counted, snap.flops_note) if n else None
    dist_info = None
    if snap.ranks:
        dist_info = distributed.aggregate(list(snap.ranks))
        findings += diagnose_ranks(dist_info)
    if snap.gather_error:
        warns.append(Warning_("gather-failed", f"the all-gather of per-rank summaries failed ({snap.gather_error})."))
    used = {"phases"} if snap.phases else set()
    if cfg.kineto:
        used.add("kineto")
    artifacts = dict(snap.artifacts)
    if snap.top_functions:
        artifacts["cprofile_top"] = "; ".join(f"{r['function']} {r['cumtime_ms']:.1f} ms"
                                              for r in snap.top_functions[:5])
    warm = dict(snap.warmup, reason=f"count={start} (iterations before the window)")
    if counted:
        warm["flops_counted_in"] = snap.flops_note
    timing = {
        "step_ms": _STEP_DESCRIPTION.get(snap.mode, ""),
        "host_step_ms": summarize(snap.host_step_ms).to_dict() if snap.host_step_ms else None,
        "short_fetch_us": snap.short_fetch_ns / 1e3,
        "unmarked_fetches": snap.unmarked_fetches,
        "window_t0_ns": snap.window_t0_ns,  # host clock of the first window boundary: NVML samples line up with it
    }
    facts = ladder_facts(cfg, used, cuda=snap.mode != "host", argv=snap.argv, own_gauge=snap.own_gauge)
    return replace(res, warmup=warm, telemetry=snap.telemetry, mfu=mfu, distributed=dist_info,
                   findings=tuple(findings), warnings=tuple(warns),
                   notes=tuple(f"{name}: {line}" for name, line in snap.notes), timing=timing,
                   artifacts=artifacts, top_ops=tuple(snap.top_ops), ladder=facts, next_step=next_step_text(facts),
                   config=cfg.to_dict(), env=dict(snap.env), created_utc=snap.created_utc,
                   wprof_version=__version__)


def write_result(res: LoopResult, base: Path, log: logging.Logger, prefix: str = "0:[wprof] ",
                 printing: bool = True) -> LoopResult:
    """Write ``<base>.jsonl`` and ``<base>.json`` atomically, then log the live report (``printing`` ranks only).

    Returns the result as written: with the two paths in ``artifacts`` (``json``, ``jsonl``), or ``res`` unchanged
    when the files could not be written (a warning line says why). A file that did not fit on its disk is written to
    a fallback place (:func:`wprof.results.write_text_atomic`); the warning and ``artifacts`` name where it went (the
    ``.json`` file itself records the path it was meant for)."""
    jsonl = base.with_name(base.name + ".jsonl")
    path = base.with_name(base.name + ".json")
    written = replace(res, artifacts=dict(res.artifacts, jsonl=str(jsonl), json=str(path)))
    try:
        lines = written.jsonl_lines()
        write_text_atomic(jsonl, "\n".join(lines) + ("\n" if lines else ""), fallback=True)
    except Exception as exc:
        log.warning("%scould not write the results: %s", prefix, exc)
        if not hasattr(exc, "written"):  # not a full disk: the .json would fail the same way
            return res
        moved = exc.written  # a fallback file, or None (lost); the .json, smaller, may still fit somewhere
        arts = {k: v for k, v in written.artifacts.items() if k != "jsonl"}
        written = replace(written, artifacts=dict(arts, jsonl=str(moved)) if moved else arts)
    try:
        written.save(path)
    except Exception as exc:
        log.warning("%scould not write the results: %s", prefix, exc)
        moved = getattr(exc, "written", None)
        if moved is None:
            return res
        written = replace(written, artifacts=dict(written.artifacts, json=str(moved)))
    if printing:
        out = output.get_logger()
        for line in report_lines(written):
            out.info("%s%s", prefix, line)
    return written


def report_lines(res: LoopResult) -> list[str]:
    """The live report logged at the window's end, without the rank prefix: the shared renderer's lines
    (``wprof report`` prints the same ones); the last lines are the next step."""
    from ..report import lines

    return lines(res)
