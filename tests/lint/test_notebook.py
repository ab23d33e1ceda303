"""`wprof lint` on Jupyter notebooks: cells as one program, magics, cell positions in every format, fixes, noqa."""

from __future__ import annotations

import dataclasses

import json
import shutil
from pathlib import Path

import pytest

from wprof.cli import main
from wprof.lint import all_rules
from wprof.lint._engine import lint_notebook_text
from wprof.lint._notebook import apply_program, load, timeit_number, transform_cell

SKIPPED = " (cell skipped; the other cells are linted)"  # what a notebook cell that does not parse is told

ROOT = Path(__file__).resolve().parents[2]
NB = Path(__file__).parent / "notebooks" / "notebook_timing.ipynb"
REL = "tests/lint/notebooks/notebook_timing.ipynb"

EXPECTED_TEXT = f"""\
{REL}:cell 9:1:28: SyntaxError: expected ':' (cell skipped; the other cells are linted)
{REL}:cell 4:1:1: WP115 `%time` times `a @ b` without synchronizing: measures the launch, not the GPU work
{REL}:cell 8:1:11: WP102 `time.time()` read without synchronizing after GPU work: measures the launch, not the work
{REL}:cell 8:1:11: WP106 [*] `time.time()` used to measure an interval
Found 3 findings.
[*] 1 fixable with the `--fix` option.
"""


def run(capsys, *argv):
    code = main(["lint", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def notebook(*cells: str, as_string: bool = False) -> str:
    """nbformat 4 JSON as Jupyter saves it; a cell starting with 'MD:' is markdown."""
    out = []
    for src in cells:
        kind = "markdown" if src.startswith("MD:") else "code"
        text = src[3:] if kind == "markdown" else src
        cell = {"cell_type": kind, "metadata": {}, "source": text if as_string else text.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        out.append(cell)
    doc = {"cells": out, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


ALL = [dataclasses.replace(r, weak=True, explicit=True) for r in all_rules()]  # as `--select ALL`: weak evidence included


def lint(text: str, **kw):
    return lint_notebook_text(text, "nb.ipynb", ALL, **kw)


def found(text: str) -> list[tuple[int | None, int, int, str]]:
    res = lint(text)
    return [(d.cell, d.line, d.column, d.code) for d in res.diagnostics]


# ---------------------------------------------------------------- the test notebook, end to end

def test_text_output_has_cell_positions(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, _ = run(capsys, "--extend-select", "WP106", REL)
    assert code == 1
    assert out == EXPECTED_TEXT


def test_json_carries_cell_and_in_cell_position(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, _ = run(capsys, "--format", "json", "--extend-select", "WP106", REL)
    doc = json.loads(out)
    assert code == 1 and doc["schema"] == "wprof.lint/1" and doc["files"] == 1
    got = [{k: d[k] for k in ("code", "cell", "line", "column", "end_line", "end_column")}
           for d in doc["diagnostics"]]
    assert got == [
        {"code": "WP115", "cell": 4, "line": 1, "column": 1, "end_line": 1, "end_column": 12},
        {"code": "WP102", "cell": 8, "line": 1, "column": 11, "end_line": 1, "end_column": 22},
        {"code": "WP106", "cell": 8, "line": 1, "column": 11, "end_line": 1, "end_column": 27},
    ]
    fix = doc["diagnostics"][2]["fix"]  # one finding per interval; its fix changes both readings
    assert fix == {"applicability": "safe", "edits": [
        {"line": 1, "col": 10, "end_line": 1, "end_col": 14, "content": "perf_counter", "cell": 7},
        {"line": 1, "col": 15, "end_line": 1, "end_col": 19, "content": "perf_counter", "cell": 8}]}
    assert doc["errors"] == [{"path": REL, "cell": 9, "line": 1, "column": 28,
                              "message": "SyntaxError: expected ':'" + SKIPPED}]


def test_python_files_have_a_null_cell_in_json(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text("import time\nt0 = time.time()\nprint(time.time() - t0)\n")
    doc = json.loads(run(capsys, "--format", "json", "--extend-select", "WP106", "a.py")[1])
    assert [d["cell"] for d in doc["diagnostics"]] == [None]


def test_sarif_carries_cell_region_and_property(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, _ = run(capsys, "--format", "sarif", REL)
    run0 = json.loads(out)["runs"][0]
    res = run0["results"][0]
    assert res["ruleId"] == "WP115" and res["properties"] == {"cell": 4}
    loc = res["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == REL
    assert loc["region"] == {"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 12}
    note = run0["invocations"][0]["toolExecutionNotifications"][0]
    assert note["properties"] == {"cell": 9} and \
        note["message"]["text"] == "cell 9: SyntaxError: expected ':'" + SKIPPED
    assert note["locations"][0]["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 28}


def test_directory_scan_picks_up_notebooks_not_checkpoints(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nbs" / ".ipynb_checkpoints").mkdir(parents=True)
    shutil.copy(NB, tmp_path / "nbs" / "timing.ipynb")
    shutil.copy(NB, tmp_path / "nbs" / ".ipynb_checkpoints" / "timing-checkpoint.ipynb")
    (tmp_path / "nbs" / "notes.txt").write_text("%timeit a @ b\n")
    code, out, _ = run(capsys, "--extend-select", "WP106", ".")
    assert code == 1
    paths = {ln.split(":cell")[0] for ln in out.splitlines() if ":cell " in ln}
    assert paths == {"nbs/timing.ipynb"}
    assert out.splitlines()[-2:] == ["Found 3 findings.", "[*] 1 fixable with the `--fix` option."]


def test_fix_writes_the_notebook_back_as_jupyter_does(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "timing.ipynb"
    shutil.copy(NB, target)
    before = json.loads(NB.read_text())
    code, out, _ = run(capsys, "--fix", "--extend-select", "WP106", "timing.ipynb")
    text = target.read_text(encoding="utf-8")
    after = json.loads(text)
    assert code == 1 and "Fixed 1 finding." in out
    # only the two sources changed; every other field (ids, metadata, outputs, markdown) is as read
    before["cells"][6]["source"] = ["t0 = time.perf_counter()\n", "c = a @ b"]
    before["cells"][7]["source"][0] = "elapsed = time.perf_counter() - t0\n"
    assert after == before
    # as Jupyter writes it: indent 1, non-ASCII kept, trailing newline, key order as read
    assert text == json.dumps(after, indent=1, ensure_ascii=False) + "\n"
    assert "Quick timings before writing the kernel — first" in text
    assert [ln.split(": ")[1].split()[0] for ln in out.splitlines() if ": WP" in ln] == ["WP115", "WP102"]
    assert "cell 9:1:28: SyntaxError" in out  # a broken cell does not stop the fixes in the others
    assert run(capsys, "--fix", "--select", "ALL", "timing.ipynb")[1].count("Fixed") == 0  # nothing left
    assert target.read_text(encoding="utf-8") == text


def test_diff_writes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(NB, tmp_path / "timing.ipynb")
    code, out, _ = run(capsys, "--diff", "--extend-select", "WP106", "timing.ipynb")
    assert (tmp_path / "timing.ipynb").read_text() == NB.read_text()
    assert '-    "t0 = time.time()\\n",\n+    "t0 = time.perf_counter()\\n",' in out
    assert out.endswith("Would fix 1 finding.\n")


# ---------------------------------------------------------------- cells as one program

TIMED = ("import time\nimport torch\n", 'a = torch.randn(4096, 4096, device="cuda")\n')


def test_warmup_in_an_earlier_cell_counts():
    timed = "torch.cuda.synchronize()\nt0 = time.perf_counter()\ntorch.mm(a, a)\ntorch.cuda.synchronize()\n" \
            "print(time.perf_counter() - t0)\n"
    assert found(notebook(*TIMED, timed)) == [(3, 3, 1, "WP103")]
    assert found(notebook(*TIMED, "for _ in range(3):\n    torch.mm(a, a)\n", timed)) == []
    assert found(notebook(*TIMED, "%timeit torch.mm(a, a); torch.cuda.synchronize()", timed)) == []


def test_interval_split_across_cells_and_cell_numbers_count_markdown():
    text = notebook(*TIMED, "MD:Timing:", "t0 = time.perf_counter()\ny = a @ a", "print(time.perf_counter() - t0)")
    assert found(text) == [(4, 2, 5, "WP103"), (5, 1, 7, "WP102")]


def test_source_as_one_string():
    text = notebook(*TIMED, "t0 = time.time()\ny = a @ a\nprint(time.time() - t0)\n", as_string=True)
    assert [c for *_, c in found(text)] == ["WP103", "WP102", "WP106"]
    res = lint(text, fix=True)
    doc = json.loads(res.fixed_source)
    assert doc["cells"][2]["source"] == "t0 = time.perf_counter()\ny = a @ a\nprint(time.perf_counter() - t0)\n"


def test_noqa_in_cells():
    text = notebook(*TIMED, "t0 = time.time()  # noqa: WP106\ny = a @ a  # noqa: WP103",
                    "print(time.time() - t0)  # noqa: WP102", "%timeit a @ a  # noqa: WP115")
    assert found(text) == [(4, 1, 7, "WP106")]  # a noqa for another code does not suppress


def test_syntax_error_is_per_cell_and_the_rest_is_linted():
    res = lint(notebook(*TIMED, "def f(:\n    pass", "%timeit a @ a"))
    assert [(e.cell, e.line, e.column, e.message) for e in res.errors] == \
        [(3, 1, 7, "SyntaxError: invalid syntax" + SKIPPED)]
    assert [(d.cell, d.code) for d in res.diagnostics] == [(4, "WP115")]


def test_automagic_lines_are_magics_not_syntax_errors():
    # IPython runs `pip install x`, `matplotlib inline` and `timeit stmt` as magics (automagic is on by default)
    text = notebook("pip install triton\nmatplotlib inline", *TIMED, "timeit a @ a", "ls = 3\nprint(ls)")
    res = lint(text)
    assert res.errors == []
    assert [(d.cell, d.line, d.column, d.code) for d in res.diagnostics] == [(4, 1, 1, "WP115")]
    # a cell whose error is not a magic line is still reported, at its own position
    res = lint(notebook("pip install triton\ndef f(:\n    pass", *TIMED, "%timeit a @ a"))
    assert [(e.cell, e.line, e.column) for e in res.errors] == [(1, 2, 7)]
    assert [(d.cell, d.code) for d in res.diagnostics] == [(4, "WP115")]


def test_not_a_notebook_is_a_file_error_and_the_run_goes_on(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.ipynb").write_text("{not json")
    (tmp_path / "old.ipynb").write_text('{"nbformat": 3, "worksheets": []}')
    shutil.copy(NB, tmp_path / "timing.ipynb")
    code, out, _ = run(capsys, ".")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == "broken.ipynb:1:1: not a notebook: invalid JSON (Expecting property name enclosed in double " \
                       "quotes at line 1)"
    assert lines[1] == "old.ipynb:1:1: not an nbformat 4 notebook (nbformat 3, no 'cells' list): open and save it " \
                       "in Jupyter to upgrade it"
    assert "timing.ipynb:cell 4:1:1: WP115" in out


def test_errors_only_summary_counts_cells():
    res = lint(notebook("f(x y)", "g(1 2)"))  # (a broken call: the cell is skipped whole)
    from wprof.lint._format import format_text

    assert format_text(res.diagnostics, res.errors).splitlines()[-1] == \
        "Found 2 notebook cells that could not be linted."


# ---------------------------------------------------------------- IPython syntax

def test_magics_become_neutral_lines_with_the_same_numbers():
    cell = transform_cell(1, "%load_ext autoreload\nfor i in range(3):\n    !echo $i\n    %time y = f(i)\n"
                             "files = !ls\nres = %timeit -o -n 10 g()\ntorch.mm?\n??torch\nx = 1  # why?\n")
    assert cell.program == [
        "pass  # %load_ext autoreload", "for i in range(3):", "    pass  # !echo $i", "    y = f(i)  # %time y = f(i)",
        "files = None  # !ls", "res = None  # %timeit -o -n 10 g()", "pass  # torch.mm?", "pass  # ??torch",
        "x = 1  # why?",
    ]
    assert [(m.kind, m.name, m.args, m.line, m.col) for m in cell.magics] == [
        ("line", "load_ext", "autoreload", 1, 1), ("line", "time", "y = f(i)", 4, 5),
        ("line", "timeit", "-o -n 10 g()", 6, 7)]


def test_percent_lines_inside_strings_and_brackets_are_left_alone():
    src = 's = """\n%d items\n!done\n"""\nt = (1,\n%2)\nu = "a" \\\n%"b"\n'
    assert transform_cell(1, src).program == src.splitlines()


def test_cell_magics():
    bash = transform_cell(2, "%%bash\nfor f in *.py; do echo $f; done\n")
    assert not bash.python and bash.magics[0].name == "bash"
    timeit = transform_cell(3, "%%timeit -n 5 x = setup()\ny = f(x)\n")
    assert timeit.python and timeit.program == ["# %%timeit -n 5 x = setup()", "y = f(x)"]
    assert (timeit.magics[0].args, timeit.magics[0].body) == ("-n 5 x = setup()", "y = f(x)")
    text = notebook(*TIMED, "%%writefile bench.py\nimport time\nt0 = time.time()\nprint(time.time() - t0)\n",
                    "%%html\n<b>not python (</b>")
    assert lint(text).diagnostics == [] and lint(text).errors == []


def test_top_level_await_is_allowed():
    res = lint(notebook("import asyncio\n", "await asyncio.sleep(0)\n"))
    assert res.errors == []


def test_fix_that_changes_the_line_count_is_not_written_back():
    nb = load(notebook("import time\nt0 = time.time()\n"))
    assert apply_program(nb, nb.source.replace("t0 = time.time()", "t0 = (\n    time.perf_counter())")) is None
    doc = apply_program(nb, nb.source.replace("time.time()", "time.perf_counter()"))
    assert doc is not None and doc["cells"][0]["source"] == ["import time\n", "t0 = time.perf_counter()\n"]


@pytest.mark.parametrize("indent", [1, 2])
def test_fix_keeps_the_files_indent(indent):
    text = json.dumps(json.loads(notebook(*TIMED, "t0 = time.time()\ny = 1\nprint(time.time() - t0)\n")),
                      indent=indent, ensure_ascii=False) + "\n"
    res = lint(text, fix=True)
    assert res.fixed == 1  # one interval, both of its readings
    assert res.fixed_source == json.dumps(json.loads(res.fixed_source), indent=indent, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("args, number", [("a @ b", None), ("-n 10 a @ b", 10), ("-n10 -r 3 f()", 10),
                                          ("-o -n 1000 f()", 1000), ("-r 5 f(x)", None), ("-r 5 -n 100 f()", 100), ("-n N f()", None),
                                          ("f(-n)", None), ("-n 10  # a comment", 10)])
def test_timeit_loop_count(args, number):
    """WP115 reports a `%timeit` only when its loop count is too small to fill the launch queue: `-n` as given."""
    assert timeit_number(args) == number
