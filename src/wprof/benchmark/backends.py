"""Timing backends: what times a span of samples, and the clock the run reads between spans.

A backend has one interface (the one :class:`~wprof.benchmark.device.CudaBackend` has):

- ``clock`` (``"host"`` or ``"cuda-events"``), ``is_cuda``, ``has_sleep``, ``cycles_per_ms``;
- ``now_ns()``: the host clock the run uses for warmup, budgets and span stamps (``time.perf_counter_ns``);
- ``span(work, n, calls, *, before, prequeue_ms, host_times, phase) -> Span``: ``n`` samples of ``work()`` (``calls``
  calls each), in ms per call;
- ``sync(phase)``, ``null_work()``, ``telemetry(device, monitor)`` (the clock telemetry of the run: the NVML
  monitor on CUDA, see :mod:`wprof.benchmark.telemetry`); CUDA only: ``l2_bytes()``, ``free_bytes()``, ``calibrate_sleep()``,
  ``capture(call, calls)``, ``recover()``, ``make_flush(nbytes)``, ``cache_key``.

:class:`HostBackend` times with the host clock (``time.perf_counter_ns`` unless a clock is given: tests pass a fake
one). ``bench(fn, backend=...)`` and ``compare(..., backend=...)`` take any backend; without one,
:func:`make_backend` picks CUDA when torch sees a GPU (and ``device`` is not ``"cpu"``), else the host clock, and
says so on the ``wprof`` logger.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .._optional import optional
from ..clocks import HOST, host_ns
from ..errors import DeviceUnavailableError
from .device import Span

__all__ = ["HostBackend", "make_backend", "HOST_NOTICE"]

log = logging.getLogger("wprof")

HOST_NOTICE = "wprof: no CUDA device: timing on the host clock (time.perf_counter_ns); the result says clock=host"


class HostBackend:
    """Host clock (``time.perf_counter_ns``, or ``clock``: a zero-argument callable returning nanoseconds)."""

    clock = HOST
    is_cuda = False
    has_sleep = False
    cycles_per_ms = None
    cache_key = None

    def __init__(self, clock: Callable[[], int] | None = None) -> None:
        self.now_ns: Callable[[], int] = clock if clock is not None else host_ns

    def sync(self, phase: str) -> None:
        return None

    def null_work(self) -> Callable[[], Any]:
        return lambda: None

    def telemetry(self, device: Any, monitor: bool) -> Any:
        """No GPU to monitor: a telemetry record that says so (when monitoring was asked for)."""
        from .telemetry import Telemetry

        tele = Telemetry(device, enabled=False)
        if monitor:
            tele.reason = "host clock: no GPU to monitor"
        return tele

    def span(self, work: Callable[[], Any], n: int, calls: int, *, before: Callable[[], Any] | None = None,
             prequeue_ms: float | None = None, host_times: bool = False, phase: str = "timing") -> Span:
        now = self.now_ns
        out = [0.0] * n
        t0 = now()
        for i in range(n):
            if before is not None:
                before()
            s = now()
            work()
            out[i] = (now() - s) / 1e6 / calls
        t1 = now()
        return Span(out, t0, t1, (t1 - t0) / 1e6, [x * calls for x in out] if host_times else [])


def _cuda_ok(torch: Any) -> bool:
    try:
        return bool(torch.cuda.is_available())
    except Exception:
        return False


def make_backend(device: Any) -> Any:
    """The CUDA backend when torch sees a GPU (and ``device`` is not ``"cpu"``), else the host clock (announced)."""
    torch = optional("torch")
    want_cpu = device is not None and str(device).startswith("cpu")
    cuda = torch is not None and not want_cpu and _cuda_ok(torch)
    if cuda:
        from .device import CudaBackend

        return CudaBackend(torch, device)
    if device is not None and not want_cpu:
        raise DeviceUnavailableError(f"device {device!r} was requested but CUDA is not available here "
                                     f"({'torch is not installed' if torch is None else 'torch sees no GPU'}). "
                                     "Drop the device argument to time on the host clock.")
    log.warning(HOST_NOTICE)
    return HostBackend()
