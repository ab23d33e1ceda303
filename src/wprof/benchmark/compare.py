"""A against B: ratio of medians, bootstrap 95% confidence interval, verdict.

- :func:`compare` times two callables in **one run, interleaved** (spans of A and B alternate, in ABBA order, so
  slow drifts such as clock or temperature changes hit both alike), with the same method for both, until the
  ratio's 95% CI is within ``precision`` or the budget is spent.
- :func:`compare_results` compares two saved :class:`~wprof.results.BenchResult` (``wprof compare A.json B.json``);
  it says where the two runs are not comparable (clock, method, cache policy, device).

``ratio = median(B) / median(A)``: above 1, B is slower. The verdict is ``"slower"`` when the whole CI is above 1,
``"faster"`` when it is below 1, else ``"no significant difference"``. :meth:`CompareResult.fails` implements
``--fail-if-slower PCT``: B is significantly slower *and* its median is more than PCT% above A's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .. import __version__
from ..errors import UsageError
from ..results import BenchResult, now_utc
from ..results.compare import COMPARE_SCHEMA, FASTER, SAME, SLOWER, CompareResult
from ..stats import bootstrap_ratio_ci

__all__ = ["CompareResult", "compare", "compare_results", "verdict", "COMPARE_SCHEMA"]


def verdict(ci_low: float, ci_high: float) -> str:
    """``"slower"`` (B) when the CI of median(B)/median(A) lies above 1, ``"faster"`` below 1, else no difference."""
    if math.isnan(ci_low) or math.isnan(ci_high):
        return SAME
    if ci_low > 1.0:
        return SLOWER
    if ci_high < 1.0:
        return FASTER
    return SAME


def _ratio(a: list[float] | tuple[float, ...], b: list[float] | tuple[float, ...], resamples: int = 2000
           ) -> tuple[float, float, float]:
    return bootstrap_ratio_ci(a, b, resamples=resamples)


def _comparability(a: BenchResult, b: BenchResult) -> list[str]:
    notes = []
    if a.mode != b.mode or a.calls_per_sample != b.calls_per_sample:
        notes.append(f"different methods: A {a.mode} ({a.calls_per_sample} calls/sample), B {b.mode} "
                     f"({b.calls_per_sample} calls/sample); launch and event costs differ between methods")
    ca, cb = (a.cache.policy if a.cache else None), (b.cache.policy if b.cache else None)
    if ca != cb:
        notes.append(f"different cache policies: A {ca}, B {cb}")
    da, db = (a.env.get("device") or {}), (b.env.get("device") or {})
    da, db = (da if isinstance(da, dict) else {}), (db if isinstance(db, dict) else {})  # a hand-edited env
    if da.get("name") != db.get("name"):
        notes.append(f"different devices: A {da.get('name') or 'host'}, B {db.get('name') or 'host'}")
    for label, r in (("A", a), ("B", b)):
        if any(w.code == "throttled" for w in r.warnings):
            notes.append(f"{label} was measured while the GPU clock was throttled")
    notes.append("separate runs: drift between them (clocks, temperature, other processes) is not controlled; "
                 "wprof.compare(fn_a, fn_b) interleaves both in one run")
    return notes


def _check_medians(a: BenchResult, b: BenchResult) -> None:
    """A ratio of medians needs two positive, finite medians: say which side has none, and why, in one line."""
    for label, r in (("A", a), ("B", b)):
        med = r.summary.median
        if r.summary.n == 0 or not len(r.samples_ms):
            raise UsageError(f"{label} ({r.name!r}) has no samples: there is no median to compare. Re-run the bench.")
        if not (med > 0 and math.isfinite(med)):
            what = ("at least half of its samples read 0 ms, below the clock's resolution" if med == 0 else
                    f"a duration must be > 0 (median {med!r} ms)")
            raise UsageError(f"{label} ({r.name!r}) has a median of {med:g} ms: {what}, so the ratio B / A is "
                             "undefined. Time more work per call (a larger input, or calls_per_sample > 1).")


def compare_results(a: BenchResult, b: BenchResult) -> CompareResult:
    """Compare two saved results (separate runs): ratio of medians with a bootstrap CI over their samples.

    Results taken with different clocks (host vs CUDA events) measure different things: refused, not compared.
    """
    if a.clock != b.clock:
        raise UsageError(f"A ({a.name}) was timed with the {a.clock} clock and B ({b.name}) with the {b.clock} clock: "
                         "they measure different things. Compare results taken with the same clock (same kind of "
                         "machine).")
    _check_medians(a, b)
    ratio, lo, hi = _ratio(a.samples_ms, b.samples_ms)
    return CompareResult(a=a, b=b, ratio=ratio, ci95_low=lo, ci95_high=hi, verdict=verdict(lo, hi),
                         interleaved=False, stop_reason="saved results", notes=tuple(_comparability(a, b)),
                         created_utc=now_utc(), wprof_version=__version__)


def _unify(ma: Any, mb: Any) -> list[str]:
    """Give A and B the same method: the device method if either needs it, and eager launches unless both graph."""
    pa, pb = ma.plan, mb.plan
    if pa.method == pb.method and pa.method not in ("prequeued", "graph"):
        return []
    notes = []
    device = {"prequeued", "graph"}
    if pa.method in device or pb.method in device:
        both_graph = pa.method == "graph" and pb.method == "graph"
        for label, m in (("A", ma), ("B", mb)):
            p = m.plan
            if p.method == "graph" and not both_graph:
                p.method, p.calls, p.graph = "prequeued", p.device_calls, None
                p.host_sample_ms = p.device_calls * (p.host_enqueue_ms or 0.0)
                notes.append(f"{label}: pre-queued eager calls instead of its graph, so A and B are timed alike")
            elif p.method == "per-call":
                if not p.device:
                    continue
                p.method, p.calls = "prequeued", p.device_calls
                p.host_sample_ms = p.device_calls * (p.host_enqueue_ms or 0.0)
                notes.append(f"{label}: device time (pre-queued) instead of per-call events, so A and B are timed "
                             "alike")
    return notes


def compare(fn_a: Callable[..., Any], fn_b: Callable[..., Any], *, names: tuple[str, str] | None = None,
            budget_s: float = 2.0, precision: float = 0.01, min_iters: int = 20, max_iters: int = 100_000,
            iters: int | None = None, warmup: int | None = None, warmup_ms: float = 25.0, mode: str = "auto",
            cache: str = "warm", device: Any = None, args_a: tuple | None = None, args_b: tuple | None = None,
            monitor: bool = True, backend: Any = None) -> CompareResult:
    """Time ``fn_a`` and ``fn_b`` interleaved in one run; ratio = median(B) / median(A) with a 95% CI.

    Spans of A and B alternate in ABBA order; both use the same method (per-call events, or device time with the
    host removed when either needs it). Stops when the ratio's CI half-width is within ``precision`` (relative) or
    ``budget_s`` is spent (pilots included), after ``min_iters`` samples each; ``iters`` fixes the count instead.
    ``backend``: the timing backend shared by A and B (see :func:`wprof.bench`).
    """
    from .backends import make_backend
    from .config import BenchConfig, check_args
    from .core import finish, fingerprint, start_telemetry
    from .measure import Measurement
    from .stopping import Sampler

    for f in (fn_a, fn_b):
        if not callable(f):
            raise UsageError(f"compare() needs two callables, got {type(f).__name__}.")
    check_args(warmup, warmup_ms, iters, budget_s, min_iters, max_iters, mode, None, precision, cache)
    cfg = BenchConfig(warmup, warmup_ms, iters, budget_s, min_iters, max_iters, precision, mode, None, device, cache,
                      bool(monitor), False)
    na, nb = names or (_name(fn_a, "A"), _name(fn_b, "B"))
    be = backend if backend is not None else make_backend(device)
    ma = Measurement(fn_a, cfg, be, args=args_a)
    mb = Measurement(fn_b, cfg, be, args=args_b)
    env = fingerprint(device if be.is_cuda else None)
    t_begin = ma.now_ns()
    wa, wb = ma.warm_up(), mb.warm_up()
    tele = start_telemetry(cfg, be)
    ma.measure_floor()
    mb.floor = dict(ma.floor)  # one backend, one floor
    ma.t_timed0 = mb.t_timed0 = ma.now_ns()
    ma.plan_method()
    mb.plan_method()
    notes = _unify(ma, mb)
    sa, sb = Sampler(ma), Sampler(mb)
    stop = _sample_both(sa, sb, cfg)
    t_end = ma.now_ns()
    tele.stop()
    ra = finish(ma, na, "", sa.samples, stop, wa, dict(env), tele, t_begin, t_end)
    rb = finish(mb, nb, "", sb.samples, stop, wb, dict(env), tele, t_begin, t_end)
    _check_medians(ra, rb)
    ratio, lo, hi = _ratio(ra.samples_ms, rb.samples_ms)
    notes += [n for n in _comparability(ra, rb) if not n.startswith("separate runs")]
    return CompareResult(a=ra, b=rb, ratio=ratio, ci95_low=lo, ci95_high=hi, verdict=verdict(lo, hi),
                         interleaved=True, stop_reason=stop, notes=tuple(notes), created_utc=now_utc(),
                         wprof_version=__version__)


def _sample_both(sa: Any, sb: Any, cfg: Any) -> str:
    """Spans of A and B in ABBA order until ``iters`` each, or the ratio's CI within ``precision``, or the budget
    (pilots included), after ``min_iters`` each, or ``max_iters``; the stop reason."""
    span = max(5, min(500, int(25.0 / max(sa.m.sample_ms_estimate(), sb.m.sample_ms_estimate())) + 1))
    iters, budget_ms = cfg.iters, cfg.budget_s * 1e3
    rnd = 0
    while True:
        for s in ((sa, sb) if rnd % 2 == 0 else (sb, sa)):
            want = span if iters is None else min(span, iters - len(s.samples))
            if want > 0:
                s.take(want)
        rnd += 1
        na, nb = len(sa.samples), len(sb.samples)
        if iters is not None:
            if na >= iters and nb >= iters:
                return f"iters={iters} reached"
            continue
        if na >= cfg.min_iters and nb >= cfg.min_iters:
            r, lo, hi = _ratio(sa.samples.values(), sb.samples.values(), resamples=500)
            half = (hi - lo) / 2 / r if r and math.isfinite(r) else math.inf
            if half <= cfg.precision:
                return f"precision: 95% CI of the ratio within ±{half:.2%} after {na}+{nb} samples"
            if sa.elapsed_ms() >= budget_ms:
                return f"time budget {cfg.budget_s:g} s spent; 95% CI of the ratio ±{half:.2%}"
            if na >= cfg.max_iters or nb >= cfg.max_iters:
                return f"max_iters={cfg.max_iters} reached"


def _name(fn: Any, default: str) -> str:
    return str(getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or default)
