"""Branches that pick a configuration, not a sample (WP103's warm-up guards).

``_common.loop_guarded`` reads an ``if`` on the loop's variable inside a timed loop as a warm-up guard: ``if i >=
warmup: times.append(dt)``, ``if i == 0: continue``, the first samples left out. A test of the loop's variable for
equality with (or membership in) string constants skips no sample: over a loop of named configurations (``for p in
["FP32", "FP16", "INT8"]``, ``for device in ["cpu", "cuda"]``) it picks what each configuration runs (``if p ==
"FP16": kwargs["torch_dtype"] = torch.float16``), and every configuration's first call is still timed cold (sets 87,
134). Nor is the start of the clock under an ``if`` whose answer is the same in every iteration, a query of the
machine without arguments (``if torch.cuda.is_available(): start = time.time()``, set 122): it picks the device
branch, not an iteration."""

from __future__ import annotations

import ast

from .._names import dict_keys_in


def picks_configuration(test: ast.AST, targets: set[str]) -> bool:
    """Every comparison of ``test`` that reads a loop variable (``targets``) is ``==``/``!=``/``in``/``not in``
    against string constants (a constant, or a list, tuple or set of them), and no other read of them is made."""
    compares = [n for n in ast.walk(test) if isinstance(n, ast.Compare)]
    reads = [n for n in ast.walk(test) if isinstance(n, ast.Name) and n.id in targets]
    seen = 0
    for c in compares:
        parts = [c.left, *c.comparators]
        mine = [p for p in parts if isinstance(p, ast.Name) and p.id in targets]
        if not mine:
            if any(isinstance(n, ast.Name) and n.id in targets for p in parts for n in ast.walk(p)):
                return False
            continue
        if len(parts) != 2 or len(mine) != 1 or not isinstance(c.ops[0], (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
            return False
        other = parts[1] if parts[0] is mine[0] else parts[0]
        if not _strings(other):
            return False
        seen += 1
    return seen > 0 and seen == len(reads)


def _strings(e: ast.AST) -> bool:
    if isinstance(e, ast.Constant):
        return isinstance(e.value, str)
    if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
        return bool(e.elts) and all(isinstance(x, ast.Constant) and isinstance(x.value, str) for x in e.elts)
    return False


def fixed_query(test: ast.AST) -> bool:
    """``torch.cuda.is_available()`` (also negated): a call without arguments of a module's function, its answer the
    same in every iteration."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if not (isinstance(test, ast.Call) and not test.args and not test.keywords):
        return False
    f = test.func
    if not isinstance(f, ast.Attribute) or f.attr not in ("is_available", "is_initialized", "is_built"):
        return False
    while isinstance(f, ast.Attribute):
        f = f.value
    return isinstance(f, ast.Name)


def unpacked_device_map(ctx, call: ast.Call) -> bool:
    """``from_pretrained(name, **kwargs)`` with ``kwargs`` a name every binding of which is a dict literal holding
    ``"device_map"`` with a value that is not the CPU (``kwargs = {"device_map": "auto"}``, then set per
    configuration): the model is put on the GPU as with the keyword written out."""
    for k in call.keywords:
        if k.arg is not None or not isinstance(k.value, ast.Name):
            continue
        binds = ctx.assigns.get(k.value.id, [])
        if binds and all(isinstance(b, ast.Dict) for b in binds) and all(
                any(ctx._device_value(val) != "cpu" for _, val in dict_keys_in(b, ("device_map",))) for b in binds):
            return True
    return False
