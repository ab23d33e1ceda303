"""Classes of false positives and misses found on public benchmark code (docs/lint-evaluation.md), each as a
small file of our own in tests/lint/realcode/: with the default rules, the findings must equal the `# expect:`
markers exactly (a file without markers must stay silent)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from expect_markers import EXPECT_EXTRA, OPT_IN, expected

from wprof.lint import select_rules
from wprof.lint._engine import DEFAULT_SELECT, check_source, fix_source, lint_notebook_text

HERE = Path(__file__).parent / "realcode"
FILES = sorted(p for p in HERE.iterdir() if p.suffix in (".py", ".ipynb"))
# the default rules (WP101 among them again since the fifth session) plus WP108 and WP114 (opt-in since sets 14-16;
# docs/lint.md) and WP111 (opt-in since the tenth session), still judged on these classes: their strong findings are
# `# expect:`, their weak ones `# expect-extra:`
DEFAULT = select_rules(DEFAULT_SELECT, extend_select=["WP101", "WP105", "WP108", "WP111", "WP114"])


WEAK = [dataclasses.replace(r, weak=True) for r in DEFAULT]  # the same rules with their weak-evidence findings


def found(path: Path, rules=DEFAULT) -> set[tuple[int | None, int, str]]:
    if path.suffix == ".ipynb":
        res = lint_notebook_text(path.read_text(), str(path), rules)
        assert not res.errors, res.errors
        return {(d.cell, d.line, d.code) for d in res.diagnostics}
    diags, err = check_source(path.read_text(), str(path), rules)
    assert err is None, err
    return {(d.cell, d.line, d.code) for d in diags}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_code_class(path):
    assert found(path) == expected(path)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_code_class_with_weak_evidence(path):
    """With `extra` selected, the weak-evidence findings (`# expect-extra:`) come on top of the default ones."""
    assert found(path, WEAK) == expected(path) | expected(path, EXPECT_EXTRA)


OPT_IN_FILES = [p for p in FILES if expected(p, OPT_IN)]


@pytest.mark.parametrize("path", OPT_IN_FILES, ids=lambda p: p.name)
def test_opt_in_part_when_the_rule_is_selected_by_code(path):
    """`# opt-in: WPxxx` marks a default rule's opt-in part (WP104's allocator flush and host-made copies: default for
    one measurement, no true finding on the held-out sets 42-45): silent by default, reported with `--select WPxxx`."""
    codes = sorted({code for _, _, code in expected(path, OPT_IN)})
    rules = [dataclasses.replace(r, explicit=True) for r in select_rules(codes)]
    assert found(path, rules) == expected(path, OPT_IN) | {t for t in expected(path) if t[2] in codes}


def test_guarded_cuda_time_fix_keeps_old_torch_working():
    src = "import torch\nfor e in prof.key_averages():\n    print(e.cuda_time_total, f\"{e.self_cuda_time_total}\")\n"
    new, n, remaining, err = fix_source(src, "p.py", select_rules(["WP110"]))
    assert n == 2 and err is None and remaining == []  # the guarded reads are not flagged again
    ast.parse(new)
    assert 'e.device_time_total if hasattr(e, "device_time_total") else e.cuda_time_total' in new
    assert "e.self_device_time_total if hasattr(e, 'self_device_time_total')" in new  # other quotes in an f-string


def test_cuda_time_rename_is_unsafe_when_the_object_is_not_a_plain_name():
    src = "import torch\nprint(prof.key_averages()[0].cuda_time_total)\n"
    diags, _ = check_source(src, "p.py", select_rules(["WP110"]))
    assert [d.fix.applicability for d in diags] == ["unsafe"]  # a bare rename breaks torch < 2.4


def test_one_wall_clock_finding_per_interval_and_one_fix_for_shared_reads():
    src = ("import time\nt0 = time.time()\nx = 1\nt1 = time.time()\ny = 2\nt2 = time.time()\n"
           "print(t1 - t0, t2 - t1)\n")
    rules = select_rules(["WP106"])
    diags, _ = check_source(src, "p.py", rules)
    assert [(d.line, d.code) for d in diags] == [(7, "WP106"), (7, "WP106")]  # two intervals, not six reads
    new, n, remaining, _ = fix_source(src, "p.py", rules)
    assert "time.time" not in new and remaining == [] and n == 2


def test_hidden_sync_default_part_is_the_loop_invariant_copy():
    """WP114 is default only for a host copy of a tensor the timed loop never changes; the rest of the rule (the
    step's own loss printed every step) stays opt-in: shown when WP114 is selected by code or with `extra`, except in a
    training run (an optimizer step in the timed loop), whose own loss `.item()` is part of the time it measures."""
    path = HERE / "hidden_sync_loop_invariant.py"
    plain = select_rules(DEFAULT_SELECT)
    assert {line for _, line, code in found(path, plain) if code == "WP114"} == {25, 35, 53}
    assert {line for _, line, code in found(path) if code == "WP114"} == {25, 35, 53}


def test_opt_in_allocation_measured_alone():
    """Set 41 FP8: an allocation that is the timed work itself (a host array copied to the device, timed as the
    transfer; a buffer timed as its allocation) is not reported by WP104's opt-in part, in its own region or in a
    script's total around it; one beside a kernel the region measures still is."""
    src = (
        "import time\nimport cupy as cp\nimport numpy as np\nimport torch\n"
        "host = np.ones((4096, 4096), dtype=np.float32)\n"
        "t0 = time.perf_counter()\n"
        "t1 = time.perf_counter()\n"
        "dev = cp.asarray(host)\n"
        "cp.cuda.runtime.deviceSynchronize()\n"
        "print('H2D', time.perf_counter() - t1)\n"
        "t2 = time.perf_counter()\n"
        "buf = torch.empty(1 << 28, device='cuda')\n"
        "torch.cuda.synchronize()\n"
        "print('alloc', time.perf_counter() - t2)\n"
        "t3 = time.perf_counter()\n"
        "y = cp.zeros_like(dev)\n"
        "cp.matmul(dev, dev, out=y)\n"
        "cp.cuda.runtime.deviceSynchronize()\n"
        "print('matmul', time.perf_counter() - t3)\n"
        "print('total', time.perf_counter() - t0)\n"
    )
    rules = [dataclasses.replace(r, explicit=True) for r in select_rules(["WP104"])]
    diags, err = check_source(src, "alloc_alone.py", rules)
    assert err is None
    assert [(d.line, d.code) for d in diags] == [(16, "WP104")]  # the output allocated beside the matmul only
