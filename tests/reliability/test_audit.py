"""Cases found by the issue-16 audit (a hostile user's second pass after the fixes): each failed before its fix.

- result files with JSON that only Python's parser accepts (``Infinity``, an integer of hundreds of digits) or a
  declared throughput section of the wrong types: ``wprof report``/``compare`` printed a traceback;
- ``wprof run --out-dir``/``--name`` naming a place the result cannot be written: the whole script ran, then the
  result was lost with exit 0; ``--html ''`` was silently ignored;
- a SIGTERM sent to a child the moment it is forked was lost (python's child dies of it).
"""

import copy
import json
import os
import textwrap
from pathlib import Path

import pytest
from harness import python_process, run_wprof

from wprof.cli import main

DATA = Path(__file__).resolve().parents[1]
BENCH = DATA / "report" / "data" / "h200-add.json"  # a bench result with a throughput section
LOOP = DATA / "results" / "data" / "loop-1.json"
NCU = DATA / "results" / "data" / "ncu-1.json"


def _report(doc_or_text, tmp_path, capsys, argv=("report",)):
    p = tmp_path / "r.json"
    p.write_text(doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text))
    code = main([*argv, str(p)] + ([str(p)] if argv[0] == "compare" else []))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("literal", ["Infinity", "-Infinity", "NaN"])
def test_non_json_constants_are_one_line(literal, tmp_path, capsys):
    text = NCU.read_text()
    doc = json.loads(text)
    doc["launches"][0]["duration_ms"] = "@@"
    code, out, err = _report(json.dumps(doc).replace('"@@"', literal), tmp_path, capsys)
    assert code == 7 and err.count("\n") == 1 and f"non-JSON constant {literal}" in err, err
    assert out == ""


def test_huge_integers_are_one_line(tmp_path, capsys):
    doc = json.loads(BENCH.read_text())
    doc["summary"]["median"] = "@@"
    code, _, err = _report(json.dumps(doc).replace('"@@"', "1" + "0" * 400), tmp_path, capsys)
    assert code == 7 and "an integer of 401 digits" in err and "Traceback" not in err
    loop = json.loads(LOOP.read_text())
    loop["global_batch_size"] = 1e308  # a float that is an integer, past any count
    code, _, err = _report(loop, tmp_path, capsys)
    assert code == 7 and "global_batch_size: expected an integer" in err, err


@pytest.mark.parametrize("field,value", [("tflop_per_s", "fast"), ("gb_per_s", [1]), ("peak", "x"),
                                         ("intensity_flop_per_byte", None), ("roof_fraction", "1%"),
                                         ("peak_flops_fraction", {"a": 1})])
def test_throughput_section_is_type_checked(field, value, tmp_path, capsys):
    doc = json.loads(BENCH.read_text())
    tp = doc["throughput"] if "throughput" in doc else doc["extra"]["throughput"]
    tp[field] = value
    code, out, err = _report(doc, tmp_path, capsys)
    assert code == 7 and err.startswith("wprof: error:") and "throughput." in err and err.count("\n") == 1, err


def test_throughput_peak_missing_is_one_line(tmp_path, capsys):
    doc = json.loads(BENCH.read_text())
    tp = doc["throughput"] if "throughput" in doc else doc["extra"]["throughput"]
    del tp["peak"]["tflop_per_s"]  # the share of a peak printed without the peak
    code, _, err = _report(doc, tmp_path, capsys)
    assert code == 7 and "throughput.peak.tflop_per_s: missing" in err, err


@pytest.mark.parametrize("device", ["h100", [1], 3])
def test_compare_with_a_wrongly_typed_env_device(device, tmp_path, capsys):
    doc = json.loads((DATA / "results" / "data" / "bench-1-cuda.json").read_text())
    doc = copy.deepcopy(doc)
    doc["env"]["device"] = device
    code, out, err = _report(doc, tmp_path, capsys, argv=("compare",))
    assert "Traceback" not in err and code in (0, 1), err
    assert "ratio" in out.lower() or "B / A" in out


# ------------------------------------------------------------------------------------- wprof run: where it writes
TRAIN = """
class Loader:
    def __iter__(self):
        yield from range(20)
loader = Loader()
for batch in loader:
    pass
print("the script ran")
"""


@pytest.mark.parametrize("setup,out_dir", [("devnull", "/dev/null"), ("file", "afile"), ("dangling", "gone"),
                                           ("fifo", "pipe")])
def test_run_refuses_an_unwritable_out_dir_before_the_script(setup, out_dir, tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    if setup == "file":
        (tmp_path / "afile").write_text("x")
    elif setup == "dangling":
        (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    elif setup == "fifo":
        os.mkfifo(tmp_path / "pipe")
    p = run_wprof(["run", "--loop", "train.py:6", "--iters", "3", "--warmup", "1", "--out-dir", out_dir, "--",
                   "train.py"], tmp_path)
    assert p.returncode == 7, p.stderr
    assert "result file (--out-dir/--name)" in p.stderr and "Traceback" not in p.stderr
    assert "the script ran" not in p.stdout  # refused before it started, not after it ran


def test_run_html_empty_is_an_error(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    p = run_wprof(["run", "--loop", "train.py:6", "--html", "", "--", "train.py"], tmp_path)
    assert p.returncode == 7 and "--html '': the path is empty" in p.stderr
    assert "the script ran" not in p.stdout


# ------------------------------------------------------------------------------------------- fork and SIGTERM
FORK_TERM = """
import sys; sys.modules["torch"] = None
import os, signal, time, wprof
g = wprof.Gauge(range(30), warmup=1, iters=20, mode="host", name="x", out_dir="out", log_interval=0)
dead = []
for i in g:
    if i == 3:
        for _ in range(20):  # SIGTERM the instant the child exists, before it could restore anything
            pid = os.fork()
            if pid == 0:
                time.sleep(3)
                os._exit(0)
            os.kill(pid, signal.SIGTERM)
            _, st = os.waitpid(pid, 0)
            dead.append(os.WIFSIGNALED(st) and os.WTERMSIG(st) == signal.SIGTERM)
print(sum(dead), len(dead))
"""


@pytest.mark.e2e
def test_sigterm_at_the_moment_of_fork_kills_the_child(tmp_path):
    """A real fork and real signals (e2e); no torch. Before: the child inherited wprof's handler until the fork
    hook ran, and a SIGTERM in that moment was lost: the child lived on (slept and exited 0)."""
    (tmp_path / "s.py").write_text(textwrap.dedent(FORK_TERM))
    p = python_process(["s.py"], tmp_path, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["20", "20"], p.stdout
    assert json.loads((tmp_path / "out" / "x.json").read_text())["status"] == "complete"


# ------------------------------------------------------------------------- wprof run: the reason says how it ended
@pytest.mark.parametrize("ending,reason,code", [("raise KeyboardInterrupt", "(Ctrl-C: uncaught KeyboardInterrupt)", -2),
                                                ("raise ValueError('x')", "(uncaught ValueError)", 1),
                                                ("raise SystemExit(3)", "(sys.exit(3))", 3)])
def test_run_result_names_how_the_script_ended(ending, reason, code, tmp_path):
    """Before: every early end under wprof run read '(exception, sys.exit or Ctrl-C)'."""
    (tmp_path / "train.py").write_text(TRAIN.replace("    pass", f"    if batch == 8:\n        {ending}"))
    p = run_wprof(["run", "--loop", "train.py:6", "--iters", "30", "--warmup", "1", "--out-dir", "out", "--",
                   "train.py"], tmp_path)
    assert p.returncode == code, p.stderr
    doc = json.loads((tmp_path / "out" / "train.json").read_text())
    assert doc["status"] == "interrupted" and doc["stop_reason"].endswith(reason), doc["stop_reason"]


def test_stmt_syntax_error_names_the_statements_own_line(capsys):
    """Before: 'syntax error in <stmt> line 2' for a one-line statement (the line of wprof's wrapper)."""
    assert main(["bench", "--stmt", "a b"]) == 3
    err = capsys.readouterr().err
    assert "syntax error in <stmt> line 1:" in err, err
    assert main(["bench", "--stmt", "x = 1\na b"]) == 3
    assert "<stmt> line 2:" in capsys.readouterr().err
