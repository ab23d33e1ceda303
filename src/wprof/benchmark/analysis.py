"""A finished measurement into numbers and warnings: throttled samples, quality, method, floor, power, cache.

:func:`analyze` reads a :class:`~wprof.benchmark.measure.Measurement` after sampling (its plan, floor, queue counts,
notices) with the kept samples and the telemetry, and returns an :class:`Analysis`: the samples the summary is over
(throttled ones dropped when asked), the summary, every warning with its numbers and advice, and the typed sections
of the result (``wprof.bench/2``: :mod:`wprof.results.bench_sections`). Nothing is measured or read from a device
here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..results import Warmup
from ..results.bench_checks import CrossCheck, Kernels, Power
from ..results.bench_sections import Cache, Decision, Floor, Isolated, Pilots, RunInfo, Telemetry
from ..stats import Summary, Warning_, quality_warnings, summarize
from . import policy
from .measure import median

if TYPE_CHECKING:
    from .measure import Measurement
    from .stopping import Samples

__all__ = ["Analysis", "analyze"]


@dataclass
class Analysis:
    """What the result says about a measurement (see :func:`analyze`): the samples and summary, the warnings and
    notices, and the result's typed sections (None where that part of the harness did not run)."""

    samples: list[float]
    summary: Summary
    warnings: list[Warning_] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    run: RunInfo = field(default_factory=RunInfo)
    telemetry: Telemetry | None = None
    decision: Decision | None = None
    pilots: Pilots | None = None
    floor: Floor | None = None
    isolated: Isolated | None = None
    cache: Cache | None = None
    crosscheck: CrossCheck | None = None  # the cross-check's sections (:meth:`wprof.benchmark.verify.Outcome.apply`)
    kernels: Kernels | None = None
    power: Power | None = None

    def sections(self) -> dict[str, Any]:
        """The typed sections and notices, as keyword arguments of :class:`~wprof.results.BenchResult`."""
        return {"decision": self.decision, "pilots": self.pilots, "floor": self.floor, "isolated": self.isolated,
                "telemetry": self.telemetry, "cache": self.cache, "run": self.run, "crosscheck": self.crosscheck,
                "kernels": self.kernels, "power": self.power, "notices": tuple(self.notices)}


def _opt_float(x: Any) -> float | None:
    return None if x is None else float(x)


def _us(ms: float) -> str:
    return f"{ms * 1e3:.3g} µs" if ms < 1 else f"{ms:.4g} ms"


def analyze(m: Measurement, store: Samples, tele: Any, warmup: Warmup, *, total_s: float, timed_s: float
            ) -> Analysis:
    """Numbers, warnings and typed sections of one measurement (the module docstring says what is in them)."""
    a = Analysis(samples=store.values(), summary=summarize([]), warnings=list(m.warnings), notices=list(m.notices),
                 run=RunInfo(estimate_ms=_opt_float(m.est_ms), total_s=_opt_float(total_s),
                             timed_s=_opt_float(timed_s)))
    sampling = store.sampling()
    if sampling is not None:
        a.notices.append(f"{sampling['kept']:,} of {sampling['taken']:,} samples kept ({sampling['how']}); the "
                         "statistics are over the kept samples")
    _throttling(a, m, store, tele)
    a.summary = summarize(a.samples)
    p = m.plan
    a.warnings += quality_warnings(a.samples, a.summary, first_call=warmup.first_call_ms if p.calls == 1 else None,
                                   device=m.backend.is_cuda)
    _method(a, m)
    _floor(a, m)
    _power(a)
    a.cache = m.cache_info
    return a


def _throttling(a: Analysis, m: Measurement, store: Samples, tele: Any) -> None:
    """Flag (and with ``drop_throttled`` drop) samples whose span overlaps a throttled interval."""
    samples = a.samples
    spans = store.spans() if samples else []
    kept, throttled, note = tele.split(spans, drop=m.cfg.drop_throttled)
    dropped_ms: list[float] = []
    if len(kept) < len(samples):
        keep = set(kept)
        dropped_ms = [samples[i] for i in range(len(samples)) if i not in keep]
        a.samples = [samples[i] for i in kept]
    dropped = len(samples) - len(a.samples)
    a.telemetry = Telemetry(nvml=dict(tele.to_dict()), throttled_samples=len(throttled),
                            dropped_samples_ms=tuple(float(x) for x in dropped_ms))
    if note:
        a.notices.append(note)
    line = tele.warning_line()
    if line:
        what = (f"{len(throttled)} of {len(spans)} samples overlap a throttled interval"
                + (f"; {dropped} dropped (drop_throttled=True)" if dropped else ""))
        a.warnings.append(Warning_("throttled", f"{line}; {what}.",
                                   "The clock was pulled down while measuring: compare runs only at the same clocks "
                                   "(see telemetry in the result), or pass drop_throttled=True / --drop-throttled."))
    if m.backend.is_cuda and m.cfg.monitor and not tele.available:
        a.notices.append(f"no clock telemetry: {tele.reason}")


def _method(a: Analysis, m: Measurement) -> None:
    """The two numbers (eager, device) and how the headline was chosen."""
    p, summary = m.plan, a.summary
    headline = "device" if p.method in ("prequeued", "graph") else "eager"
    if p.method in ("prequeued", "graph", "aggregate") and p.calls > 1:
        a.warnings.append(Warning_("aggregate-mode", f"each sample is the mean of {p.calls} back-to-back calls under "
                                   "one event pair: per-call spread is not observable; only the mean per call is.",
                                   "Use mode='per-call' to see the spread of single calls (launch-inclusive)."))
    if p.decision is not None:
        a.decision = Decision(p.decision.headline, bool(p.decision.launch_bound), p.decision.reason or "")
        if p.decision.launch_bound:
            a.warnings.append(Warning_("launch-bound", p.decision.reason + "; the headline is the device time with "
                                       "the host removed, the launch-inclusive (eager) number is beside it.",
                                       "In a loop this op waits on the host: fuse ops, use CUDA graphs or "
                                       "torch.compile(mode='reduce-overhead')."))
    prequeue = dict(m.queue) if m.backend.is_cuda and m.queue["spans"] else None
    pilot = bool(p.eager or p.device)
    if pilot or p.host_enqueue_ms is not None or p.graph_info or prequeue is not None:
        a.pilots = Pilots(
            eager_ms=_opt_float((summary.median if p.method == "per-call" else median(p.eager)) if p.eager else None),
            device_ms=_opt_float((summary.median if headline == "device" else median(p.device)) if p.device else None),
            host_enqueue_ms=_opt_float(p.host_enqueue_ms),
            eager_samples_ms=tuple(float(x) for x in p.eager) if pilot else (),
            device_method=(p.device_method or "") if pilot else "",
            device_calls_per_sample=p.device_calls if pilot else None,
            device_samples_ms=tuple(float(x) for x in p.device) if pilot else (),
            graph=dict(p.graph_info) if p.graph_info else None, prequeue=prequeue)
    if prequeue is not None and m.queue["not_queued_samples"]:
        a.warnings.append(Warning_("not-prequeued", f"{m.queue['not_queued_samples']} samples could not be fully "
                                   "queued before the GPU-side wait ended: the host may be in those samples.",
                                   "Reduce the launches per call (the launch queue holds about a thousand)."))


def _floor(a: Analysis, m: Measurement) -> None:
    """The harness floor, the one-call-on-its-own estimate, and the warnings when the median is near either."""
    p, be, summary = m.plan, m.backend, a.summary
    fmethod, fms = m.floor_for_method()
    a.floor = Floor(method=fmethod or "", floor_ms=_opt_float(fms),
                    by_method_ms={k.replace("-", "_"): float(v) for k, v in m.floor.items() if v is not None},
                    sleep_cycles_per_ms=_opt_float(getattr(be, "cycles_per_ms", None)), cached=bool(m.floor_cached))
    pair = m.floor.get("pair")
    iso = p.isolated
    if iso is None and p.method == "prequeued" and p.calls == 1 and pair is not None and a.samples:
        # one call per event pair (cold cache, or forced): the pair's own cost is in every sample
        iso = Isolated(_opt_float(policy.isolated_estimate(summary.median, pair)), float(summary.median),
                       float(pair), "the median (one call per pre-queued event pair) less an empty pre-queued "
                       "event pair")
    a.isolated = iso
    if policy.near_floor(summary.median, fms):
        if p.isolated is not None and p.isolated.isolated_ms is not None:
            i = p.isolated
            msg = (f"the device time per call ({_us(summary.median)}) is within {summary.median / fms:.1f}x of the "
                   f"harness floor ({_us(fms)}, a null kernel back to back): back-to-back calls of a kernel this "
                   "short overlap, one call's drain hiding under the next call's launch, so one call on its own "
                   f"takes longer: about {_us(i.isolated_ms)} (one pre-queued call in its own event pair, "
                   f"{_us(i.single_in_pair_ms)}, less an empty pair, {_us(i.empty_pair_ms)}; isolated.isolated_ms)"
                   ". ncu times one call on its own.")
            advice = ("Compare isolated.isolated_ms with ncu; in a model this op runs between other kernels, where "
                      "the back-to-back number is the better guide. Time more work per call for a firmer number.")
        else:
            null = "a null kernel" if m.backend.is_cuda else "an empty call"
            msg = (f"the median ({_us(summary.median)}) is within {summary.median / fms:.1f}x of the harness floor "
                   f"({_us(fms)}: the same method timing {null}); the timing path is a large part of this "
                   "number.")
            advice = ("Time more work per call, or check against ncu (see next)." if m.backend.is_cuda else
                      "Time more work per call: the host clock's own cost is a large part of this number.")
        a.warnings.append(Warning_("near-floor", msg, advice))
    if iso is not None and p.isolated is None and policy.pair_cost_visible(summary.median, pair):
        why = "a cold cache needs a flush between calls" if m.cfg.cache == "cold" else "one call per sample"
        a.warnings.append(Warning_("pair-cost", f"each sample is one call in its own event pair ({why}); an empty "
                                   f"pair measures {_us(pair)}, {pair / summary.median:.0%} of the median; the call "
                                   f"alone is about {_us(iso.isolated_ms)} (isolated.isolated_ms).",
                                   "Compare isolated.isolated_ms with ncu (--cache-control all for cold); the median "
                                   "includes the pair."))


def _power(a: Analysis) -> None:
    """Drift between the first and last quarter, and a power-limit warning when board power reached its limit."""
    tdict = a.telemetry.nvml if a.telemetry is not None else {}
    pmax = ((tdict.get("metrics") or {}).get("power_w") or {}).get("max")
    plim = (tdict.get("device") or {}).get("power_limit_w")
    d = policy.drift(a.samples)
    if d is not None:
        a.run = replace(a.run, drift_first_quarter_ms=_opt_float(d[0]), drift_last_quarter_ms=_opt_float(d[1]))
    if policy.power_limited(pmax, plim):
        a.run = replace(a.run, power_limited=True)
        slow = d is not None and d[0] > 0 and d[1] / d[0] - 1 > policy.DRIFT_REL
        what = (f"; the first quarter of the samples read {_us(d[0])}, the last {_us(d[1])} "
                f"({d[1] / d[0] - 1:+.1%})" if d is not None else "")
        a.warnings.append(Warning_("power-limit", f"board power reached {pmax:.0f} W of its {plim:.0f} W limit while "
                                   f"measuring{what}" + (": sustained calls are power-capped (lower clocks), while "
                                                         "ncu times each call on its own at full clock." if slow else
                                                         "."),
                                   "A model running this op back to back sees the capped number; to compare with "
                                   "ncu, look at run.drift_first_quarter_ms or measure at locked clocks."))
