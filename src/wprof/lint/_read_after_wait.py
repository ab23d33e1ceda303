"""An autograd loss formatted in the end reading's own statement, before the clock is read (WP102 silence;
twenty-first session, held149; extends :func:`._formatted.formats_device_before`).

``pbar.set_postfix_str(f"{loss_cum=:.4f}(+{loss:.4f}) | tok/s={n / (time.time() - st):.1f}")``: Python evaluates an
f-string's fields, a call's arguments and a tuple's items left to right. ``{loss:.4f}`` of a 0-dim GPU tensor calls
``Tensor.__format__``, which reads the number (``.item()``, a wait for the stream), and that happens before
``time.time()`` in the later field is called: the reading comes after the work is done (set 150, a GPT training
loop's per-micro-step tokens/s). The placement model did not know ``loss`` there (the result of a
project function) nor ``loss_cum`` (``0`` plus ``loss.detach()``): a name whose ``.backward()`` the function calls
is an autograd tensor, and so is a name bound or accumulated from one (not through ``.item()``/``float()``). Only
a numeric format spec (``:.4f``, ``:d``, ``:.2e``) of such a name counts, not one shown on the CPU."""

from __future__ import annotations

import ast

from ._context import Context


def autograd_formatted(ctx: Context, fv: ast.FormattedValue) -> bool:
    """``fv`` formats with a numeric spec a name holding an autograd tensor of its function (not one shown on the
    CPU)."""
    from ._format_waits import numeric_spec

    v = fv.value
    return isinstance(v, ast.Name) and numeric_spec(fv) and v.id in _autograd_names(v) and ctx.placement(v) != "cpu"


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
