"""A wait in the end reading's own statement, evaluated before the clock is read (WP102 silence; twenty-first
session, held149).

``pbar.set_postfix_str(f"{loss_cum=:.4f}(+{loss:.4f}) | tok/s={n / (time.time() - st):.1f}")``: Python evaluates an
f-string's fields, a call's arguments and a tuple's items left to right. ``{loss:.4f}`` of a 0-dim GPU tensor calls
``Tensor.__format__``, which reads the number (``.item()``, a wait for the stream), and that happens before
``time.time()`` in the later field is called: the reading comes after the work is done (set 150, a GPT training
loop's per-micro-step tokens/s). The same holds for an earlier argument that is a sync itself
(``print(loss.item(), time.time() - t0)``). Only fields and arguments that come before the one holding the reading
count, and only a numeric format spec (``:.4f``, ``:d``, ``:.2e``) of a value placed on the device, or a call the
model knows as a wait; a value known to be on the CPU, a plain ``{loss}`` field or one formatted after the reading
is no wait."""

from __future__ import annotations

import ast

from ._context import Context


def waits_before_read(ctx: Context, end: ast.AST) -> bool:
    """Something evaluated before the clock call ``end``, within ``end``'s statement, waits for the device."""
    from ._format_waits import numeric_spec

    stmt = getattr(end, "_wp_stmt", None)
    child, parent = end, getattr(end, "_wp_parent", None)
    while parent is not None and child is not stmt:
        before: list[ast.AST] = []
        if isinstance(parent, ast.JoinedStr):
            before = _preceding(parent.values, child)
        elif isinstance(parent, ast.Call) and child is not parent.func:
            before = _preceding([*parent.args, *(k.value for k in parent.keywords)], child)
        elif isinstance(parent, (ast.Tuple, ast.List)):
            before = _preceding(parent.elts, child)
        elif isinstance(parent, ast.keyword):
            child, parent = parent, getattr(parent, "_wp_parent", None)
            if isinstance(parent, ast.Call):
                before = _preceding([*parent.args, *(k.value for k in parent.keywords)], child.value)  # type: ignore
        for b in before:
            for n in ast.walk(b):
                if isinstance(n, ast.FormattedValue) and numeric_spec(n) and _on_device(ctx, n.value):
                    return True
                if isinstance(n, ast.Call) and ctx.is_sync(n):
                    return True
        child, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def _preceding(items: list, child: ast.AST) -> list:
    for i, it in enumerate(items):
        if it is child:
            return items[:i]
    return []


def _on_device(ctx: Context, v: ast.AST) -> bool:
    if not isinstance(v, (ast.Name, ast.Attribute, ast.Subscript)) or ctx.placement(v) == "cpu":
        return False
    return ctx.placement(v) == "cuda" or ctx.is_tensorish(v) or \
        (isinstance(v, ast.Name) and v.id in _autograd_names(v))


def _autograd_names(v: ast.Name) -> set[str]:
    """Names of ``v``'s function that hold an autograd tensor: a loss whose ``.backward()`` the function calls
    (``loss.backward()``), and names bound or accumulated from one (``loss_cum += loss.detach()``). The region
    around them launched GPU work, so the loss is that work's output on the device."""
    st = getattr(v, "_wp_stmt", None)
    scope = getattr(st, "_wp_scope", None)
    if scope is None:
        return set()
    cache = scope.__dict__.setdefault("_wp_autograd", None)
    if cache is not None:
        return cache
    names: set[str] = set()
    for s in scope.stmts:
        for n in ast.walk(s):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "backward" and \
                    isinstance(n.func.value, ast.Name):
                names.add(n.func.value.id)
    for _ in range(2):
        for s in scope.stmts:
            if isinstance(s, (ast.Assign, ast.AugAssign)) and s.value is not None:
                targets = s.targets if isinstance(s, ast.Assign) else [s.target]
                if len(targets) == 1 and isinstance(targets[0], ast.Name) and not _host_number(s.value) and \
                        any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(s.value)):
                    names.add(targets[0].id)
    scope.__dict__["_wp_autograd"] = names
    return names


def _host_number(v: ast.AST) -> bool:
    """``loss.item()``, ``float(loss)``, ``loss.tolist()``: a Python number, not the tensor."""
    if not isinstance(v, ast.Call):
        return False
    f = v.func
    return (isinstance(f, ast.Attribute) and f.attr in ("item", "tolist", "numpy")) or \
        (isinstance(f, ast.Name) and f.id in ("float", "int", "round"))
