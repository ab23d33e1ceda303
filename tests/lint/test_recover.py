"""A file that does not parse still gets the findings of the rest (lint/_recover.py): its failing statements are
skipped, once each, and one error line names them; a skipped statement that calls something silences the findings
it could have changed (what it did is unknown)."""

from __future__ import annotations

import ast

import pytest

from wprof.lint import select_rules
from wprof.lint._engine import DEFAULT_SELECT, check_source, fix_source, lint_paths
from wprof.lint._format import format_text

RULES = select_rules(DEFAULT_SELECT)

TIMED = '''
def bench(x):
    t0 = time.perf_counter()
    y = x @ x
    t1 = time.perf_counter()
    print(t1 - t0)
    return y
'''


def lint(src: str):
    diags, err = check_source(src, "f.py", RULES)
    return [(d.line, d.code) for d in diags], err


def test_a_placeholder_loses_one_line_not_the_file():
    src = 'import os, time, torch\nos.environ["HF_TOKEN"] = <hf_token>\n' + TIMED + 'bench(torch.randn(64, 64, device="cuda"))\n'
    found, err = lint(src)
    assert (7, "WP102") in found  # the end read after the matmul, at its place in the file
    assert err is not None and (err.line, err.column) == (2, 26)
    assert err.message == "SyntaxError: invalid syntax (line 2 skipped; the rest is linted)"


def test_a_stray_shell_line_and_a_python2_print_in_other_places():
    src = ("import time, torch\npython bench.py --size 4096\n" + TIMED
           + 'x = torch.ones(8, 8).cuda()\nbench(x)\nprint "done"\n')
    found, err = lint(src)
    assert (7, "WP102") in found
    assert err.message.endswith("(lines 2, 12 skipped; the rest is linted)")


def test_a_broken_loop_header_keeps_its_body():
    src = '''import time, torch
x = torch.randn(256, 256, device="cuda")
for n in <sizes>:
    t0 = time.time()
    y = x @ x
    print(time.time() - t0)
'''
    found, err = lint(src)
    assert (6, "WP102") in found and "line 3 skipped" in err.message


def test_a_multi_line_statement_is_skipped_whole():
    src = '''import time, torch
cfg = dict(
    token=<your token>,
    n=4,
)
x = torch.randn(256, 256, device="cuda")
t0 = time.time()
y = x @ x
print(time.time() - t0)
'''
    found, err = lint(src)
    assert (9, "WP102") in found and "lines 2-5 skipped" in err.message


def test_a_skipped_call_in_the_timed_function_silences_it():
    """The broken line may have waited for the device: the function's findings are not reported; the findings of
    other functions are."""
    src = '''import time, torch
def timed(x):
    t0 = time.perf_counter()
    y = x @ x
    torch.cuda.synchronize() if <check> else None
    print(time.perf_counter() - t0)

def other(x):
    t0 = time.perf_counter()
    y = x @ x
    print(time.perf_counter() - t0)

a = torch.randn(64, 64, device="cuda")
timed(a)
other(a)
'''
    found, err = lint(src)
    assert [f for f in found if f[0] <= 6] == [] and (11, "WP102") in found
    assert "line 5 skipped" in err.message


def test_a_skipped_call_at_module_level_silences_module_level_findings_only():
    src = ('import time, torch\nx = torch.randn(64, 64, device="cuda")\nwarm_up(x) twice\n'
           't0 = time.time()\ny = x @ x\nprint(time.time() - t0)\n' + TIMED + 'bench(x)\n')
    found, err = lint(src)
    assert [f for f in found if f[0] <= 6] == [] and (11, "WP102") in found


@pytest.mark.parametrize("src", [
    "import time\n" + "    a b c\n" * 6,  # more broken statements than are skipped
    "a b\nc d\ne f\ng h\ni j\n",  # more broken statements than are skipped
])
def test_a_file_that_cannot_be_mended_is_one_error_as_before(src):
    found, err = lint(src)
    assert found == [] and err is not None and "skipped" not in err.message


def test_no_fix_is_written_into_a_file_that_does_not_parse():
    src = ('import torch\nkey = <key>\nstart = torch.cuda.Event()\nend = torch.cuda.Event()\nstart.record()\n'
           'y = torch.ones(4, device="cuda") * 2\nend.record()\ntorch.cuda.synchronize()\nprint(start.elapsed_time(end))\n')
    new, n, diags, err = fix_source(src, "f.py", select_rules(["WP109"]))
    assert new == src and n == 0 and {d.code for d in diags} == {"WP109"} and "line 2 skipped" in err.message


def test_the_command_line_says_it_once(tmp_path):
    (tmp_path / "b.py").write_text('import os, time, torch\nos.environ["HF_TOKEN"] = <hf_token>\n' + TIMED
                                   + 'bench(torch.randn(64, 64, device="cuda"))\n')
    results = lint_paths([str(tmp_path)])
    text = format_text([d for r in results for d in r.diagnostics], [e for r in results for e in r.errors])
    lines = text.splitlines()
    assert sum("skipped" in ln for ln in lines) == 1 and any(":7:" in ln and "WP102" in ln for ln in lines)


def _notebook(*cells: str) -> str:
    import json

    return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                  "source": c} for c in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_a_notebook_cell_keeps_its_code_around_a_placeholder():
    from wprof.lint._engine import lint_notebook_text

    text = _notebook("import time, torch\n",
                     'token = <your token>\nx = torch.randn(512, 512, device="cuda")\nt0 = time.time()\n'
                     "y = x @ x\nprint(time.time() - t0)\n")
    res = lint_notebook_text(text, "n.ipynb", RULES)
    assert [(e.cell, e.line, e.message) for e in res.errors] == [
        (2, 1, "SyntaxError: invalid syntax (line 1 skipped; the rest of the cell is linted)")]
    assert (2, 5, "WP102") in {(d.cell, d.line, d.code) for d in res.diagnostics}


def test_a_notebook_cell_whose_broken_statement_calls_something_is_skipped_whole():
    from wprof.lint._engine import lint_notebook_text

    text = _notebook("import time, torch\n",
                     'x = torch.randn(512, 512, device="cuda")\nt0 = time.time()\ny = x @ x\n'
                     "torch.cuda.synchronize() if <ready> else None\nprint(time.time() - t0)\n")
    res = lint_notebook_text(text, "n.ipynb", RULES)
    assert res.diagnostics == [] and "(cell skipped; the other cells are linted)" in res.errors[0].message


def test_a_broken_report_after_the_end_read_keeps_the_region_but_not_the_warm_up_reading():
    """`print("{} GFLOP/s".format(2 * n ** 3 / (end – start)))` with an en dash: the statement after the end read
    is skipped; what it could change is a warm-up (WP103, read across the file) or a report of the samples, not
    whether the read waited."""
    src = ('import time, torch\na = torch.rand(4096, 4096).cuda()\nstart = time.time()\na.matmul(a)\n'
           'end = time.time()\nprint(end - start)\nprint("{} GFLOP/s".format(2 * 4096 ** 3 / (end \u2013 start)))\n')
    found, err = lint(src)
    assert found == [(5, "WP102")] and "line 7 skipped" in err.message
    assert lint(src.replace("\u2013", "-"))[0] == found


@pytest.mark.parametrize("broken, reported", [
    ("HF_TOKEN = <paste your token here>", False),  # a placeholder: the helper's module is still read
    ("torch.cuda.synchronize() if <ready> else None", True),  # a skipped call: the module is not read, as before
])
def test_a_project_module_that_does_not_parse_is_read_without_a_placeholder(tmp_path, broken, reported):
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "helpers.py").write_text(f"import torch\n\n{broken}\n\n\ndef finish():\n    torch.cuda.synchronize()\n")
    (tmp_path / "main.py").write_text(
        'import time\nimport torch\nfrom helpers import finish\n\nx = torch.randn(4096, 4096, device="cuda")\n'
        "y = x @ x\nfinish()\nt0 = time.perf_counter()\ny = x @ x\nfinish()\nprint(time.perf_counter() - t0)\n")
    results = lint_paths([str(tmp_path / "main.py")])
    assert [(d.line, d.code) for d in results[0].diagnostics] == ([(11, "WP102")] if reported else [])


def test_the_summary_says_the_file_was_linted_in_part(tmp_path, capsys):
    from wprof.cli import main

    (tmp_path / "h.py").write_text("import torch\nTOKEN = <token>\n")
    code = main(["lint", str(tmp_path / "h.py")])
    out = capsys.readouterr().out
    assert code == 1 and out.splitlines()[-1] == "Found 1 file linted without the lines named above."


def test_the_summary_counts_cells_linted_in_part():
    from wprof.lint._engine import lint_notebook_text

    res = lint_notebook_text(_notebook("x = (", "y = ]"), "n.ipynb", RULES)
    assert format_text(res.diagnostics, res.errors).splitlines()[-1] == \
        "Found 2 notebook cells linted without the lines named above."


def test_a_python2_file_has_its_print_statements_read_as_calls():
    src = ('import time\nimport torch\n\nx = torch.randn(4096, 4096).cuda()\ny = x.mm(x)\nfor i in range(5):\n'
           '    t0 = time.time()\n    y = x.mm(x)\n    t1 = time.time()\n    print "step %d # %f s" % (i, t1 - t0)  # note\n'
           'try:\n    import numpy\nexcept ImportError, e:\n    print >>sys.stderr, "no numpy"\n'
           + 'print "done", y.shape\n' * 6)
    found, err = lint(src)
    assert found == [(9, "WP102")]
    assert err.message.endswith("(Python 2 print statements read as calls; the rest is linted)")
    assert (err.line, err.column) == (10, 5)


def test_a_broken_function_header_keeps_its_body_a_function_body():
    """`def bench(model, n=<N>):` skipped: its body is still a function's (run nowhere), not module code."""
    src = ('import time, torch\n\ndef bench(model, n=<N>):\n    t0 = time.time()\n    y = model(x)\n'
           '    return time.time() - t0\n')
    found, err = lint(src)
    assert found == [] and "line 3 skipped" in err.message
    from wprof.lint import _recover

    rec = _recover.recover(src, ast.parse, SyntaxError("invalid syntax", ("f.py", 3, 19, "", 3, 19)))
    assert isinstance(rec.tree.body[1], ast.FunctionDef)


def test_a_placeholder_in_a_loading_call_costs_no_finding():
    src = ('import time, torch\nfrom transformers import AutoModelForCausalLM\n'
           'model = AutoModelForCausalLM.from_pretrained(<model path>, device_map="auto")\n'
           'x = torch.randn(2048, 2048, device="cuda")\nt0 = time.time()\ny = x @ x\nprint(time.time() - t0)\n')
    found, err = lint(src)
    assert (7, "WP102") in found and "line 3 skipped" in err.message


def test_a_skipped_call_in_a_helper_silences_the_regions_that_call_it():
    """The helper's skipped line may have been its synchronize: the region around a call of the helper is not
    reported either."""
    src = ('import time, torch\nx = torch.randn(2048, 2048, device="cuda")\n\ndef step(v):\n    y = v @ v\n'
           '    torch.cuda.synchronize() then wait\n    return y\n\ndef bench():\n    t0 = time.time()\n    step(x)\n'
           '    print(time.time() - t0)\n\nbench()\n')
    found, err = lint(src)
    assert found == [] and "line 6 skipped" in err.message
    assert lint(src.replace(" then wait", ""))[0] == [(11, "WP103")]  # the file whole: the helper waits
    assert (12, "WP102") in lint(src.replace("torch.cuda.synchronize() then wait", "pass"))[0]  # a helper that does not
