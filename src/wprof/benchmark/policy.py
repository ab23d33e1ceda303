"""Pure decisions of the bench harness: which method gives the headline, graph vs eager, span and cache sizing.

No torch here: every function takes numbers measured elsewhere and returns a decision with the reason in words, so
the logic is unit-tested on a CPU with made-up numbers (tests/benchmark/test_policy.py).

Vocabulary (docs/bench.md):

- *eager* (``"per-call"``): an event pair around each call, the host enqueueing as the GPU runs: launch-inclusive.
- *device* (the headline whenever it is valid): calls run back to back on the GPU with the host out of the loop, ``calls`` calls under one event pair:
  ``"prequeued"`` (eager launches queued behind ``torch.cuda._sleep``) or ``"graph"`` (replay of a CUDA graph of
  ``calls`` unrolled calls).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "LAUNCH_BOUND_RATIO",
    "EAGER_OVERHEAD_REL",
    "GRAPH_SLOWER_REL",
    "FLOOR_FACTOR",
    "Decision",
    "decide_headline",
    "isolated_estimate",
    "pair_cost_visible",
    "power_limited",
    "drift",
    "choose_device_method",
    "calls_per_sample",
    "rotate_copies",
    "flush_bytes",
    "sleep_cycles",
    "near_floor",
    "span_fits_queue",
]

#: host enqueue per call >= this fraction of the device time per call: the host can starve the GPU (launch-bound)
LAUNCH_BOUND_RATIO = 0.5
#: eager per-call events above the back-to-back device time by more than this: the eager number carries the harness's
#: own cost (event pair, launch), so the headline is the device number
EAGER_OVERHEAD_REL = 0.02
#: graph replay slower than eager back-to-back calls by more than this: the graph changed the work (a memcpy node)
GRAPH_SLOWER_REL = 0.03
#: graph replay below this fraction of the same calls launched eagerly (both host-free): capture missed work (CuPy or
#: a side stream launching outside the capture stream: torch warns "The CUDA Graph is empty")
GRAPH_LOST_FRACTION = 0.25
#: board power at or above this fraction of its limit while measuring: the clock may be power-capped
POWER_LIMIT_FRACTION = 0.97
#: the last quarter of the samples slower than the first by more than this (power-capped): said in the warning
DRIFT_REL = 0.02
#: a headline within this factor of the harness floor (the same method on null work) is flagged
FLOOR_FACTOR = 3.0
#: back-to-back calls under one event pair last at least this long, so the pair's own ~2 µs is <= ~0.5% of a sample
DEVICE_SAMPLE_MS = 0.4
MAX_CALLS_PER_SAMPLE = 256
#: launches (calls, events, flushes) queued behind one GPU-side wait; CUDA's launch queue holds about a thousand
MAX_QUEUED_LAUNCHES = 480
ROTATE_L2_FACTOR = 2.0
FLUSH_L2_FACTOR = 2.0
FLUSH_DEFAULT_BYTES = 256 * 2**20


@dataclass(frozen=True)
class Decision:
    """Which number is the headline. ``headline`` is ``"device"`` or ``"eager"``; ``reason`` says why, with numbers."""

    headline: str
    launch_bound: bool
    reason: str


def decide_headline(eager_ms: float, device_ms: float | None, host_enqueue_ms: float, *,
                    device_problem: str | None = None) -> Decision:
    """Choose the headline from pilot medians of the two methods and the host's enqueue time per call.

    The headline is the back-to-back device time (host removed) whenever that measurement is valid: it exists, is
    finite, and the pre-queued wait held (``device_problem`` is None; graph replay was already kept only when not
    slower than eager). On the H200 it matched ncu's ``gpu__time_duration`` within 3% for every kernel above a few
    µs, while per-call event pairs read 0.7-1 µs per call high and, for a 4096³ bf16 matmul, 6% high (docs/bench.md,
    "Which number is the headline"). Per-call events stay beside it (spread, launch-inclusive number). ``launch_bound``
    (host enqueue >= :data:`LAUNCH_BOUND_RATIO` x device time) is still reported: it says how the op behaves in a loop.
    """
    if device_ms is None or not math.isfinite(device_ms) or device_ms <= 0:
        return Decision("eager", False, "no back-to-back device measurement: per-call events are the headline")
    launch_bound = host_enqueue_ms >= LAUNCH_BOUND_RATIO * device_ms
    if device_problem:
        return Decision("eager", launch_bound, f"the back-to-back device measurement is not valid ({device_problem}):"
                        f" per-call events are the headline ({_us(eager_ms)}; back to back read {_us(device_ms)})")
    over = eager_ms / device_ms - 1.0
    if launch_bound:
        return Decision("device", True, f"launch-bound: the host takes {_us(host_enqueue_ms)} to enqueue one call, "
                        f"the GPU {_us(device_ms)} to run it; per-call events measure {_us(eager_ms)} "
                        "(launch-inclusive)")
    if over > EAGER_OVERHEAD_REL:
        return Decision("device", False, f"per-call events add {over:.1%} to the back-to-back device time "
                        f"({_us(eager_ms)} vs {_us(device_ms)}): an event pair and a launch per call cost the GPU "
                        "time of their own; the device time is the headline")
    return Decision("device", False, f"per-call events agree with back-to-back calls within "
                    f"{EAGER_OVERHEAD_REL:.0%} ({_us(eager_ms)} vs {_us(device_ms)}); the device time is the headline, "
                    "per-call events show the spread")


def isolated_estimate(single_in_pair_ms: float | None, empty_pair_ms: float | None) -> float | None:
    """One call on its own: a pre-queued call in its own event pair, less an empty pre-queued pair (both medians).

    What ncu's ``gpu__time_duration`` times is one kernel with nothing queued around it; back-to-back calls of a
    kernel shorter than the launch pipeline overlap one call's drain with the next launch and read lower.
    """
    if single_in_pair_ms is None or empty_pair_ms is None:
        return None
    if not (math.isfinite(single_in_pair_ms) and math.isfinite(empty_pair_ms)):
        return None
    return max(single_in_pair_ms - max(empty_pair_ms, 0.0), 0.0)


def pair_cost_visible(median_ms: float, empty_pair_ms: float | None, rel: float = EAGER_OVERHEAD_REL) -> bool:
    """True when an empty event pair is more than ``rel`` of a one-call-per-pair median."""
    return bool(empty_pair_ms and empty_pair_ms > 0 and median_ms > 0 and empty_pair_ms > rel * median_ms)


def power_limited(power_max_w: float | None, limit_w: float | None, frac: float = POWER_LIMIT_FRACTION) -> bool:
    """True when the board's power reached ``frac`` of its limit while measuring (clocks may be pulled down)."""
    return bool(power_max_w and limit_w and limit_w > 0 and power_max_w >= frac * limit_w)


def drift(samples: list[float], part: float = 0.25) -> tuple[float, float] | None:
    """Medians of the first and last ``part`` of the samples in time order (None with fewer than 8 samples)."""
    n = len(samples)
    k = max(2, int(n * part))
    if n < 8:
        return None
    first, last = sorted(samples[:k]), sorted(samples[-k:])
    return first[k // 2], last[k // 2]


def choose_device_method(prequeued_ms: float, graph_ms: float | None, graph_error: str | None = None
                         ) -> tuple[str, str | None]:
    """``("graph" | "prequeued", notice)``: the graph when it captured and is not slower than the eager calls.

    A graph replay slower than the same calls launched eagerly (a memcpy captured as a slower memcpy node) keeps
    eager, and the notice says why with both numbers; so does a replay below :data:`GRAPH_LOST_FRACTION` of them
    (the capture missed work: no host-free method runs the same work 4x faster).
    """
    if graph_error:
        return "prequeued", f"CUDA graph capture failed ({graph_error}); timed eager calls pre-queued behind a " \
                            "GPU-side wait instead"
    if graph_ms is None or not math.isfinite(graph_ms):
        return "prequeued", None
    if prequeued_ms > 0 and graph_ms < GRAPH_LOST_FRACTION * prequeued_ms:
        return "prequeued", f"graph replay is far below the same calls launched eagerly ({_us(graph_ms)} vs " \
                            f"{_us(prequeued_ms)} per call): the capture missed work (a launch outside torch's " \
                            "capture stream, e.g. CuPy's own stream or a side stream); kept eager pre-queued calls"
    if graph_ms > prequeued_ms * (1 + GRAPH_SLOWER_REL):
        return "prequeued", f"graph replay is slower than the same calls launched eagerly ({_us(graph_ms)} vs " \
                            f"{_us(prequeued_ms)} per call): capture changed the work (e.g. a memcpy became a " \
                            "slower graph node); kept eager pre-queued calls"
    if graph_ms <= prequeued_ms:
        return "graph", None
    return "prequeued", None


def calls_per_sample(device_ms: float, *, target_ms: float = DEVICE_SAMPLE_MS, most: int = MAX_CALLS_PER_SAMPLE
                     ) -> int:
    """Back-to-back calls under one event pair so that a sample lasts about ``target_ms`` (1 to ``most``)."""
    if not (device_ms > 0 and math.isfinite(device_ms)):
        return 1
    return max(1, min(most, int(math.ceil(target_ms / device_ms))))


def span_fits_queue(samples: int, calls: int, launches_per_call: int = 1, extra_per_sample: int = 2) -> int:
    """How many samples fit in one pre-queued span (at least 1) without overflowing the launch queue."""
    per = max(1, calls * max(1, launches_per_call) + extra_per_sample)
    return max(1, min(samples, MAX_QUEUED_LAUNCHES // per))


def rotate_copies(bytes_per_call: int, l2_bytes: int | None, *, free_bytes: int | None = None,
                  most: int = 1024) -> tuple[int, bool, str]:
    """Copies of the inputs to rotate through so a call's inputs were evicted since their last use.

    Sized so the copies together span :data:`ROTATE_L2_FACTOR` x L2, capped by ``most`` and by a quarter of the free
    memory. Returns ``(copies, enough, why)``; ``enough`` is False when a cap stopped short of the target.
    """
    l2 = l2_bytes if l2_bytes and l2_bytes > 0 else FLUSH_DEFAULT_BYTES // 2
    if bytes_per_call <= 0:
        return 1, False, "the inputs hold no tensor bytes to rotate"
    want = int(math.ceil(ROTATE_L2_FACTOR * l2 / bytes_per_call)) + 1
    cap = most
    if free_bytes:
        cap = min(cap, max(1, free_bytes // 4 // bytes_per_call))
    copies = max(2, min(want, cap))
    enough = copies >= want
    why = (f"{copies} copies x {_mib(bytes_per_call)} = {_mib(copies * bytes_per_call)} "
           f"(target {ROTATE_L2_FACTOR:g} x L2 = {_mib(ROTATE_L2_FACTOR * l2)})")
    if not enough:
        why += "; capped by " + ("the copy limit" if cap == most else "free memory")
    return copies, enough, why


def flush_bytes(l2_bytes: int | None) -> int:
    """Bytes read by the cold-cache flush: :data:`FLUSH_L2_FACTOR` x L2 (256 MiB when L2 is unknown)."""
    if not l2_bytes or l2_bytes <= 0:
        return FLUSH_DEFAULT_BYTES
    return int(FLUSH_L2_FACTOR * l2_bytes)


def sleep_cycles(needed_ms: float, cycles_per_ms: float, *, margin: float = 1.5, least_ms: float = 0.2) -> int:
    """Cycles for ``torch.cuda._sleep`` so the GPU waits at least ``margin`` x ``needed_ms`` (and ``least_ms``)."""
    ms = max(needed_ms * margin, least_ms)
    return int(ms * cycles_per_ms)


def near_floor(median_ms: float, floor_ms: float | None, factor: float = FLOOR_FACTOR) -> bool:
    """True when ``median_ms`` is within ``factor`` x the harness floor of its method."""
    return bool(floor_ms and floor_ms > 0 and math.isfinite(median_ms) and median_ms < factor * floor_ms)


def _us(ms: float) -> str:
    return f"{ms * 1e3:.3g} µs" if ms < 1 else f"{ms:.4g} ms"


def _mib(b: float) -> str:
    return f"{b / 2**20:.3g} MiB"
