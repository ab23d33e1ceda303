"""wprof ncu: command building, CSV parsing, per-kernel statistics, the result, and the CLI with a fake ncu."""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from pathlib import Path

import pytest

from wprof import cli
from wprof.errors import ProfilerError, UsageError
from wprof.profilers import ncu as wncu
from wprof.profilers.nsys import IGNORE_PROFILER_API_CODE, Program, run_ignoring_profiler_api
from wprof.results import load_result

FIXTURE = Path(__file__).with_name("ncu_details_base.csv")
COS = "cos_kernel_cuda"
EXP = "exp_kernel_cuda"
GEMM = "nvjet_tst_128x256_64x4_1x2_h_bz_coopA_NTN"


def _tag(name: str) -> str:
    return "cos" if COS in name else "exp" if EXP in name else "gemm" if name == GEMM else "?"


# ---------------------------------------------------------------------------------------------------------- parsing
def test_parse_details_page_fixture():
    launches = wncu.parse_csv(FIXTURE.read_text())
    assert [launch.id for launch in launches] == [0, 1, 2, 3, 4, 5]
    assert [_tag(launch.name) for launch in launches] == ["cos", "exp", "exp", "cos", "gemm", "exp"]
    assert launches[0].duration_ms == pytest.approx(9184e-6)
    assert launches[4].duration_ms == pytest.approx(179552e-6)  # "179,552" (thousands separator)
    assert launches[0].stream == "7" and launches[0].grid == "(8192, 1, 1)" and launches[0].process_id == 48213


def test_kernel_stats_from_fixture():
    stats = wncu.kernel_stats(wncu.parse_csv(FIXTURE.read_text()))
    assert [_tag(k.name) for k in stats] == ["gemm", "exp", "cos"]  # largest total first
    exp = stats[1]
    d = [8800e-6, 8928e-6, 9312e-6]
    assert exp.count == 3
    assert exp.total_ms == pytest.approx(sum(d))
    assert exp.mean_ms == pytest.approx(sum(d) / 3)
    assert exp.median_ms == pytest.approx(8928e-6)
    assert (exp.min_ms, exp.max_ms) == (pytest.approx(8800e-6), pytest.approx(9312e-6))
    mean = sum(d) / 3
    assert exp.std_ms == pytest.approx(math.sqrt(sum((x - mean) ** 2 for x in d) / 2))
    assert stats[0].count == 1 and stats[0].std_ms == 0.0


def test_parse_raw_page_with_units_row_and_old_units():
    text = "\n".join([
        '"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","gpu__time_duration.sum"',
        '"","","","","","","","usecond"',
        '"0","1","python","h","k1","1","7","2.5"',
        '"1","1","python","h","k1","1","7","3.5"',
    ])
    launches = wncu.parse_csv(text)
    assert [x.duration_ms for x in launches] == [pytest.approx(0.0025), pytest.approx(0.0035)]


def test_parse_details_with_nsecond_unit_and_other_metrics_ignored():
    text = "\n".join([
        '"ID","Process ID","Process Name","Host Name","Kernel Name","Kernel Time","Context","Stream",'
        '"Section Name","Metric Name","Metric Unit","Metric Value"',
        '"0","1","p","h","k","2024-01-01 00:00:00","1","7","S","dram__bytes.sum","byte","1,048,576"',
        '"0","1","p","h","k","2024-01-01 00:00:00","1","7","S","gpu__time_duration.sum","nsecond","1,500"',
    ])
    launches = wncu.parse_csv(text)
    assert len(launches) == 1 and launches[0].duration_ms == pytest.approx(0.0015)


def test_parse_without_a_table_is_empty_and_bad_tables_are_errors():
    assert wncu.parse_csv("==PROF== No kernels were profiled.\n") == []
    with pytest.raises(ProfilerError, match="kernel-name column"):
        wncu.parse_csv('"ID","Metric Name","Metric Value"\n"0","gpu__time_duration.sum","1"\n')
    with pytest.raises(ProfilerError, match="no values of the metric"):
        wncu.parse_csv('"ID","Kernel Name","sm__cycles.sum"\n"0","k","1"\n')
    bad_unit = '"ID","Kernel Name","Metric Name","Metric Unit","Metric Value"\n"0","k","gpu__time_duration.sum","cycle","5"\n'
    with pytest.raises(ProfilerError, match="'cycle'"):
        wncu.parse_csv(bad_unit)


def test_result_round_trip_and_table():
    launches = tuple(wncu.parse_csv(FIXTURE.read_text()))
    result = wncu.NcuResult(command=("ncu", "x"), window="gauge", metric=wncu.METRIC, launches=launches,
                            created_utc="2026-12-01T00:00:00Z", wprof_version="0.1.0")
    d = json.loads(json.dumps(result.to_dict()))
    assert d["schema"] == "wprof.ncu/1"
    assert [k["count"] for k in d["kernels"]] == [1, 3, 2]
    assert wncu.NcuResult.from_dict(d) == result
    table = wncu.format_table(result, width=40)
    lines = table.splitlines()
    assert lines[0].startswith("ncu: 6 launches of 3 kernels in the gauge window")
    assert lines[1].split()[:2] == ["kernel", "count"]
    assert lines[2].startswith(GEMM[:39] + "…") and "179.55" in lines[2]
    assert lines[3].startswith("vectorized_elementwise_kernel<4, exp_ke…")
    assert len(lines) == 5


# ---------------------------------------------------------------------------------------------------------- command
def test_command_for_the_gauge_window():
    prog = Program(argv=("--", "train.py", "--lr", "3e-4"), warmup=5, iters=1, python="/py")
    cmd, env = wncu.build_ncu_command(prog, wncu.NcuOptions(log_file="out.csv"), "/bin/ncu")
    assert cmd[:6] == ["/bin/ncu", "--target-processes", "all", "--profile-from-start", "off", "--clock-control"]
    s = " ".join(cmd)
    assert "--clock-control none" in s
    assert "--metrics gpu__time_duration.sum --csv --print-units base --page details --log-file out.csv" in s
    assert "--nvtx" not in cmd
    assert cmd[cmd.index("/py"):] == ["/py", "-m", "wprof", "run", "--", "train.py", "--lr", "3e-4"]
    assert env == {"WPROF": "5,1;--exit"}


def test_command_filters_and_window_all():
    prog = Program(argv=("-m", "pkg.train"), window="all", python="/py")
    opts = wncu.NcuOptions(nvtx_include=("fwd/",), nvtx_exclude=("wprof@data/",), kernel_name="regex:gemm",
                           launch_skip=2, launch_count=10, cache_control="none", export="r.ncu-rep")
    cmd, env = wncu.build_ncu_command(prog, opts)
    s = " ".join(cmd)
    assert "--profile-from-start" not in cmd and env == {}
    assert "--nvtx --nvtx-include fwd/ --nvtx-exclude wprof@data/" in s
    assert "--kernel-name regex:gemm --launch-skip 2 --launch-count 10" in s
    assert "--cache-control none" in s and "--export r.ncu-rep --force-overwrite" in s
    # ncu honours cudaProfilerStop even from the start: the program runs with torch's profiler API turned off
    assert cmd[-5:] == ["/py", "-c", IGNORE_PROFILER_API_CODE, "-m", "pkg.train"]


def test_launcher_ignores_torch_profiler_api(tmp_path, capsys):
    torch = pytest.importorskip("torch")
    script = tmp_path / "s.py"
    script.write_text("import sys, torch\n"
                      "torch.cuda.profiler.start(); torch.cuda.profiler.stop(); torch.cuda.profiler.stop()\n"
                      "print('ran', __name__, sys.argv[1:])\n")
    start, stop = torch.cuda.profiler.start, torch.cuda.profiler.stop
    try:
        run_ignoring_profiler_api(["--", str(script), "a", "-b"])
    finally:
        torch.cuda.profiler.start, torch.cuda.profiler.stop = start, stop
    out = capsys.readouterr()
    assert "ran __main__ ['a', '-b']" in out.out
    assert out.err.count("ignored torch.cuda.profiler.stop()") == 1  # said once
    assert "ignored torch.cuda.profiler.start()" in out.err


def test_launcher_runs_a_module_and_passes_its_exit_code(tmp_path, monkeypatch):
    (tmp_path / "mod_under_ncu.py").write_text("import sys\nsys.exit(len(sys.argv))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(SystemExit) as exc:
        run_ignoring_profiler_api(["-m", "mod_under_ncu", "x", "y"])
    assert exc.value.code == 3


def test_api_window_runs_the_plain_script():
    prog = Program(argv=("s.py", "a"), window="api", python="/py")
    cmd, env = wncu.build_ncu_command(prog, wncu.NcuOptions())
    assert "--profile-from-start" in cmd and cmd[-3:] == ["/py", "s.py", "a"] and env == {}


@pytest.mark.parametrize("kwargs, match", [
    ({"argv": ()}, "no program"),
    ({"argv": ("--",)}, "no program"),
    ({"argv": ("-m",)}, "no program"),
    ({"argv": ("--lr", "1")}, "starts with the option"),
    ({"argv": ("t.py",), "iters": 0}, "at least 1"),
    ({"argv": ("t.py",), "warmup": -1}, "negative"),
    ({"argv": ("t.py",), "window": "bogus"}, "not one of"),
])
def test_program_errors(kwargs, match):
    with pytest.raises(UsageError, match=match):
        Program(**kwargs)


# -------------------------------------------------------------------------------------------------------------- CLI
FAKE_NCU = """#!{python}
import json, os, sys
argv = sys.argv[1:]
log = argv[argv.index("--log-file") + 1]
with open(os.environ["FAKE_NCU_RECORD"], "w") as f:
    json.dump({{"argv": argv, "WPROF": os.environ.get("WPROF"),
               "PHASES": os.environ.get("WPROF_NVTX_PHASES")}}, f)
mode = os.environ.get("FAKE_NCU_MODE", "ok")
with open(log, "w") as f:
    if mode == "ok":
        f.write(open(os.environ["FAKE_NCU_FIXTURE"]).read())
    elif mode == "perm":
        f.write("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance "
                "Counters on the target device 0.\\n")
    else:
        f.write("==PROF== Connected to process 1\\n==WARNING== No kernels were profiled.\\n")
sys.exit(int(os.environ.get("FAKE_NCU_RC", "0")))
"""


@pytest.fixture
def fake_ncu(tmp_path, monkeypatch):
    exe = tmp_path / "bin" / "ncu"
    exe.parent.mkdir()
    exe.write_text(FAKE_NCU.format(python=sys.executable))
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("FAKE_NCU_RECORD", str(tmp_path / "record.json"))
    monkeypatch.setenv("FAKE_NCU_FIXTURE", str(FIXTURE))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "train.py").write_text("print('hi')\n")
    return exe


def _record(tmp_path):
    return json.loads((tmp_path / "record.json").read_text())


def test_cli_runs_ncu_parses_and_saves(fake_ncu, tmp_path, capsys):
    rc = cli.main(["ncu", "--ncu", str(fake_ncu), "--iters", "2", "-o", "out/run", "--nvtx-include", "forward/",
                   "--", "train.py", "--lr", "1"])
    assert rc == 0
    out = capsys.readouterr()
    assert "ncu: 6 launches of 3 kernels in the gauge window" in out.out
    assert "WPROF='5,2;--exit;--nvtx-phases'" in out.err
    rec = _record(tmp_path)
    assert rec["WPROF"] == "5,2;--exit;--nvtx-phases" and rec["PHASES"] is None
    assert rec["argv"][-6:] == ["wprof", "run", "--", "train.py", "--lr", "1"]
    assert rec["argv"][rec["argv"].index("--log-file") + 1] == "out/run.csv"
    result = load_result(tmp_path / "out" / "run.json")
    assert isinstance(result, wncu.NcuResult) and len(result.launches) == 6
    assert result.wprof_version and result.created_utc.endswith("Z")


def test_cli_no_kernels_says_why(fake_ncu, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_NCU_MODE", "empty")
    rc = cli.main(["ncu", "--ncu", str(fake_ncu), "--", "train.py"])
    err = capsys.readouterr().err
    assert rc == 8
    assert "ncu profiled no kernel" in err and "window never opened" in err


def test_cli_api_window_no_kernels_hint(fake_ncu, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_NCU_MODE", "empty")
    assert cli.main(["ncu", "--ncu", str(fake_ncu), "--window", "api", "--", "train.py"]) == 8
    assert "never called torch.cuda.profiler.start()" in capsys.readouterr().err


def test_cli_counter_permission_hint(fake_ncu, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_NCU_MODE", "perm")
    monkeypatch.setenv("FAKE_NCU_RC", "1")
    assert cli.main(["ncu", "--ncu", str(fake_ncu), "--", "train.py"]) == 8
    assert "ERR_NVGPUCTRPERM" in capsys.readouterr().err


def test_cli_program_exit_code_is_a_warning_when_kernels_were_profiled(fake_ncu, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_NCU_RC", "3")
    assert cli.main(["ncu", "--ncu", str(fake_ncu), "--", "train.py"]) == 0
    assert "warning: the profiled program exited with code 3" in capsys.readouterr().out


def test_cli_missing_script(fake_ncu, capsys):
    assert cli.main(["ncu", "--ncu", str(fake_ncu), "--", "nope.py"]) == 3
    assert "'nope.py' not found" in capsys.readouterr().err


def test_cli_missing_ncu_prints_the_command_and_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(wncu, "NCU_GLOBS", ())
    rc = cli.main(["ncu", "--", "train.py", "--lr", "1"])
    out = capsys.readouterr()
    assert rc == 8
    assert out.out.startswith("WPROF='5,1;--exit' ncu --target-processes all --profile-from-start off")
    assert out.out.rstrip().endswith("-m wprof run -- train.py --lr 1")
    assert "ncu (Nsight Compute) is not installed here" in out.err and "--ncu PATH" in out.err


def test_cli_dry_run_prints_only(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(wncu, "NCU_GLOBS", ())
    assert cli.main(["ncu", "--dry-run", "--window", "all", "--launch-count", "5", "--", "-m", "wprof", "bench",
                     "x.py:f"]) == 0
    line = capsys.readouterr().out.strip()
    assert "--launch-count 5" in line and line.endswith("-m wprof bench x.py:f") and "WPROF" not in line


def test_cli_explicit_ncu_path_must_exist(capsys):
    assert cli.main(["ncu", "--ncu", "/nonexistent/ncu", "--", "train.py"]) == 8
    assert "'/nonexistent/ncu' not found" in capsys.readouterr().err


def test_cli_bad_launch_count(capsys):
    assert cli.main(["ncu", "--launch-count", "0", "--", "train.py"]) == 2


def test_log_file_is_replaced_not_appended(fake_ncu, tmp_path):
    (tmp_path / "wprof-ncu.csv").write_text(FIXTURE.read_text())  # a previous run's log
    assert cli.main(["ncu", "--ncu", str(fake_ncu), "--", "train.py"]) == 0
    assert len(load_result(tmp_path / "wprof-ncu.json").launches) == 6


def test_find_tool_uses_globs(tmp_path, monkeypatch):
    from wprof.profilers.nsys import find_tool

    d = tmp_path / "opt" / "2025.1.0"
    d.mkdir(parents=True)
    exe = d / "ncu"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert find_tool("ncu", None, (str(tmp_path / "opt" / "*" / "ncu"),)) == str(exe)
    assert find_tool("ncu", None, ()) is None
    assert os.access(exe, os.X_OK)
