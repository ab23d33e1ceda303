"""`wprof lint` end to end: formats, exit codes, noqa, config, fixes, syntax errors, light imports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap

import pytest

from wprof.cli import main
from wprof.lint import _config, all_rules

BAD = textwrap.dedent("""\
    import time

    import torch

    x = torch.randn(1024, 1024, device="cuda")
    x @ x
    start = torch.cuda.Event()
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    x @ x
    end.record()
    end.synchronize()
    print(start.elapsed_time(end))
    t0 = time.time()
    y = x @ x
    torch.cuda.synchronize()
    print(time.time() - t0)
""")
CLEAN = "import time\n\nt0 = time.perf_counter()\nprint(time.perf_counter() - t0)\n"


@pytest.fixture
def proj(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "clean.py").write_text(CLEAN)
    return tmp_path


def run(capsys, *argv):
    code = main(["lint", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_output_and_exit_code(proj, capsys):
    code, out, _ = run(capsys, "--extend-select", "WP106", "bad.py")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == ("bad.py:7:9: WP109 [*] `torch.cuda.Event()` read with `elapsed_time()` but created without "
                        "`enable_timing=True`")
    assert all(re.match(r"^bad\.py:\d+:\d+: WP1\d\d ", ln) for ln in lines[:-2])
    assert lines[-2:] == ["Found 2 findings.", "[*] 2 fixable with the `--fix` option."]  # one WP106 per interval


def test_default_rules_leave_out_the_opt_in_group(proj, capsys):
    code, out, _ = run(capsys, "bad.py")
    assert code == 1 and "WP109" in out and "WP106" not in out  # WP106 is in the opt-in group `extra`
    assert "WP106" in run(capsys, "--extend-select", "extra", "bad.py")[1]
    assert "WP106" in run(capsys, "--select", "ALL", "bad.py")[1]
    code, out, _ = run(capsys, "--select", "WP109", "--extend-select", "wall-clock-interval", "bad.py")
    assert "WP106" in out and "WP109" in out
    (proj / "pyproject.toml").write_text('[tool.wprof.lint]\nextend-select = ["extra"]\nignore = ["WP109"]\n')
    code, out, _ = run(capsys, "bad.py")
    assert "WP106" in out and "WP109" not in out
    code, out, _ = run(capsys, "--select", "WP109", "bad.py")  # --select replaces the configured selection
    assert "WP106" not in out


def test_clean_file_exits_zero(proj, capsys):
    assert run(capsys, "clean.py") == (0, "All checks passed!\n", "")


def test_bad_path_is_usage_error(proj, capsys):
    code, out, err = run(capsys, "nope.py")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == ["wprof: error: path 'nope.py' does not exist: pass Python files or directories "
                                        "to lint"]


def test_unknown_selector_is_usage_error(proj, capsys):
    code, _, err = run(capsys, "--select", "WP999", "bad.py")
    assert code == 2 and "'WP999'" in err


def test_json_format(proj, capsys):
    code, out, _ = run(capsys, "--format", "json", ".")
    doc = json.loads(out)
    assert code == 1 and doc["schema"] == "wprof.lint/1" and doc["files"] == 2
    d = doc["diagnostics"][0]
    assert {k: d[k] for k in ("code", "name", "path", "line", "column")} == {
        "code": "WP109", "name": "event-without-timing", "path": "bad.py", "line": 7, "column": 9}
    assert d["fix"]["applicability"] == "safe" and d["fix_title"] == "Pass `enable_timing=True`"


def test_sarif_format(proj, capsys):
    code, out, _ = run(capsys, "--format", "sarif", "bad.py")
    doc = json.loads(out)
    assert code == 1 and doc["version"] == "2.1.0"
    run0 = doc["runs"][0]
    ids = [r["id"] for r in run0["tool"]["driver"]["rules"]]
    assert ids[0] == "WP101" and len(ids) == len(set(ids))
    res = run0["results"][0]
    assert res["ruleId"] == "WP109" and ids[res["ruleIndex"]] == "WP109"
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == 7


def test_output_file(proj, capsys):
    code, out, _ = run(capsys, "--format", "sarif", "-o", "lint.sarif", "bad.py")
    assert code == 1 and out == ""
    assert json.loads((proj / "lint.sarif").read_text())["version"] == "2.1.0"


def test_noqa(proj, capsys):
    src = BAD.replace("start = torch.cuda.Event()", "start = torch.cuda.Event()  # noqa: WP109")
    src = src.replace("t0 = time.time()", "t0 = time.time()  # noqa")
    src = src.replace("print(time.time() - t0)", "print(time.time() - t0)  # noqa: WP101")
    (proj / "bad.py").write_text(src)
    code, out, _ = run(capsys, "--extend-select", "WP106", "bad.py")
    assert code == 1
    assert [ln.split(": ")[1].split()[0] for ln in out.splitlines()[:-2]] == ["WP106"]
    assert "bad.py:17:" in out  # a noqa for another code does not suppress


def test_config_select_ignore(proj, capsys):
    (proj / "pyproject.toml").write_text('[tool.wprof.lint]\nignore = ["WP106"]\n')
    code, out, _ = run(capsys, "bad.py")
    assert code == 1 and "WP106" not in out and "WP109" in out
    (proj / "pyproject.toml").write_text('[tool.wprof.lint]\nselect = ["wall-clock-interval"]\n')
    code, out, _ = run(capsys, "bad.py")
    assert "WP109" not in out and "WP106" in out
    code, out, _ = run(capsys, "--select", "WP109", "bad.py")  # the command line wins
    assert "WP106" not in out and "WP109" in out


def test_config_errors(proj, capsys):
    (proj / "pyproject.toml").write_text('[tool.wprof.lint]\nselct = ["WP1"]\n')
    code, _, err = run(capsys, "bad.py")
    assert code == 2 and "unknown key 'selct'" in err
    (proj / "pyproject.toml").write_text('[tool.wprof.lint]\nselect = "WP1"\n')
    code, _, err = run(capsys, "bad.py")
    assert code == 2 and "give a list of strings" in err


def test_config_exclude(proj, capsys):
    (proj / "pyproject.toml").write_text('[tool.wprof.lint]\nexclude = ["bad.py"]\n')
    assert run(capsys, ".")[0] == 0


def test_without_toml_reader_config_is_skipped_with_a_note(proj, capsys, monkeypatch):
    (proj / "pyproject.toml").write_text('[tool.wprof.lint]\nignore = ["WP109"]\n')
    monkeypatch.setattr(_config, "_toml_loader", lambda: None)
    code, out, err = run(capsys, "bad.py")
    assert code == 1 and "WP109" in out
    assert "wprof: note: [tool.wprof.lint]" in err and "pip install tomli" in err


def test_fix_applies_safe_fixes_only(proj, capsys):
    src = BAD + "print('started', t0)\n"  # t0 becomes a timestamp too: the time.time fix turns unsafe
    (proj / "bad.py").write_text(src)
    code, out, _ = run(capsys, "--fix", "--extend-select", "WP106", "bad.py")
    new = (proj / "bad.py").read_text()
    assert "torch.cuda.Event(enable_timing=True)\nend" in new
    assert "time.time()" in new  # unsafe: untouched
    assert "Fixed 1 finding." in out and code == 1
    code, out, _ = run(capsys, "--fix", "--unsafe-fixes", "--extend-select", "WP106", "bad.py")
    assert "time.time()" not in (proj / "bad.py").read_text() and code == 0


def test_fix_time_time_safe_when_only_intervals(proj, capsys):
    code, out, _ = run(capsys, "--fix", "--extend-select", "WP106", "bad.py")
    new = (proj / "bad.py").read_text()
    assert code == 0 and "Fixed 2 findings." in out
    assert "t0 = time.perf_counter()" in new and "print(time.perf_counter() - t0)" in new
    assert run(capsys, "--select", "ALL", "bad.py")[0] == 0


def test_diff_writes_nothing(proj, capsys):
    code, out, _ = run(capsys, "--diff", "--extend-select", "WP106", "bad.py")
    assert (proj / "bad.py").read_text() == BAD
    assert "-start = torch.cuda.Event()\n+start = torch.cuda.Event(enable_timing=True)" in out
    assert out.endswith("Would fix 2 findings.\n")


def test_syntax_error_is_reported_per_file(proj, capsys):
    (proj / "broken.py").write_text("def f(:\n    pass\n")
    code, out, _ = run(capsys, ".")
    assert code == 1
    assert out.splitlines()[0].startswith("broken.py:1:7: SyntaxError: ")
    assert "bad.py:7:9: WP109" in out  # the run went on


def test_a_rule_that_fails_costs_only_its_own_findings_on_that_file(proj, capsys, monkeypatch):
    """A bug of one rule on code it did not expect (set 97 of the sixteenth session crashed WP103 with an
    AttributeError, and the whole run printed a traceback): one error line names the rule, the other rules'
    findings on that file and the other files are still reported, the exit status is 1, and --format json stays
    JSON."""
    from wprof.lint import rule_by_key

    def broken(ctx):
        ctx.report_at(1, 0, 1, 1, "half a finding", "")  # reported before the failure: dropped with it
        raise AttributeError("'NoneType' object has no attribute 'split'")

    monkeypatch.setattr(rule_by_key("WP109").module, "check", broken)
    (proj / "other.py").write_text(BAD)
    code, out, err = run(capsys, "bad.py", "other.py")
    assert code == 1 and not err
    lines = out.splitlines()
    assert lines[0] == ("bad.py:1:1: internal error in WP109 (AttributeError: 'NoneType' object has no attribute "
                        "'split'): that rule's findings on this file are missing; please report it with the file")
    assert "WP109" not in "\n".join(ln for ln in lines if "internal error" not in ln)
    assert "other.py:1:1: internal error in WP109" in out
    assert "half a finding" not in out
    code, out, _ = run(capsys, "--format", "json", "bad.py")
    assert code == 1 and json.loads(out)["errors"][0]["message"].startswith("internal error in WP109")


def test_directory_walk_skips_virtualenvs(proj, capsys):
    (proj / ".venv" / "lib").mkdir(parents=True)
    (proj / ".venv" / "lib" / "x.py").write_text(BAD)
    (proj / "pkg").mkdir()
    (proj / "pkg" / "y.py").write_text(BAD)
    _, out, _ = run(capsys, ".")
    assert "pkg/y.py:7:9" in out and ".venv" not in out


def test_explain_and_list(proj, capsys):
    code, out, _ = run(capsys, "--explain", "mean-only")
    assert code == 0 and out.startswith("# WP105 mean-only") and "## Why is this bad?" in out
    code, out, _ = run(capsys, "--list-rules")
    assert code == 0 and len(out.splitlines()) == len(all_rules()) == 16
    assert run(capsys, "--explain", "WP999")[0] == 2


def test_explain_says_which_findings_are_default(proj, capsys):
    """WP104 and WP114 are default rules only in part (set 41's reader took WP104 for opt-in from the help): the
    explanation, the rule list and the help say which part is on."""
    _, out, _ = run(capsys, "--explain", "WP104")
    assert "On by default for the findings described as such below" in out.split("## What it does")[0]
    _, out, _ = run(capsys, "--explain", "WP106")
    assert "Opt-in (group `extra`)" in out.split("## What it does")[0]
    _, out, _ = run(capsys, "--list-rules")
    assert [ln for ln in out.splitlines() if "in part" in ln][0].startswith("WP104")


def test_exit_zero(proj, capsys):
    assert run(capsys, "--exit-zero", "bad.py")[0] == 0


@pytest.mark.e2e
def test_lint_never_imports_torch(proj):
    probe = ("import sys, wprof.cli\n"
             "rc = wprof.cli.main(['lint', '--format', 'json', '.'])\n"
             "print(sorted(m for m in ('torch', 'numpy', 'triton') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=proj)
    assert out.stdout.strip().splitlines()[-1] == "[]"
