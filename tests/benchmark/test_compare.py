"""wprof.compare (interleaved, host path with a fake clock), compare_results, `wprof compare` and its exit code."""

import importlib
import json

import pytest

import wprof
from wprof.benchmark import HostBackend
from wprof.cli import main
from wprof.results import load_result

# the function wprof.benchmark.compare shadows its module as a package attribute; import the module by name
cmpmod = importlib.import_module("wprof.benchmark.compare")

from .test_core_fake_clock import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


def on(clock):
    return HostBackend(clock=clock)


def busy(clock, ms, order=None, tag=None):
    def fn():
        if order is not None:
            order.append(tag)
        clock.advance_ms(ms)

    return fn


def test_verdict():
    assert cmpmod.verdict(1.01, 1.05) == "slower"
    assert cmpmod.verdict(0.90, 0.99) == "faster"
    assert cmpmod.verdict(0.99, 1.02) == "no significant difference"
    assert cmpmod.verdict(float("nan"), 1.0) == "no significant difference"


def test_compare_interleaves_and_finds_slower(clock):
    order = []
    r = wprof.compare(busy(clock, 1.0, order, "a"), busy(clock, 1.2, order, "b"), backend=on(clock), iters=40, warmup=2, warmup_ms=0,
                      names=("base", "new"))
    assert r.interleaved and r.verdict == "slower" and r.ratio == pytest.approx(1.2)
    assert r.a.name == "base" and r.b.name == "new" and r.a.summary.n == 40 and r.b.summary.n == 40
    assert r.fails(10) and not r.fails(25)
    timed = order[-80:]
    assert "".join(timed).count("ab") + "".join(timed).count("ba") > 1  # alternating, not all A then all B


def test_compare_same_is_no_difference(clock):
    import random

    rnd = random.Random(1)
    r = wprof.compare(busy_noise(clock, rnd), busy_noise(clock, rnd), backend=on(clock), iters=60, warmup=2, warmup_ms=0)
    assert r.verdict == "no significant difference" and not r.fails(0)


def busy_noise(clock, rnd):
    def fn():
        clock.advance_ms(1.0 + rnd.random() * 0.1)

    return fn


def test_compare_stops_on_precision(clock):
    r = wprof.compare(busy(clock, 1.0), busy(clock, 0.5), backend=on(clock), warmup=2, warmup_ms=0, budget_s=100)
    assert r.stop_reason.startswith("precision") and r.verdict == "faster"


def test_compare_result_roundtrip(clock, tmp_path):
    r = wprof.compare(busy(clock, 1.0), busy(clock, 1.1), backend=on(clock), iters=20, warmup=1, warmup_ms=0)
    p = r.save(tmp_path / "c.json")
    back = load_result(p)
    assert isinstance(back, cmpmod.CompareResult) and back.ratio == r.ratio and back.a.samples_ms == r.a.samples_ms


def _bench_json(clock, tmp_path, name, ms):
    r = wprof.bench(busy(clock, ms), backend=on(clock), iters=30, warmup=1, warmup_ms=0, name=name)
    return str(r.save(tmp_path / f"{name}.json"))


def test_cli_compare_and_fail_if_slower(clock, tmp_path, capsys):
    a = _bench_json(clock, tmp_path, "a", 1.0)
    b = _bench_json(clock, tmp_path, "b", 1.05)
    assert main(["compare", a, b]) == 0
    out = capsys.readouterr().out
    assert "B / A = 1.0500x" in out and "slower" in out and "separate runs" in out
    assert main(["compare", a, b, "--fail-if-slower", "3"]) == 1
    assert "FAIL: B is +5.00% vs A" in capsys.readouterr().out
    assert main(["compare", a, b, "--fail-if-slower", "10%", "--json", str(tmp_path / "c.json")]) == 0
    doc = json.loads((tmp_path / "c.json").read_text())
    assert doc["schema"] == "wprof.compare/1" and doc["verdict"] == "slower"
    assert main(["report", str(tmp_path / "c.json")]) == 0
    assert "B / A" in capsys.readouterr().out


def test_cli_compare_rejects_non_bench(clock, tmp_path, capsys):
    a = _bench_json(clock, tmp_path, "a", 1.0)
    main(["compare", a, a, "--json", str(tmp_path / "c.json")])
    assert main(["compare", str(tmp_path / "c.json"), a]) == 7
    assert "is a comparison, not a bench result" in capsys.readouterr().err


def test_cli_compare_refuses_different_clocks(clock, tmp_path, capsys):
    a = _bench_json(clock, tmp_path, "a", 1.0)
    doc = json.loads(open(a).read())
    doc["clock"] = "cuda-events"
    b = tmp_path / "b_gpu.json"
    b.write_text(json.dumps(doc))
    assert main(["compare", a, str(b), "--fail-if-slower", "3"]) == 2
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.startswith("wprof: error:")]
    assert len(lines) == 1 and "host clock" in lines[0] and "cuda-events clock" in lines[0]


def test_saved_comparison_always_notes_separate_runs(clock, tmp_path):
    from wprof.benchmark.compare import compare_results

    a = load_result(_bench_json(clock, tmp_path, "a", 1.0))
    b = load_result(_bench_json(clock, tmp_path, "b", 1.0))
    object.__setattr__(b, "mode", "aggregate")  # a method difference must not hide the separate-runs note
    notes = compare_results(a, b).notes
    assert any(n.startswith("different methods") for n in notes) and any(n.startswith("separate runs") for n in notes)
