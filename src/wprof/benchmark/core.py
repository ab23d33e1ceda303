"""``bench(fn)``: the run, from first call to :class:`~wprof.results.BenchResult`.

Method (DESIGN.md, "Kernel bench"; docs/bench.md explains each choice), each step in its own module:

1. One untimed first call (compile, autotune, lazy init), timed on the host with a synchronize after it; a
   host-clock estimate of one call; warmup by count and by time (both must be met), excluded from the samples and
   recorded in the result (:class:`~wprof.benchmark.measure.Measurement`).
2. Harness floor: the timing path itself on null work (``torch.cuda._sleep(0)``, the smallest kernel; on the host
   clock an empty call), for every method used, kept in the ``floor`` section (:mod:`~wprof.benchmark.measure`).
3. ``mode="auto"`` (default, CUDA): pilots and the headline method (:mod:`wprof.benchmark.pilots`).
4. Timed spans of the chosen method until ``iters`` samples, or until the 95% confidence interval of the median is
   within ``precision`` or the ``budget_s`` budget (pilots included) is spent, after ``min_iters`` samples; spans
   and memory bounded for any count (:mod:`wprof.benchmark.stopping`).
5. The NVML monitor runs throughout; samples whose span overlaps a throttled interval are flagged (and dropped with
   ``drop_throttled=True``, never all of them) (:mod:`wprof.benchmark.telemetry`).
6. Summary, warnings and the result's typed sections (:mod:`wprof.benchmark.analysis`; the cross-check's from
   :mod:`wprof.benchmark.verify`), the next step (:mod:`wprof.benchmark.advice`), environment.

Timing goes through a backend (:mod:`wprof.benchmark.backends`): CUDA events when torch sees a GPU, else
``time.perf_counter_ns`` (the result says ``clock="host"`` and one line on the ``wprof`` logger announces it). One
result never mixes clocks. ``backend=`` injects one (tests: a fake clock or a scripted CUDA backend).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

from .. import __version__
from .._optional import optional
from ..errors import UsageError
from ..results import BenchResult, Warmup, now_utc
from .advice import next_step
from .analysis import analyze
from .backends import HOST_NOTICE, make_backend
from .config import (
    CACHES,
    DEFAULT_BUDGET_S,
    DEFAULT_CACHE,
    DEFAULT_MAX_ITERS,
    DEFAULT_MIN_ITERS,
    DEFAULT_PRECISION,
    DEFAULT_WARMUP_MS,
    MODES,
    BenchConfig,
    check_args,
)
from .measure import Measurement
from .stopping import Sampler, Samples, sample_until
from .streams import bench_stream

log = logging.getLogger("wprof")

__all__ = ["bench", "MODES", "CACHES", "HOST_NOTICE", "fingerprint", "start_telemetry", "finish"]


def bench(
    fn: Callable[..., Any],
    *,
    warmup: int | None = None,
    warmup_ms: float = DEFAULT_WARMUP_MS,
    iters: int | None = None,
    budget_s: float = DEFAULT_BUDGET_S,
    min_iters: int = DEFAULT_MIN_ITERS,
    max_iters: int = DEFAULT_MAX_ITERS,
    precision: float = DEFAULT_PRECISION,
    mode: str = "auto",
    calls_per_sample: int | None = None,
    device: Any = None,
    name: str | None = None,
    target: str = "",
    cache: str = DEFAULT_CACHE,
    args: tuple | None = None,
    kwargs: dict | None = None,
    monitor: bool = True,
    drop_throttled: bool = False,
    backend: Any = None,
    crosscheck: bool = True,
) -> BenchResult:
    """Time ``fn()`` (inputs pre-allocated) on the device and return a :class:`BenchResult` in milliseconds.

    ``mode``: ``"auto"`` (default: the headline is per-call CUDA events, or, when the host's launch cost or the event
    pair's own cost shows, the device time of back-to-back calls with the host removed, by CUDA graph replay or by
    calls pre-queued behind ``torch.cuda._sleep``; the other number is kept beside it), or one method forced:
    ``"per-call"``, ``"aggregate"``, ``"prequeued"``, ``"graph"``. ``cache``: ``"warm"`` (default), ``"cold"`` (an
    L2-sized read before each call, outside the timed span) or ``"rotate"`` (rotating copies of ``args``, sized from
    L2). ``args``/``kwargs``: inputs passed to ``fn`` (needed by ``cache="rotate"``). ``iters``: number of samples;
    None (default) stops when the 95% CI of the median is within ``precision`` or ``budget_s`` is spent, after
    ``min_iters``. ``monitor``: NVML telemetry during the run; ``drop_throttled`` removes samples taken while the
    clock was throttled (never all of them). ``device``: CUDA device (default current; ``"cpu"``: host clock).
    ``target``: the ``wprof bench`` arguments that re-create ``fn`` (recorded; the next step is computed from them).
    ``backend``: the timing backend (default: CUDA events, else the host clock; see
    :mod:`wprof.benchmark.backends`), e.g. ``HostBackend(clock=fake_ns)`` in tests. ``crosscheck``: after the
    samples, check the headline against synchronized host-clock spans and one profiler pass (what one call launches,
    on which streams); a headline that does not hold is replaced by the number that does, with the cause
    (:mod:`wprof.benchmark.crosscheck`, docs/bench.md "Cross-check").
    """
    if not callable(fn):
        raise UsageError(f"bench() needs a zero-argument callable, got {type(fn).__name__}.")
    check_args(warmup, warmup_ms, iters, budget_s, min_iters, max_iters, mode, calls_per_sample, precision, cache)
    cfg = BenchConfig(warmup, warmup_ms, iters, budget_s, min_iters, max_iters, precision, mode, calls_per_sample,
                      device, cache, bool(monitor), bool(drop_throttled), bool(crosscheck))
    name = name or getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    notices: list[str] = []
    with bench_stream(_torch_for_streams(backend, device), notices):  # CuPy's current stream, when not torch's
        be = backend if backend is not None else make_backend(device)
        m = Measurement(fn, cfg, be, args=args, kwargs=kwargs)
        m.notices += notices
        env = fingerprint(cfg.device if be.is_cuda else None)
        t_begin = m.now_ns()
        warmup_rec = m.warm_up()
        tele = start_telemetry(cfg, be)
        m.measure_floor()
        m.t_timed0 = m.now_ns()
        m.plan_method()
        sampler = Sampler(m)
        stop_reason = sample_until(sampler, cfg)
        t_end = m.now_ns()
        tele.stop()
        store, outcome = sampler.samples, None
        if cfg.crosscheck:
            store, stop_reason, outcome = cross_check(m, store, stop_reason, tele)
        return finish(m, str(name), target, store, stop_reason, warmup_rec, env, tele, t_begin, t_end, outcome)


def _torch_for_streams(backend: Any, device: Any) -> Any:
    """torch, when CuPy is imported and the run is on the default CUDA backend (else no stream to reconcile)."""
    if backend is not None or "cupy" not in sys.modules or (device is not None and str(device).startswith("cpu")):
        return None
    return optional("torch")


def cross_check(m: Measurement, store: Samples, stop_reason: str, tele: Any) -> tuple[Samples, str, Any]:
    """The headline's cross-check (:func:`wprof.benchmark.verify.verify`); when it replaces the headline, the new
    samples go into a fresh store and the plan says which method produced them."""
    from .verify import verify

    outcome = verify(m, store.values(), tele)
    m.notices += outcome.notices
    if outcome.samples is not None:
        t0 = m.now_ns()
        store = Samples()
        store.add(list(outcome.samples), t0, t0)
        m.plan.method = outcome.method or m.plan.method
        m.plan.calls = outcome.calls or m.plan.calls
        stop_reason = outcome.stop_reason or stop_reason
    return store, stop_reason, outcome


def start_telemetry(cfg: BenchConfig, be: Any) -> Any:
    """The backend's clock telemetry for the run (``be.telemetry``: the NVML monitor on CUDA, a record of why there
    is none on the host), started."""
    make = getattr(be, "telemetry", None)
    if make is None:  # a backend without its own: the NVML monitor on CUDA only
        from .telemetry import Telemetry

        tele = Telemetry(cfg.device, enabled=cfg.monitor and be.is_cuda)
    else:
        tele = make(cfg.device, cfg.monitor)
    tele.start()
    return tele


def fingerprint(device: Any) -> dict[str, Any]:
    """The environment record (:func:`wprof.env.fingerprint`); a failure is noted, never raised."""
    from ..env import fingerprint as env_fingerprint

    try:
        return env_fingerprint(device)
    except Exception as exc:  # the environment record must never break a measurement
        return {"notes": [f"environment fingerprint failed: {type(exc).__name__}: {exc}"], "device": None}


def finish(m: Measurement, name: str, target: str, store: Samples, stop_reason: str, warmup_rec: Warmup,
           env: dict[str, Any], tele: Any, t_begin: int, t_end: int, outcome: Any = None) -> BenchResult:
    """The result of a finished measurement: analysis, the cross-check's sections, the next step, the device's state
    at the end."""
    from .telemetry import end_reading

    a = analyze(m, store, tele, warmup_rec, total_s=(t_end - t_begin) / 1e9, timed_s=(t_end - m.t_timed0) / 1e9)
    clock = outcome.clock if outcome is not None and outcome.clock else m.backend.clock
    if outcome is not None:
        outcome.apply(a)
    if m.backend.is_cuda:
        end_reading(env)
    for n_ in a.notices:
        log.info("wprof: %s", n_)
    return BenchResult(
        name=name,
        clock=clock,
        mode=m.plan.method,
        samples_ms=tuple(a.samples),
        summary=a.summary,
        warmup=warmup_rec,
        calls_per_sample=m.plan.calls,
        stop_reason=stop_reason,
        warnings=tuple(a.warnings),
        env=env,
        config=m.cfg.as_dict(),
        **a.sections(),
        next_step=next_step(target, clock) or "",
        target=target,
        created_utc=now_utc(),
        wprof_version=__version__,
    )
