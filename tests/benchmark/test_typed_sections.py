"""bench() fills the typed wprof.bench/2 sections itself, and the bench/1 compatibility view (``result.extra``) says
the same thing: reading that view back as an old file would (``sections_from_extra``) gives the very same sections.
Scripted backends, no GPU: the numbers are made up, the sections' types and agreement are what is tested."""

import pytest

import wprof
from wprof.benchmark import HostBackend
from wprof.benchmark.kernels import KernelBreakdown
from wprof.results import BenchResult
from wprof.results.bench import (Cache, CrossCheck, Decision, Floor, Isolated, Kernels, Pilots, Power, RunInfo,
                                 Telemetry, sections_from_extra)

from .fake_cuda import FakeCuda

SECTIONS = ("decision", "pilots", "floor", "isolated", "telemetry", "cache", "run", "crosscheck", "kernels", "power",
            "notices", "next_step", "throughput")
TYPES = {"decision": Decision, "pilots": Pilots, "floor": Floor, "isolated": Isolated, "telemetry": Telemetry,
         "cache": Cache, "run": RunInfo, "crosscheck": CrossCheck, "kernels": Kernels, "power": Power}


def kb(ops, busy):
    return KernelBreakdown(True, calls=3, ops_per_call=ops, kernels_per_call=ops, sum_ms=busy, kernel_sum_ms=busy,
                           busy_ms=busy, bench_stream=7, syncs_per_call=0.0, launches_per_call=ops)


def launch_bound():
    return wprof.bench(lambda: None, backend=FakeCuda(eager_ms=0.0135, device_ms=0.0016, host_ms=0.012,
                                                      graph_ms=0.0012), iters=20, monitor=False)


def near_floor():
    return wprof.bench(lambda: None, backend=FakeCuda(eager_ms=0.0106, device_ms=0.0010, host_ms=0.0074,
                                                      graph_ms=0.00096, floor_ms=0.00145, pair_ms=0.0012,
                                                      single_ms=0.0029), iters=20, monitor=False)


def cold():
    return wprof.bench(lambda: None, backend=FakeCuda(eager_ms=0.0038, device_ms=0.0044, host_ms=0.0074,
                                                      pair_ms=0.0021), iters=12, cache="cold", monitor=False)


def wall():
    be = FakeCuda(eager_ms=0.01, device_ms=0.000005, host_ms=1.0, graph_ms=0.000005, kernels=kb(0, 0.0),
                  host_call_ms=1.08)
    return wprof.bench(be.call, backend=be, monitor=False, budget_s=0.3)


def long_call():
    return wprof.bench(lambda: None, backend=FakeCuda(eager_ms=1.6, device_ms=1.6, host_ms=0.01, graph_ms=1.6,
                                                      kernels=kb(1, 1.6)), iters=20, monitor=False)


def host():
    return wprof.bench(lambda: None, backend=HostBackend(), iters=10, cache="cold", warmup_ms=0,
                       target="x.py:f --param=n=1")


RUNS = {"launch_bound": launch_bound, "near_floor": near_floor, "cold": cold, "wall": wall, "long_call": long_call,
        "host": host}


@pytest.mark.parametrize("name", RUNS)
def test_sections_are_typed_and_the_compatibility_view_agrees(name):
    r = RUNS[name]()
    for key, kind in TYPES.items():
        sec = getattr(r, key)
        assert sec is None or isinstance(sec, kind), (key, type(sec))
    assert isinstance(r.notices, tuple) and isinstance(r.next_step, str)
    back = sections_from_extra(r.extra)  # the view, read back as a wprof.bench/1 file would be
    for key in SECTIONS:
        assert back.get(key) == getattr(r, key), key  # (a section the view lacks reads as None)
    again = BenchResult.from_dict(r.to_dict())  # and the bench/2 file of the result
    for key in SECTIONS:
        assert getattr(again, key) == getattr(r, key), key


def test_what_each_run_fills():
    r = launch_bound()
    assert r.decision.launch_bound is True and r.decision.headline == "device"
    assert r.pilots.device_ms == pytest.approx(0.0012) and r.pilots.eager_ms == pytest.approx(0.0135)
    assert r.pilots.graph["pilot_ms"] == pytest.approx(0.0012) and r.floor.method == "device"
    assert set(r.floor.by_method_ms) >= {"per_call", "prequeued", "device", "pair"}
    assert r.cache == Cache(policy="warm", applied=True, l2_bytes=50 * 2**20)
    assert r.run.estimate_ms is not None and r.run.total_s > 0 and r.crosscheck.done is True

    r = near_floor()
    assert r.isolated.isolated_ms == pytest.approx(0.0017) and len(r.isolated.samples_ms) >= 10
    assert r.isolated.how.startswith("one call pre-queued")

    r = cold()
    assert r.cache.flush_bytes == 100 * 2**20 and r.cache.flush.startswith("read of 2 x L2")
    assert r.isolated.isolated_ms == pytest.approx(0.0023) and r.isolated.samples_ms == ()

    r = wall()  # the device numbers that did not hold are set aside; their samples stay in the pilots
    assert r.decision.headline == "wall" and r.decision.reason == r.crosscheck.sentence
    assert r.crosscheck.agree is False
    assert r.pilots.device_ms is None and r.pilots.eager_ms is None and r.pilots.device_samples_ms
    assert r.isolated is None and r.kernels.ops_per_call == 0

    r = long_call()  # cool calls: one call in its own pair less an empty pair (0.5 µs)
    assert r.power is not None and r.power.cool_ms == pytest.approx(1.6 - 0.0005) and r.power.sentence is None

    r = host()
    assert r.pilots is None and r.decision is None and r.isolated is None and r.kernels is None
    assert r.floor.method == "host" and r.cache.applied is False and r.crosscheck.done is False
    assert r.next_step and not r.telemetry.available
