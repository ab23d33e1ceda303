import pytest

from wprof.errors import ConfigError, UsageError
from wprof.loop.config import FLAGS, format_wprof, parse_wprof, resolve_config


def test_issue_example_parses():
    got = parse_wprof("5,30;--warmup=5;--gbs=128;--log-interval=10;--dmon;--kineto;--exit")
    assert got == {"warmup": 5, "iters": 30, "global_batch_size": 128, "log_interval": 10, "dmon": True,
                   "kineto": True, "exit_after": True}


def test_every_flag_is_documented_in_docs():
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "loop.md").read_text()
    for f in FLAGS:
        assert f"--{f.name}" in doc, f.name


@pytest.mark.parametrize("text,needle", [
    ("--gbs=abc", "'--gbs=abc'"),
    ("--bogus", "unknown flag --bogus"),
    ("5;--dmon", "'5'"),
    ("--dmon=1", "is a switch"),
    ("--mode=fast", "--mode is one of"),
    ("-x", "two dashes"),
    ("--window=9,3", "0 <= START < STOP"),
    ("--iters", "needs a value"),
])
def test_bad_token_is_named_with_the_valid_flags(text, needle):
    with pytest.raises(ConfigError) as e:
        parse_wprof(text)
    msg = str(e.value)
    assert needle in msg and "--log-interval=" in msg and "--dmon" in msg


def test_contradictions_are_errors():
    with pytest.raises(ConfigError, match="contradicts an earlier token"):
        parse_wprof("5,30;--warmup=3")
    with pytest.raises(ConfigError, match="either --window"):
        parse_wprof("--window=2,10;--iters=5")


def test_env_wins_over_kwargs_and_sources_are_recorded(monkeypatch):
    monkeypatch.setenv("WPROF", "--iters=7;--gbs=32")
    cfg = resolve_config({"warmup": 2, "iters": 30, "global_batch_size": 8, "window": (10, 20)})
    assert (cfg.warmup, cfg.iters, cfg.global_batch_size) == (2, 7, 32)
    assert (cfg.start, cfg.stop) == (2, 9)  # the env's iters replaced the code's window
    assert cfg.sources["iters"] == "WPROF" and cfg.sources["warmup"] == "kwarg"
    assert resolve_config({"iters": 30}, env=False).iters == 30


def test_window_kwarg_and_bad_kwargs():
    cfg = resolve_config({"window": (3, 9)}, env="")
    assert (cfg.start, cfg.stop, cfg.warmup, cfg.iters) == (3, 9, 3, 6)
    with pytest.raises(UsageError, match="mode='fast'"):
        resolve_config({"mode": "fast"}, env="")
    with pytest.raises(UsageError, match="global_batch_size=0"):
        resolve_config({"global_batch_size": 0}, env="")
    with pytest.raises(UsageError, match="window="):
        resolve_config({"window": (5, 2)}, env="")


def test_format_round_trips():
    values = {"window": (4, 10), "global_batch_size": 64, "dmon": True, "profiler_api": False, "mode": "sync",
              "flops_per_sample": 1.5e9}
    text = format_wprof(**values)
    assert parse_wprof(text) == values
    assert format_wprof(enabled=False) == "--off"


def test_one_variable_process_tokens_and_the_loop_file(monkeypatch):
    from wprof.loop.config import env_setting

    text = "5,30;--nvtx-backend=off;--nvtx-phases;--loop-file=engine.py"
    assert parse_wprof(text) == {"warmup": 5, "iters": 30, "nvtx_backend": "off", "nvtx_phases": True,
                                 "loop_file": "engine.py"}
    cfg = resolve_config({}, env=text)  # the process-wide tokens are accepted and left to their readers
    assert cfg.loop_file == "engine.py" and not hasattr(cfg, "nvtx_backend")
    env = {"WPROF": "--gbs=x;--nvtx-backend=torch"}
    assert env_setting("nvtx_backend", env) == "torch"  # a bad gauge token is the gauge's to report
    assert env_setting("nvtx_phases", env) is None
    with pytest.raises(ConfigError, match="--nvtx-backend is one of auto, nvtx, torch, off"):
        env_setting("nvtx_backend", {"WPROF": "--nvtx-backend=of"})  # its own bad value: never a silent default
    assert format_wprof(nvtx_backend="off", nvtx_phases=True) == "--nvtx-backend=off;--nvtx-phases"


def test_old_variables_are_read_with_one_notice(monkeypatch, capsys):
    from wprof.loop import config

    monkeypatch.setattr(config, "_noticed", set())
    monkeypatch.delenv("WPROF", raising=False)
    monkeypatch.setenv("WPROF_LOOP_FILE", "engine.py")
    monkeypatch.setenv("WPROF_NVTX_PHASES", "1")
    assert resolve_config({}).loop_file == "engine.py"
    assert resolve_config({}).loop_file == "engine.py"
    assert config.env_setting("nvtx_phases") is True
    err = capsys.readouterr().err.splitlines()
    assert err == ['wprof: WPROF_LOOP_FILE is deprecated; use WPROF="--loop-file=PATH" (one variable for every '
                   'setting, docs/loop.md)',
                   'wprof: WPROF_NVTX_PHASES is deprecated; use WPROF="--nvtx-phases" (one variable for every '
                   'setting, docs/loop.md)']
    monkeypatch.setenv("WPROF", "--loop-file=other.py")  # WPROF wins
    assert resolve_config({}).loop_file == "other.py"
    assert resolve_config({"loop_file": "mine.py"}, env=False).loop_file == "mine.py"


def test_the_next_step_names_the_loop_file_from_the_config():
    from wprof.loop.window import ladder_facts, next_step_text

    cfg = resolve_config({"loop_file": "engine.py"}, env="")
    text = next_step_text(ladder_facts(cfg, set(), cuda=False))
    assert "wprof inject engine.py -o engine_wprof.py" in text, text
