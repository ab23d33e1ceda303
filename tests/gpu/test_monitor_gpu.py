"""The NVML monitor on a real device: samples a bf16 matmul loop, matched by UUID."""

import time

import pytest

pytestmark = pytest.mark.gpu


def _matmul_for(torch, seconds):
    n = 8192
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    c = torch.empty(n, n, device="cuda", dtype=torch.bfloat16)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(20):
            torch.matmul(a, b, out=c)
        torch.cuda.synchronize()


def test_monitor_samples_a_real_device_during_matmul():
    torch = pytest.importorskip("torch")
    pytest.importorskip("pynvml")
    from wprof.monitor import Monitor, normalize_uuid, read_once

    idx = torch.cuda.current_device()
    mon = Monitor(idx, interval_s=0.02)
    assert mon.available, mon.unavailable_reason
    facts = mon.device_facts
    assert normalize_uuid(facts.uuid) == normalize_uuid(torch.cuda.get_device_properties(idx).uuid)
    assert facts.name == torch.cuda.get_device_name(idx)
    with mon:
        t0 = time.perf_counter_ns()
        _matmul_for(torch, 2.0)
        t1 = time.perf_counter_ns()
    s = mon.summary(include_samples=True)
    assert s.available and s.n_samples >= 20
    assert s.metrics["gpu_util_pct"].max > 50
    assert s.metrics["power_w"].max > s.metrics["power_w"].min  # load changes power
    assert 0 < s.metrics["sm_clock_mhz"].max <= facts.max_sm_clock_mhz + 1
    assert s.read_cost_us is not None and s.read_cost_us < 2000  # the sampler's own cost stays small
    assert any(t0 <= x.t_ns <= t1 for x in s.samples)
    print("\nmonitor summary:", s.to_dict() | {"samples": f"{s.n_samples} samples"})
    print("warning:", s.warning())
    r = read_once(idx)
    assert r.available and r.sample.sm_clock_mhz > 0 and r.device.driver
