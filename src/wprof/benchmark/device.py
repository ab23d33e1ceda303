"""The CUDA side of the bench harness: event spans, GPU-side waits, CUDA graphs, L2 flush and input rotation.

Everything that times the device goes through :meth:`CudaBackend.span`: ``n`` samples, each an event pair (recorded
on the current stream, events pre-allocated) around ``work()``, which runs ``calls`` calls; the sample is the
elapsed time divided by ``calls``. Optional pieces of a span:

- ``before``: work run before each sample's start event (the cold-cache flush): on the GPU, outside the pair.
- ``prequeue_ms``: the span is queued behind ``torch.cuda._sleep(cycles)``, a GPU-side wait sized to outlast the
  host's enqueueing of the whole span, so the GPU then runs the samples back to back with the host out of the loop.
  The span checks it: the host's enqueue time must be shorter than the wait the GPU actually did (both measured);
  otherwise ``queued_ok`` is False and the caller re-queues with a longer wait or fewer samples.

:meth:`CudaBackend.capture` builds a CUDA graph of ``calls`` unrolled calls (warmed on a side stream first, as
capture requires); its ``replay`` is then the work of a span.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..clocks import CUDA_EVENTS, EventPool, host_ns
from ..errors import UserCodeError
from . import policy

__all__ = ["Span", "CudaBackend", "Flush", "rotating", "tensor_bytes"]


@dataclass
class Span:
    """One timed span: per-sample ms (per call), host times, and whether pre-queueing held."""

    samples: list[float]
    t0_ns: int
    t1_ns: int
    enqueue_ms: float  # host time to enqueue the whole span (after the wait was queued)
    host_ms: list[float] = field(default_factory=list)  # host time of each sample's work(), when asked
    sleep_ms: float | None = None  # GPU-side wait actually done (pre-queued spans)
    queued_ok: bool | None = None  # pre-queued: the host finished enqueueing before the wait ended


class CudaBackend:
    """Times work on one CUDA device with events; see the module docstring."""

    clock = CUDA_EVENTS
    is_cuda = True
    now_ns = staticmethod(host_ns)  # the host clock of the run (warmup, budgets, span stamps)

    def __init__(self, torch: Any, device: Any) -> None:
        self.torch = torch
        self.device = device
        self.pool = EventPool(0, device)
        self.stream = torch.cuda.current_stream(device)
        ev = torch.cuda.Event
        self._wait = (ev(enable_timing=True), ev(enable_timing=True))
        self.cycles_per_ms: float | None = None
        self.has_sleep = hasattr(torch.cuda, "_sleep")
        try:  # the harness floor is measured once per device and process (measure.FLOOR_CACHE)
            idx = torch.device(device).index if device is not None else None
            self.cache_key = ("cuda", torch.cuda.current_device() if idx is None else idx)
        except Exception:
            self.cache_key = None

    # ------------------------------------------------------------------------------------------------ basics
    def sync(self, phase: str) -> None:
        try:
            self.torch.cuda.synchronize(self.device)
        except Exception as exc:  # a CUDA error raised asynchronously by an earlier call
            raise UserCodeError(f"a CUDA error surfaced during {phase}: {str(exc).strip().splitlines()[0]}. "
                                "Re-run with CUDA_LAUNCH_BLOCKING=1 to find the call that caused it.",
                                phase=phase) from exc

    def null_work(self) -> Callable[[], Any]:
        """The smallest kernel there is (``torch.cuda._sleep(0)``), or nothing when torch lacks it."""
        if self.has_sleep:
            sleep = self.torch.cuda._sleep
            return lambda: sleep(0)
        return lambda: None

    def telemetry(self, device: Any, monitor: bool) -> Any:
        """The NVML monitor for the run (:class:`wprof.benchmark.telemetry.Telemetry`; off with ``monitor=False``)."""
        from .telemetry import Telemetry

        return Telemetry(device, enabled=monitor)

    def l2_bytes(self) -> int | None:
        try:
            idx = self.torch.cuda.current_device() if self.device is None else self.torch.device(self.device).index
            p = self.torch.cuda.get_device_properties(idx if idx is not None else self.torch.cuda.current_device())
            return int(getattr(p, "L2_cache_size", 0)) or None
        except Exception:
            return None

    def free_bytes(self) -> int | None:
        try:
            return int(self.torch.cuda.mem_get_info(self.device)[0])
        except Exception:
            return None

    def calibrate_sleep(self) -> float | None:
        """Cycles of ``torch.cuda._sleep`` per ms on this GPU now (measured with events), or None without it."""
        if not self.has_sleep:
            return None
        torch = self.torch
        a, b = self._wait
        torch.cuda._sleep(1000)
        rates = []
        for cycles in (200_000, 1_000_000, 1_000_000):
            a.record(self.stream)
            torch.cuda._sleep(cycles)
            b.record(self.stream)
            self.sync("calibration")
            ms = a.elapsed_time(b)
            if ms > 0:
                rates.append(cycles / ms)
        self.cycles_per_ms = sorted(rates)[len(rates) // 2] if rates else None
        return self.cycles_per_ms

    def make_flush(self, nbytes: int) -> Flush:
        """The cold-cache flush (a read of ``nbytes``) run before each call, outside the event pair."""
        return Flush(self.torch, self.device, nbytes)

    # ------------------------------------------------------------------------------------------------ spans
    def span(self, work: Callable[[], Any], n: int, calls: int, *, before: Callable[[], Any] | None = None,
             prequeue_ms: float | None = None, host_times: bool = False, phase: str = "timing") -> Span:
        """``n`` samples of ``work()`` (``calls`` calls each) between pre-allocated event pairs; one sync."""
        self.pool.grow(n)  # outside the span: no allocation between records
        starts, ends, stream = self.pool.starts, self.pool.ends, self.stream
        torch = self.torch
        waited = prequeue_ms is not None and self.has_sleep and self.cycles_per_ms
        t0 = host_ns()
        if waited:
            a, b = self._wait
            a.record(stream)
            torch.cuda._sleep(policy.sleep_cycles(prequeue_ms, self.cycles_per_ms))
            b.record(stream)
        t_enq0 = host_ns()
        hms: list[float] = []
        if host_times:
            hms = [0.0] * n
            for i in range(n):
                if before is not None:
                    before()
                starts[i].record(stream)
                h0 = host_ns()
                work()
                hms[i] = (host_ns() - h0) / 1e6
                ends[i].record(stream)
        elif before is not None:
            for i in range(n):
                before()
                starts[i].record(stream)
                work()
                ends[i].record(stream)
        else:
            for i in range(n):
                starts[i].record(stream)
                work()
                ends[i].record(stream)
        enqueue_ms = (host_ns() - t_enq0) / 1e6
        self.sync(phase)
        t1 = host_ns()
        samples = [starts[i].elapsed_time(ends[i]) / calls for i in range(n)]
        span = Span(samples, t0, t1, enqueue_ms, hms)
        if waited:
            a, b = self._wait
            span.sleep_ms = a.elapsed_time(b)
            span.queued_ok = enqueue_ms < span.sleep_ms
        return span

    # ------------------------------------------------------------------------------------------------ graphs
    def capture(self, call: Callable[[], Any], calls: int) -> Any:
        """A CUDA graph of ``calls`` unrolled calls, warmed on a side stream first; raises what capture raises."""
        torch = self.torch
        side = torch.cuda.Stream(self.device)
        side.wait_stream(self.stream)
        with torch.cuda.stream(side):
            for _ in range(2):
                call()
        self.stream.wait_stream(side)
        self.sync("graph capture")
        self._check_no_host_sync(call)
        graph = torch.cuda.CUDAGraph()
        try:
            with torch.cuda.graph(graph):
                for _ in range(calls):
                    call()
        except BaseException:
            # a failed capture can leave the RNG's capture bookkeeping behind ("Offset increment outside graph
            # capture" on the next torch.randn, seen on the H200): drop what the graph registered
            try:
                graph.reset()
            except Exception:
                pass
            raise
        self.sync("graph capture")
        graph.replay()
        self.sync("graph replay")
        return graph

    def _check_no_host_sync(self, call: Callable[[], Any]) -> None:
        """Refuse to capture a callable that synchronizes with the host (``.item()``, ``.cpu()``, ...).

        Capturing it would fail, and a failed capture can leave torch's CUDA state unusable for the rest of the
        process; one eager call under ``torch.cuda.set_sync_debug_mode("error")`` finds it first, harmlessly.
        """
        cuda = self.torch.cuda
        if not hasattr(cuda, "set_sync_debug_mode"):
            return
        import warnings

        previous = cuda.get_sync_debug_mode()
        with warnings.catch_warnings():  # "Synchronization debug mode is a prototype feature": said once per call
            warnings.simplefilter("ignore", UserWarning)
            cuda.set_sync_debug_mode("error")
        try:
            call()
        except RuntimeError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise RuntimeError(f"the callable synchronizes with the host, which a CUDA graph cannot capture ({first})")\
                from exc
        finally:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                cuda.set_sync_debug_mode(previous)
        self.sync("graph capture")

    def profile(self, call: Callable[[], Any], calls: int) -> Any:
        """What ``calls`` calls launch, from one profiler pass (:func:`wprof.benchmark.kernels.profile_calls`)."""
        from .kernels import profile_calls

        return profile_calls(call, calls, self.torch, self.stream)

    def recover(self) -> None:
        """After a failed capture: make sure no capture is left open and the context still works."""
        self.sync("graph capture (after failure)")


class Flush:
    """Cold L2: a read of ``nbytes`` (2 x L2) before each call, outside the event pair.

    A read rather than a write: after it L2 holds clean lines of the flush buffer, so the timed kernel starts with
    nothing of its own cached and no dirty lines to write back, as after ncu's ``--cache-control all``.
    """

    def __init__(self, torch: Any, device: Any, nbytes: int) -> None:
        n = max(1, nbytes // 4)
        self.nbytes = n * 4
        dev = device if device is not None else "cuda"
        self.buf = torch.ones(n, dtype=torch.float32, device=dev)
        self.out = torch.empty((), dtype=torch.float32, device=dev)
        self._sum = torch.sum

    def __call__(self) -> None:
        self._sum(self.buf, 0, out=self.out)


def tensor_bytes(obj: Any) -> int:
    """Bytes of the tensors in ``obj`` (nested lists, tuples, dict values)."""
    if hasattr(obj, "element_size") and hasattr(obj, "nelement"):
        return int(obj.element_size() * obj.nelement())
    if isinstance(obj, (list, tuple)):
        return sum(tensor_bytes(x) for x in obj)
    if isinstance(obj, dict):
        return sum(tensor_bytes(x) for x in obj.values())
    return 0


def _clone(obj: Any) -> Any:
    if hasattr(obj, "element_size") and hasattr(obj, "clone"):
        return obj.clone()
    if isinstance(obj, tuple):
        return tuple(_clone(x) for x in obj)
    if isinstance(obj, list):
        return [_clone(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _clone(v) for k, v in obj.items()}
    return obj


def rotating(fn: Callable[..., Any], args: tuple, kwargs: dict, copies: int) -> Callable[[], Any]:
    """A zero-argument callable that calls ``fn`` on copy ``k % copies`` of the inputs at its k-th call."""
    sets = [(args, kwargs)] + [(_clone(args), _clone(kwargs)) for _ in range(copies - 1)]
    state = [0]

    def call() -> Any:
        i = state[0]
        state[0] = i + 1 if i + 1 < copies else 0
        a, k = sets[i]
        return fn(*a, **k)

    call.copies = copies  # type: ignore[attr-defined]
    return call
