"""wprof nsys: the program under a profiler, the nsys command, the CLI with a fake nsys and without nsys."""

from __future__ import annotations

import json
import shlex
import stat
import sys

import pytest

from wprof import cli
from wprof.errors import ProfilerError
from wprof.profilers import nsys as wnsys
from wprof.profilers.nsys import NsysOptions, Program, build_nsys_command, gauge_wprof_value, shell_line


def test_gauge_wprof_value():
    assert gauge_wprof_value(5, 30) == "5,30;--exit"
    assert gauge_wprof_value(0, 1, exit_after=False) == "0,1"


def test_program_commands_and_env():
    p = Program(argv=("train.py", "--lr", "1"), warmup=3, iters=7, python="/py")
    assert p.command() == ["/py", "-m", "wprof", "run", "--", "train.py", "--lr", "1"]
    assert p.env() == {"WPROF": "3,7;--exit"}
    m = Program(argv=("--", "-m", "pkg.train", "x"), python="/py", exit_after=False, nvtx_phases=True)
    assert m.command() == ["/py", "-m", "wprof", "run", "-m", "pkg.train", "x"]
    assert m.env() == {"WPROF": "5,30;--nvtx-phases"}  # one variable (issue 14 item 4)
    v = Program(argv=("t.py",), wprof="2,4;--dmon", python="/py")
    assert v.env() == {"WPROF": "2,4;--dmon"}
    for window in ("api", "all"):
        w = Program(argv=("t.py", "a"), window=window, python="/py", nvtx_phases=True)
        assert w.command() == ["/py", "t.py", "a"] and w.env() == {}


def test_nsys_command_gauge_window():
    cmd, env = build_nsys_command(Program(argv=("train.py",), python="/py", nvtx_phases=True),
                                  NsysOptions(output="out/r"), "/bin/nsys")
    assert cmd[:8] == ["/bin/nsys", "profile", "-t", "cuda,nvtx,osrt", "-o", "out/r", "--force-overwrite", "true"]
    assert "--capture-range=cudaProfilerApi" in cmd and "--capture-range-end=stop" in cmd
    assert cmd[-6:] == ["/py", "-m", "wprof", "run", "--", "train.py"]
    assert env == {"WPROF": "5,30;--exit;--nvtx-phases"}


def test_nsys_command_nvtx_capture_and_window_all():
    cmd, env = build_nsys_command(Program(argv=("t.py",), python="/py"),
                                  NsysOptions(nvtx_capture="forward@wprof", stats=True, trace="cuda,nvtx"))
    assert "--capture-range=nvtx" in cmd and "--nvtx-capture=forward@wprof" in cmd
    assert "--capture-range=cudaProfilerApi" not in cmd and "--stats=true" in cmd
    assert env["NSYS_NVTX_PROFILER_REGISTER_ONLY"] == "0"
    cmd, env = build_nsys_command(Program(argv=("t.py",), window="all", python="/py"), NsysOptions())
    assert not any(c.startswith("--capture-range") for c in cmd) and env == {}


def test_shell_line_quotes():
    line = shell_line(["nsys", "profile", "python", "a b.py", "--x=$HOME"], {"WPROF": "5,30;--exit"})
    assert line == "WPROF='5,30;--exit' nsys profile python 'a b.py' '--x=$HOME'"
    assert shlex.split(line)[1:] == ["nsys", "profile", "python", "a b.py", "--x=$HOME"]


FAKE_NSYS = """#!{python}
import json, os, sys
with open(os.environ["FAKE_NSYS_RECORD"], "w") as f:
    json.dump({{"argv": sys.argv[1:], "WPROF": os.environ.get("WPROF"),
               "PHASES": os.environ.get("WPROF_NVTX_PHASES")}}, f)
sys.exit(int(os.environ.get("FAKE_NSYS_RC", "0")))
"""


@pytest.fixture
def fake_nsys(tmp_path, monkeypatch):
    exe = tmp_path / "bin" / "nsys"
    exe.parent.mkdir()
    exe.write_text(FAKE_NSYS.format(python=sys.executable))
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("FAKE_NSYS_RECORD", str(tmp_path / "record.json"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "train.py").write_text("print('hi')\n")
    return exe


def test_cli_runs_nsys(fake_nsys, tmp_path, capsys):
    assert cli.main(["nsys", "--nsys", str(fake_nsys), "--warmup", "2", "--iters", "4", "-o", "r1", "--",
                     "train.py", "--epochs", "1"]) == 0
    rec = json.loads((tmp_path / "record.json").read_text())
    assert rec["WPROF"] == "2,4;--exit;--nvtx-phases" and rec["PHASES"] is None
    assert rec["argv"][:2] == ["profile", "-t"] and rec["argv"][-4:] == ["--", "train.py", "--epochs", "1"]
    out = capsys.readouterr().out
    assert "nsys report: r1.nsys-rep" in out
    assert f"{fake_nsys} stats --report cuda_gpu_kern_sum,nvtx_sum r1.nsys-rep" in out


def test_cli_no_phases_and_no_exit(fake_nsys, tmp_path):
    assert cli.main(["nsys", "--nsys", str(fake_nsys), "--no-phases", "--no-exit", "--", "train.py"]) == 0
    rec = json.loads((tmp_path / "record.json").read_text())
    assert rec["WPROF"] == "5,30" and rec["PHASES"] is None


def test_cli_nsys_failure_is_a_profiler_error(fake_nsys, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_NSYS_RC", "2")
    assert cli.main(["nsys", "--nsys", str(fake_nsys), "--", "train.py"]) == 8
    assert "nsys exited with code 2" in capsys.readouterr().err


def test_cli_missing_nsys_prints_the_command_and_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(wnsys, "NSYS_GLOBS", ())
    assert cli.main(["nsys", "--", "train.py", "--lr", "1"]) == 8
    out = capsys.readouterr()
    assert out.out.startswith("WPROF='5,30;--exit;--nvtx-phases' nsys profile -t cuda,nvtx,osrt")
    assert "--capture-range=cudaProfilerApi --capture-range-end=stop" in out.out
    assert out.out.rstrip().endswith("-m wprof run -- train.py --lr 1")
    assert "nsys (Nsight Systems) is not installed here" in out.err


def test_cli_dry_run_and_usage_errors(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(wnsys, "NSYS_GLOBS", ())
    assert cli.main(["nsys", "--dry-run", "--window", "api", "--", "s.py"]) == 0
    assert capsys.readouterr().out.rstrip().endswith(" s.py")
    assert cli.main(["nsys", "--"]) == 2
    assert "no program to profile" in capsys.readouterr().err
    assert cli.main(["nsys", "--iters", "0", "--", "s.py"]) == 2


def test_find_tool_explicit_missing():
    with pytest.raises(ProfilerError, match="not found"):
        wnsys.find_tool("nsys", "/nonexistent/nsys")
