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


def aot_bound(ctx: Context, key: str | None, call: ast.AST) -> bool:
    """``key`` (a plain name) is bound, at its latest assignment before ``call`` in ``call``'s scope, to a JAX
    ahead-of-time executable (see the module docstring)."""
    key = (key or "").split("#")[0]  # (`f#7`: a later binding of `f`; the one reaching the call decides)
    if not key or "." in key or not ctx.imports_any("jax"):
        return False
    v = _binding_before(call, key)
    return v is not None and _executable(v, call, 0)


def _executable(v: ast.AST, at: ast.AST, depth: int) -> bool:
    """``v`` is ``<e>.compile()`` with ``e`` a ``.lower(...)`` call, or a name bound (latest, before ``at``) to one."""
    if depth > 3 or not (isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "compile"
                         and not v.args):
        return False
    return _lowered(v.func.value, v, depth)


def _lowered(e: ast.AST, at: ast.AST, depth: int) -> bool:
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "lower":
        return True
    if isinstance(e, ast.Name):
        w = _binding_before(at, e.id)
        return w is not None and w is not e and _lowered(w, w, depth + 1) if depth < 3 else False
    return False


def _binding_before(node: ast.AST, name: str) -> ast.AST | None:
    """The value of the last plain assignment ``name = <value>`` of ``node``'s scope (its function, or the module,
    not nested functions) that starts before ``node``'s statement."""
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
    best = None
    for n in _walk_scope(scope):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                n.targets[0].id == name and n.lineno < stmt.lineno and (best is None or n.lineno > best.lineno):
            best = n
    return best.value if best is not None else None


def _walk_scope(scope: ast.AST):
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))
