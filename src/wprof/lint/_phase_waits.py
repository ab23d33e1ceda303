"""Waits that come only after a timed phase's end reading (phasesplit, sets 77-136).

A loop-carried interval (``t_start`` before the loop, ``elapsed = time.perf_counter() - t_start`` inside it) is
taken as synchronized when the loop body waits on every iteration: the host never runs more than one iteration
ahead. A wait that runs only every N iterations and only after the reading, in the same logging block (``if (step
+ 1) % 20 == 0 or step == 0: elapsed = perf_counter() - t_start; print(f"loss {loss.item():.4f}")``) does not: the
first reading comes before anything waited, and each later one after N - 1 steps that were only queued.
"""

from __future__ import annotations

import ast


def periodic_after_read(stmt: ast.stmt, end: ast.stmt) -> bool:
    """``stmt`` runs only every N iterations (under ``if step % N == 0``, :func:`._region_syncs.periodic`), in the
    block of the end reading ``end`` and after it: its wait drains the queue only once the reading is taken."""
    from ._region_syncs import periodic

    if not periodic(stmt) or stmt._wp_idx <= end._wp_idx:  # type: ignore[attr-defined]
        return False
    node = getattr(stmt, "_wp_parent", None)
    while node is not None and not isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        if isinstance(node, ast.If) and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod)
                                            for n in ast.walk(node.test)):
            e = getattr(end, "_wp_parent", None)  # the reading sits under the same `if`
            while e is not None and e is not node and not isinstance(e, (ast.For, ast.AsyncFor, ast.While)):
                e = getattr(e, "_wp_parent", None)
            return e is node
        node = getattr(node, "_wp_parent", None)
    return False


def handed_optimizer_step(ctx, call: ast.Call) -> bool:
    """``opt.step()`` of an optimizer the function is handed or reads from an object (``def train_step(model, x,
    optimizer): optimizer.zero_grad(); ...; loss.backward(); ...; optimizer.step()``) in a file that uses the GPU:
    the object whose gradients it clears (``zero_grad()``) in a function that backpropagates (``.backward()``)
    updates the weights the backward pass wrote, on their device, and queues that update as ``torch.optim``'s
    ``step()`` does. The file binds no value to it (a value it binds is judged by what it is: ``_waits``)."""
    f = call.func
    if not (isinstance(f, ast.Attribute) and f.attr == "step" and not call.args and not call.keywords):
        return False
    from ._names import dotted

    d = dotted(f.value)
    if d is None or ctx.assigns.get(d):
        return False
    scope = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
    fn = getattr(scope, "node", None)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    cleared = backprop = False
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            if n.func.attr == "zero_grad" and dotted(n.func.value) == d:
                cleared = True
            elif n.func.attr == "backward":
                backprop = True
    return cleared and backprop
