"""Pilots and the headline method: what the headline samples are, chosen from short measured runs.

``mode="auto"`` on CUDA: a pilot of per-call event pairs ("eager", launch-inclusive, with the host's enqueue time
per call) and a pilot of back-to-back calls pre-queued behind a GPU-side wait ("device": the host out of the loop).
:func:`wprof.benchmark.policy.decide_headline` picks the headline; when it is the device number, a CUDA graph of the
same calls is tried too and kept only when its replay is not slower than eager
(:func:`~wprof.benchmark.policy.choose_device_method`). Near the harness floor one call on its own is timed as well
(:func:`isolated`). A forced ``mode`` skips the choice. The decisions are pure functions in :mod:`policy`; this
module runs the pilots they need.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import DeviceUnavailableError
from ..results.bench_sections import Isolated
from ..stats import Warning_
from . import policy
from .measure import median

if TYPE_CHECKING:
    from .measure import Measurement

__all__ = ["Plan", "plan_method", "isolated", "isolated_section", "PILOT_SAMPLES", "LONG_CALL_MS"]

PILOT_SAMPLES = 20
PILOT_BUDGET_FRACTION = 0.15
LONG_CALL_MS = 2.0  # calls at least this long (host-synchronized) skip the pilots: µs-scale costs cannot show


@dataclass
class Plan:
    """What the headline samples are: the method, calls per sample, and the other number beside it."""

    method: str = "per-call"
    calls: int = 1
    headline: str = "eager"
    decision: policy.Decision | None = None
    graph: Any = None
    host_sample_ms: float = 0.0  # host enqueue time of one sample's work (sizes the GPU-side wait)
    eager: list[float] = field(default_factory=list)
    device: list[float] = field(default_factory=list)
    device_method: str | None = None
    device_calls: int = 0
    host_enqueue_ms: float | None = None
    graph_info: dict[str, Any] = field(default_factory=dict)
    device_problem: str | None = None  # why the back-to-back pilot is not valid (the pre-queued wait did not hold)
    seed: list[float] = field(default_factory=list)  # pilot samples of the headline method, reused as samples
    seed_span: tuple[int, int] = (0, 0)
    isolated: Isolated | None = None  # one call on its own (near-floor kernels): the result's section


def _aggregate_calls(m: Measurement) -> int:
    return m.cfg.calls_per_sample or max(1, min(1000, int(1.0 / m.est_ms)))


def plan_method(m: Measurement) -> None:
    """Pilots and the choice of the headline method (docs/bench.md, "What the headline is"); fills ``m.plan``."""
    cfg, be, c, p = m.cfg, m.backend, m.caller, m.plan
    mode = cfg.mode
    if not be.is_cuda:
        if mode in ("prequeued", "graph"):
            raise DeviceUnavailableError(f"mode={mode!r} needs a CUDA device; this run is on the host clock. "
                                         "Use mode='auto' or 'per-call'.")
        if mode == "aggregate":
            p.method, p.calls = "aggregate", _aggregate_calls(m)
        return
    if mode == "per-call":
        return
    if mode == "aggregate":
        p.method, p.calls = "aggregate", _aggregate_calls(m)
        return
    if mode == "auto" and m.est_ms >= LONG_CALL_MS:
        p.decision = policy.Decision("eager", False, f"one synchronized call takes {m.est_ms:.3g} ms: launch "
                                     "and event costs (µs) are below the noise; per-call events, no pilots")
        return
    c.phase = "pilot"
    budget_ms = cfg.budget_s * 1e3
    n_pilot = max(5, min(PILOT_SAMPLES, int(PILOT_BUDGET_FRACTION * budget_ms / max(m.est_ms, 1e-3))))
    eager = be.span(c, n_pilot, 1, before=m.before, host_times=True, phase="pilot")
    p.eager = eager.samples
    p.host_enqueue_ms = median(eager.host_ms)
    eager_ms = median(eager.samples)
    cold = cfg.cache == "cold"
    # device pilot: back-to-back calls with the host out of the loop (one call per pair when each needs a flush)
    if cold:
        calls = 1
    else:
        calls = cfg.calls_per_sample or policy.calls_per_sample(eager_ms)
    n_dev = max(3, min(10, n_pilot))
    dev = m.queued(c.many(calls), n_dev, calls, calls * p.host_enqueue_ms, before=m.before, phase="pilot")
    dev_ms = median(dev.samples)
    if not cold and cfg.calls_per_sample is None:
        better = policy.calls_per_sample(dev_ms)
        if better > 2 * calls:
            calls = better
            dev = m.queued(c.many(calls), n_dev, calls, calls * p.host_enqueue_ms, phase="pilot")
            dev_ms = median(dev.samples)
    p.device, p.device_method, p.device_calls = dev.samples, "prequeued", calls
    if dev.queued_ok is False:
        p.device_problem = (f"the host took {dev.enqueue_ms:.3g} ms to enqueue a span the GPU-side wait covered "
                            f"for only {dev.sleep_ms or 0:.3g} ms, so the host is in those samples")
    else:
        p.seed, p.seed_span = list(dev.samples), (dev.t0_ns, dev.t1_ns)
    p.host_sample_ms = calls * p.host_enqueue_ms
    if not be.has_sleep:
        m.notices.append("torch.cuda._sleep is missing in this torch: back-to-back calls are not pre-queued "
                         "behind a GPU-side wait, so a launch-bound host may still show in them")
    if mode == "auto":
        p.decision = policy.decide_headline(eager_ms, dev_ms, p.host_enqueue_ms, device_problem=p.device_problem)
        p.headline = p.decision.headline
    else:
        p.headline = "device"
    if p.headline == "eager":
        p.method, p.calls, p.seed = "per-call", 1, []
        return
    p.method, p.calls = "prequeued", calls
    if cold:
        if mode == "graph":
            m.notices.append("cache='cold' needs a flush between calls, which a graph replay would time: "
                             "timed pre-queued eager calls with a flush before each instead "
                             "(cache='rotate' with args= works with graphs)")
        return
    if mode == "prequeued":
        isolated(m, dev_ms, n_dev)
        return
    _try_graph(m, calls, n_dev, dev_ms)


def _try_graph(m: Measurement, calls: int, n_dev: int, dev_ms: float) -> None:
    """A CUDA graph of the same calls; kept only when its replay is not slower than eager."""
    be, c, p = m.backend, m.caller, m.plan
    copies = getattr(c.fn, "copies", 1)
    gcalls = max(calls, min(copies, policy.MAX_CALLS_PER_SAMPLE))
    graph_ms, err = None, None
    c.phase = "graph capture"
    try:
        graph = be.capture(c, gcalls)
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        err = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
        be.recover()
        graph = None
    c.phase = "pilot"
    if graph is not None:
        gsp = m.queued(graph.replay, n_dev, gcalls, 0.05, phase="pilot", launches=1)
        graph_ms = median(gsp.samples)
        p.graph_info = {"calls": gcalls, "pilot_ms": graph_ms, "samples_ms": gsp.samples}
    else:
        p.graph_info = {"error": err}
    method, note = policy.choose_device_method(dev_ms, graph_ms, err)
    if note:
        m.notices.append(note)
        code = "graph-capture-failed" if err else ("graph-lost-work" if "missed work" in note else "graph-slower")
        m.warnings.append(Warning_(code, note, "Nothing to do: the headline is eager calls with the host "
                                   "removed." if not err else "Make the callable capturable (no "
                                   "synchronization, no host-side branching on GPU values) to use graphs."))
    if method == "graph":
        p.method, p.calls, p.graph, p.host_sample_ms = "graph", gcalls, graph, 0.05
        p.seed, p.seed_span = list(gsp.samples), (gsp.t0_ns, gsp.t1_ns)
    isolated(m, graph_ms if method == "graph" and graph_ms else dev_ms, n_dev)


def isolated(m: Measurement, device_ms: float, n: int) -> None:
    """Near the floor, back-to-back calls overlap: time one call on its own too (a pre-queued call in its own
    event pair, less an empty pair), the number ncu's isolated launch compares with."""
    p, c = m.plan, m.caller
    pair = m.floor.get("pair")
    if pair is None or p.calls <= 1 or not policy.near_floor(device_ms, m.floor.get("device")):
        return
    sp = m.queued(c, max(10, n), 1, p.host_enqueue_ms or 0.01, phase="pilot")
    p.isolated = isolated_section(median(sp.samples), pair, sp.samples,
                                  "one call pre-queued in its own event pair, less an empty pre-queued event pair")


def isolated_section(single_ms: float, pair_ms: float, samples_ms: Any, how: str) -> Isolated:
    """The ``isolated`` section: one call in its own event pair (``single_ms``, median of ``samples_ms``) less an
    empty pair (``pair_ms``)."""
    return Isolated(isolated_ms=_opt_float(policy.isolated_estimate(single_ms, pair_ms)),
                    single_in_pair_ms=_opt_float(single_ms), empty_pair_ms=_opt_float(pair_ms), how=how,
                    samples_ms=tuple(float(x) for x in samples_ms))


def _opt_float(x: Any) -> float | None:
    return None if x is None else float(x)
