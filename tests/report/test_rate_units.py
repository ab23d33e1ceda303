"""Throughput reads in the unit a kernel engineer expects (GFLOP/s and MB/s for a small call on a CPU, TFLOP/s and
GB/s on a GPU), the same in the text line, the sweep table and the HTML pages."""

from dataclasses import replace

import pytest

from wprof.benchmark.sweep import add_throughput
from wprof.report.html import render_html
from wprof.report.sweep import sweep_rows, throughput_line
from wprof.results.sweep import SweepPoint, SweepResult
from wprof.stats import fmt_rate, rate_unit

from . import results_made as made


@pytest.mark.parametrize("per_s, kind, text", [
    (1.498e8, "flops", "149.8 MFLOP/s"), (2.033e11, "flops", "203.3 GFLOP/s"), (7.51e14, "flops", "751 TFLOP/s"),
    (7.023e6, "bytes", "7.023 MB/s"), (9.528e9, "bytes", "9.528 GB/s"), (4.1e12, "bytes", "4100 GB/s"),
    (512.0, "bytes", "0.512 kB/s"), (None, "flops", "n/a"), (0.0, "flops", "0 TFLOP/s")])
def test_fmt_rate_picks_the_largest_unit_at_or_above_one(per_s, kind, text):
    assert fmt_rate(per_s, kind) == text


def test_rate_unit_of_a_column_is_the_one_of_its_largest_value():
    assert rate_unit(5e11) == ("GFLOP/s", 1e9) and rate_unit(1e12) == ("TFLOP/s", 1e12)
    assert rate_unit(None, "bytes") == ("GB/s", 1e9)


def _cpu_bench(n: int, median_us: float):
    r = made.bench(f"matmul[n={n}]", median_us, seed=n, n=60)
    r = replace(r, clock="host", env={"platform": "Linux", "torch": "2.13.0+cpu"})
    return add_throughput(r, lambda: None, None, {"flops": 2 * n**3, "bytes": 3 * n * n * 4}, {"n": n})


def test_cpu_sizes_read_in_gflops_mflops_and_mb_per_s_everywhere():
    one = _cpu_bench(128, 20.0)
    t = one.throughput
    line = throughput_line(t)
    assert fmt_rate(t["tflop_per_s"] * 1e12) in line and "GFLOP/s" in line and "TFLOP/s" not in line
    assert "0.0" not in line.split("[")[0]  # no 0.0001498 TFLOP/s
    page = render_html(one)
    assert fmt_rate(t["tflop_per_s"] * 1e12) in page and "TFLOP/s" not in page

    points = tuple(SweepPoint(params={"n": n}, result=_cpu_bench(n, us)) for n, us in ((16, 1000.0), (128, 20000.0)))
    sweep = SweepResult(name="matmul", target="bench_ops.py:matmul", axes={"n": [16, 128]}, points=points,
                        env={"platform": "Linux"}, config={}, created_utc="2026-11-30T13:00:00Z",
                        wprof_version="0.1.0")
    headers, rows, numeric = sweep_rows(sweep)
    f_col, b_col = headers.index("MFLOP/s"), headers.index("MB/s")
    assert "TFLOP/s" not in headers and f_col in numeric and b_col in numeric
    big = points[1].result.throughput
    assert rows[1][f_col] == f"{big['tflop_per_s'] * 1e6:.4g}"  # the column's unit for every row
    assert rows[0][b_col] == f"{points[0].result.throughput['gb_per_s'] * 1e3:.4g}"
    page = render_html(sweep)
    assert "MFLOP/s against n" in page and "TFLOP/s" not in page


def test_gpu_figures_keep_tflops_and_name_the_peak_unit():
    r = made.sweep()
    headers, _, _ = sweep_rows(r)
    assert "TFLOP/s" in headers and "GB/s" in headers
    t = next(p.result for p in r.points if p.result is not None).throughput
    line = throughput_line(t)
    assert line.startswith(f"throughput: {t['tflop_per_s']:.4g} TFLOP/s (") and "peak 989.5 TFLOP/s)" in line


def test_loop_mfu_line_on_a_cpu_reads_gflops_and_names_the_peak_unit():
    from wprof.loop.assemble import report_lines

    peak = {"flops": 6.7e13, "dtype": "fp32", "source": "table: datasheet", "device_name": "NVIDIA H200"}
    r = replace(made.loop(), mfu={"mfu": 0.00044, "achieved_flops": 2.97e10, "flops_per_step": 1e9,
                                  "flops_source": "user", "peak": peak, "dtype_assumed": False})
    text = "\n".join(report_lines(r))
    assert "MFU: 0.0% (29.7 GFLOP/s of the 67 TFLOP/s fp32 peak)" in text
    assert "29.7 GFLOP/s of 67 TFLOP/s fp32" in render_html(r)
