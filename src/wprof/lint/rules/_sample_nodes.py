"""Small readings of a sample's syntax tree shared by WP101's sample-length model (split out of `_sample_length`):
whether a node sits inside another expression, the outermost nodes of a list of work, the names a loop target binds,
the empty list a name holds before a statement, whether a dict is only ever bound empty in a scope."""

from __future__ import annotations

import ast

from .._context import Context


def inside(node: ast.AST, outer: ast.AST) -> bool:
    p = getattr(node, "_wp_parent", None)
    while p is not None and not isinstance(p, ast.stmt) and p is not outer:
        p = getattr(p, "_wp_parent", None)
    return p is outer and not isinstance(p, ast.stmt)


def top_nodes(work: list[ast.AST]) -> list[ast.AST]:
    ids = {id(n) for n in work}
    out = []
    for n in work:
        p = getattr(n, "_wp_parent", None)
        nested = False
        while p is not None and not isinstance(p, ast.stmt):
            if id(p) in ids:
                nested = True
                break
            p = getattr(p, "_wp_parent", None)
        if not nested:
            out.append(n)
    return out


def names(target: ast.AST | None) -> set[str]:
    if target is None:
        return set()
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name) and n.id != "_"}


def empty_list_before(ctx: Context, name: str, st: ast.stmt) -> ast.Assign | None:
    """The last binding of ``name`` before ``st`` in ``st``'s scope, when it is ``name = []``; None otherwise."""
    binds = [b for b in ctx.scope_assigns(name, st._wp_scope) if b._wp_idx < st._wp_idx]  # type: ignore[attr-defined]
    if not binds:
        return None
    b = max(binds, key=lambda b: b._wp_idx)  # type: ignore[attr-defined]
    if not (isinstance(b, ast.Assign) and len(b.targets) == 1 and isinstance(b.targets[0], ast.Name) and
            isinstance(b.value, ast.List) and not b.value.elts):
        return None
    return b


def only_empty_dict(ctx: Context, box: str, scope: object) -> bool:
    """``box`` is bound in ``scope``, and every binding of it there is an empty dict (``{}``, ``dict()``)."""
    from .mean_only import _empty_dict

    values = [v for v, st in zip(ctx.assigns.get(box, []), ctx.assign_stmts.get(box, []))
              if st._wp_scope is scope]  # type: ignore[attr-defined]
    return bool(values) and all(isinstance(v, (ast.Dict, ast.DictComp, ast.Call)) and _empty_dict(ctx, v)
                                for v in values)
