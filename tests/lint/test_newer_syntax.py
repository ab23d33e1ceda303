"""Files written for Python 3.12's f-strings (PEP 701: a field reusing the f-string's quote, a backslash in a
field, nested f-strings with the same quotes) are linted on every supported Python, not skipped as SyntaxErrors:
the script, a notebook cell, and a project module the script imports."""

from __future__ import annotations

import ast
import json
import sys

import pytest

from wprof.lint._engine import lint_paths, lint_source
from wprof.lint._newer_syntax import older_fstrings

TIMED = '''import time
import torch

cfg = {"name": "mm", "n": 4096}
a = torch.randn(cfg["n"], cfg["n"], device="cuda")
for _ in range(3):
    a @ a
torch.cuda.synchronize()
t0 = time.perf_counter()
a @ a
t1 = time.perf_counter()
print(f"{cfg["name"]}: {(t1 - t0) * 1e3:.3f} ms, {"\\n".join(["x"])} {f"{cfg["n"]:>{8}}"}")
'''

NEWER = [
    'print(f"{d["k"]}")\n',
    'print(f"{"\\n".join(rows)}")\n',
    "print(f'{f'{x}'}')\n",
    'print(f"""{d["k"]:>{w}} {x!r} {x != 2} {"\\t"}\n""")\n',
    'print(f"{f"{cfg["n"]}"}")\n',
    'print(f"{x:{"<"}10} {"ok" if x else "bad"}")\n',
]


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 reads these itself")
@pytest.mark.parametrize("text", NEWER)
def test_the_rewrite_parses_on_an_older_python_and_keeps_every_position(text):
    with pytest.raises(SyntaxError):
        ast.parse(text)
    newer = older_fstrings(text)
    assert newer is not None and len(newer) == len(text)
    assert [len(line) for line in newer.splitlines()] == [len(line) for line in text.splitlines()]
    ast.parse(newer)


@pytest.mark.parametrize("text", ["print(f'{x}')\n", 'print(f"{x # a comment\n}")\n', "x = 'open\n"])
def test_nothing_to_mend_is_left_alone(text):
    assert older_fstrings(text) is None


def test_a_script_with_newer_fstrings_is_linted():
    found = lint_source(TIMED, "bench.py")
    assert [(d.line, d.code) for d in found] == [(11, "WP102")]
    assert all(d.fix is None for d in found)


def test_a_notebook_cell_with_newer_fstrings_is_linted(tmp_path):
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
              "source": TIMED.splitlines(keepends=True)}]
    nb = tmp_path / "bench.ipynb"
    nb.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    [res] = lint_paths([str(nb)], write=False)
    assert not res.errors and [(d.cell, d.line, d.code) for d in res.diagnostics] == [(1, 11, "WP102")]


def test_an_imported_helper_with_newer_fstrings_is_read(tmp_path):
    (tmp_path / "timing.py").write_text(
        'import torch\n\n\ndef finish(label):\n    torch.cuda.synchronize()\n    return f"{label["name"]}"\n')
    main = tmp_path / "bench.py"
    main.write_text(TIMED.replace("t1 = time.perf_counter()", "finish(cfg)\nt1 = time.perf_counter()")
                    .replace("import torch\n", "import torch\nfrom timing import finish\n", 1))
    [res] = lint_paths([str(main)], write=False)
    assert not res.errors and res.diagnostics == []  # the helper's synchronize is seen: no WP102
