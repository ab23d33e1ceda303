"""Which iterations of a counted loop a per-iteration report shows, for the first row's compile (WP112).

A loop of training steps that times each step and prints the time only every so often (``for step in
range(steps):`` ... ``if step % print_every == 0 or step == steps - 1: print(f"... {end - start}")``) still prints
its first step: ``0 % k == 0`` for any ``k``. The first call of a compiled step function (``jax.jit``,
``eqx.filter_jit``, ``torch.compile``) is that step, so the first printed row is the compilation's (set 109,
a diffrax example: ~2 s at step 0, milliseconds after). A condition that can be false at the first iteration
(``if step > 0:``, ``if step % k == k - 1:``, a flag) is not one that shows the first row.

The counter is the loop's target when it walks ``range(n)`` (or ``range(0, n)``), or the first name of a tuple target
over ``enumerate(...)`` (start 0) or ``zip(range(n), ...)``; the counter must not be bound again in the loop body."""

from __future__ import annotations

import ast


def counter_from_zero(loop: ast.For) -> str | None:
    """The name that holds 0 in the first iteration of ``loop``, else None."""
    it, tgt = loop.iter, loop.target
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("enumerate", "zip") and \
            it.args and isinstance(tgt, ast.Tuple) and tgt.elts and isinstance(tgt.elts[0], ast.Name):
        if it.func.id == "enumerate":
            if len(it.args) > 1 or any(k.arg == "start" for k in it.keywords):
                return None
            name = tgt.elts[0].id
        elif _range_from_zero(it.args[0]):
            name = tgt.elts[0].id
        else:
            return None
    elif isinstance(tgt, ast.Name) and _range_from_zero(it):
        name = tgt.id
    else:
        return None
    for n in ast.walk(ast.Module(body=loop.body, type_ignores=[])):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
            return None
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == name:
            return None
    return name


def _range_from_zero(it: ast.AST) -> bool:
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args):
        return False
    return len(it.args) == 1 or (isinstance(it.args[0], ast.Constant) and it.args[0].value == 0)


def true_at_zero(cond: ast.AST, counter: str) -> bool:
    """``cond`` holds whatever the other names are when ``counter`` is 0: ``counter % k == 0``, ``counter == 0``,
    ``not counter``, and ``or`` of a disjunct that does (``and`` of conjuncts that all do)."""
    if isinstance(cond, ast.BoolOp):
        parts = [true_at_zero(v, counter) for v in cond.values]
        return any(parts) if isinstance(cond.op, ast.Or) else all(parts)
    if isinstance(cond, ast.UnaryOp) and isinstance(cond.op, ast.Not):
        return isinstance(cond.operand, ast.Name) and cond.operand.id == counter
    if not (isinstance(cond, ast.Compare) and len(cond.ops) == 1 and isinstance(cond.ops[0], ast.Eq)):
        return False
    a, b = cond.left, cond.comparators[0]
    for x, y in ((a, b), (b, a)):
        if isinstance(y, ast.Constant) and y.value == 0 and not isinstance(y.value, bool):
            if isinstance(x, ast.Name) and x.id == counter:
                return True
            if isinstance(x, ast.BinOp) and isinstance(x.op, ast.Mod) and isinstance(x.left, ast.Name) and \
                    x.left.id == counter:
                return True
    return False


def first_row_shown(stmt: ast.stmt, loop: ast.For) -> bool:
    """``stmt`` sits in ``loop``'s body under ``if`` tests (no ``else`` branch, no other compound statement) that all
    hold at the first iteration of the loop's counter."""
    counter = counter_from_zero(loop)
    if counter is None:
        return False
    node = stmt
    while True:
        parent = getattr(node, "_wp_parent", None)
        if parent is loop:
            return node in loop.body
        if not (isinstance(parent, ast.If) and node in parent.body and true_at_zero(parent.test, counter)):
            return False
        node = parent
