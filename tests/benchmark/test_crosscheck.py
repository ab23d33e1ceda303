"""The cross-check's verdicts (pure: numbers in, verdict out) and the profiler trace reading, on made-up numbers.

The numbers are issue 11's H200 cases (µs per call): what each method measured and what the wall and the profiler
saw; the verdict must name the cause and pick the number that holds.
"""

import pytest

from wprof.benchmark import crosscheck, power
from wprof.benchmark.crosscheck import Evidence, judge
from wprof.benchmark.kernels import KernelBreakdown, parse_trace

US = 1e-3


def kb(ops=1.0, busy=0.0, other=0.0, syncs=0.0, bench=7, others=()):
    return KernelBreakdown(True, calls=3, ops_per_call=ops, kernels_per_call=ops, sum_ms=busy, kernel_sum_ms=busy,
                           busy_ms=busy, bench_stream=bench, other_stream_ms=other, other_streams=tuple(others),
                           syncs_per_call=syncs)


def test_agreeing_headline_is_kept():
    v = judge(Evidence("graph", 173.8 * US, wall_ms=176.0 * US, wall_host_ms=9 * US, wall_calls=23,
                       kernels=kb(1, 174 * US)))
    assert v.agree and v.headline == "keep" and v.cause is None


def test_launch_bound_tiny_kernel_agrees_through_the_host_time():
    # add 1024: back to back 0.94 µs, host 9.4 µs per call, the wall 9.6 µs: the host explains the wall
    v = judge(Evidence("graph", 0.94 * US, wall_ms=9.6 * US, wall_host_ms=9.4 * US, wall_calls=156,
                       kernels=kb(1, 0.87 * US)))
    assert v.agree


def test_host_only_callable():
    v = judge(Evidence("graph", 0.005 * US, wall_ms=1082 * US, wall_host_ms=1080 * US, kernels=kb(0, 0.0)))
    assert v.cause == "host-only" and v.headline == "wall" and "host work only" in v.sentence


def test_empty_graph_found_by_the_wall_falls_back_to_eager_calls():
    # CuPy direct: graph replay 0.005 µs, the same calls launched eagerly 82 µs, wall 84 µs
    v = judge(Evidence("graph", 0.005 * US, wall_ms=84.7 * US, wall_host_ms=17 * US, wall_calls=60,
                       prequeued_ms=82.0 * US, kernels=kb(1, 80.8 * US)))
    assert v.cause == "graph-lost-work" and v.headline == "prequeued" and "captured only part" in v.sentence


def test_empty_graph_of_a_tiny_kernel_is_found_by_the_profiler_not_the_wall():
    # a 2 µs kernel on a launch-bound host: the wall is the host's; the profiler's busy time gives it away
    v = judge(Evidence("graph", 0.005 * US, wall_ms=10 * US, wall_host_ms=9.8 * US, wall_calls=500,
                       prequeued_ms=2.4 * US, kernels=kb(1, 2.0 * US)))
    assert not v.agree and v.cause == "graph-lost-work"


def test_side_stream_device_bound_gives_the_wall_as_device_time():
    v = judge(Evidence("prequeued", 0.0049 * US, wall_ms=178.9 * US, wall_host_ms=36.9 * US, wall_calls=23,
                       kernels=kb(2, 178.7 * US, other=178.7 * US, others=(93,))))
    assert v.cause == "other-stream" and v.headline == "wall"
    assert "stream 93" in v.sentence and "device is the bottleneck" in v.sentence and "wait_stream" in v.fix


def test_side_stream_host_bound_refuses_the_device_number():
    v = judge(Evidence("prequeued", 0.0049 * US, wall_ms=40 * US, wall_host_ms=39 * US, wall_calls=100,
                       kernels=kb(1, 20 * US, other=20 * US, others=(93,))))
    assert v.cause == "other-stream" and "no device number can be given" in v.sentence


def test_joined_side_stream_is_kept_with_a_note():
    v = judge(Evidence("graph", 173.6 * US, wall_ms=185 * US, wall_host_ms=20 * US, wall_calls=23,
                       kernels=kb(2, 174 * US, other=174 * US, others=(93,))))
    assert v.agree and any("joins them" in n for n in v.notes)


def test_sync_inside_the_callable():
    v = judge(Evidence("per-call", 200 * US, wall_ms=229 * US, wall_host_ms=225 * US, kernels=kb(3, 182 * US, syncs=1)))
    assert v.cause == "host-sync" and v.headline == "wall" and ".item()" in v.fix


def test_mostly_host_and_launch_bound_are_told_apart():
    # a Python loop of 150 µs then a 1 µs kernel: mostly host
    v = judge(Evidence("graph", 1.1 * US, wall_ms=151 * US, wall_host_ms=150 * US, kernels=kb(1, 0.9 * US)))
    assert v.cause == "mostly-host"
    # Adam, 224 tiny kernels: 4 ms of host launching for 0.25 ms of GPU: launching, not host work
    v = judge(Evidence("prequeued", 480 * US, wall_ms=4100 * US, wall_host_ms=4050 * US, kernels=kb(224, 246 * US)))
    assert v.agree


def test_per_call_events_of_many_launches_are_replaced_by_device_time():
    v = judge(Evidence("per-call", 2967 * US, wall_ms=4172 * US, wall_host_ms=4100 * US, kernels=kb(224, 246 * US)))
    assert v.cause == "launch-gaps" and v.headline == "prequeued"


def test_without_a_profiler_a_host_bound_callable_is_not_given_a_device_headline():
    v = judge(Evidence("graph", 0.005 * US, wall_ms=1082 * US, wall_host_ms=1080 * US, kernels=None))
    assert v.cause == "mostly-host" and v.headline == "wall"


def test_wall_slower_from_clocks_alone_keeps_the_headline():
    # 8192³ GEMM: samples at 1.39 ms, then the wall spans power-capped at 1.65 ms; the profiler sees 1.6 ms of busy
    # device time per call, all on the events' stream: no work was missed
    v = judge(Evidence("graph", 1.39, wall_ms=1.65, wall_host_ms=0.03, wall_calls=4, kernels=kb(1, 1.6)))
    assert v.agree and v.headline == "keep" and any("clocks" in n for n in v.notes)
    # the same numbers with the work on another stream are not excused
    v = judge(Evidence("graph", 1.39, wall_ms=1.65, wall_host_ms=0.03, wall_calls=4,
                       kernels=kb(1, 1.6, other=1.6, others=(93,))))
    assert v.cause == "other-stream"


def test_unexplained_disagreement_falls_back_to_the_wall():
    v = judge(Evidence("graph", 50 * US, wall_ms=200 * US, wall_host_ms=10 * US, wall_calls=100, kernels=None))
    assert v.cause == "unexplained" and v.headline == "wall"


def test_wall_plan_sizes_spans():
    assert crosscheck.wall_plan(0.001, 1000) == (1000, 10)  # 1 µs calls: capped at 1000 per span
    calls, spans = crosscheck.wall_plan(100.0, 1000)  # 100 ms calls: one per span, at least 3 spans
    assert calls == 1 and spans == 3


def test_measure_wall_with_a_fake_clock():
    t = [0]

    def clock():
        return t[0]

    def work():
        t[0] += 1000  # 1 µs of host per call

    def sync():
        t[0] += 5000  # the device finishes 5 µs after the last call was enqueued

    w = crosscheck.measure_wall(work, sync, calls=10, spans=3, clock=clock)
    assert w.median_ms == pytest.approx(0.0015) and w.host_median_ms == pytest.approx(0.001)


# ------------------------------------------------------------------------------------------------ trace reading
def ev(cat, name, ts, dur, stream=7, corr=None):
    return {"ph": "X", "cat": cat, "name": name, "ts": ts, "dur": dur,
            "args": {"stream": stream, **({"correlation": corr} if corr is not None else {})}}


def trace(calls_kernels, sync_per_call=False, other=False):
    evs = [ev("cuda_runtime", "cudaLaunchKernel", 0, 5, corr=1), ev("kernel", "spin_kernel(long)", 10, 1, corr=1)]
    t, c = 20, 10
    for _ in range(calls_kernels[0]):
        for k in range(calls_kernels[1]):
            evs.append(ev("cuda_runtime", "cudaLaunchKernel", t, 4, corr=c))
            evs.append(ev("kernel", f"k{k}", t + 5, 2 + k, stream=93 if other and k == 0 else 7, corr=c))
            t, c = t + 10, c + 1
        if sync_per_call:
            evs.append(ev("cuda_runtime", "cudaStreamSynchronize", t, 3))
            t += 5
    evs.append(ev("cuda_runtime", "cudaLaunchKernel", t + 100, 5, corr=999))
    evs.append(ev("kernel", "at::cuda::spin_kernel(long)", t + 110, 1, corr=999))
    evs.append(ev("cuda_runtime", "cudaDeviceSynchronize", t + 120, 3))  # the pass's own sync: outside the window
    return evs


def test_parse_trace_counts_per_call():
    k = parse_trace(trace((3, 2)), calls=3)
    assert k.available and k.ops_per_call == 2 and k.kernels_per_call == 2
    assert k.sum_ms == pytest.approx(0.005) and k.busy_ms == pytest.approx(0.005)
    assert k.bench_stream == 7 and k.other_stream_ms == 0 and k.syncs_per_call == 0
    assert [r.name for r in k.rows] == ["k1", "k0"] and k.rows[0].per_call == 1
    assert k.launches_per_call == 2


def test_parse_trace_sees_syncs_and_other_streams():
    k = parse_trace(trace((2, 2), sync_per_call=True, other=True), calls=2)
    assert k.syncs_per_call == 1 and k.sync_apis == ("cudaStreamSynchronize",)
    assert k.other_streams == (93,) and k.other_stream_ms == pytest.approx(0.002)


def test_parse_trace_host_only():
    k = parse_trace(trace((3, 0)), calls=3)
    assert k.available and k.ops_per_call == 0 and k.sum_ms == 0


def test_parse_trace_without_its_marker_is_not_a_host_only_callable():
    # under ncu/nsys Kineto may record nothing from the GPU: an empty trace must not read as "no kernels"
    k = parse_trace([ev("cuda_runtime", "cudaLaunchKernel", 0, 5)], calls=3)
    assert not k.available and "marker" in k.reason
    v = judge(Evidence("graph", 0.94 * US, wall_ms=9.6 * US, wall_host_ms=9.4 * US, wall_calls=156, kernels=k))
    assert v.agree  # the launch-bound tiny kernel keeps its device headline without the profiler


def test_profile_pass_is_skipped_under_another_profiler(monkeypatch):
    from wprof.benchmark.kernels import profile_calls

    monkeypatch.setenv("CUDA_INJECTION64_PATH", "/opt/nvidia/nsight-compute/libInjection.so")
    k = profile_calls(lambda: None, 3, torch=None)
    assert not k.available and "CUDA_INJECTION64_PATH" in k.reason


def test_breakdown_to_dict_is_json_ready():
    import json

    d = parse_trace(trace((2, 3)), calls=2).to_dict()
    assert json.loads(json.dumps(d))["ops_per_call"] == 3 and len(d["rows"]) == 3
    assert KernelBreakdown(False, "no CUPTI").to_dict() == {"available": False, "reason": "no CUPTI"}


# ------------------------------------------------------------------------------------------------ power
TELE = {"metrics": {"sm_clock_mhz": {"min": 1755.0, "mean": 1830.0, "max": 1980.0}, "power_w": {"max": 699.0}},
        "device": {"max_sm_clock_mhz": 1980.0, "power_limit_w": 700.0}, "throttled_fraction": 0.6}


def test_power_finding_names_the_measured_cause():
    f = power.power_finding(1.534, [1.389, 1.390, 1.388], TELE, (1.50, 1.55))
    assert f["measured_cause"] == "power" and f["sustained_over_cool"] == pytest.approx(1.534 / 1.389 - 1)
    assert "1755 MHz" in f["sentence"] and "699 W of its 700 W" in f["sentence"]


def test_power_finding_without_a_gap_says_nothing():
    assert power.power_finding(1.39, [1.389, 1.391], TELE, None)["sentence"] is None


def test_power_finding_without_telemetry_says_the_cause_is_not_measured():
    f = power.power_finding(1.5, [1.4], None, None)
    assert f["measured_cause"] == "unknown" and "not measured" in f["sentence"]


def test_cool_calls_skip_spans_the_host_did_not_queue_in_time():
    from wprof.benchmark.device import Span

    got = iter([False, True, True])

    def span(call, n, calls, prequeue_ms=None, phase=""):
        return Span([0.010], 0, 1, 0.0, queued_ok=next(got))

    out = power.measure_cool(span, lambda: None, pair_ms=0.001, host_call_ms=0.1, n=2, sleep=lambda s: None)
    assert out == [pytest.approx(0.009)] * 2
    assert power.wants_cool(1.4, "graph", 2) and not power.wants_cool(1.4, "graph", 224)
