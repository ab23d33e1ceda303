"""A JAX executable compiled ahead of time where it is bound (WP112/WP102; twenty-first session, held145).

``step = jax.jit(f)``, ``step = step.lower(x, y)``, ``step = step.compile()`` (or ``lowered = jitted.lower(x)``;
``run = lowered.compile()``) binds ``step`` to a ``Compiled`` object: lowering and compilation happened at those
lines, before any timed region, and calling the executable only dispatches it (asynchronously, like any JAX call).
The name was bound to ``jax.jit(f)`` first, so the file's model of compiled names takes it for a function compiled
on its first call; what decides is the binding that reaches the timed call: the latest assignment of the name
before the call in the same scope. When that is ``<jitted>.lower(...).compile()``, written at once or split over
names bound to ``.lower(...)`` first, the timed call compiles nothing (not WP112's), and its missing wait stays
WP102's.
"""
from __future__ import annotations

import ast

from .._context import Context
from .._walk import own_nodes


def aot_bound(ctx: Context, key: str | None, call: ast.AST) -> bool:
    """``key`` (a plain name) is bound, at its latest assignment before ``call`` in ``call``'s scope, to a JAX
    ahead-of-time executable (see the module docstring)."""
    key = (key or "").split("#")[0]  # (`f#7`: a later binding of `f`; the one reaching the call decides)
    if not key or "." in key or not ctx.imports_any("jax"):
        return False
    v = _binding_before(ctx, call, key)
    return v is not None and _executable(ctx, v, 0)


def _executable(ctx: Context, v: ast.AST, depth: int) -> bool:
    """``v`` is ``<e>.compile()`` with ``e`` a ``.lower(...)`` call, or a name bound (latest, before ``v``) to one."""
    if depth > 3 or not (isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "compile"
                         and not v.args):
        return False
    return _lowered(ctx, v.func.value, v, depth)


def _lowered(ctx: Context, e: ast.AST, at: ast.AST, depth: int) -> bool:
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "lower":
        return True
    if isinstance(e, ast.Name):
        w = _binding_before(ctx, at, e.id)
        return w is not None and w is not e and _lowered(ctx, w, w, depth + 1) if depth < 3 else False
    return False


def _binding_before(ctx: Context, node: ast.AST, name: str) -> ast.AST | None:
    """The value of the last plain assignment ``name = <value>`` of ``node``'s scope (its function, or the module,
    not nested functions or classes) that starts before ``node``'s statement, read from the file's assignment index
    (``ctx.scope_assigns``)."""
    stmt = node if isinstance(node, ast.stmt) else getattr(node, "_wp_stmt", None)
    if stmt is None:
        p = node
        while p is not None and not isinstance(p, ast.stmt):
            p = getattr(p, "_wp_parent", None)
        stmt = p
    if stmt is None:
        return None
    scope = getattr(stmt, "_wp_parent", None)
    while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        scope = getattr(scope, "_wp_parent", None)
    if scope is None:
        return None
    own = getattr(scope, "_wp_own_scope", None)
    if own is not None and id(own) not in _scope_ids(ctx):
        own = None  # (a scope of another file's context: walked as before)
    best = None
    for n in ctx.scope_assigns(name, own) if own is not None else own_nodes(scope):
        # (`>=` over the index's source order, as the walk found it: of two on one line, `a = 1; a = 2`, the later)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                n.targets[0].id == name and n.lineno < stmt.lineno and \
                (best is None or (n.lineno >= best.lineno if own is not None else n.lineno > best.lineno)):
            best = n
    return best.value if best is not None else None


def _scope_ids(ctx: Context) -> set[int]:
    ids = ctx.__dict__.get("_wp_scope_ids")
    if ids is None:
        ids = ctx.__dict__["_wp_scope_ids"] = {id(s) for s in ctx.scopes}
    return ids
