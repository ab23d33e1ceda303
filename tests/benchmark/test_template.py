"""`wprof template KIND`: every kind prints a syntactically valid script; -o writes and never overwrites."""

import ast

import pytest

from wprof.cli import main
from wprof.commands.template import kinds


def test_kinds():
    assert kinds() == ["cupy", "cute", "graph", "torch", "triton"]


@pytest.mark.parametrize("kind", ["torch", "graph", "triton", "cupy", "cute"])
def test_template_prints_valid_python(kind, capsys):
    assert main(["template", kind]) == 0
    src = capsys.readouterr().out
    tree = ast.parse(src)
    assert any(isinstance(n, ast.FunctionDef) and n.name == "make" for n in tree.body)
    assert "wprof.bench(" in src


def test_template_output_file(tmp_path, capsys):
    p = tmp_path / "bench_graph.py"
    assert main(["template", "graph", "-o", str(p)]) == 0
    assert "mode=\"graph\"" in p.read_text()
    assert main(["template", "graph", "-o", str(p)]) == 2
    assert "exists" in capsys.readouterr().err


def test_unknown_kind(capsys):
    assert main(["template", "jax"]) == 2
    assert "template kind 'jax' is not one of cupy, cute, graph, torch, triton" in capsys.readouterr().err
