"""Found linting 1,561 files of PyTorch's own sources (2026-12-03): shapes of ordinary code the shared analysis did
not expect. A bug there is one error line for that file, never a traceback that costs the run."""

from __future__ import annotations

import ast

from wprof.lint import _engine
from wprof.lint._context import Context
from wprof.lint._engine import check_source, select_rules
from wprof.lint._library_io import _rpc_future


def test_names_assigned_to_each_other_are_not_followed_forever():
    # torch/distributed/tensor/_redistribute.py: `new_local_tensor = local_tensor` and back (RecursionError)
    src = "import torch\n\n\ndef f(local):\n    new = local\n    local = new\n    local.wait()\n"
    tree = ast.parse(src)
    ctx = Context(tree, src, "x.py")
    assert _rpc_future(ctx, tree.body[-1].body[-1].value.func.value) is False


def test_a_failing_shared_analysis_is_one_error_line(monkeypatch):
    def boom(*a, **k):
        raise AttributeError("no such thing")

    monkeypatch.setattr(_engine, "Context", boom)
    found, err = check_source("import time\nt0 = time.perf_counter()\nprint(time.perf_counter() - t0)\n", "x.py",
                              select_rules(["ALL"]))
    assert found == [] and err is not None and "internal error" in err.message and "AttributeError" in err.message
