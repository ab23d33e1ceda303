"""The CUDA orchestration of bench() with a scripted backend: headline choice, graph vs eager, cache, floor,
throttling. No GPU: the numbers are made up, the decisions and the result's fields are what is tested."""

import pytest

import wprof
from wprof.benchmark import core, telemetry
from wprof.errors import UsageError

from .fake_cuda import FakeCuda


@pytest.fixture
def use(monkeypatch):
    def install(backend):
        monkeypatch.setattr(core, "_make_backend", lambda device: backend)
        return backend

    return install


def codes(r):
    return {w.code for w in r.warnings}


def test_tiny_launch_bound_kernel_reports_graph_device_time(use):
    be = use(FakeCuda(eager_ms=0.0135, device_ms=0.0016, host_ms=0.012, graph_ms=0.0012))
    r = wprof.bench(lambda: None, iters=20, monitor=False)
    assert r.clock == "cuda-events" and r.mode == "graph" and r.calls_per_sample == 250  # ceil(0.4 ms / 1.6 µs)
    assert r.summary.median == pytest.approx(0.0012)
    assert r.extra["headline"] == "device" and r.extra["method"] == "graph"
    assert r.extra["device_ms"] == pytest.approx(0.0012) and r.extra["eager_ms"] == pytest.approx(0.0135)
    assert r.extra["decision"]["launch_bound"] is True
    assert {"launch-bound", "aggregate-mode"} <= codes(r)
    assert be.replays >= 20
    # the harness floor is on record, and a 1.2 µs median within 3x of a 1 µs floor is flagged
    assert r.extra["floor"]["method"] == "device" and r.extra["floor"]["floor_ms"] == pytest.approx(0.001)
    assert "near-floor" in codes(r)


def test_memcpy_graph_slower_keeps_eager_prequeued(use):
    use(FakeCuda(eager_ms=0.0520, device_ms=0.0480, host_ms=0.010, graph_ms=0.0740))
    r = wprof.bench(lambda: None, iters=10, monitor=False)
    assert r.mode == "prequeued" and r.extra["headline"] == "device"
    assert "graph-slower" in codes(r)
    assert any("slower than the same calls launched eagerly" in n for n in r.extra["notices"])
    assert r.extra["graph"]["pilot_ms"] == pytest.approx(0.0740)


def test_capture_failure_falls_back_with_notice(use):
    use(FakeCuda(eager_ms=0.013, device_ms=0.002, host_ms=0.012, capture_error="operation not permitted"))
    r = wprof.bench(lambda: None, iters=10, monitor=False)
    assert r.mode == "prequeued" and "graph-capture-failed" in codes(r)
    assert r.extra["graph"] == {"error": "operation not permitted"}


def test_big_kernel_keeps_per_call_events_with_device_number_beside(use):
    use(FakeCuda(eager_ms=0.1795, device_ms=0.1790, host_ms=0.012, graph_ms=0.17))
    r = wprof.bench(lambda: None, iters=15, monitor=False)
    assert r.mode == "per-call" and r.calls_per_sample == 1 and r.extra["headline"] == "eager"
    assert r.summary.median == pytest.approx(0.1795)
    assert r.extra["device_ms"] == pytest.approx(0.1790)
    assert "graph" not in r.extra and "launch-bound" not in codes(r)
    assert r.extra["floor"]["method"] == "per-call"


def test_forced_per_call_runs_no_pilot(use):
    be = use(FakeCuda(eager_ms=0.0135, device_ms=0.0016, host_ms=0.012))
    r = wprof.bench(lambda: None, iters=10, mode="per-call", monitor=False)
    assert r.mode == "per-call" and "decision" not in r.extra
    assert not any(p == "pilot" for p, *_ in be.spans)


def test_forced_graph_mode(use):
    use(FakeCuda(eager_ms=0.05, device_ms=0.049, host_ms=0.01, graph_ms=0.048))
    r = wprof.bench(lambda: None, iters=10, mode="graph", monitor=False)
    assert r.mode == "graph"


def test_cold_cache_flushes_before_each_call_outside_the_pair(use, monkeypatch):
    import wprof.benchmark.device as device

    flushes = []

    class FakeFlush:
        def __init__(self, torch, dev, nbytes):
            self.nbytes = nbytes

        def __call__(self):
            flushes.append(1)

    monkeypatch.setattr(device, "Flush", FakeFlush)
    be = use(FakeCuda(eager_ms=0.0135, device_ms=0.0040, host_ms=0.012, graph_ms=0.001))
    be.torch = None
    r = wprof.bench(lambda: None, iters=12, cache="cold", monitor=False)
    assert r.extra["cache"]["policy"] == "cold" and r.extra["cache"]["flush_bytes"] == 100 * 2**20
    assert r.mode == "prequeued" and r.calls_per_sample == 1  # one call per flush; no graph (it would time it)
    timed = [s for s in be.spans if s[0] == "timing"]
    assert timed and all(s[4] for s in timed)  # a flush before every timed sample
    assert len(flushes) >= 12


def test_rotate_needs_args():
    with pytest.raises(UsageError, match="cache='rotate' needs the inputs"):
        wprof.bench(lambda: None, cache="rotate")


def test_rotate_sizes_copies_from_l2(use):
    torch = pytest.importorskip("torch")
    use(FakeCuda(eager_ms=0.2, device_ms=0.2, host_ms=0.01))
    a = torch.zeros(2 * 2**20)  # 8 MiB
    seen = []
    r = wprof.bench(lambda x: seen.append(x.data_ptr()), args=(a,), cache="rotate", iters=10, monitor=False)
    assert r.extra["cache"]["rotate_copies"] == 14 and r.extra["cache"]["rotate_enough"] is True
    assert len(set(seen)) == 14  # every copy used


def test_bad_cache_value():
    with pytest.raises(UsageError, match="cache 'hot'"):
        wprof.bench(lambda: None, cache="hot")


class FakeTelemetry:
    """Samples of the first half of the spans were throttled."""

    def __init__(self, device, enabled=True, interval_s=0.05):
        self.available, self.reason = True, None

    def start(self):
        pass

    def stop(self):
        pass

    def to_dict(self):
        return {"available": True, "throttled_fraction": 0.5}

    def split(self, spans, drop):
        n = len(spans)
        bad = list(range(n // 2))
        kept = list(range(n // 2, n)) if drop else list(range(n))
        return kept, bad, None

    def warning_line(self):
        return "GPU clock throttled in 50% of 20 NVML samples (sw_power_cap 50%)"


@pytest.mark.parametrize("drop", [False, True])
def test_throttled_samples_flagged_and_optionally_dropped(use, monkeypatch, drop):
    monkeypatch.setattr(telemetry, "Telemetry", FakeTelemetry)
    use(FakeCuda(eager_ms=0.18, device_ms=0.18, host_ms=0.01))
    r = wprof.bench(lambda: None, iters=20, drop_throttled=drop)
    assert "throttled" in codes(r) and r.extra["throttled_samples"] == 10
    assert r.summary.n == (10 if drop else 20)
    assert len(r.extra.get("dropped_samples_ms", [])) == (10 if drop else 0)


def test_no_nvml_is_said_not_failed(use):
    use(FakeCuda(eager_ms=0.18, device_ms=0.18, host_ms=0.01))
    r = wprof.bench(lambda: None, iters=10)  # pynvml is not installed in CI
    assert r.extra["telemetry"]["available"] is False and r.extra["telemetry"]["unavailable_reason"]
    assert any(n.startswith("no clock telemetry") for n in r.extra["notices"])


def test_host_path_keeps_floor_and_cache_notice(monkeypatch):
    monkeypatch.setattr(core, "_cuda_ok", lambda torch: False)
    r = wprof.bench(lambda: None, iters=10, cache="cold", warmup_ms=0)
    assert r.clock == "host" and r.extra["floor"]["method"] == "host" and "host_ms" in r.extra["floor"]
    assert r.extra["cache"]["applied"] is False
    assert any("host clock nothing is flushed" in n for n in r.extra["notices"])


def test_host_rejects_device_only_modes(monkeypatch):
    from wprof.errors import DeviceUnavailableError

    monkeypatch.setattr(core, "_cuda_ok", lambda torch: False)
    with pytest.raises(DeviceUnavailableError, match="mode='graph' needs a CUDA device"):
        wprof.bench(lambda: None, mode="graph", iters=5)


def test_long_calls_skip_pilots(use, monkeypatch):
    be = use(FakeCuda(eager_ms=5.0, device_ms=5.0, host_ms=0.01))
    monkeypatch.setattr(core, "LONG_CALL_MS", -1.0)  # the fake's host-clock estimate is ~0: make every call "long"
    r = wprof.bench(lambda: None, iters=10, monitor=False)
    assert r.mode == "per-call" and "no pilots" in r.extra["decision"]["reason"]
    assert not any(p == "pilot" for p, *_ in be.spans)
