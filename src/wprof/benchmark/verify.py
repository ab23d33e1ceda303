"""After the headline's samples: the cross-check, the per-kernel breakdown, one call on its own, cool calls.

:func:`verify` runs, outside the timed spans and in this order: the synchronized wall spans and the profiler pass
(:mod:`wprof.benchmark.crosscheck`, :mod:`wprof.benchmark.kernels`); the verdict; when the verdict replaces the
headline, the replacement samples (pre-queued eager calls re-sampled, or the wall spans themselves on the host
clock); for a multi-kernel callable timed back to back, one call on its own (a pre-queued call in its own event
pair, less an empty pair); for long calls, cool calls (:mod:`wprof.benchmark.power`). It returns an
:class:`Outcome` (the typed ``crosscheck``, ``kernels`` and ``power`` sections of :mod:`wprof.results.bench_checks`)
the core applies to the result's analysis. It reads the measurement's plan, floor and backend and calls the
user's function through the measurement's caller, so errors name the phase ("cross-check").
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..clocks import host_ns
from ..results.bench_checks import CrossCheck, Kernels, Power
from ..results.bench_sections import Decision
from ..stats import Warning_
from . import crosscheck, policy, power
from .kernels import KernelBreakdown
from .pilots import isolated_section

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["Outcome", "verify"]

#: samples of the pre-queued re-measurement when a graph lost work
RESAMPLE = 20
ISOLATED_SAMPLES = 10
#: warnings about the device method's own numbers, dropped when the cross-check sets that method aside
SET_ASIDE = frozenset({"launch-bound", "near-floor", "aggregate-mode", "pair-cost", "graph-slower",
                       "graph-lost-work", "not-prequeued", "first-call-outlier"})


@dataclass
class Outcome:
    """What the cross-check changes in the result (``None``: unchanged) and the typed sections it adds."""

    samples: list[float] | None = None
    method: str | None = None
    calls: int | None = None
    clock: str | None = None
    stop_reason: str | None = None
    crosscheck: CrossCheck | None = None
    kernels: Kernels | None = None
    power: Power | None = None
    warnings: list[Warning_] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    headline: str | None = None  # "wall" when the synchronized wall replaced the headline

    def apply(self, a: Analysis) -> None:
        """Add the sections and warnings to an analysis. When the headline was replaced by the wall, the numbers and
        warnings built on the set-aside device method go (they stay in the ``crosscheck`` section and the pilots'
        samples): a warning that says "the GPU takes 0.005 µs" is a wrong number."""
        a.crosscheck, a.kernels, a.power = self.crosscheck, self.kernels, self.power
        if self.headline == "wall":
            if a.pilots is not None:
                a.pilots = replace(a.pilots, eager_ms=None, device_ms=None)
            a.isolated = None
            a.decision = Decision("wall", False, self.crosscheck.sentence if self.crosscheck else "")
            a.warnings[:] = [w for w in a.warnings if w.code not in SET_ASIDE]
        a.warnings.extend(self.warnings)


def _median(xs: Any) -> float | None:
    xs = list(xs or [])
    return statistics.median(xs) if xs else None


def _queued(m: Any) -> Any:
    return getattr(m, "queued", None) or m._queued


def verify(m: Any, samples: list[float], telemetry: Any = None) -> Outcome:
    """The cross-check of a finished measurement ``m`` whose headline samples are ``samples``."""
    be, c, p, cfg = m.backend, m.caller, m.plan, m.cfg
    out = Outcome()
    if not be.is_cuda:
        out.crosscheck = CrossCheck.from_dict({"done": False, "why": "host clock: the headline is already a "
                                                                    "host-clock measurement"})
        return out
    if not samples:
        out.crosscheck = CrossCheck.from_dict({"done": False, "why": "no samples"})
        return out
    t0 = time.perf_counter()
    prev_phase = c.phase
    c.phase = "cross-check"
    H = statistics.median(samples)
    est = max(m.est_ms, 1e-4)
    calls, spans = crosscheck.wall_plan(est, cfg.budget_s * 1e3)
    clock = getattr(be, "now_ns", None) or host_ns
    wall = crosscheck.measure_wall(c, lambda: be.sync("cross-check"), calls, spans, clock)
    t_wall = time.perf_counter()
    n_prof = max(1, min(5, int(10.0 / est)))
    prof = getattr(be, "profile", None)
    kb = prof(c, n_prof) if prof is not None else KernelBreakdown(False, "this backend has no profiler")
    t_prof = time.perf_counter()
    graph_ms = (p.graph_info or {}).get("pilot_ms")
    prequeued = _median(p.device) if p.device_method == "prequeued" and not p.device_problem else None
    ev = crosscheck.Evidence(method=p.method, headline_ms=H, wall_ms=wall.median_ms, wall_host_ms=wall.host_median_ms,
                             wall_calls=wall.calls, prequeued_ms=prequeued, graph_ms=graph_ms,
                             eager_ms=_median(p.eager), kernels=kb, cache=cfg.cache)
    v = crosscheck.judge(ev)
    if v.cause == "launch-gaps" and cfg.mode != "auto":  # per-call (launch-inclusive) was asked for: say, keep it
        v = crosscheck.Verdict(True, "launch-gaps", "keep", v.sentence.split("; the headline is")[0] + "; kept, as "
                               f"mode={cfg.mode!r} asks (mode='auto' gives the device time)", v.fix, v.expected_ms)
    first = v
    final_method = p.method
    host_call = wall.host_median_ms
    if v.headline == "prequeued":
        dev = prequeued if first.cause == "graph-lost-work" and prequeued else (kb.busy_ms if kb.available else H)
        new, dcalls = _resample_prequeued(m, dev or H, host_call, kb)
        if new:
            ev2 = crosscheck.Evidence(method="prequeued", headline_ms=statistics.median(new), wall_ms=wall.median_ms,
                                      wall_host_ms=wall.host_median_ms, wall_calls=wall.calls, kernels=kb,
                                      cache=cfg.cache)
            v2 = crosscheck.judge(ev2)
            if v2.agree:
                out.samples, out.method, out.calls = new, "prequeued", dcalls
                out.stop_reason = (f"cross-check: {len(new)} samples of {dcalls} eager calls pre-queued back to back "
                                   f"(the {p.method} samples were set aside)")
                p.graph, final_method = None, "prequeued"
                H = statistics.median(new)
            else:
                v = crosscheck.Verdict(False, first.cause, "wall", first.sentence + "; the eager calls disagree "
                                       "too: " + v2.sentence, v2.fix, first.expected_ms)
        else:
            v = crosscheck.Verdict(False, first.cause, "wall", first.sentence + "; the pre-queued calls could not "
                                   "be queued ahead of the GPU, so the headline is the synchronized wall", first.fix,
                                   first.expected_ms)
    if v.headline == "wall":
        per = _wall_samples(m, wall, t0)
        out.samples, out.method, out.calls, out.clock = per, "wall", wall.calls, "host"
        out.headline = "wall"
        out.stop_reason = (f"cross-check: the headline is {len(per)} synchronized host-clock spans of {wall.calls} "
                           "calls each (the first span is warm-up; the device method's samples were set aside)")
        final_method = "wall"
        H = statistics.median(per)
    if not v.agree or v.cause:
        out.warnings.append(Warning_("crosscheck", v.sentence[0].upper() + v.sentence[1:] + ".",
                                     v.fix or "See the crosscheck section of the result."))
    # one call on its own, for multi-kernel callables timed back to back
    if kb.multi and final_method in ("graph", "prequeued") and (out.calls or p.calls) > 1 and p.isolated is None:
        _isolated(m, kb, host_call)
    # cool calls for long device headlines
    pw = None
    can_wait = bool(getattr(be, "has_sleep", False) and getattr(be, "cycles_per_ms", None))
    if cfg.cache == "warm" and can_wait and power.wants_cool(H, final_method,
                                                             kb.ops_per_call if kb.available else None):
        try:
            cool = power.measure_cool(be.span, c, pair_ms=m.floor.get("pair") or 0.0,
                                      host_call_ms=host_call)
        except Exception as exc:  # a measurement beside the headline must not lose it
            cool = []
            out.notices.append(f"cool calls failed ({type(exc).__name__}: {exc})")
        tdict = telemetry.to_dict() if telemetry is not None and hasattr(telemetry, "to_dict") else None
        fin = out.samples if out.samples is not None else samples
        pw = power.power_finding(H, cool, tdict, policy.drift(list(fin)))
        if pw.get("sentence"):
            out.warnings.append(Warning_("sustained-vs-cool", pw["sentence"][0].upper() + pw["sentence"][1:] + ".",
                                         "ncu times each call on its own at full clock: compare power.cool_ms "
                                         "with ncu; a model running this op back to back sees the headline."))
    out.power = None if pw is None else Power.from_dict(pw)
    c.phase = prev_phase
    t_end = time.perf_counter()
    out.kernels = Kernels.from_dict(kb.to_dict())
    out.crosscheck = CrossCheck.from_dict({
        "done": True, **v.to_dict(), **wall.to_dict(),
        "headline_before_ms": ev.headline_ms, "method_before": ev.method, "headline_ms": H,
        "first_verdict": first.to_dict() if first is not v else None,
        "cost_s": {"wall": t_wall - t0, "profiler": t_prof - t_wall, "total": t_end - t0},
    })
    return out


def _resample_prequeued(m: Any, dev_ms: float, host_call_ms: float, kb: KernelBreakdown) -> tuple[list[float], int]:
    c = m.caller
    ops = max(1, int(math.ceil(kb.launches_per_call or kb.ops_per_call or 1))) if kb.available else 1
    calls = max(1, min(policy.calls_per_sample(dev_ms), policy.MAX_QUEUED_LAUNCHES // (ops + 2)))
    got: list[float] = []
    for _ in range(RESAMPLE):
        sp = _queued(m)(c.many(calls), RESAMPLE - len(got), calls, host_call_ms * calls, phase="cross-check",
                        launches=calls * ops)
        if sp.queued_ok is False:
            return [], calls
        got += list(sp.samples)
        if len(got) >= RESAMPLE:
            break
    return got, calls


def _wall_samples(m: Any, wall: crosscheck.Wall, t0: float) -> list[float]:
    """The wall spans as the headline's samples: the first span dropped (the host warms up over the first
    milliseconds), more spans until the 95% CI of the median is within the precision target, ``min_iters`` spans
    and the budget allow."""
    from ..stats import summarize

    cfg, be, c = m.cfg, m.backend, m.caller
    per = list(wall.per_call_ms[1:]) if len(wall.per_call_ms) > 3 else list(wall.per_call_ms)
    while len(per) < cfg.max_iters:
        s = summarize(per)
        spent = time.perf_counter() - t0
        if len(per) >= cfg.min_iters and (s.ci95_rel_halfwidth <= cfg.precision or spent >= cfg.budget_s):
            break
        if spent >= 2 * cfg.budget_s:
            break
        clock = getattr(be, "now_ns", None) or host_ns
        per += list(crosscheck.measure_wall(c, lambda: be.sync("cross-check"), wall.calls, 5, clock).per_call_ms)
    return per


def _isolated(m: Any, kb: KernelBreakdown, host_call_ms: float) -> None:
    p, c = m.plan, m.caller
    pair = m.floor.get("pair")
    if pair is None:
        return
    launches = max(1, int(math.ceil(kb.launches_per_call or kb.ops_per_call or 1)))
    got: list[float] = []
    for _ in range(ISOLATED_SAMPLES):
        sp = _queued(m)(c, ISOLATED_SAMPLES - len(got), 1, host_call_ms, phase="one call", launches=launches)
        if sp.queued_ok is not False:
            got += list(sp.samples)
        if len(got) >= ISOLATED_SAMPLES:
            break
    if not got:
        return
    p.isolated = isolated_section(statistics.median(got), pair, got,
                                  f"one call ({kb.ops_per_call:.3g} kernels/copies) pre-queued in its own event "
                                  "pair, less an empty pre-queued event pair")
