"""What the gauge measured in one window, frozen when the window ends: the input of the assembly step.

The gauge (:mod:`wprof.loop.gauge`) measures; at its window's end, once every iteration was read, it freezes its
state into a :class:`WindowSnapshot` (:meth:`Gauge._snapshot`): samples, warmup, window actions' outputs, the
environment fingerprint, the command line, the per-rank summaries it gathered. :func:`wprof.loop.assemble.build_result`
turns a snapshot into a :class:`~wprof.results.loop.LoopResult` and reads nothing else: no gauge, no clock, no
environment, so the same snapshot always gives the same result, and tests build results from snapshots they write.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..stats import Warning_
from .config import GaugeConfig

__all__ = ["WindowSnapshot"]


@dataclass(frozen=True)
class WindowSnapshot:
    """One window as measured. Durations in milliseconds; ``index`` aligns the per-iteration series."""

    name: str
    mode: str  # "events" | "sync" | "host"
    config: GaugeConfig
    window: tuple[int, int]  # [start, stop) iteration indices
    index: tuple[int, ...] = ()
    iter_ms: tuple[float, ...] = ()
    data_ms: tuple[float, ...] = ()
    step_ms: tuple[float, ...] = ()
    phases: dict[str, tuple[float, ...]] = field(default_factory=dict)
    host_step_ms: tuple[float, ...] = ()  # host boundary-to-boundary times (timing["host_step_ms"])
    window_t0_ns: int | None = None  # perf_counter_ns at the window's first boundary (timing["window_t0_ns"])
    rank: int = 0
    world_size: int = 1
    warmup: dict[str, Any] = field(default_factory=dict)  # iterations, step_ms, data_ms, first_step_ms (host)
    discarded: tuple[str, ...] = ()  # "KeyError raised inside step 12", ...
    short_fetch_ns: int = 10_000
    unmarked_fetches: int = 0  # window fetches shorter than short_fetch_ns: no end-of-fetch mark
    ring_stalls: int = 0  # times the host waited for the GPU because the event ring was full
    ring_grown: int = 0  # events the ring grew by inside the window
    actions_warnings: tuple[Warning_, ...] = ()  # from the window actions (dmon, kineto, ...)
    telemetry: dict[str, Any] | None = None  # the NVML monitor's summary (dmon)
    artifacts: dict[str, str] = field(default_factory=dict)  # window actions' files
    notes: tuple[tuple[str, str], ...] = ()  # (action, line)
    top_ops: tuple[dict[str, Any], ...] = ()
    top_functions: tuple[dict[str, Any], ...] = ()  # cProfile
    flops_counted: float | None = None  # FlopCounterMode over a warmup step (count_flops)
    flops_note: str = ""
    ranks: tuple[dict[str, Any], ...] | None = None  # every rank's summary (rank 0's all-gather), when gathered
    gather_error: str = ""  # why the all-gather failed
    argv: tuple[str, ...] = ()  # the command line, for the next step's command
    own_gauge: bool = False  # the script made this gauge itself (not `wprof run`): the next step edits the script
    env: dict[str, Any] = field(default_factory=dict)  # wprof.env.fingerprint()
    created_utc: str = ""
    tokens_per_step: int | None = None  # token batches: token ids per step, all ranks (tokens/s)
