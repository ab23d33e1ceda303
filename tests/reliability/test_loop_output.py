"""Where the gauge's lines go, and one-line errors for a user's input (issue 16, items 4, 7 and 8)."""

import logging
import sys

import pytest

from wprof.loop import Gauge


@pytest.fixture
def clean_logging():
    """The root and ``wprof`` loggers as a fresh interpreter has them, restored after the test."""
    root, log = logging.getLogger(), logging.getLogger("wprof")
    saved = (root.handlers[:], root.level, log.handlers[:], log.level, log.propagate)
    root.handlers[:] = []
    log.handlers[:] = []
    log.propagate = True
    log.setLevel(logging.NOTSET)
    try:
        yield
    finally:
        root.handlers[:], root.level = saved[0], saved[1]
        log.handlers[:], log.level, log.propagate = saved[2], saved[3], saved[4]


def _loop(tmp_path, n=12):
    g = Gauge(range(n), warmup=1, iters=8, mode="host", name="x", out_dir=str(tmp_path), log_interval=2, env=False)
    for _ in g:
        pass
    return g


def test_a_script_that_logs_to_stdout_keeps_wprofs_lines_out_of_its_stdout(tmp_path, capsys, clean_logging):
    h = logging.StreamHandler(sys.stdout)  # what logging.basicConfig(stream=sys.stdout) adds to the root logger
    h.setFormatter(logging.Formatter("APP %(message)s"))
    logging.getLogger().addHandler(h)
    logging.getLogger().setLevel(logging.INFO)
    logging.getLogger("app").info("epoch 1")
    g = _loop(tmp_path)
    assert g.result is not None and g.result.n == 8
    out, err = capsys.readouterr()
    assert out == "APP epoch 1\n"  # the script's stdout is its own
    assert "0:[wprof] Average:" in err and "0:[wprof] [0001]: iter" in err


def test_handlers_given_to_the_wprof_logger_are_used(tmp_path, capsys, clean_logging):
    import io

    buf = io.StringIO()
    h = logging.StreamHandler(buf)
    logging.getLogger("wprof").addHandler(h)
    logging.getLogger("wprof").setLevel(logging.INFO)
    _loop(tmp_path)
    assert "0:[wprof] Average:" in buf.getvalue()
    assert "Average:" not in capsys.readouterr().err


def test_a_bad_wprof_token_in_a_gauge_script_is_one_line_not_a_traceback(monkeypatch, capsys):
    monkeypatch.setenv("WPROF", "5,30;--gbs=abc")
    with pytest.raises(SystemExit) as e:
        Gauge(range(3), mode="host")
    assert e.value.code == 2  # a usage error's exit code (errors.ConfigError), as `wprof run` exits
    err = capsys.readouterr().err
    assert err.startswith("wprof: error: WPROF token '--gbs=abc': --gbs takes an integer") and err.count("\n") == 1
    assert "Traceback" not in err
    from wprof.errors import ConfigError

    with pytest.raises(ConfigError):  # a WPROF string given in code (env="...") stays an exception of the code
        Gauge(range(3), mode="host", env="--gbs=abc")


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "0", "-5"])
def test_non_finite_or_non_positive_flops_are_refused_in_one_line(value, capsys):
    from wprof.cli import main
    from wprof.errors import ConfigError, UsageError
    from wprof.loop.config import parse_wprof, resolve_config

    with pytest.raises(ConfigError, match="--flops-per-sample"):
        parse_wprof(f"--flops-per-sample={value}")
    with pytest.raises(UsageError, match="flops_per_sample"):
        resolve_config({"flops_per_sample": float(value)}, env="")
    with pytest.raises(SystemExit) as e:
        main(["run", f"--flops-per-sample={value}", "--", "train.py"])
    assert e.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]  # argparse's usage, then the one error line
    assert last.startswith("wprof: error: argument --flops-per-sample: expected a positive, finite number"), last


GAUGED = """\
import wprof
loader = range(20)
gauge = wprof.Gauge(loader, warmup=1, iters=4, mode="host", name="own", out_dir="out", log_interval=0)
for batch in gauge:
    pass
for batch in wprof.Gauge(loader, warmup=1, iters=4, mode="host", name="own2", out_dir="out", log_interval=0):
    pass
g3 = wprof.Gauge(warmup=1, iters=4, mode="host", name="own3", out_dir="out", log_interval=0)
for i in range(10):
    with g3.step():
        batch = next(iter(loader))
"""


@pytest.mark.parametrize("line,how", [(4, "it iterates gauge, a wprof.Gauge made at line 3"),
                                      (6, "it iterates a wprof.Gauge(...)"),
                                      (9, "its body calls g3.step() of g3, a wprof.Gauge made at line 8")])
def test_loop_on_a_loop_that_has_a_gauge_attaches_none_and_says_so(tmp_path, line, how):
    from harness import run_wprof

    (tmp_path / "train.py").write_text(GAUGED)
    p = run_wprof(["run", "--loop", str(line), "--mode", "host", "--out-dir", "out", "--", "train.py"], tmp_path)
    assert p.returncode == 0, p.stderr
    err = p.stderr
    assert f"the loop at train.py:{line} already has a wprof.Gauge ({how}): wprof run attaches none" in err, err
    assert sorted(p.name for p in (tmp_path / "out").glob("*.json")) == ["own.json", "own2.json", "own3.json"]


def test_inject_on_a_loop_that_has_a_gauge_writes_nothing_and_says_so(tmp_path):
    from harness import run_wprof

    (tmp_path / "train.py").write_text(GAUGED)
    p = run_wprof(["inject", "--loop", "4", "train.py"], tmp_path)
    assert p.returncode == 2 and not (tmp_path / "train.wprof.py").exists()
    assert p.stderr == ("wprof: error: the loop at train.py:4 already has a wprof.Gauge (it iterates gauge, a "
                        "wprof.Gauge made at line 3): nothing to inject; run the script as it is (or choose another "
                        "loop with --loop LINE)\n"), p.stderr


def test_flops_that_overflow_give_no_mfu_rather_than_inf():
    from wprof.loop.config import resolve_config
    from wprof.loop.window import compute_mfu

    cfg = resolve_config({"flops_per_sample": 1e308, "global_batch_size": 256}, env="")  # finite, times 256: inf
    m = compute_mfu(cfg, 12.0, 1, None)
    assert m["mfu"] is None and "not a finite number" in m["reason"]
