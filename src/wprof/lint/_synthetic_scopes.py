"""Scopes the linter builds for code a library runs (the body ``timeit.Timer(fn).timeit(n)`` or ``timeit.timeit("f(x)",
globals=...)`` runs n times, walked as a function ``<timeit>`` of its own, :mod:`._library_timers`): its free names
are the names of the function the call sits in, so a parameter it calls is that function's parameter, handed in
by that function's callers."""

from __future__ import annotations

import ast


def defining_scope(scope, name: str):
    """The scope whose parameter ``name`` is: the enclosing function's for a library-run body that does not bind
    ``name`` itself (up through nested ones), else ``scope``."""
    for _ in range(4):
        outer = getattr(scope.node, "_wp_outer", None)
        caller = getattr(outer, "_wp_scope", None)
        if caller is None or name not in caller.params or _binds(scope.node, name):
            return scope
        scope = caller
    return scope


def _binds(fn: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(fn))
