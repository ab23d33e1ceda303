"""The cross-check of every headline: an independent measurement that sees every stream and the host.

After the headline's samples, wprof measures the same callable a second, independent way and compares:

- **wall**: synchronized host-clock spans, ``sync; t0; k calls; sync; t1``, each over ~5 ms of calls. A device
  synchronize waits for every stream of the device, so a span sees all the work the callable caused: kernels on any
  stream, copies, and the host's own time. Per call it is an upper bound: ``max(device, host)`` when host and device
  overlap, up to their sum when the callable waits for the device inside. ``wall_host_ms`` is the host time of the
  ``k`` calls before the final synchronize.
- **kernels**: the profiler pass of :mod:`wprof.benchmark.kernels` (what one call launches, on which streams, and
  whether it synchronizes).

:func:`judge` (pure: numbers in, a :class:`Verdict` out, tested on a CPU) decides whether the headline holds. It
does when the wall is within what launch overlap and enqueueing explain, ``wall <= max(headline, host) x 1.10 +
2 µs``, and the device's own busy time is not far above the headline (back-to-back calls of tiny kernels overlap,
by up to about 2x, never more). When it does not, the cause is found from what was measured, in this order, and the
number that holds becomes the headline, with the cause in one sentence:

====================  ==========================================================================================
``host-only``         no kernel, copy or memset in the profiled calls: host time (the wall) is the headline
``host-sync``         the callable synchronizes with the device itself: host and device take turns, the wall
``mostly-host``       host time beyond launching is most of each call and the GPU is busy < 25% of it: the wall
``launch-gaps``       per-call events around a many-kernel call, the GPU busy < 50% of the pair: the host's launch
                      pace was timed; the calls pre-queued back to back (host removed) are the headline
``graph-lost-work``   a CUDA graph replay far below the same calls launched eagerly: capture missed work; the
                      pre-queued eager calls are the headline when they agree with the wall
``other-stream``      device work on a stream the events do not see: the wall when the device is the bottleneck
                      (it is then the device time), else the wall with the device number refused
``unexplained``       none of the above: the wall, which holds as an upper bound
====================  ==========================================================================================
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..clocks import host_ns

__all__ = ["Wall", "measure_wall", "wall_plan", "Evidence", "Verdict", "judge", "AGREE_REL", "AGREE_MS"]

#: the wall may exceed max(headline, host) by this much (relative) before the headline is doubted
AGREE_REL = 0.10
#: ... plus this (ms per call): the first launch and the last drain of a span, spread over its calls
AGREE_MS = 0.002
#: a synchronize's host round trip (ms), spread over the calls of one span
SYNC_MS = 0.03
#: the device's own busy time per call may exceed a back-to-back headline by this factor (tiny kernels overlap)
BUSY_FACTOR = 2.5
BUSY_MS = 0.001
#: host time per launch counted as launching, not host work (torch dispatch + launch is ~5-15 µs on the H200)
LAUNCH_ALLOWANCE_MS = 0.05
#: mostly host: non-launch host time >= this share of the host time, the GPU busy < MOSTLY_HOST_BUSY of the wall
MOSTLY_HOST_SHARE = 0.5
MOSTLY_HOST_BUSY = 0.25
MOSTLY_HOST_MIN_MS = 0.05
#: without a profiler pass: a device headline below this share of the host time per call is not the callable's cost
NO_PROFILER_HOST_RATIO = 0.05
#: per-call events of a multi-kernel call with the GPU busy under this share of the pair: host launch gaps
LAUNCH_GAP_BUSY = 0.5
#: the host enqueues one call in less than this share of the wall: the device is the bottleneck of the wall spans
DEVICE_BOUND_HOST_SHARE = 0.8
WALL_SPAN_MS = 5.0
WALL_SPANS = 10
WALL_MAX_CALLS = 1000


# ---------------------------------------------------------------------------------------------------- the wall
@dataclass(frozen=True)
class Wall:
    """Synchronized host-clock spans: per-call ms of each span, and the host's share (time before the sync)."""

    per_call_ms: tuple[float, ...]
    host_ms: tuple[float, ...]
    calls: int  # per span
    t0_ns: int = 0
    t1_ns: int = 0

    @property
    def median_ms(self) -> float:
        return statistics.median(self.per_call_ms) if self.per_call_ms else math.nan

    @property
    def host_median_ms(self) -> float:
        return statistics.median(self.host_ms) if self.host_ms else math.nan

    def to_dict(self) -> dict[str, Any]:
        return {"wall_ms": self.median_ms, "wall_host_ms": self.host_median_ms, "calls_per_span": self.calls,
                "spans_ms": list(self.per_call_ms), "host_spans_ms": list(self.host_ms),
                "how": "torch.cuda.synchronize(); t0; k calls; t_host; synchronize(); t1 (host clock, "
                       "time.perf_counter_ns): sees every stream and the host"}


def wall_plan(est_ms: float, budget_ms: float, *, span_ms: float = WALL_SPAN_MS, spans: int = WALL_SPANS
              ) -> tuple[int, int]:
    """``(calls per span, spans)``: spans of about ``span_ms`` (at most 1000 calls), ``spans`` of them, fewer (at
    least 3) when that would take more than a tenth of ``budget_ms``."""
    est = max(est_ms, 1e-4)
    calls = max(1, min(WALL_MAX_CALLS, int(math.ceil(span_ms / est))))
    per = calls * est
    n = max(3, min(spans, int(0.1 * budget_ms / per))) if per > 0 else spans
    return calls, n


def measure_wall(work: Callable[[], Any], sync: Callable[[], Any], calls: int, spans: int,
                 clock: Callable[[], int] = host_ns) -> Wall:
    """``spans`` synchronized spans of ``calls`` calls each (see :class:`Wall`)."""
    per, host = [], []
    sync()
    t_first = clock()
    for _ in range(spans):
        t0 = clock()
        for _ in range(calls):
            work()
        t1 = clock()
        sync()
        t2 = clock()
        per.append((t2 - t0) / 1e6 / calls)
        host.append((t1 - t0) / 1e6 / calls)
    return Wall(tuple(per), tuple(host), calls, t_first, clock())


# ---------------------------------------------------------------------------------------------------- the verdict
@dataclass(frozen=True)
class Evidence:
    """What was measured, per call in ms (``None``: not measured). ``kernels`` is a
    :class:`~wprof.benchmark.kernels.KernelBreakdown` or None."""

    method: str  # headline method: per-call, prequeued, graph, aggregate
    headline_ms: float
    wall_ms: float
    wall_host_ms: float
    wall_calls: int = 1
    prequeued_ms: float | None = None
    graph_ms: float | None = None
    eager_ms: float | None = None
    kernels: Any = None
    cache: str = "warm"


@dataclass(frozen=True)
class Verdict:
    """Whether the headline holds, and if not, what the headline is and why (one sentence)."""

    agree: bool
    cause: str | None  # see the module docstring
    headline: str  # keep | prequeued | wall
    sentence: str
    fix: str = ""
    expected_ms: float | None = None  # max(headline, host): what the wall should be if the headline saw everything
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        return {"agree": self.agree, "cause": self.cause, "headline": self.headline, "sentence": self.sentence,
                "fix": self.fix, "expected_wall_ms": self.expected_ms, "notes": list(self.notes)}


def _us(ms: float | None) -> str:
    if ms is None or not math.isfinite(ms):
        return "n/a"
    if ms < 1e-3:
        return f"{ms * 1e3:.2g} µs"
    return f"{ms * 1e3:.3g} µs" if ms < 1 else f"{ms:.4g} ms"


def wall_agrees(device_ms: float, host_ms: float, wall_ms: float, calls: int = 1) -> bool:
    """True when the wall is within what launch overlap and enqueueing explain for ``device_ms`` per call."""
    expected = max(device_ms, host_ms)
    return wall_ms <= expected * (1 + AGREE_REL) + AGREE_MS + SYNC_MS / max(calls, 1)


def _kernel_facts(kb: Any) -> dict[str, Any]:
    if kb is None or not getattr(kb, "available", False):
        return {}
    return {"ops": kb.ops_per_call, "sum": kb.sum_ms, "busy": kb.busy_ms, "other": kb.other_stream_ms,
            "other_streams": kb.other_streams, "bench_stream": kb.bench_stream, "syncs": kb.syncs_per_call,
            "sync_apis": kb.sync_apis, "calls": kb.calls}


def judge(ev: Evidence) -> Verdict:
    """Does the headline hold against the wall and the profiler? (see the module docstring)"""
    H, W, E = ev.headline_ms, ev.wall_ms, ev.wall_host_ms
    k = _kernel_facts(ev.kernels)
    expected = max(H, E)
    notes: list[str] = []
    wall_s = f"the synchronized wall is {_us(W)} per call"

    # 1. no device work at all
    if k and k["ops"] == 0:
        return Verdict(False, "host-only", "wall",
                       f"host work only: no kernel, copy or memset in {k['calls']} profiled calls, so the headline is "
                       f"host time, {_us(W)} per call (synchronized host-clock spans; the events measured "
                       f"{_us(H)})", "Nothing to fix: time it as host code (clock host).", expected)
    # 2. the callable waits for the device itself
    if k and k["syncs"] is not None and k["syncs"] >= 1:
        apis = ", ".join(k["sync_apis"]) or "a synchronize"
        return Verdict(False, "host-sync", "wall",
                       f"the callable synchronizes with the device {k['syncs']:.3g}x per call ({apis}): host and "
                       f"device take turns, so the headline is the synchronized wall, {_us(W)} per call; the GPU is "
                       f"busy {_us(k['busy'])} of it ({k['ops']:.3g} kernels/copies, profiler)",
                       "Remove the sync (.item(), .cpu(), .tolist(), torch.cuda.synchronize(), a data-dependent "
                       "shape) from the timed callable to time its device work.", expected)
    # 3. mostly host
    if k and E >= MOSTLY_HOST_MIN_MS:
        launch_ms = k["ops"] * LAUNCH_ALLOWANCE_MS
        own = E - launch_ms
        if own >= MOSTLY_HOST_SHARE * E and k["busy"] < MOSTLY_HOST_BUSY * W:
            return Verdict(False, "mostly-host", "wall",
                           f"mostly host work: the host spends {_us(E)} per call and the GPU {_us(k['busy'])} "
                           f"({k['ops']:.3g} kernels/copies, profiler), so the headline is host time, {_us(W)} per "
                           f"call (synchronized host-clock spans); the device alone took {_us(H)}",
                           "Move the host work out of the timed callable to time the device work alone.", expected)
    # 4. per-call events of a many-kernel call: the event pair spans the host's launches, the GPU idles between
    if ev.method == "per-call" and k and k["ops"] > 1 and k["busy"] < LAUNCH_GAP_BUSY * H:
        return Verdict(False, "launch-gaps", "prequeued",
                       f"per-call events timed the host's launches: one call launches {k['ops']:.3g} kernels/copies, "
                       f"the host takes {_us(E)} to enqueue them and the GPU is busy {_us(k['busy'])} of the "
                       f"{_us(H)} between the events; the headline is the device time with the host removed (calls "
                       "pre-queued back to back)", "In a loop this call waits on the host: fuse the kernels "
                       "(foreach/fused optimizers, torch.compile) or capture it in a CUDA graph.", expected)
    if not k and E >= MOSTLY_HOST_MIN_MS and H < NO_PROFILER_HOST_RATIO * E:
        return Verdict(False, "mostly-host", "wall",
                       f"the host spends {_us(E)} per call and the device method measured {_us(H)} "
                       f"({H / E:.1%} of it; no profiler pass to count the kernels): host time is the headline, "
                       f"{_us(W)} per call (synchronized host-clock spans)",
                       "Move the host work out of the timed callable to time the device work alone.", expected)
    wall_bad = W > expected * (1 + AGREE_REL) + AGREE_MS + SYNC_MS / max(ev.wall_calls, 1)
    busy_bad = bool(k) and ev.method in ("graph", "prequeued", "per-call", "aggregate") and \
        k["busy"] > BUSY_FACTOR * H + BUSY_MS
    if not (wall_bad or busy_bad):
        if H > W * (1 + AGREE_REL) + AGREE_MS and ev.cache == "warm":
            notes.append(f"the headline ({_us(H)}) is above the synchronized wall ({_us(W)}): the samples may "
                         "have run at lower clocks than the wall spans")
        if k and k["other"] > 0:
            notes.append(f"{_us(k['other'])} per call ran on other streams ({_list(k['other_streams'])}) and the "
                         "events saw it (the callable joins them)")
        return Verdict(True, None, "keep", f"cross-checked: {wall_s}, host {_us(E)}; the headline agrees",
                       expected_ms=expected, notes=tuple(notes))

    what = (f"{wall_s}" if wall_bad else f"the GPU is busy {_us(k['busy'])} per call (profiler)")
    # 4. a graph that lost work
    if ev.method == "graph" and ev.prequeued_ms is not None:
        pq = ev.prequeued_ms
        if wall_agrees(pq, E, W, ev.wall_calls) and not (k and k["busy"] > BUSY_FACTOR * pq + BUSY_MS):
            return Verdict(False, "graph-lost-work", "prequeued",
                           f"the CUDA graph captured only part of the work (its replay took {_us(H)} per call, the "
                           f"same calls launched eagerly {_us(pq)}, and {what}): the headline is the eager calls "
                           "pre-queued back to back", "Launch every kernel on torch's current stream (adapters "
                           "in wprof.benchmark.adapters) so a graph can capture it.", expected)
    # 5. another stream
    if k and k["other"] > 0 and (k["other"] >= 0.05 * max(k["sum"], 1e-9)):
        where = _list(k["other_streams"])
        fix = ("Launch on torch.cuda.current_stream(), or join the side stream inside the callable "
               "(torch.cuda.current_stream().wait_stream(side)) so events see it.")
        if E < DEVICE_BOUND_HOST_SHARE * W:
            return Verdict(False, "other-stream", "wall",
                           f"{_us(k['other'])} per call runs on a stream the events do not see (stream {where}; the "
                           f"events are on {k['bench_stream']}): the events measured {_us(H)}, so the headline is "
                           f"the synchronized wall, {_us(W)} per call, which sees every stream (the device is the "
                           f"bottleneck: the host enqueues a call in {_us(E)})", fix, expected)
        return Verdict(False, "other-stream", "wall",
                       f"{_us(k['other'])} per call runs on a stream the events do not see (stream {where}), and the "
                       f"host ({_us(E)} per call) is as slow as the wall ({_us(W)}): no device number can be given; "
                       "the headline is the synchronized wall", fix, expected)
    # 6. all the work on the events' stream, and the device alone busy for the whole wall: the device ran slower
    #    during the wall spans than during the samples (a power-capped clock), nothing was missed
    if (wall_bad and not busy_bad and k and k["other"] == 0 and k["busy"] <= BUSY_FACTOR * H + BUSY_MS
            and k["busy"] * (1 + AGREE_REL) + AGREE_MS >= W):
        notes.append(f"the synchronized wall ({_us(W)}) is above the headline ({_us(H)}), but the GPU alone was busy "
                     f"{_us(k['busy'])} per call in the profiler pass, all of it on the events' stream: the device ran "
                     "slower during the wall spans (clocks: see telemetry), no work was missed")
        return Verdict(True, None, "keep", f"cross-checked: {wall_s}, host {_us(E)}, device busy {_us(k['busy'])}; "
                       "the headline holds (clocks differed)", expected_ms=expected, notes=tuple(notes))
    # 7. unexplained: the wall holds as an upper bound
    return Verdict(False, "unexplained", "wall",
                   f"the headline ({_us(H)}) disagrees with an independent check ({what}; host {_us(E)}) and wprof "
                   "found no cause: the headline is the synchronized wall, an upper bound that sees every stream "
                   "and the host", "Check with ncu or nsys (wprof ncu -- ...).", expected)


def _list(xs: Any) -> str:
    return ", ".join(str(x) for x in xs) if xs else "?"
