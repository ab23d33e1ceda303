"""Realistic files (training loops, kernel benchmarks, a notebook export): golden output, labels, fresh docs."""

from __future__ import annotations

import dataclasses

import subprocess
import sys
from pathlib import Path

import pytest

from wprof.lint import all_rules
from wprof.lint._engine import check_source
from wprof.lint._format import format_text

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).parent / "corpus"
FILES = sorted(CORPUS.glob("*.py"))


def _text(path: Path) -> str:
    rel = path.relative_to(ROOT).as_posix()
    rules = [dataclasses.replace(r, weak=True, explicit=True) for r in all_rules()]  # as `--select ALL`: weak evidence included
    diags, err = check_source(path.read_text(), rel, rules)
    return format_text(diags, [err] if err else [])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_output(path):
    golden = path.with_suffix(".expected")
    assert golden.exists(), f"missing {golden.name}: run tests/lint/update_golden.py"
    assert _text(path) == golden.read_text()


def test_corpus_has_training_loops_kernel_benchmarks_and_notebooks():
    names = {p.name for p in FILES}
    assert any(n.startswith("train") for n in names)
    assert any("bench" in n for n in names)
    assert any("notebook" in n for n in names)


def test_docs_are_up_to_date():
    """docs/rules.md and the precision/recall table in docs/lint.md are generated; regenerate if this fails."""
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_rules_doc.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr + "\nrun: PYTHONPATH=src python3 scripts/gen_rules_doc.py"
