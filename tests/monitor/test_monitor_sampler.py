import threading
import time
from types import SimpleNamespace

import pytest

import wprof.monitor._nvml as nvml_mod
from wprof.errors import UsageError
from wprof.monitor import Monitor, normalize_uuid, read_once

U1 = "GPU-aaaaaaaa-0000-0000-0000-000000000001"
U2 = "GPU-bbbbbbbb-0000-0000-0000-000000000002"
U3 = "GPU-cccccccc-0000-0000-0000-000000000003"


def _wait_for(pred, timeout=10.0):
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError("condition not reached")
        time.sleep(0.001)


def test_normalize_uuid():
    assert normalize_uuid("GPU-AAAA-1") == "aaaa-1"
    assert normalize_uuid(b"GPU-abc\0") == "abc"
    assert normalize_uuid("MIG-xyz") == "xyz"
    raw = bytes(range(16))
    assert normalize_uuid(raw) == "00010203-0405-0607-0809-0a0b0c0d0e0f"


def test_read_once_reads_everything(fake_nvml):
    r = read_once(U1)
    assert r.available and r.unavailable_reason is None
    assert r.device.name == "NVIDIA H200" and r.device.uuid == U1
    assert r.device.power_limit_w == 700.0 and r.device.max_sm_clock_mhz == 1980
    assert r.device.power_source == "instant" and r.device.driver == "580.159.04"
    s = r.sample
    assert s.power_w == 351.0  # the instant field, not the 1 s average
    assert s.sm_clock_mhz == 1980 and s.mem_clock_mhz == 3201
    assert s.gpu_util_pct == 90 and s.mem_util_pct == 40 and s.temperature_c == 55
    assert s.memory_used_mib == 2048
    assert s.reasons_mask == 0
    assert fake_nvml.default.inits == fake_nvml.default.shutdowns == 1
    assert "energy" not in fake_nvml.default.calls


def test_power_falls_back_to_average_without_instant_field(fake_nvml):
    fake_nvml(instant=False)
    r = read_once(U1)
    assert r.device.power_source == "average" and r.sample.power_w == 350.0


def test_older_throttle_reasons_name(fake_nvml):
    m = fake_nvml(reasons_name="nvmlDeviceGetCurrentClocksThrottleReasons")
    m.state[U1]["reasons"] = 0x4
    assert read_once(U1).sample.throttled


def test_no_reasons_function_reads_none(fake_nvml):
    fake_nvml(reasons_name=None)
    s = read_once(U1).sample
    assert s.reasons_mask is None and not s.throttled


def test_uuid_match_ignores_nvml_index(fake_nvml, monkeypatch):
    m = fake_nvml([dict(uuid=U1, name="A"), dict(uuid=U2, name="B"), dict(uuid=U3, name="C")])
    # torch index 0 is NVML's third device (CUDA_VISIBLE_DEVICES=2); torch reports the bare lower-case UUID
    monkeypatch.setattr(nvml_mod, "torch_uuid", lambda i: {0: U3[4:], None: U3[4:]}[i])
    assert read_once(0).device.name == "C"
    assert read_once("cuda:0").device.name == "C"
    assert read_once("cuda").device.name == "C"
    assert read_once(U2).device.name == "B"
    assert read_once(U2[4:].upper()).device.name == "B"  # prefix and case do not matter
    assert m.inits == m.shutdowns


def test_uuid_lookup_falls_back_to_scan(fake_nvml):
    m = fake_nvml([dict(uuid=U1, name="A"), dict(uuid=U2, name="B")])

    def by_uuid_broken(u):
        raise m.NVMLError("Not Supported")

    m.nvmlDeviceGetHandleByUUID = by_uuid_broken
    assert read_once(U2).device.name == "B"


def test_torch_uuid_reads_device_properties(monkeypatch):
    props = SimpleNamespace(uuid="CCCCCCCC-0000-0000-0000-000000000003")
    fake_torch = SimpleNamespace(cuda=SimpleNamespace(
        is_available=lambda: True, current_device=lambda: 1, get_device_properties=lambda i: props))
    monkeypatch.setattr(nvml_mod, "optional", lambda name: fake_torch if name == "torch" else None)
    assert nvml_mod.torch_uuid(None) == U3[4:]


def test_unknown_uuid_is_unavailable_not_raised(fake_nvml):
    r = read_once("GPU-ffffffff-dead-beef-0000-000000000000")
    assert not r.available and "no NVML device has UUID" in r.unavailable_reason


def test_missing_pynvml_is_said_not_raised(no_nvml):
    r = read_once()
    assert not r.available and "pip install 'wprof[nvml]'" in r.unavailable_reason
    mon = Monitor()
    assert not mon.available
    with mon:
        pass
    s = mon.summary()
    assert not s.available and "nvidia-ml-py" in s.unavailable_reason
    assert mon.read() is None


def test_nvml_init_failure_is_said(fake_nvml):
    fake_nvml(init_error="Driver Not Loaded")
    mon = Monitor(U1)
    summary = mon.start().stop()
    assert not summary.available and "Driver Not Loaded" in summary.unavailable_reason


def test_torch_index_without_cuda_is_said(fake_nvml):
    # the CI torch is a CPU build: a torch index cannot be mapped
    r = read_once(0)
    assert not r.available
    assert "torch" in r.unavailable_reason


def test_device_none_picks_the_only_gpu_without_torch_cuda(fake_nvml, monkeypatch):
    monkeypatch.setattr(nvml_mod, "_cuda_ok", lambda torch: False)
    assert read_once().device.uuid == U1
    fake_nvml([dict(uuid=U1, name="A"), dict(uuid=U2, name="B")])
    r = read_once()
    assert not r.available and "several" in r.unavailable_reason


def test_bad_interval_is_usage_error():
    with pytest.raises(UsageError, match="interval_s=0"):
        Monitor(interval_s=0)
    with pytest.raises(UsageError, match="'fast'"):
        Monitor(interval_s="fast")


def test_thread_start_stop_and_edge_samples(fake_nvml):
    m = fake_nvml.default
    mon = Monitor(U1, interval_s=0.001)
    assert mon.available and mon.device_facts.name == "NVIDIA H200"
    mon.start()
    assert mon.running
    assert any(t.name == "wprof-monitor" and t.daemon for t in threading.enumerate())
    assert len(mon.samples) >= 1  # first sample taken synchronously by start()
    _wait_for(lambda: len(mon.samples) >= 5)
    m.state[U1]["reasons"] = 0x4 | 0x1
    m.state[U1]["sm"] = 1500
    n_before = len(mon.samples)
    _wait_for(lambda: len(mon.samples) >= n_before + 3)
    summary = mon.stop()
    assert not mon.running
    assert not any(t.name == "wprof-monitor" for t in threading.enumerate())
    assert summary.available and summary.n_samples == len(mon.samples) >= 8
    assert summary.throttled and summary.throttle_reasons == ("sw_power_cap",)
    assert summary.metrics["sm_clock_mhz"].min == 1500 and summary.metrics["sm_clock_mhz"].max == 1980
    assert mon.samples[-1].throttled  # the last sample was taken by stop()
    assert summary.read_cost_us is not None and summary.read_cost_us > 0
    assert m.inits == m.shutdowns == 1
    assert "energy" not in m.calls
    # samples are ordered by host time
    ts = [s.t_ns for s in mon.samples]
    assert ts == sorted(ts)


def test_context_manager_and_restart(fake_nvml):
    m = fake_nvml.default
    with Monitor(U1, interval_s=0.001) as mon:
        _wait_for(lambda: len(mon.samples) >= 2)
    first = len(mon.samples)
    assert not mon.running and m.shutdowns == 1
    mon.start()
    mon.stop()
    assert len(mon.samples) >= first + 2 and m.inits == m.shutdowns == 2


def test_host_timestamps_align_with_caller_spans(fake_nvml):
    m = fake_nvml.default
    mon = Monitor(U1, interval_s=0.001).start()
    a = time.perf_counter_ns()
    _wait_for(lambda: len(mon.samples) >= 3)
    b = time.perf_counter_ns()
    m.state[U1]["reasons"] = 0x40 | 0x8
    n = len(mon.samples)
    _wait_for(lambda: len(mon.samples) >= n + 2)
    c = time.perf_counter_ns()
    s = mon.stop()
    assert a < b and s.throttled_between(b, c)
    assert not s.throttled_between(0, 1)  # long before the monitor started
    assert mon.is_throttled_at(c)
    split = s.split_throttled([(0, 1), (b, c)])
    assert split.dropped == (1,) and split.kept == (0,)


def test_sampler_survives_a_failing_read(fake_nvml):
    m = fake_nvml.default
    mon = Monitor(U1, interval_s=0.001).start()

    def boom(h, which):
        raise m.NVMLError("GPU is lost")

    m.nvmlDeviceGetClockInfo = boom
    n = len(mon.samples)
    _wait_for(lambda: len(mon.samples) >= n + 3)
    s = mon.stop()
    assert mon.samples[-1].sm_clock_mhz is None and mon.samples[-1].power_w is not None
    assert s.available


def test_reading_flat_view_for_fingerprints(fake_nvml):
    fake_nvml.default.state[U1]["reasons"] = 0x4 | 0x1
    r = read_once(U1)
    assert r.get("driver") == "580.159.04" and r.get("power_limit_w") == 700.0
    assert r.get("sm_clock_max_mhz") == 1980 and r.get("sm_clock_mhz") == 1980
    assert r.get("throttle_reasons") == ["gpu_idle", "sw_power_cap"] and r.get("throttled")
    assert r.get("missing", 5) == 5
    from wprof.monitor import Reading
    assert Reading.from_dict(r.to_dict()) == r
