"""Telemetry's judgement of samples by their host spans, on a made-up monitor summary (no NVML)."""

from wprof.benchmark.telemetry import Telemetry
from wprof.monitor import MonitorSummary


def make(intervals):
    t = Telemetry(None, enabled=False)
    t.summary = MonitorSummary(available=True, n_samples=10, throttled_fraction=0.3,
                               reasons_fraction={"sw_power_cap": 0.3}, throttled_intervals_ns=tuple(intervals))
    return t


def test_split_flags_and_drops_overlapping_spans():
    t = make([(100, 200)])
    spans = [(0, 50), (60, 120), (150, 160), (300, 400)]
    kept, throttled, note = t.split(spans, drop=True)
    assert throttled == [1, 2] and kept == [0, 3] and note is None
    kept, throttled, _ = t.split(spans, drop=False)
    assert kept == [0, 1, 2, 3] and throttled == [1, 2]


def test_split_never_empties():
    t = make([(0, 1000)])
    kept, throttled, note = t.split([(10, 20), (30, 40)], drop=True)
    assert kept == [0, 1] and throttled == [0, 1] and "kept them all" in note


def test_disabled_says_why():
    t = Telemetry(None, enabled=False)
    assert t.to_dict() == {"available": False, "unavailable_reason": "telemetry off (monitor=False)"}
    assert t.split([(0, 1)], drop=True) == ([0], [], None)
    assert "sw_power_cap" in make([(0, 1)]).warning_line()
