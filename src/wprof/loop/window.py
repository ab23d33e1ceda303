"""What happens at the edges of the gauge's window: start/stop the window actions, and the pieces of the result
that are computed once at the end (MFU, telemetry, next step).

Window actions (each optional): the NVML monitor (``dmon``), CUDA memory history, Kineto, cProfile and
``torch.cuda.profiler.start/stop`` (started last, stopped first, so the profilers' own set-up stays outside an
nsys/ncu capture).
"""

from __future__ import annotations

import logging
import math
import sys
from pathlib import Path
from typing import Any

from ..stats import Warning_
from .config import GaugeConfig

__all__ = ["WindowActions", "FlopCount", "compute_mfu", "ladder_facts", "next_step_text"]

_log = logging.getLogger("wprof")


class WindowActions:
    """Starts the configured actions at the window's start and collects their artifacts and notes at its end."""

    def __init__(self, cfg: GaugeConfig, cuda: bool, out_base: Path) -> None:
        self.cfg = cfg
        self.cuda = cuda
        self.out_base = out_base
        self.actions: list[Any] = []
        self.monitor: Any = None
        self.kineto: Any = None
        self.warnings: list[Warning_] = []  # things that affect trust in the numbers
        self.notes: list[tuple[str, str]] = []  # (action, line): artifact paths and how to open them
        self.artifacts: dict[str, str] = {}
        self.top_ops: list[dict[str, Any]] = []
        self.top_functions: list[dict[str, Any]] = []
        self.telemetry: dict[str, Any] | None = None

    def _path(self, suffix: str) -> Path:
        return self.out_base.with_name(self.out_base.name + suffix)

    def start(self) -> None:
        cfg = self.cfg
        if cfg.dmon:
            from ..monitor import Monitor

            self.monitor = Monitor(device=None, interval_s=0.05)  # torch's current CUDA device
        if cfg.memory_history:
            if self.cuda:
                from ..profilers.memory import MemoryHistory

                self.actions.append(MemoryHistory(self._path(".memory.pickle")))
            else:
                self._warn("memory-history-skipped", "memory history needs CUDA; no snapshot was taken.")
        if cfg.kineto:
            from ..profilers.kineto import KinetoWindow

            self.kineto = KinetoWindow(self._path(".kineto.json.gz"))
            self.actions.append(self.kineto)
        if cfg.cprofile:
            from ..profilers.cprofile import CProfileWindow

            self.actions.append(CProfileWindow(self._path(".cprofile.prof")))
        if cfg.profiler_api and self.cuda:
            from ..profilers.cuda_profiler import CudaProfilerRange

            self.actions.append(CudaProfilerRange())
        if self.monitor is not None:
            self.monitor.start()
        for a in self.actions:
            try:
                a.start()
            except Exception as exc:  # a profiler that cannot start must not stop the training run
                self._warn(f"{a.name}-failed", f"{a.name} could not start ({type(exc).__name__}: {exc}).")
                a.start = None  # type: ignore[assignment]

    def _warn(self, code: str, message: str, advice: str = "") -> None:
        self.warnings.append(Warning_(code, message, advice))

    def stop(self) -> None:
        for a in reversed(self.actions):
            if getattr(a, "start", 1) is None:
                continue
            try:
                out = a.stop()
            except Exception as exc:
                self._warn(f"{a.name}-failed", f"{a.name} failed at the window's end ({type(exc).__name__}: {exc}).")
                continue
            if out.get("artifact"):
                self.artifacts[a.name] = out["artifact"]
            if out.get("warning"):
                self._warn(f"{a.name}-overhead" if a.name in ("kineto", "cprofile") else a.name, out["warning"])
            if out.get("note"):
                self.notes.append((a.name, out["note"]))
            self.top_ops = out.get("top_ops", self.top_ops)
            self.top_functions = out.get("top_functions", self.top_functions)
        self.actions = []
        if self.monitor is not None:
            try:
                summary = self.monitor.stop()
                # with the raw samples (columns): the HTML report draws them on the steps' time axis
                self.telemetry = self.monitor.summary(include_samples=True).to_dict() if summary.available else \
                    summary.to_dict()
                line = summary.warning() if summary.available else None
                if not summary.available:
                    self._warn("dmon-unavailable", f"--dmon: NVML not usable ({summary.unavailable_reason}).")
                elif line:
                    self._warn("throttled", line)
            except Exception as exc:
                self._warn("dmon-failed", f"the NVML monitor failed ({type(exc).__name__}: {exc}).")
            self.monitor = None


class FlopCount:
    """``torch.utils.flop_counter.FlopCounterMode`` over one warmup step (``count_flops=True``), for the MFU."""

    def __init__(self, i: int) -> None:
        self.flops: float | None = None
        self.note = ""
        self.on = False
        self._mode: Any = None
        try:
            from torch.utils.flop_counter import FlopCounterMode

            self._mode = FlopCounterMode(display=False)
            self._mode.__enter__()
            self.on = True
            self.note = f"counted in warmup iteration {i}"
        except Exception as exc:
            self.note = f"FlopCounterMode failed ({type(exc).__name__}: {exc})"

    def stop(self) -> None:
        mode, self._mode, self.on = self._mode, None, False
        try:
            mode.__exit__(None, None, None)
            total = float(mode.get_total_flops())
            self.flops = total if total > 0 else None
            if not total:
                self.note = "FlopCounterMode counted 0 FLOPs (custom or Triton kernels only?)"
        except Exception as exc:
            self.note = f"FlopCounterMode failed ({type(exc).__name__}: {exc})"


def compute_mfu(cfg: GaugeConfig, step_ms_median: float, world_size: int, counted: float | None,
                counted_note: str = "") -> dict[str, Any] | None:
    """MFU of the window from the median step time, or the reason there is none. None when no FLOPs were given."""
    if cfg.flops_per_step:
        fps, src = float(cfg.flops_per_step), "flops_per_step (per rank)"
    elif cfg.flops_per_sample and cfg.global_batch_size:
        fps = float(cfg.flops_per_sample) * cfg.global_batch_size / world_size
        src = f"flops_per_sample x global_batch_size / world_size ({cfg.global_batch_size}/{world_size})"
    elif counted:
        fps, src = float(counted), f"FlopCounterMode, {counted_note}"
    elif cfg.flops_per_sample:
        return {"mfu": None, "reason": "flops_per_sample needs global_batch_size (--gbs) to give FLOPs per step."}
    elif cfg.count_flops:
        return {"mfu": None, "reason": counted_note or "FLOPs could not be counted."}
    else:
        return None
    out: dict[str, Any] = {"flops_per_step": fps, "flops_source": src, "step_ms_median": step_ms_median}
    if not (step_ms_median > 0) or math.isnan(step_ms_median):
        out.update(mfu=None, reason="no step time was measured")
        return out
    if not math.isfinite(fps):  # e.g. flops_per_sample=1e308 x a batch: never print "MFU: inf%"
        out.update(mfu=None, reason=f"the FLOPs per step ({src}) are not a finite number; give a real count")
        return out
    from .. import flops
    from ..errors import WprofError

    try:
        peak = flops.peak_for(cfg.dtype or "bf16", override=cfg.peak_flops)
    except WprofError as exc:
        out.update(mfu=None, reason=f"no peak FLOP/s for this device ({exc}); give it with peak_flops= "
                                    "(--peak-flops=) to get an MFU")
        return out
    out.update(mfu=flops.mfu(fps, step_ms_median, peak.flops), achieved_flops=flops.achieved_flops(fps, step_ms_median),
               peak=peak.to_dict(), dtype_assumed=cfg.dtype is None and cfg.peak_flops is None)
    return out


def ladder_facts(cfg: GaugeConfig, used: set[str], cuda: bool = True,
                 argv: tuple[str, ...] | None = None, own_gauge: bool = False) -> dict[str, Any] | None:
    """What the escalation ladder needs to advise this loop (stored in the result, so a report recomputes the
    advice from them); None if the ladder module is not there. ``argv``: the command line (default ``sys.argv``);
    ``own_gauge``: the script made the gauge itself (the phases step edits the script, ``wprof inject`` refuses it)."""
    try:
        from ..profilers import ladder
    except ImportError:
        return None
    argv = tuple(a for a in (sys.argv if argv is None else argv) if a) or ("train.py",)
    if argv[0] in ("-c", "-"):
        argv = ("train.py",)
    try:
        return ladder.LadderFacts(kind="loop", argv=argv, used=frozenset(used & set(ladder.STEPS)),
                                  warmup=cfg.start, iters=cfg.stop - cfg.start,
                                  loop_file=cfg.loop_file,  # `wprof run`: the module that holds the loop
                                  cuda=cuda, own_gauge=own_gauge).to_dict()
    except Exception as exc:  # advice must never break a result
        _log.debug("ladder failed: %s", exc)
        return None


def next_step_text(facts: dict[str, Any] | None) -> str:
    """The escalation ladder's advice for these facts (empty without them)."""
    if facts is None:
        return ""
    from ..profilers import ladder

    try:
        return ladder.advice_from_facts(ladder.LadderFacts.from_dict(facts))
    except Exception as exc:  # advice must never break a result
        _log.debug("ladder failed: %s", exc)
        return ""
