"""The CUDA orchestration of bench() with a scripted backend: headline choice, graph vs eager, cache, floor,
throttling. No GPU: the numbers are made up, the decisions and the result's fields are what is tested."""

import pytest

import wprof
from wprof.benchmark import HostBackend, measure
from wprof.errors import UsageError

from .fake_cuda import FakeCuda


def codes(r):
    return {w.code for w in r.warnings}


def test_tiny_launch_bound_kernel_reports_graph_device_time():
    be = FakeCuda(eager_ms=0.0135, device_ms=0.0016, host_ms=0.012, graph_ms=0.0012)
    r = wprof.bench(lambda: None, backend=be, iters=20, monitor=False)
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


def test_memcpy_graph_slower_keeps_eager_prequeued():
    be = FakeCuda(eager_ms=0.0520, device_ms=0.0480, host_ms=0.010, graph_ms=0.0740)
    r = wprof.bench(lambda: None, backend=be, iters=10, monitor=False)
    assert r.mode == "prequeued" and r.extra["headline"] == "device"
    assert "graph-slower" in codes(r)
    assert any("slower than the same calls launched eagerly" in n for n in r.extra["notices"])
    assert r.extra["graph"]["pilot_ms"] == pytest.approx(0.0740)


def test_capture_failure_falls_back_with_notice():
    be = FakeCuda(eager_ms=0.013, device_ms=0.002, host_ms=0.012, capture_error="operation not permitted")
    r = wprof.bench(lambda: None, backend=be, iters=10, monitor=False)
    assert r.mode == "prequeued" and "graph-capture-failed" in codes(r)
    assert r.extra["graph"] == {"error": "operation not permitted"}


def test_big_kernel_headline_is_device_time_with_per_call_beside():
    # accuracy.md: mm bf16 4096³ per-call 185.9 µs, back to back 175.4 µs (ncu 175.6 µs); graph not slower
    be = FakeCuda(eager_ms=0.1859, device_ms=0.1754, host_ms=0.014, graph_ms=0.1753)
    r = wprof.bench(lambda: None, backend=be, iters=15, monitor=False)
    assert r.mode == "graph" and r.calls_per_sample == 3 and r.extra["headline"] == "device"
    assert r.summary.median == pytest.approx(0.1753)
    assert r.extra["eager_ms"] == pytest.approx(0.1859)  # launch-inclusive per-call number beside it
    assert len(r.extra["pilot"]["eager_samples_ms"]) >= 5  # the per-call spread is kept
    assert "launch-bound" not in codes(r) and "near-floor" not in codes(r) and "isolated_ms" not in r.extra
    assert r.extra["floor"]["method"] == "device"


def test_prequeue_that_did_not_hold_keeps_per_call_events():
    be = FakeCuda(eager_ms=0.0505, device_ms=0.0497, host_ms=0.010, queued_ok=False)
    r = wprof.bench(lambda: None, backend=be, iters=10, monitor=False)
    assert r.mode == "per-call" and r.extra["headline"] == "eager"
    assert "not valid" in r.extra["decision"]["reason"]
    assert r.extra["floor"]["method"] == "per-call"


def test_near_floor_kernel_carries_isolated_estimate():
    # accuracy.md: add 1024 back to back 0.96 µs (graph), ncu 1.63 µs; floor (null kernel back to back) 1.45 µs
    be = FakeCuda(eager_ms=0.0106, device_ms=0.0010, host_ms=0.0074, graph_ms=0.00096, floor_ms=0.00145,
                 pair_ms=0.0012, single_ms=0.0029)
    r = wprof.bench(lambda: None, backend=be, iters=20, monitor=False)
    assert r.mode == "graph" and r.summary.median == pytest.approx(0.00096)
    assert r.extra["isolated_ms"] == pytest.approx(0.0017)
    assert r.extra["isolated"]["empty_pair_ms"] == pytest.approx(0.0012)
    w = next(w for w in r.warnings if w.code == "near-floor")
    assert "overlap" in w.message and "on its own" in w.message and "1.7 µs" in w.message


def test_cold_one_call_per_pair_carries_pair_cost():
    be = FakeCuda(eager_ms=0.0038, device_ms=0.0044, host_ms=0.0074, pair_ms=0.0021)
    r = wprof.bench(lambda: None, backend=be, iters=12, cache="cold", monitor=False)
    assert r.mode == "prequeued" and r.calls_per_sample == 1 and r.extra["headline"] == "device"
    assert r.extra["isolated_ms"] == pytest.approx(0.0023)
    w = next(w for w in r.warnings if w.code == "pair-cost")
    assert "flush between calls" in w.message and "2.1 µs" in w.message


def test_pilot_samples_count_and_floor_is_cached():
    be = FakeCuda(eager_ms=0.0505, device_ms=0.0497, host_ms=0.010, graph_ms=0.0497)
    be.cache_key = ("fake", 0)
    measure.FLOOR_CACHE.clear()
    try:
        r = wprof.bench(lambda: None, backend=be, monitor=False)  # adaptive: the graph pilot's samples seed the headline
        assert r.mode == "graph" and r.summary.n >= 10
        timed = sum(n for p, n, *_ in be.spans if p == "timing")
        assert r.summary.n == timed + len(r.extra["graph"]["samples_ms"])
        assert r.extra["floor"]["cached"] is False
        be.spans.clear()
        r2 = wprof.bench(lambda: None, backend=be, monitor=False)
        assert r2.extra["floor"]["cached"] is True and r2.extra["floor"]["pair_ms"] == pytest.approx(0.0005)
        assert not any(p.startswith("floor") for p, *_ in be.spans)
    finally:
        measure.FLOOR_CACHE.clear()


def test_forced_per_call_runs_no_pilot():
    be = FakeCuda(eager_ms=0.0135, device_ms=0.0016, host_ms=0.012)
    r = wprof.bench(lambda: None, backend=be, iters=10, mode="per-call", monitor=False)
    assert r.mode == "per-call" and "decision" not in r.extra
    assert not any(p == "pilot" for p, *_ in be.spans)


def test_forced_graph_mode():
    be = FakeCuda(eager_ms=0.05, device_ms=0.049, host_ms=0.01, graph_ms=0.048)
    r = wprof.bench(lambda: None, backend=be, iters=10, mode="graph", monitor=False)
    assert r.mode == "graph"


def test_cold_cache_flushes_before_each_call_outside_the_pair():
    be = FakeCuda(eager_ms=0.0135, device_ms=0.0040, host_ms=0.012, graph_ms=0.001)
    flushes = []
    make_flush = be.make_flush
    be.make_flush = lambda nbytes: (flushes.append(make_flush(nbytes)) or flushes[-1])
    r = wprof.bench(lambda: None, backend=be, iters=12, cache="cold", monitor=False)
    assert r.extra["cache"]["policy"] == "cold" and r.extra["cache"]["flush_bytes"] == 100 * 2**20
    assert r.mode == "prequeued" and r.calls_per_sample == 1  # one call per flush; no graph (it would time it)
    timed = [s for s in be.spans if s[0] == "timing"]
    assert timed and all(s[4] for s in timed)  # a flush before every timed sample
    assert len(flushes) == 1 and flushes[0].calls >= 12


def test_rotate_needs_args():
    with pytest.raises(UsageError, match="cache='rotate' needs the inputs"):
        wprof.bench(lambda: None, backend=HostBackend(), cache="rotate")


def test_rotate_sizes_copies_from_l2():
    torch = pytest.importorskip("torch")
    be = FakeCuda(eager_ms=0.2, device_ms=0.2, host_ms=0.01)
    a = torch.zeros(2 * 2**20)  # 8 MiB
    seen = []
    r = wprof.bench(lambda x: seen.append(x.data_ptr()), backend=be, args=(a,), cache="rotate", iters=10, monitor=False)
    assert r.extra["cache"]["rotate_copies"] == 14 and r.extra["cache"]["rotate_enough"] is True
    assert len(set(seen)) == 14  # every copy used


def test_bad_cache_value():
    with pytest.raises(UsageError, match="cache 'hot'"):
        wprof.bench(lambda: None, cache="hot")


class FakeTelemetry:
    """Samples of the first half of the spans were throttled."""

    def __init__(self, device, monitor=True):
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
def test_throttled_samples_flagged_and_optionally_dropped(drop):
    be = FakeCuda(eager_ms=0.18, device_ms=0.18, host_ms=0.01)
    be.telemetry = FakeTelemetry
    r = wprof.bench(lambda: None, backend=be, iters=20, drop_throttled=drop)
    assert "throttled" in codes(r) and r.extra["throttled_samples"] == 10
    assert r.summary.n == (10 if drop else 20)
    assert len(r.extra.get("dropped_samples_ms", [])) == (10 if drop else 0)


class PowerTelemetry(FakeTelemetry):
    def to_dict(self):
        return {"available": True, "throttled_fraction": 0.0, "device": {"power_limit_w": 700.0},
                "metrics": {"power_w": {"max": 795.3}}}

    def split(self, spans, drop):
        return list(range(len(spans))), [], None

    def warning_line(self):
        return None


def test_power_limit_is_a_measured_reason():
    be = FakeCuda(eager_ms=0.186, device_ms=0.1754, host_ms=0.014)
    be.telemetry = PowerTelemetry
    r = wprof.bench(lambda: None, backend=be, iters=20)
    w = next(w for w in r.warnings if w.code == "power-limit")
    assert "795 W of its 700 W limit" in w.message and r.extra["power_limited"] is True
    assert r.extra["drift"]["first_quarter_ms"] == pytest.approx(0.1754)


def test_no_nvml_is_said_not_failed():
    be = FakeCuda(eager_ms=0.18, device_ms=0.18, host_ms=0.01)
    r = wprof.bench(lambda: None, backend=be, iters=10)  # pynvml is not installed in CI
    assert r.extra["telemetry"]["available"] is False and r.extra["telemetry"]["unavailable_reason"]
    assert any(n.startswith("no clock telemetry") for n in r.extra["notices"])


def test_host_path_keeps_floor_and_cache_notice():
    r = wprof.bench(lambda: None, backend=HostBackend(), iters=10, cache="cold", warmup_ms=0)
    assert r.clock == "host" and r.extra["floor"]["method"] == "host" and "host_ms" in r.extra["floor"]
    assert r.extra["cache"]["applied"] is False
    assert any("host clock nothing is flushed" in n for n in r.extra["notices"])


def test_host_rejects_device_only_modes():
    from wprof.errors import DeviceUnavailableError

    with pytest.raises(DeviceUnavailableError, match="mode='graph' needs a CUDA device"):
        wprof.bench(lambda: None, backend=HostBackend(), mode="graph", iters=5)


def test_long_calls_skip_pilots():
    from .test_core_fake_clock import FakeClock

    be = FakeCuda(eager_ms=5.0, device_ms=5.0, host_ms=0.01)
    clock = be.now_ns = FakeClock()  # each call takes 5 ms on the backend's host clock: a "long" call
    r = wprof.bench(lambda: clock.advance_ms(5.0), backend=be, iters=10, monitor=False)
    assert r.mode == "per-call" and "no pilots" in r.extra["decision"]["reason"]
    assert not any(p == "pilot" for p, *_ in be.spans)
