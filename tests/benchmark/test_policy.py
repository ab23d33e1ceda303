"""Pure decisions of the harness (no torch): headline choice, graph vs eager, span and cache sizing."""

import pytest

from wprof.benchmark import policy


def test_launch_bound_tiny_kernel_headline_is_device():
    d = policy.decide_headline(eager_ms=0.0135, device_ms=0.0013, host_enqueue_ms=0.012)
    assert d.headline == "device" and d.launch_bound
    assert "launch-bound" in d.reason and "µs" in d.reason


def test_event_overhead_visible_headline_is_device_not_launch_bound():
    # 64 MB add: per-call events 50.5 µs, back-to-back 48.2 µs, host 10 µs per call
    d = policy.decide_headline(eager_ms=0.0505, device_ms=0.0482, host_enqueue_ms=0.010)
    assert d.headline == "device" and not d.launch_bound


def test_big_kernel_headline_is_device_time_too():
    # accuracy.md (H200): mm bf16 4096³ per-call 185.89 µs, back to back 175.43 µs, ncu 175.62 µs
    d = policy.decide_headline(eager_ms=0.18589, device_ms=0.17543, host_enqueue_ms=0.014)
    assert d.headline == "device" and not d.launch_bound and "add 6.0%" in d.reason
    d = policy.decide_headline(eager_ms=0.1795, device_ms=0.1790, host_enqueue_ms=0.012)
    assert d.headline == "device" and "agree" in d.reason


def test_invalid_device_measurement_keeps_eager_and_says_why():
    d = policy.decide_headline(0.05, 0.048, 0.01, device_problem="the host is in those samples")
    assert d.headline == "eager" and "not valid (the host is in those samples)" in d.reason


def test_isolated_estimate():
    assert policy.isolated_estimate(0.0031, 0.0012) == pytest.approx(0.0019)
    assert policy.isolated_estimate(0.0010, 0.0012) == 0.0
    assert policy.isolated_estimate(None, 0.001) is None and policy.isolated_estimate(0.003, None) is None


def test_pair_cost_visible():
    assert policy.pair_cost_visible(0.0044, 0.0012)  # 1024-element add, cold
    assert not policy.pair_cost_visible(0.175, 0.0012)  # 0.7% of a matmul
    assert not policy.pair_cost_visible(0.004, None)


def test_power_limited_and_drift():
    assert policy.power_limited(795.0, 700.0) and policy.power_limited(680.0, 700.0)
    assert not policy.power_limited(574.0, 700.0) and not policy.power_limited(None, 700.0)
    assert policy.drift([1.0] * 7) is None
    assert policy.drift([1.0] * 10 + [1.1] * 10) == (1.0, 1.1)


def test_no_device_number_keeps_eager():
    assert policy.decide_headline(0.01, None, 0.01).headline == "eager"
    assert policy.decide_headline(0.01, float("nan"), 0.01).headline == "eager"


def test_graph_slower_than_eager_keeps_eager_and_says_why():
    method, note = policy.choose_device_method(prequeued_ms=0.504, graph_ms=0.776)
    assert method == "prequeued" and "slower" in note and "776" in note


def test_graph_faster_is_chosen_silently():
    assert policy.choose_device_method(0.0020, 0.0012) == ("graph", None)


def test_graph_within_noise_but_slower_keeps_eager_without_notice():
    assert policy.choose_device_method(0.100, 0.101) == ("prequeued", None)


def test_capture_failure_falls_back_with_notice():
    method, note = policy.choose_device_method(0.002, None, "operation not permitted when stream is capturing")
    assert method == "prequeued" and "capture failed" in note


@pytest.mark.parametrize("device_ms,calls", [(0.0013, 256), (0.048, 9), (0.4, 1), (5.0, 1), (0.0, 1)])
def test_calls_per_sample(device_ms, calls):
    assert policy.calls_per_sample(device_ms) == calls


def test_span_fits_queue():
    assert policy.span_fits_queue(100, 256) == 1
    assert policy.span_fits_queue(100, 1) == 100
    assert policy.span_fits_queue(1000, 1) == policy.MAX_QUEUED_LAUNCHES // 3


def test_rotate_copies_sized_from_l2():
    l2 = 50 * 2**20
    copies, enough, why = policy.rotate_copies(8 * 2**20, l2)
    assert enough and copies == 14 and "MiB" in why  # 2 x 50 MiB / 8 MiB = 12.5 -> 13, + 1
    copies, enough, why = policy.rotate_copies(8192, l2)  # tiny inputs: capped
    assert not enough and copies == 1024 and "copy limit" in why
    copies, enough, _ = policy.rotate_copies(1 << 30, l2, free_bytes=2 << 30)
    assert copies == 2 and enough


def test_flush_bytes():
    assert policy.flush_bytes(50 * 2**20) == 100 * 2**20
    assert policy.flush_bytes(None) == policy.FLUSH_DEFAULT_BYTES


def test_sleep_cycles_and_near_floor():
    assert policy.sleep_cycles(1.0, 1.98e6) == int(1.5 * 1.98e6)
    assert policy.sleep_cycles(0.0, 1e6) == int(0.2 * 1e6)
    assert policy.near_floor(0.002, 0.001) and not policy.near_floor(0.004, 0.001)
    assert not policy.near_floor(0.002, None)
