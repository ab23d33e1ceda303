import json
import math

import pytest

from wprof.loop.diagnosis import diagnose, diagnose_ranks
from wprof.loop.distributed import aggregate
from wprof.loop.result import Finding, LoopResult
from wprof.results import load_result
from wprof.stats import Warning_, summarize


def _result(**kw):
    base = dict(name="r", mode="events", clocks={"iter_ms": "cuda-events", "data_ms": "host", "step_ms": "host"},
                status="complete", window=(2, 6), index=(2, 3, 4, 5), iter_ms=(10.0, 11.0, 10.5, 10.0),
                data_ms=(1.0, 1.5, 1.0, 2.0), step_ms=(12.0, 12.5, 11.5, 12.0), global_batch_size=32,
                phases={"fwd": (3.0, math.nan, 3.5, 3.0)}, findings=(Finding("x", "y", {"a": 1}, "z"),),
                warnings=(Warning_("w", "m", "a"),), telemetry={"available": False})
    base.update(kw)
    return LoopResult(**base)


def test_round_trip_through_load_result(tmp_path):
    r = _result()
    p = r.save(tmp_path / "r.json")
    back = load_result(p)
    assert isinstance(back, LoopResult)
    assert back.iter_ms == r.iter_ms and back.index == r.index and back.findings == r.findings
    assert math.isnan(back.phases["fwd"][1])
    doc = json.loads(p.read_text())
    assert doc["schema"] == "wprof.loop/1" and doc["summary"]["fps"]["median"] == pytest.approx(32 / 0.012)
    assert doc["phase_summary"]["fwd"]["n"] == 3


def test_jsonl_lines():
    lines = [json.loads(x) for x in _result().jsonl_lines()]
    assert lines[0] == {"i": 2, "iter_ms": 10.0, "data_ms": 1.0, "step_ms": 12.0, "fps": pytest.approx(32 / 0.012),
                        "phase.fwd_ms": 3.0}
    assert lines[1]["phase.fwd_ms"] is None


def _s(x):
    return summarize([x] * 20)


def test_diagnosis_rules_cite_their_numbers():
    tel = {"available": True, "n_samples": 40, "device": {"power_limit_w": 700.0, "max_sm_clock_mhz": 1980.0},
           "metrics": {"gpu_util_pct": {"mean": 35.0, "min": 10, "max": 60, "n": 40},
                       "power_w": {"mean": 210.0, "min": 150, "max": 300, "n": 40},
                       "sm_clock_mhz": {"mean": 1700.0, "min": 1500, "max": 1980, "n": 40}},
           "reasons_fraction": {"sw_power_cap": 0.25, "gpu_idle": 0.5}, "throttled_fraction": 0.25}
    f = diagnose({"iter_ms": _s(10.0), "data_ms": _s(1.0), "step_ms": _s(11.0)}, tel)
    codes = [x.code for x in f]
    assert codes == ["host-bound", "low-power", "throttled"]
    assert "35%" in f[0].message and "compute takes 10 ms of each 11 ms step" in f[0].message
    assert "210 W is 30% of the 700 W cap" in f[1].message
    assert "sw_power_cap 25%" in f[2].message and "1500-1980 MHz (max 1980)" in f[2].message
    assert "so about 38% even while computing (threshold 60%)" in f[0].message  # 35% / (10 / 11)
    data = diagnose({"iter_ms": _s(10.0), "data_ms": _s(3.0), "step_ms": _s(13.0)}, tel)
    assert data[0].code == "data-bound" and data[0].evidence["ratio"] == pytest.approx(0.3)
    assert data[1].code == "host-bound"  # 35% / (10 / 13) = 45%: idle while computing too, not only waiting
    busy = {**tel, "metrics": {**tel["metrics"], "gpu_util_pct": {"mean": 70.0, "min": 50, "max": 90, "n": 40}}}
    data = diagnose({"iter_ms": _s(10.0), "data_ms": _s(3.0), "step_ms": _s(13.0)}, busy)
    assert "host-bound" not in [x.code for x in data]  # 70% / (10 / 13) = 91%: the data wait explains the idle GPU
    assert diagnose({"iter_ms": _s(10.0), "data_ms": _s(1.0), "step_ms": _s(11.0)}, None) == []


def test_never_prints_iter_minus_data():
    f = diagnose({"iter_ms": _s(10.0), "data_ms": _s(5.0), "step_ms": _s(15.0)}, None)
    assert all("5 ms of compute" not in x.message for x in f)


def test_rank_aggregate_and_imbalance():
    per = [{"rank": 1, "step_ms_median": 12.0}, {"rank": 0, "step_ms_median": 10.0}]
    agg = aggregate(per)
    assert agg["slowest_rank"] == 1 and agg["spread"] == pytest.approx(0.2) and agg["ranks"][0]["rank"] == 0
    f = diagnose_ranks(agg)
    assert f[0].code == "rank-imbalance" and "rank 1 is the slowest" in f[0].message


def test_report_shows_every_section(tmp_path):
    from wprof.report import lines

    r = _result(mfu={"mfu": 0.41, "achieved_flops": 4.0e14, "flops_per_step": 5e12, "flops_source": "user",
                     "peak": {"flops": 9.89e14, "dtype": "bf16", "source": "table: datasheet", "device_name": "H"}},
                distributed={"world_size": 2, "slowest_rank": 1, "slowest_ms": 12.0, "fastest_rank": 0,
                             "fastest_ms": 10.0, "spread": 0.2, "ranks": []},
                next_step="Next (nsys): ...")
    out = "\n".join(lines(r))
    for needle in ("Average: iter", "CUDA events", "phases", "fwd", "MFU: 41.0%", "slowest 1",
                   "finding", "Next (nsys)"):
        assert needle in out, needle


def test_mean_fps_is_the_windows_throughput_not_the_mean_of_rates():
    # 32 samples per step; steps of 10 and 30 ms: 64 samples in 40 ms = 1600 samples/s. The mean of the per-step
    # rates (3200 and 1066.7) would claim 2133 samples/s, a throughput the loop never reached.
    r = _result(index=(2, 3), iter_ms=(9.0, 29.0), data_ms=(1.0, 1.0), step_ms=(10.0, 30.0), phases={})
    s = r.summary("fps")
    assert s.mean == pytest.approx(64 / 0.040)
    assert s.median == pytest.approx((32 / 0.010 + 32 / 0.030) / 2)  # the other statistics stay per step
    assert json.loads(json.dumps(r.to_dict()))["summary"]["fps"]["mean"] == pytest.approx(1600.0)


def test_render_partial_title_names_the_measured_iterations():
    from wprof.report import lines

    r = _result(status="partial", window=(2, 52), phases={})  # 4 of 50 measured: iterations 2..5
    title = lines(r)[0]
    assert "4 of 50 iterations 2..5" in title and "2..51" not in title.replace("window 2..51", ""), title


def test_diagnosis_shows_tiny_times_in_a_readable_unit():
    # an empty loop body on the host clock: 2.1 µs of compute must not read "0.00 ms of compute"
    f = diagnose({"iter_ms": _s(0.0021), "data_ms": _s(0.08), "step_ms": _s(0.083)}, None)
    assert f[0].code == "data-bound"
    assert "80 µs per step" in f[0].message and "of the 2.1 µs of compute" in f[0].message
    assert "0.00 ms" not in f[0].message


def test_live_report_lines_show_phases_dmon_and_top_ops():
    from wprof.loop.assemble import report_lines

    tel = {"available": True, "n_samples": 28, "device": {"power_limit_w": 700.0},
           "metrics": {"power_w": {"mean": 120.2, "min": 119.5, "max": 120.5, "n": 28},
                       "sm_clock_mhz": {"mean": 1980.0, "min": 1710.0, "max": 1980.0, "n": 28},
                       "gpu_util_pct": {"mean": 0.8, "min": 0.0, "max": 6.0, "n": 28}},
           "reasons_fraction": {"sw_power_cap": 0.25}}
    ops = ({"name": "aten::mm", "kind": "op", "calls": 150, "self_device_ms": 0.66, "device_total_ms": 0.66,
            "self_cpu_ms": 1.0, "cpu_total_ms": 1.0},
           {"name": "sm90_xmma_gemm", "kind": "kernel", "calls": 150, "self_device_ms": 0.65, "device_total_ms": 0.65,
            "self_cpu_ms": 0.0, "cpu_total_ms": 0.0})
    lines = report_lines(_result(telemetry=tel, top_ops=ops))
    text = "\n".join(lines)
    # fwd: median of (3.0, 3.5, 3.0) = 3 ms of the 10.25 ms median iter
    assert "phases (median over 4 steps; share of the median iter): fwd 3 ms (29%)" in text
    assert ("dmon (NVML, 28 samples over the window; mean [min-max]): power 120 W [120-120, cap 700], "
            "SM clock 1980 MHz [1710-1980], GPU util 1% [0-6], clock-event reasons: sw_power_cap 25%") in text
    assert "top ops (Kineto, self device time over the window): aten::mm 660 µs (150 calls)" in text
    assert "sm90_xmma_gemm" not in text  # a kernel repeats its operator's device time: ops only in the live line
    off = "\n".join(report_lines(_result(telemetry={"available": False, "unavailable_reason": "no NVML"})))
    assert "dmon" not in off and "top ops" not in off  # the dmon-unavailable warning says why


def test_top_ops_leave_out_user_annotations():
    from types import SimpleNamespace

    from wprof.profilers.kineto import top_ops

    def row(key, dev, ann=False, device="CPU"):
        return SimpleNamespace(key=key, count=3, self_device_time_total=dev, device_time_total=dev,
                               self_cpu_time_total=1.0, cpu_time_total=1.0, is_user_annotation=ann,
                               device_type=SimpleNamespace(name=device))

    rows = top_ops([row("Optimizer.step#AdamW.step", 10_000.0, ann=True), row("ProfilerStep#4", 9_000.0),
                    row("aten::mm", 660.0), row("sm90_xmma_gemm_bf16", 650.0, device="CUDA"),
                    row("aten::add", 100.0)])
    assert [r["name"] for r in rows] == ["aten::mm", "sm90_xmma_gemm_bf16", "aten::add"]
    assert [r["kind"] for r in rows] == ["op", "kernel", "op"] and rows[0]["self_device_ms"] == 0.66


def test_mfu_line_says_when_the_peak_dtype_was_assumed():
    from wprof.loop.assemble import report_lines

    peak = {"flops": 9.89e14, "dtype": "bf16", "source": "table: datasheet", "device_name": "NVIDIA H200"}
    m = {"mfu": 0.41, "achieved_flops": 4.0e14, "flops_per_step": 5e12, "flops_source": "user", "peak": peak}
    assumed = "\n".join(report_lines(_result(mfu={**m, "dtype_assumed": True})))
    assert "MFU: 41.0% (400 TFLOP/s of 989 bf16 peak; bf16 assumed: give dtype= (--dtype=)" in assumed
    given = "\n".join(report_lines(_result(mfu={**m, "dtype_assumed": False})))
    assert "MFU: 41.0% (400 TFLOP/s of 989 bf16 peak)" in given


def test_a_bad_dtype_is_refused_when_the_gauge_is_made():
    from wprof.errors import UsageError
    from wprof.loop.gauge import Gauge

    with pytest.raises(UsageError, match=r"dtype='bf17' \(the MFU peak's dtype\): unknown dtype"):
        Gauge(dtype="bf17", env="")
    assert Gauge(dtype="fp32", env="", mode="host").config.dtype == "fp32"


def test_every_field_of_the_loop_document_is_in_docs_results():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "results.md").read_text()
    section = text[text.index("## `wprof.loop/1`"):]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    documented = {name.strip(" `") for row in rows for name in row.split(",")}
    missing = set(_result().to_dict()) - documented
    assert not missing, f"document these wprof.loop/1 fields in docs/results.md: {sorted(missing)}"
