from wprof.monitor import (
    THROTTLE_REASONS,
    MonitorSample,
    MonitorSummary,
    decode_reasons,
    is_throttle_mask,
    summarize,
    throttled_intervals,
)


def test_decode_names_and_unknown_bits():
    assert decode_reasons(0) == ()
    assert decode_reasons(None) == ()
    assert decode_reasons(0x1 | 0x4) == ("gpu_idle", "sw_power_cap")
    assert decode_reasons(0x8 | 0x40 | 0x80) == ("hw_slowdown", "hw_thermal", "hw_power_brake")
    assert decode_reasons(0x20) == ("sw_thermal",)
    assert decode_reasons(0x1000) == ("bit_0x1000",)


def test_idle_and_app_clocks_are_not_throttle():
    assert not is_throttle_mask(0x1)
    assert not is_throttle_mask(0x2)
    assert not is_throttle_mask(0x1 | 0x2 | 0x10 | 0x100)
    for bit in (0x4, 0x8, 0x20, 0x40, 0x80):
        assert is_throttle_mask(bit | 0x1)
    assert THROTTLE_REASONS == {"sw_power_cap", "hw_slowdown", "sw_thermal", "hw_thermal", "hw_power_brake"}


def _s(t, sm=1980.0, power=300.0, reasons=0, **kw):
    return MonitorSample(t_ns=t, sm_clock_mhz=sm, power_w=power, reasons_mask=reasons, **kw)


def test_summary_mean_min_max_and_fractions():
    samples = [_s(0, sm=1980, power=300), _s(10, sm=1800, power=700, reasons=0x4), _s(20, sm=1890, power=500),
               _s(30, sm=1980, power=100, reasons=0x1)]
    s = summarize(samples, interval_s=0.01)
    assert s.available and s.n_samples == 4
    assert s.metrics["sm_clock_mhz"].min == 1800 and s.metrics["sm_clock_mhz"].max == 1980
    assert s.metrics["power_w"].mean == 400
    assert s.metrics["power_w"].n == 4
    assert "temperature_c" not in s.metrics  # never reported -> absent, not zero
    assert s.reasons_fraction == {"gpu_idle": 0.25, "sw_power_cap": 0.25}
    assert s.throttled_fraction == 0.25 and s.throttled
    assert s.throttle_reasons == ("sw_power_cap",)
    assert s.window_ms == 30 / 1e6
    assert "sw_power_cap 25%" in s.warning() and "1800-1980 MHz" in s.warning()


def test_missing_metric_values_are_skipped_not_zero():
    s = summarize([_s(0, power=None), _s(1, power=200.0)])
    assert s.metrics["power_w"].mean == 200.0 and s.metrics["power_w"].n == 1


def test_unthrottled_window_has_no_warning():
    s = summarize([_s(0), _s(1, reasons=0x1)])
    assert not s.throttled and s.warning() is None and s.throttled_intervals_ns == ()


def test_throttled_intervals_widen_to_neighbours():
    samples = [_s(0), _s(100, reasons=0x4), _s(200, reasons=0x4), _s(300), _s(400), _s(500, reasons=0x40 | 0x8)]
    assert throttled_intervals(samples) == ((0, 300), (400, 500))
    # a throttled first sample starts at itself
    assert throttled_intervals([_s(0, reasons=0x4), _s(100)]) == ((0, 100),)
    # order of input does not matter
    assert throttled_intervals(list(reversed(samples))) == ((0, 300), (400, 500))


def test_is_throttled_at_and_between():
    s = summarize([_s(0), _s(100, reasons=0x4), _s(200), _s(300), _s(400)])
    assert s.throttled_intervals_ns == ((0, 200),)
    assert s.is_throttled_at(150)
    assert not s.is_throttled_at(250)
    assert s.throttled_between(190, 260)
    assert not s.throttled_between(210, 260)


def test_split_throttled_drops_but_never_empties():
    s = summarize([_s(0), _s(100, reasons=0x4), _s(200), _s(300), _s(400)])
    spans = [(10, 20), (210, 220), (250, 260)]
    split = s.split_throttled(spans)
    assert split.kept == (1, 2) and split.dropped == (0,) and split.throttled == (0,) and split.note is None
    flag_only = s.split_throttled(spans, drop=False)
    assert flag_only.kept == (0, 1, 2) and flag_only.dropped == () and flag_only.throttled == (0,)
    all_bad = s.split_throttled([(10, 20), (30, 40)])
    assert all_bad.kept == (0, 1) and all_bad.dropped == () and "kept them all" in all_bad.note
    assert s.split_throttled([]).kept == ()


def test_summary_roundtrip_with_samples():
    samples = [_s(0, temperature_c=50.0), _s(100, reasons=0x4, temperature_c=51.0)]
    s = summarize(samples, interval_s=0.05, include_samples=True, read_cost_us=30.5)
    d = s.to_dict()
    assert d["schema"] == "wprof.monitor/1"
    assert d["samples"]["t_ns"] == [0, 100]
    back = MonitorSummary.from_dict(d)
    assert back == s
    assert back.samples[1].throttled


def test_unavailable_summary_roundtrip():
    s = MonitorSummary(available=False, unavailable_reason="no NVML")
    assert MonitorSummary.from_dict(s.to_dict()) == s
    assert not s.throttled and s.warning() is None and not s.is_throttled_at(5)
