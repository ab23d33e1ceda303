"""bench and compare at their limits (issue 16 items 6-8): bounded memory for any sample count, Ctrl-C during a long
run, one error line for absurd numbers, a benchmarked sys.exit() that is not taken for wprof's exit status, and a
clear statement instead of "infx, CI nan-nan" for zero medians."""

import tracemalloc
import warnings

import numpy as np
import pytest

import wprof
from wprof import stats
from wprof.benchmark import HostBackend, stopping
from wprof.benchmark.compare import compare_results
from wprof.cli import main
from wprof.errors import UsageError, UserCodeError


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


class RecordingHost(HostBackend):
    """The host backend, noting how many samples each span asked for."""

    def __init__(self, clock=None):
        super().__init__(clock)
        self.asked = []

    def span(self, work, n, calls, **kw):
        self.asked.append(n)
        return super().span(work, n, calls, **kw)


def interrupt_after(calls):
    state = {"k": 0}

    def fn():
        state["k"] += 1
        if state["k"] > calls:
            raise KeyboardInterrupt

    fn.state = state
    return fn


class FrozenClock:
    """A clock that never moves: every sample reads 0 ms."""

    def __call__(self):
        return 0


# ------------------------------------------------------------------------------------------------ memory, Ctrl-C
def test_a_billion_iters_allocates_per_span_and_ctrl_c_ends_it():
    be = RecordingHost()
    fn = interrupt_after(5000)
    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            wprof.bench(fn, iters=1_000_000_000, warmup=0, warmup_ms=0, backend=be, monitor=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert fn.state["k"] == 5001  # stopped at the interrupt, not after a billion calls
    assert max(be.asked) <= stopping.MAX_SPAN_SAMPLES  # no span sized for the whole run (it was 8 GB at once)
    assert peak < 20 * 2**20


def test_cli_ctrl_c_in_a_billion_iters_is_interrupted_exit(capsys):
    code, out, err = run(["bench", "--setup", "n = [0]", "--stmt", "n[0] += 1\nif n[0] > 3000: raise KeyboardInterrupt",
                          "--iters", "1000000000", "--warmup-ms", "0"], capsys)
    assert code == 130 and "wprof: interrupted" in err and "Traceback" not in err


def test_samples_past_the_cap_are_a_uniform_subsample_in_time_order():
    s = stopping.Samples(keep=1000)
    for span in range(10):
        s.add([float(span * 1000 + i) for i in range(1000)], span, span + 1)
    assert len(s) == 10_000 and s.kept == 1000
    v = s.values()
    assert v == sorted(v)  # time order kept
    assert all(t0 == int(x) // 1000 for x, (t0, _) in zip(v, s.spans()))  # each sample keeps its span
    assert 4000 < sum(v) / len(v) < 6000  # drawn from the whole run, not its start or end
    assert s.sampling()["taken"] == 10_000 and s.sampling()["kept"] == 1000


def test_a_result_says_when_it_holds_a_subsample(monkeypatch):
    monkeypatch.setattr(stopping, "MAX_KEPT_SAMPLES", 100)
    r = wprof.bench(lambda: None, iters=1000, warmup_ms=0, backend=HostBackend(), monitor=False)
    assert r.summary.n == 100 and len(r.samples_ms) == 100 and r.stop_reason == "iters=1000 reached"
    assert any("100 of 1,000 samples kept" in n for n in r.notices)


def test_compare_ci_memory_is_bounded():
    rng = np.random.default_rng(0)
    a, b = rng.lognormal(0, 0.1, 5000), rng.lognormal(0.05, 0.1, 5000)
    tracemalloc.start()
    try:
        r, lo, hi = stats.bootstrap_ratio_ci(a, b)  # 2000 x 5000 draws per side: 160 MB at once before
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert lo < r < hi and peak < 100 * 2**20


def test_compare_ci_of_large_runs_is_order_statistics_and_bounded():
    rng = np.random.default_rng(1)
    a, b = rng.lognormal(0, 0.1, 200_000), rng.lognormal(0.01, 0.1, 200_000)
    tracemalloc.start()
    try:
        r, lo, hi = stats.bootstrap_ratio_ci(a, b)  # 2000 x 200k per side: 6 GB before
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (lo, hi) == stats.ratio_ci_order_statistics(a, b)
    assert lo < np.exp(0.01) < hi and lo < r < hi and peak < 40 * 2**20


def test_order_statistics_interval_contains_the_bootstrap_one():
    rng = np.random.default_rng(2)
    a, b = rng.lognormal(0, 0.2, 3000), rng.lognormal(0.02, 0.3, 3000)
    _, blo, bhi = stats.bootstrap_ratio_ci(a, b)
    lo, hi = stats.ratio_ci_order_statistics(a, b)
    assert lo <= blo and bhi <= hi and (hi - lo) < 1.7 * (bhi - blo)  # conservative, not uselessly wide


# ------------------------------------------------------------------------------------------------ zero medians
def test_zero_medians_give_no_numpy_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r, lo, hi = stats.bootstrap_ratio_ci([0.0] * 30, [0.0] * 30)
    assert np.isnan(r) and np.isnan(lo) and np.isnan(hi)


def test_zero_median_compare_is_one_clear_line(tmp_path, capsys):
    paths = []
    for name in ("a", "b"):
        r = wprof.bench(lambda: None, iters=30, warmup=1, warmup_ms=0, name=name, backend=HostBackend(FrozenClock()),
                        monitor=False)
        assert r.summary.median == 0
        paths.append(str(r.save(tmp_path / f"{name}.json")))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code, out, err = run(["compare", *paths], capsys)
    assert code == UsageError.exit_code and "infx" not in out and "nan" not in out
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("wprof: error: A ('a') has a median of 0 ms")
    assert "below the clock's resolution" in lines[0]


def test_zero_median_in_an_interleaved_compare_is_an_error():
    with pytest.raises(UsageError, match=r"has a median of 0 ms"):
        wprof.compare(lambda: None, lambda: None, iters=20, warmup=1, warmup_ms=0,
                      backend=HostBackend(FrozenClock()), monitor=False)


def test_saved_results_without_samples_are_refused(tmp_path):
    r = wprof.bench(lambda: None, iters=10, warmup_ms=0, backend=HostBackend(), monitor=False)
    import dataclasses

    empty = dataclasses.replace(r, samples_ms=(), summary=stats.summarize([]))
    with pytest.raises(UsageError, match="has no samples"):
        compare_results(empty, r)


# ------------------------------------------------------------------------------------------------ absurd numbers
@pytest.mark.parametrize("flag,value,name", [
    ("--warmup-ms", "1e308", "warmup_ms"),
    ("--warmup-ms", "inf", "warmup_ms"),
    ("--warmup-ms", "nan", "warmup_ms"),
    ("--budget-s", "1e308", "budget_s"),
    ("--budget-s", "inf", "budget_s"),
    ("--budget-s", "nan", "budget_s"),
    ("--precision", "nan", "precision"),
    ("--precision", "inf", "precision"),
    ("--warmup", str(10**20), "warmup"),
    ("--iters", str(10**20), "iters"),
    ("--calls-per-sample", str(10**20), "calls_per_sample"),
    ("--max-iters", str(10**20), "max_iters"),
    ("--min-iters", "-1", "min_iters"),
])
def test_absurd_numbers_are_one_error_line(capsys, flag, value, name):
    code, out, err = run(["bench", "--stmt", "pass", flag, value], capsys)
    assert code == UsageError.exit_code and "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"wprof: error: {name}=")
    assert "median" not in out


def test_python_api_refuses_a_warmup_of_1e308_ms():
    with pytest.raises(UsageError, match=r"warmup_ms=1e\+308 must be a number of milliseconds"):
        wprof.bench(lambda: None, warmup_ms=1e308)


# ------------------------------------------------------------------------------------------------ sys.exit inside
@pytest.mark.parametrize("argv,phase", [
    (["--stmt", "raise SystemExit(7)"], "first call"),
    (["--setup", "raise SystemExit(7)", "--stmt", "pass"], "setup"),
])
def test_sys_exit_in_benchmarked_code_is_not_wprofs_exit_code(capsys, argv, phase):
    code, out, err = run(["bench", *argv, "--iters", "5"], capsys)
    assert code == UserCodeError.exit_code != 7
    lines = [ln for ln in err.splitlines() if ln.startswith("wprof: error:")]
    assert len(lines) == 1 and "sys.exit(7)" in lines[0] and phase in lines[0]


def test_sys_exit_in_a_factory_file_is_a_setup_error(tmp_path, capsys):
    p = tmp_path / "exits.py"
    p.write_text("import sys\n\ndef make():\n    sys.exit(7)\n\ndef later():\n    def fn():\n"
                 "        sys.exit(3)\n    return fn\n")
    code, _, err = run(["bench", f"{p}:make", "--iters", "5"], capsys)
    assert code == UserCodeError.exit_code and "sys.exit(7)" in err and "setup" in err
    code, _, err = run(["bench", f"{p}:later", "--iters", "5"], capsys)
    assert code == UserCodeError.exit_code and "sys.exit(3)" in err and "first call" in err
