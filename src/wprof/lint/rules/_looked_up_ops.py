"""Torch ops called through a name looked up at run time (WP101's short samples): ``op = getattr(torch, name)`` for
each name of a literal list (``for name in ["add", "mul"]``), read as the torch functions the names give, at the
binding of the name that reaches the call."""

from __future__ import annotations

import ast

from .._context import Context
from ._tensor_sizes import _MAX_BINDINGS

_LOOKUP_MODULES = frozenset({"torch", "torch.nn.functional", "torch.special"})


def looked_up_torch_ops(ctx: Context, call: ast.Call) -> list[str] | None:
    """The torch functions the name ``call`` calls is looked up as, when its binding that reaches the call is
    ``getattr(torch, op)`` (or of ``torch.nn.functional``) with ``op`` a string literal or the variable of a ``for``
    loop over a literal list of strings (``for op in ["add", "mul"]: fn = getattr(torch, op)``): the last parts of
    their names; else None. The binding that reaches the call is the only one of the name, or the nearest one before
    it in a block that holds the call (a name bound again further on, to another library's op, is read apart)."""
    name = call.func.id  # type: ignore[attr-defined]
    values = ctx.assigns.get(name, [])
    if not values or len(values) > _MAX_BINDINGS:
        return None
    if len(values) > 1:
        value = _reaching_value(ctx, name, call)
        if value is None:
            return None
        values = [value]
    out: list[str] = []
    for v in values:
        if not (isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "getattr" and
                len(v.args) == 2 and not v.keywords and ctx.qualname(v.args[0]) in _LOOKUP_MODULES):
            return None
        key = v.args[1]
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            out.append(key.value)
            continue
        if not isinstance(key, ast.Name) or ctx.assigns.get(key.id):
            return None
        loops = [lp for lp in ctx._loops_binding(key.id) if _encloses(lp, v)]  # the loop the lookup runs in
        if len(loops) != 1 or not isinstance(loops[0].target, ast.Name):
            return None
        it = loops[0].iter
        if isinstance(it, ast.Name):
            bound = ctx.assigns.get(it.id, [])
            it = bound[0] if len(bound) == 1 else None
        if not isinstance(it, (ast.List, ast.Tuple)) or not it.elts or \
                not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in it.elts):
            return None
        out.extend(e.value for e in it.elts)  # type: ignore[attr-defined]
    return out


def _reaching_value(ctx: Context, name: str, call: ast.Call) -> ast.AST | None:
    """The value of the nearest plain ``name = value`` before ``call`` in its scope whose block holds the call."""
    st = getattr(call, "_wp_stmt", None)
    if st is None:
        return None
    before = [b for b in ctx.assign_stmts.get(name, []) if b.lineno < st.lineno and
              getattr(b, "_wp_scope", None) is getattr(st, "_wp_scope", None)]
    if not before:
        return None
    b = max(before, key=lambda x: x.lineno)
    if not (isinstance(b, ast.Assign) and len(b.targets) == 1 and isinstance(b.targets[0], ast.Name)):
        return None
    block = getattr(b, "_wp_parent", None)
    node = getattr(st, "_wp_parent", None)
    chain = [st]
    while node is not None and node is not block:
        chain.append(node)
        node = getattr(node, "_wp_parent", None)
    if node is None or any(isinstance(x, (ast.If, ast.Try, ast.While)) for x in chain[1:]):
        return None  # bound in another branch, or the call sits in a branch the binding does not head
    for lp in chain[1:]:
        if isinstance(lp, (ast.For, ast.AsyncFor)) and any(_encloses(lp, o) for o in ctx.assign_stmts.get(name, [])):
            return None  # bound again inside a loop around the call: its next iteration calls that value
    return b.value


def _encloses(outer: ast.stmt, node: ast.AST) -> bool:
    """``node`` lies inside the compound statement ``outer`` (by its lines)."""
    line = getattr(node, "lineno", None)
    return line is not None and outer.lineno < line <= (outer.end_lineno or outer.lineno)
