"""The bench core's warmup, sampling and stopping logic, on the host path with a fake clock (no GPU, no noise)."""

import pytest

import wprof
from wprof.benchmark import HostBackend
from wprof.errors import DeviceUnavailableError, UsageError, UserCodeError


class FakeClock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now

    def advance_ms(self, ms):
        self.now += int(ms * 1e6)


@pytest.fixture
def clock():
    return FakeClock()


def bench(clock, fn, **kw):
    """wprof.bench on the host backend reading the fake clock."""
    return wprof.bench(fn, backend=HostBackend(clock=clock), **kw)


def make_fn(clock, durations):
    """A callable whose k-th call takes durations(k) ms on the fake clock."""
    calls = []

    def fn():
        k = len(calls)
        calls.append(k)
        clock.advance_ms(durations(k))

    fn.calls = calls
    return fn


def test_fixed_iters_gives_exact_samples(clock):
    fn = make_fn(clock, lambda k: 50.0 if k == 0 else 2.0)
    r = bench(clock, fn, iters=40, warmup=5, warmup_ms=0)
    assert r.clock == "host" and r.mode == "per-call"
    assert r.samples_ms == (2.0,) * 40
    assert r.summary.median == 2.0 and r.summary.n == 40
    assert r.warmup.first_call_ms == 50.0
    assert r.warmup.calls >= 5
    assert r.stop_reason == "iters=40 reached"
    assert "first-call-outlier" in {w.code for w in r.warnings}
    # first call + warmup + samples, nothing else
    assert len(fn.calls) == 1 + r.warmup.calls + 40


def test_warmup_by_time_dominates_count(clock):
    fn = make_fn(clock, lambda k: 1.0)
    r = bench(clock, fn, iters=10, warmup=2, warmup_ms=30)
    assert r.warmup.calls >= 30 and r.warmup.ms >= 30
    assert r.warmup.reason.startswith("first call + count>=2 and time>=30 ms")


def test_warmup_by_count_dominates_time(clock):
    fn = make_fn(clock, lambda k: 1.0)
    r = bench(clock, fn, iters=10, warmup=50, warmup_ms=1)
    assert r.warmup.calls == 50


def test_warmup_samples_excluded(clock):
    # calls get faster during warmup (ramp-up), then settle: samples must only see the steady state
    fn = make_fn(clock, lambda k: 10.0 if k < 8 else 1.0)
    r = bench(clock, fn, iters=20, warmup=10, warmup_ms=0)
    assert set(r.samples_ms) == {1.0}


def test_adaptive_stops_on_precision(clock):
    fn = make_fn(clock, lambda k: 1.0 + (k % 3) * 0.001)
    r = bench(clock, fn, warmup_ms=0, budget_s=100)
    assert r.stop_reason.startswith("precision")
    assert r.summary.ci95_rel_halfwidth <= 0.01


def test_adaptive_stops_on_budget(clock):
    import random

    rnd = random.Random(0)
    fn = make_fn(clock, lambda k: rnd.choice([1.0, 3.0]))  # too noisy for ±0.1%
    r = bench(clock, fn, warmup_ms=0, budget_s=0.5, precision=0.001)
    assert r.stop_reason.startswith("time budget 0.5 s spent")
    assert sum(r.samples_ms) >= 500 * 0.9


def test_aggregate_mode(clock):
    fn = make_fn(clock, lambda k: 0.5)
    r = bench(clock, fn, iters=10, mode="aggregate", calls_per_sample=4, warmup_ms=0)
    assert r.calls_per_sample == 4 and r.samples_ms == (0.5,) * 10
    assert "aggregate-mode" in {w.code for w in r.warnings}


@pytest.mark.parametrize("kw,match", [
    ({"iters": 0}, "iters=0"),
    ({"iters": -3}, "iters=-3"),
    ({"warmup": -1}, "warmup=-1"),
    ({"mode": "fast"}, "mode 'fast'"),
    ({"budget_s": 0}, "budget_s=0"),
    ({"precision": 2}, "precision=2"),
    ({"calls_per_sample": 0}, "calls_per_sample=0"),
])
def test_bad_arguments(kw, match):
    with pytest.raises(UsageError, match=match):
        wprof.bench(lambda: None, **kw)


def test_not_callable():
    with pytest.raises(UsageError, match="zero-argument callable"):
        wprof.bench(42)


@pytest.mark.parametrize("fail_at,phase", [(0, "first call"), (2, "warmup"), (40, "timing")])
def test_user_error_names_phase(clock, fail_at, phase):
    calls = []

    def fn():
        calls.append(1)
        clock.advance_ms(1)
        if len(calls) - 1 == fail_at:
            raise ValueError("bad shape")

    with pytest.raises(UserCodeError, match=f"during {phase}.*ValueError: bad shape") as ei:
        bench(clock, fn, iters=100, warmup=5, warmup_ms=0)
    assert ei.value.phase == phase


def test_cuda_error_hint(clock):
    def fn():
        raise RuntimeError("CUDA error: an illegal memory access was encountered")

    with pytest.raises(UserCodeError, match="CUDA_LAUNCH_BLOCKING=1"):
        bench(clock, fn)


def test_device_requested_without_cuda(monkeypatch):
    from wprof.benchmark import backends

    monkeypatch.setattr(backends, "_cuda_ok", lambda torch: False)  # make_backend's own check is what is tested
    with pytest.raises(DeviceUnavailableError, match="'cuda:0' was requested"):
        wprof.bench(lambda: None, device="cuda:0")


def test_host_notice_logged(monkeypatch, caplog):
    from wprof.benchmark import backends

    monkeypatch.setattr(backends, "_cuda_ok", lambda torch: False)  # make_backend's own notice is what is tested
    with caplog.at_level("WARNING", logger="wprof"):
        wprof.bench(lambda: None, iters=5, warmup_ms=0)
    assert any("no CUDA device: timing on the host clock" in r.message for r in caplog.records)
