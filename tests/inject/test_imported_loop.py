"""`wprof run` when the training loop lives in a module the script imports (the torchvision-reference / DeiT layout:
train.py calls engine.train_one_epoch). CPU, tiny model; each run in this process as a fresh python would
(tests/harness.py: the project's modules are forgotten after each run, so the next one imports its own)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from harness import run_python, run_wprof

pytest.importorskip("torch")

ENGINE = textwrap.dedent('''\
    from torch import nn


    def train_one_epoch(model, loader, optimizer, fail_at=None):
        for i, (x, y) in enumerate(loader):
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if i == fail_at:
                raise RuntimeError("boom in engine")
        return loss.item()
''')

TRAIN = textwrap.dedent('''\
    import sys

    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    from {imp} import train_one_epoch

    torch.manual_seed(0)
    loader = DataLoader(TensorDataset(torch.randn(256, 16), torch.randn(256, 1)), batch_size=16)  # 16 steps/epoch
    model = nn.Linear(16, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    fail = int(sys.argv[1]) if len(sys.argv) > 1 else None
    for epoch in range(3):
        loss = train_one_epoch(model, loader, opt, fail_at=fail if epoch == 1 else None)
        print(f"epoch {{epoch}} loss {{loss:.4f}}")
''')


def _py(argv, cwd):
    """``python ARGV`` (``python -m wprof ...`` through the CLI), in this process."""
    return run_wprof(argv[2:], cwd) if argv[:2] == ["-m", "wprof"] else run_python(argv, cwd)


def _project(tmp_path: Path) -> Path:
    (tmp_path / "engine.py").write_text(ENGINE)
    (tmp_path / "train.py").write_text(TRAIN.format(imp="engine"))
    return tmp_path


def test_run_times_the_loop_in_the_imported_module(tmp_path):
    d = _project(tmp_path)
    base = _py(["train.py"], d)
    p = _py(["-m", "wprof", "run", "--warmup", "3", "--iters", "20", "--log-interval", "0", "--out-dir", "out", "--",
             "train.py"], d)
    assert p.returncode == 0, p.stderr
    assert p.stdout == base.stdout  # the script's own output is unchanged
    assert ("timing the loop at engine.py:5 in train_one_epoch() (module engine, imported by train.py): "
            "for i, (x, y) in enumerate(loader):") in p.stderr
    doc = json.loads((d / "out" / "train.json").read_text())
    assert doc["status"] == "complete" and doc["n"] == 20  # steps 3..22: one gauge across the epochs
    assert doc["global_batch_size"] == 16
    assert (d / "engine.py").read_text() == ENGINE  # never modified
    assert "$ wprof inject engine.py -o engine_wprof.py" in p.stderr  # the next step instruments the loop's file


def test_another_module_of_the_same_name_is_imported_unchanged(tmp_path):
    """The import hook matches the loop's module by file: tools/engine.py (same name, other file) loads as usual."""
    d = _project(tmp_path)
    (d / "tools").mkdir()
    (d / "tools" / "__init__.py").write_text("")
    (d / "tools" / "engine.py").write_text("NAME = 'tools.engine, unchanged'\n")
    (d / "train.py").write_text("from tools import engine as tools_engine\nprint(tools_engine.NAME)\n"
                                + TRAIN.format(imp="engine"))
    p = _py(["-m", "wprof", "run", "--warmup", "3", "--iters", "20", "--log-interval", "0", "--out-dir", "out", "--",
             "train.py"], d)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("tools.engine, unchanged\n")
    assert "timing the loop at engine.py:5 in train_one_epoch() (module engine, imported by train.py)" in p.stderr
    assert json.loads((d / "out" / "train.json").read_text())["n"] == 20


def test_traceback_points_at_the_module_file_and_line(tmp_path):
    d = _project(tmp_path)
    base = _py(["train.py", "2"], d)
    p = _py(["-m", "wprof", "run", "--warmup", "3", "--iters", "40", "--log-interval", "0", "--out-dir", "out", "--",
             "train.py", "2"], d)
    assert base.returncode == p.returncode == 1
    tb = [ln for ln in p.stderr.splitlines() if ln.startswith('  File "')]
    assert tb == [ln for ln in base.stderr.splitlines() if ln.startswith('  File "')]
    assert any(ln.endswith('engine.py", line 11, in train_one_epoch') for ln in tb), tb
    doc = json.loads((d / "out" / "train.json").read_text())
    assert doc["status"] == "interrupted"


def test_loop_option_names_the_module_file_and_bad_names_are_one_line(tmp_path):
    d = _project(tmp_path)
    p = _py(["-m", "wprof", "run", "--loop", "engine.py:5", "--dry-run", "--", "train.py"], d)
    assert p.returncode == 0, p.stderr
    assert "because chosen with --loop" in p.stderr and "+    for i, (x, y) in enumerate(wprof_gauge.wrap(loader)):" \
        in p.stdout
    bad = _py(["-m", "wprof", "run", "--loop", "nope.py:5", "--", "train.py"], d)
    assert bad.returncode == 2
    assert bad.stderr.strip() == ("wprof: error: --loop nope.py:5: 'nope.py' is neither the script nor a module it "
                                  "imports from the project (engine.py)")


def test_package_with_a_relative_import(tmp_path):
    pkg = tmp_path / "proj"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "engine.py").write_text(ENGINE)
    (pkg / "train.py").write_text(TRAIN.format(imp=".engine"))
    p = _py(["-m", "wprof", "run", "--warmup", "2", "--iters", "5", "--log-interval", "0", "--out-dir", "out",
             "-m", "proj.train"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert "(module proj.engine, imported by" in p.stderr
    assert json.loads((tmp_path / "out" / "train.json").read_text())["n"] == 5


def test_inject_points_at_the_module(tmp_path):
    d = _project(tmp_path)
    p = _py(["-m", "wprof", "inject", "train.py"], d)
    assert p.returncode == 2
    assert p.stderr.strip() == ("wprof: error: the training loop is in engine.py (line 5, module engine, imported by "
                                "train.py), not in train.py: instrument that file with `wprof inject engine.py`, or "
                                "time the unmodified script with `wprof run -- train.py`")
    assert not (d / "train.wprof.py").exists()
