"""A scripted CUDA backend: the span interface of wprof.benchmark.device.CudaBackend, with made-up device times."""

import time

from wprof.benchmark.device import Span


class FakeGraph:
    def __init__(self, backend):
        self.backend = backend

    def replay(self):
        self.backend.replays += 1


class FakeFlush:
    """The cold-cache flush: counts its calls."""

    def __init__(self, nbytes):
        self.nbytes = nbytes
        self.calls = 0

    def __call__(self):
        self.calls += 1


class FakeCuda:
    clock = "cuda-events"
    is_cuda = True
    has_sleep = True

    def __init__(self, eager_ms, device_ms, host_ms, graph_ms=None, capture_error=None, floor_ms=0.001,
                 pair_ms=0.0005, single_ms=None, queued_ok=True, kernels=None, hidden_ms=0.0, host_call_ms=0.0003):
        self.eager_ms, self.device_ms, self.host_ms = eager_ms, device_ms, host_ms
        self.pair_ms, self.single_ms, self.queued_ok = pair_ms, single_ms, queued_ok
        self.cache_key = None  # no floor cache across tests unless a test sets one
        self.graph_ms, self.capture_error, self.floor_ms = graph_ms, capture_error, floor_ms
        self.cycles_per_ms = None
        self.graph = None
        self.replays = 0
        self.spans = []
        self.t = 0
        # the cross-check, on a fake host clock (``now_ns``): ``kernels`` is what the profiler pass returns (a
        # KernelBreakdown, or None: no profiler); benchmark ``self.call``: each call costs the host ``host_call_ms``
        # and leaves ``hidden_ms`` of device work that a synchronize waits for
        self.kernels, self.hidden_ms, self.host_call_ms, self.pending = kernels, hidden_ms, host_call_ms, 0
        self.profiled = 0
        self.ns = 0

    def call(self):
        self.pending += 1
        self.ns += int(self.host_call_ms * 1e6)

    def telemetry(self, device, monitor):  # tests replace this with a scripted telemetry
        from wprof.benchmark.telemetry import Telemetry

        return Telemetry(device, enabled=monitor)

    def now_ns(self):  # warmup and budgets on the real host clock, as CudaBackend's; plus the fake host and device
        return time.perf_counter_ns() + self.ns  # time of ``call`` and ``sync`` (the cross-check's wall)

    def make_flush(self, nbytes):
        return FakeFlush(nbytes)

    def sync(self, phase):
        self.ns += int(self.pending * self.hidden_ms * 1e6)
        self.pending = 0

    def profile(self, call, calls):
        from wprof.benchmark.kernels import KernelBreakdown

        for _ in range(calls):
            call()
        self.profiled += calls
        return self.kernels if self.kernels is not None else KernelBreakdown(False, "fake: no profiler")

    def null_work(self):
        return lambda: None

    def l2_bytes(self):
        return 50 * 2**20

    def free_bytes(self):
        return 80 * 2**30

    def calibrate_sleep(self):
        self.cycles_per_ms = 1.98e6
        return self.cycles_per_ms

    def recover(self):
        pass

    def capture(self, call, calls):
        for _ in range(calls):
            call()
        if self.capture_error:
            raise RuntimeError(self.capture_error)
        self.graph = FakeGraph(self)
        return self.graph

    def span(self, work, n, calls, *, before=None, prequeue_ms=None, host_times=False, phase="timing"):
        for _ in range(n):
            if before is not None:
                before()
            work()
        if phase == "floor":
            v = self.floor_ms
        elif phase == "floor pair":
            v = self.pair_ms
        elif self.graph is not None and getattr(work, "__self__", None) is self.graph:
            v = self.graph_ms if self.graph_ms is not None else self.device_ms
        elif prequeue_ms is not None and calls == 1 and self.single_ms is not None and before is None:
            v = self.single_ms  # one call in its own pre-queued event pair (isolated estimate)
        elif prequeue_ms is not None:
            v = self.device_ms
        else:
            v = self.eager_ms
        self.spans.append((phase, n, calls, prequeue_ms is not None, before is not None))
        self.t += 1
        return Span([v] * n, self.t * 1000, self.t * 1000 + 500, n * self.host_ms,
                    [self.host_ms] * n if host_times else [], 2.0 * n * calls * self.host_ms + 1.0 if prequeue_ms
                    is not None else None, self.queued_ok if prequeue_ms is not None else None)
