"""Sweeps: --param axes, the cross product on the host clock, work declarations and throughput against the peak
table, failed points kept, two sweeps compared, the CLI's table and files."""

import math

import pytest

from wprof.benchmark.sweep import compare_sweeps, grid, run_sweep
from wprof.benchmark.target import parse_axes
from wprof.benchmark.throughput import check_declaration, throughput
from wprof.cli import main
from wprof.errors import TargetError, UsageError, UserCodeError
from wprof.results import SweepResult, load_result

FACTORY = '''
def work(n=10, kind="sum"):
    data = list(range(n))
    if kind == "boom":
        raise MemoryError(f"out of memory at n={n}")
    return (lambda: sum(data)), {"flops": n, "bytes": 8 * n}


def plain(n=10):
    data = list(range(n))
    return lambda: sum(data)


def typo(n=10):
    return (lambda: None), {"flop": n}


def stop(n=10):
    if n > 100:
        raise KeyboardInterrupt
    data = list(range(n))
    return lambda: sum(data)
'''

FAST = dict(device="cpu", iters=5, warmup=1, warmup_ms=0.0, monitor=False)


@pytest.fixture
def target(tmp_path):
    f = tmp_path / "kern.py"
    f.write_text(FACTORY)
    return f


def test_parse_axes():
    fixed, axes = parse_axes(["n=1024,2048,4096", "dtype=bf16,fp16", "shape=(1,2)", "sep=','", "k=3"])
    assert axes == {"n": [1024, 2048, 4096], "dtype": ["bf16", "fp16"]}
    assert fixed == {"shape": (1, 2), "sep": ",", "k": 3}
    assert parse_axes(["s=(1,2),(3,4)", "x=[1,2]"]) == ({"x": [1, 2]}, {"s": [(1, 2), (3, 4)]})
    for bad, msg in ((["n=1", "n=2"], "given twice"), (["n=1,,2"], "empty value"), (["n=1,1"], "repeats"),
                     (["1n=3"], "NAME=VALUE")):
        with pytest.raises(UsageError, match=msg):
            parse_axes(bad)


def test_grid_first_axis_slowest():
    assert grid({"n": [1, 2], "d": ["a", "b"]}) == [{"n": 1, "d": "a"}, {"n": 1, "d": "b"}, {"n": 2, "d": "a"},
                                                   {"n": 2, "d": "b"}]


def test_sweep_runs_every_point_keeps_failures_and_declared_work(target):
    seen = []
    r = run_sweep(f"{target}:work", {"n": [100, 1000], "kind": ["sum", "boom"]},
                  on_point=lambda i, n, p: seen.append((i, n, p.params)), **FAST)
    assert [p.params for p in r.points] == [{"n": 100, "kind": "sum"}, {"n": 100, "kind": "boom"},
                                            {"n": 1000, "kind": "sum"}, {"n": 1000, "kind": "boom"}]
    assert [s[0] for s in seen] == [0, 1, 2, 3] and all(s[1] == 4 for s in seen)
    ok = [p for p in r.points if p.result is not None]
    assert len(ok) == 2 and all(p.result.summary.n == 5 for p in ok)
    assert all("MemoryError: out of memory at n=" in p.error for p in r.points if p.result is None)
    t = ok[1].result.throughput
    med = ok[1].result.summary.median
    assert t["flops_per_call"] == 1000 and t["bytes_per_call"] == 8000
    assert t["tflop_per_s"] == pytest.approx(1000 / (med / 1e3) / 1e12)
    assert t["gb_per_s"] == pytest.approx(8000 / (med / 1e3) / 1e9)
    assert "peak" not in t and "host clock" in t["reason"]  # no device: never a % of a peak
    path = r.save(target.parent / "s.json")
    again = load_result(path)
    assert isinstance(again, SweepResult)
    assert again.save(target.parent / "t.json").read_text() == path.read_text()


def test_sweep_mistakes_stop_at_once(target):
    with pytest.raises(UsageError, match="does not accept"):
        run_sweep(f"{target}:work", {"m": [1, 2]}, **FAST)
    with pytest.raises(TargetError, match="unknown key.*'flop'"):
        run_sweep(f"{target}:typo", {"n": [1, 2]}, **FAST)
    with pytest.raises(UserCodeError, match="every point of the sweep failed"):
        run_sweep(f"{target}:work", {"n": [1, 2]}, fixed={"kind": "boom"}, **FAST)


def test_compare_sweeps_matches_points(target):
    a = run_sweep(f"{target}:plain", {"n": [10, 100000]}, **FAST)
    b = run_sweep(f"{target}:plain", {"n": [100000, 10, 20]}, **FAST)
    c = compare_sweeps(a, b)
    assert [p.params for p in c.points] == [{"n": 10}, {"n": 100000}]
    assert all(p.comparison.ratio == pytest.approx(p.comparison.b.summary.median / p.comparison.a.summary.median)
               for p in c.points)
    assert any("n=20: only in B" in n for n in c.notes)
    other = run_sweep(f"{target}:work", {"kind": ["sum", "sum2"]}, **FAST)
    with pytest.raises(UsageError, match="different axes"):
        compare_sweeps(a, other)


def test_throughput_against_the_h200_row():
    n = 4096
    t = throughput(0.1754, (0.1750, 0.1760), flops=2 * n**3, bytes_=3 * n * n * 2, dtype="bf16",
                   device_name="NVIDIA H200")
    assert t["tflop_per_s"] == pytest.approx(2 * n**3 / 0.1754e-3 / 1e12)  # 783.6
    assert t["tflop_per_s_ci95"][0] < t["tflop_per_s"] < t["tflop_per_s_ci95"][1]
    assert t["peak_flops_fraction"] == pytest.approx(t["tflop_per_s"] / 989.5)
    assert t["peak_bandwidth_fraction"] == pytest.approx(t["gb_per_s"] / 4800)
    assert t["ridge_flop_per_byte"] == pytest.approx(989.5e12 / 4.8e12) and t["bound"] == "compute"
    assert t["roof_fraction"] == pytest.approx(t["peak_flops_fraction"])
    add = throughput(0.0487, (0.0486, 0.0488), flops=16 * 2**20, bytes_=3 * 4 * 16 * 2**20, dtype="fp32",
                     device_name="NVIDIA H200")
    assert add["bound"] == "memory" and add["roof_fraction"] == pytest.approx(add["peak_bandwidth_fraction"])
    unknown = throughput(1.0, (0.9, 1.1), flops=1e9, device_name="NVIDIA Made Up", dtype="bf16")
    assert "peak" not in unknown and "not in wprof's peak table" in unknown["reason"]
    nodtype = throughput(1.0, (0.9, 1.1), flops=1e9, device_name="NVIDIA H200")
    assert "peak_flops_fraction" not in nodtype and "no dtype" in nodtype["reason"]
    assert math.isnan(throughput(math.nan, (math.nan, math.nan), flops=1.0)["tflop_per_s"])


def test_check_declaration():
    assert check_declaration({"flops": 10, "bytes": 2.5, "dtype": "bfloat16"}, "f") == {"flops": 10, "bytes": 2.5,
                                                                                      "dtype": "bf16"}
    assert check_declaration({"flops": "count"}, "f") == {"flops": "count"}
    for bad, msg in (({"flops": -1}, "positive number of FLOPs"), ({"bytes": "x"}, "bytes moved"),
                     ({"dtype": "int3"}, "unknown dtype"), ({"flops": True}, "positive")):
        with pytest.raises(TargetError, match=msg):
            check_declaration(bad, "f")


def test_cli_sweep_table_json_and_html(target, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    js, page = tmp_path / "s.json", tmp_path / "s.html"
    code = main(["bench", f"{target}:work", "--param", "n=100,1000", "--param", "kind=sum", "--device", "cpu",
                 "--iters", "5", "--warmup-ms", "0", "--no-monitor", "--json", str(js), "--html", str(page)])
    out = capsys.readouterr()
    assert code == 0
    assert "wprof sweep: work (2 of 2 points measured, complete)" in out.out
    assert "[wprof] 1/2 n=100: median" in out.err and "[wprof] 2/2 n=1000: median" in out.err
    r = load_result(js)
    assert isinstance(r, SweepResult) and r.axes == {"n": [100, 1000]} and r.fixed == {"kind": "sum"}
    assert page.read_text().count("<svg") >= 2
    assert main(["bench", "--stmt", "1", "--param", "n=1,2"]) == 2


def test_flops_counted_with_flopcountermode(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "mm.py"
    f.write_text("import torch\n\ndef mm(n=32):\n    a = torch.randn(n, n)\n    return (lambda: a @ a), "
                 "{'flops': 'count', 'dtype': 'fp32'}\n\ndef add(n=32):\n    a = torch.randn(n)\n"
                 "    return lambda: a + a\n")
    r = run_sweep(f"{f}:mm", {"n": [16, 32]}, **FAST)
    t = [p.result.throughput for p in r.points]
    assert [x["flops_per_call"] for x in t] == [2 * 16**3, 2 * 32**3]
    assert all("FlopCounterMode" in x["flops_source"] for x in t)
    r2 = run_sweep(f"{f}:add", {"n": [16, 32]}, count_flops=True, **FAST)  # elementwise: counted 0 FLOPs
    assert all("counted 0 FLOPs" in p.result.throughput["reason"] for p in r2.points)
    assert all("tflop_per_s" not in p.result.throughput for p in r2.points)


def test_ctrl_c_keeps_the_points_measured(target, tmp_path, capsys):
    r = run_sweep(f"{target}:stop", {"n": [10, 20, 1000, 30]}, **FAST)
    assert r.status == "interrupted" and [p.params["n"] for p in r.points] == [10, 20]
    assert r.notes == ("interrupted: 2 of 4 points measured",)
    js = tmp_path / "s.json"
    code = main(["bench", f"{target}:stop", "--param", "n=10,1000", "--device", "cpu", "--iters", "5",
                 "--warmup-ms", "0", "--no-monitor", "--json", str(js)])
    assert code == 130 and load_result(js).status == "interrupted" and len(load_result(js).points) == 1


def test_the_host_clock_notice_is_said_once_per_sweep_not_per_point(target, caplog):
    import logging

    from wprof.benchmark.backends import HOST_NOTICE

    with caplog.at_level(logging.INFO, logger="wprof"):
        run_sweep(f"{target}:plain", {"n": [10, 20, 30]}, **FAST)
    assert [r.getMessage() for r in caplog.records].count(HOST_NOTICE) == 1
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="wprof"):  # the filter is gone after the sweep: a bench says it again
        run_sweep(f"{target}:plain", {"n": [10, 20]}, **FAST)
    assert [r.getMessage() for r in caplog.records].count(HOST_NOTICE) == 1
