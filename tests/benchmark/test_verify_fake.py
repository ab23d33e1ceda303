"""The cross-check inside bench() with a scripted backend: a headline that does not hold is replaced, the result
says why, and a headline that holds is kept. No GPU: device numbers are made up, the host clock is real (the fake
synchronize sleeps for the device work the events do not see)."""

import time

import pytest

import wprof
from wprof.benchmark.kernels import KernelBreakdown

from .fake_cuda import FakeCuda


@pytest.fixture
def use():
    return lambda backend: backend


def kb(ops, busy, other=0.0):
    return KernelBreakdown(True, calls=3, ops_per_call=ops, kernels_per_call=ops, sum_ms=busy, kernel_sum_ms=busy,
                           busy_ms=busy, bench_stream=7, other_stream_ms=other, other_streams=(93,) if other else (),
                           syncs_per_call=0.0, launches_per_call=ops)


def test_host_only_headline_is_host_time(use):
    be = use(FakeCuda(eager_ms=0.01, device_ms=0.000005, host_ms=1.0, graph_ms=0.000005, kernels=kb(0, 0.0),
                      host_call_ms=1.08))
    r = wprof.bench(backend=be, fn=be.call, monitor=False, budget_s=0.3)
    assert r.clock == "host" and r.mode == "wall" and r.extra["headline"] == "wall"
    assert r.summary.median == pytest.approx(1.08, rel=0.02) and r.summary.n >= 10
    x = r.extra["crosscheck"]
    assert x["cause"] == "host-only" and x["headline_before_ms"] == pytest.approx(0.000005)
    assert x["method_before"] == "graph" and "crosscheck" in {w.code for w in r.warnings}
    assert r.extra["kernels"]["ops_per_call"] == 0 and be.profiled >= 1
    assert r.stop_reason.startswith("cross-check")


def test_work_the_events_do_not_see_is_timed_by_the_wall(use):
    be = use(FakeCuda(eager_ms=0.03, device_ms=0.0285, host_ms=0.01, graph_ms=0.0285, hidden_ms=0.2,
                      kernels=kb(1, 0.2, other=0.2)))
    r = wprof.bench(backend=be, fn=be.call, monitor=False, budget_s=0.3)
    assert r.extra["crosscheck"]["cause"] == "other-stream" and r.clock == "host"
    assert r.summary.median == pytest.approx(0.2003, rel=0.05)  # host 0.3 µs + 0.2 ms of sync wait, per call


def test_agreeing_headline_is_untouched(use):
    be = use(FakeCuda(eager_ms=0.0505, device_ms=0.0497, host_ms=0.010, graph_ms=0.0497, hidden_ms=0.0497,
                      kernels=kb(1, 0.049)))
    r = wprof.bench(backend=be, fn=be.call, monitor=False, iters=10)
    assert r.clock == "cuda-events", r.extra["crosscheck"]
    assert r.mode == "graph" and r.summary.median == pytest.approx(0.0497)
    assert r.extra["crosscheck"]["agree"] is True and r.extra["headline"] == "device"
    assert "crosscheck" not in {w.code for w in r.warnings}


def test_many_launch_call_per_call_events_are_replaced_by_prequeued_device_time(use):
    # a 3 ms call (no pilots) of 224 launches: the events timed the host; the GPU is busy 0.25 ms
    be = use(FakeCuda(eager_ms=2.967, device_ms=0.48, host_ms=3.0, kernels=kb(224, 0.246), single_ms=0.5,
                      host_call_ms=4.1))
    r = wprof.bench(backend=be, fn=lambda: (be.call(), time.sleep(0.003)), monitor=False, budget_s=0.2)
    assert r.extra["crosscheck"]["cause"] == "launch-gaps" and r.mode == "prequeued"
    assert r.summary.median == pytest.approx(0.48) and r.clock == "cuda-events"


def test_crosscheck_off(use):
    be = use(FakeCuda(eager_ms=0.01, device_ms=0.000005, host_ms=1.0, graph_ms=0.000005, kernels=kb(0, 0.0)))
    r = wprof.bench(backend=be, fn=lambda: None, monitor=False, iters=10, crosscheck=False)
    assert "crosscheck" not in r.extra and r.clock == "cuda-events"


def test_replaced_headline_round_trips_and_renders(use, tmp_path):
    from wprof.report import lines
    from wprof.results import BenchResult

    be = use(FakeCuda(eager_ms=0.03, device_ms=0.0285, host_ms=0.01, graph_ms=0.0285, hidden_ms=0.2,
                 kernels=kb(1, 0.2, other=0.2)))
    r = wprof.bench(backend=be, fn=be.call, monitor=False, budget_s=0.3)
    back = BenchResult.from_dict(r.to_dict())
    assert back.headline == "wall" and back.crosscheck.cause == "other-stream" and back.kernels.ops_per_call == 1
    assert back.to_dict()["crosscheck"] == r.to_dict()["crosscheck"]
    assert "device_ms" not in back.extra and "launch-bound" not in {w.code for w in back.warnings}
    text = "\n".join(lines(back, width=200))
    assert "cross-check (other-stream)" in text and "← headline" in text and "synchronized wall" in text
    assert "device (back to back" not in text


def test_forced_per_call_keeps_its_launch_inclusive_number_and_says_so(use):
    be = use(FakeCuda(eager_ms=2.967, device_ms=0.48, host_ms=3.0, kernels=kb(224, 0.246), host_call_ms=4.1))
    r = wprof.bench(backend=be, fn=lambda: time.sleep(0.003), monitor=False, iters=5, mode="per-call")
    assert r.mode == "per-call" and r.summary.median == pytest.approx(2.967)
    x = r.extra["crosscheck"]
    assert x["cause"] == "launch-gaps" and x["headline"] == "keep" and "mode='per-call'" in x["sentence"]
    assert "crosscheck" in {w.code for w in r.warnings}


def test_cli_no_crosscheck(tmp_path):
    import json

    from wprof.cli import main

    out = tmp_path / "r.json"
    assert main(["bench", "--stmt", "sum(range(50))", "--device", "cpu", "--iters", "10", "--no-crosscheck",
                 "--json", str(out)]) == 0
    assert json.loads(out.read_text())["config"]["crosscheck"] is False
