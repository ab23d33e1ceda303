"""Which statements a run that reaches a statement may have run before it, within one scope: not those of another
branch of an ``if``/``elif`` chain, nor those of an ``if``/``except`` part that returned or raised (the warmup model's
reachability, used by ``called_before`` and the warmup words of a region)."""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import Scope


def _branches(stmt: ast.AST) -> dict[int, bool]:
    """The ``if`` statements ``stmt`` is nested in (within its scope), each with whether ``stmt`` is in its ``else``
    part (an ``elif`` is an ``if`` in the ``else`` part)."""
    cached = getattr(stmt, "_wp_branches", None)
    if cached is None:
        cached = {}
        node = stmt
        parent = getattr(node, "_wp_parent", None)
        while isinstance(parent, ast.stmt) and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                       ast.ClassDef)):
            if isinstance(parent, ast.If):
                cached[id(parent)] = node in parent.orelse
            node, parent = parent, getattr(parent, "_wp_parent", None)
        stmt._wp_branches = cached  # type: ignore[attr-defined]
    return cached


def exclusive(a: ast.AST, b: ast.AST) -> bool:
    """Statements ``a`` and ``b`` sit in different branches of one ``if``/``elif`` chain (one run takes only one), or
    ``a`` sits in a branch that ends by returning (``if no_gpus: ...; return``) and ``b`` outside that ``if``."""
    ba, bb = _branches(a), _branches(b)
    if any(k in bb and bb[k] != v for k, v in ba.items()):
        return True
    node, parent = a, getattr(a, "_wp_parent", None)
    outer_b = None
    while isinstance(parent, (ast.stmt, ast.ExceptHandler)) and \
            not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        if isinstance(parent, (ast.If, ast.ExceptHandler)):  # `except E: ...; return` too
            part = parent.orelse if isinstance(parent, ast.If) and node in parent.orelse else parent.body
            if part and isinstance(part[-1], (ast.Return, ast.Raise)):
                if outer_b is None:
                    outer_b, x = set(), getattr(b, "_wp_parent", None)
                    while x is not None and not isinstance(x, ast.Module):
                        outer_b.add(id(x))
                        x = getattr(x, "_wp_parent", None)
                if id(parent) not in outer_b:
                    return True
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def reachable_before(ctx: Context, scope: Scope, before: int) -> list[ast.stmt]:
    """The statements of ``scope`` before index ``before`` that a run reaching that statement may have run (not
    those of another ``elif`` branch, nor of an ``if`` part that returned)."""
    at = scope.stmts[before] if before < len(scope.stmts) else None
    if at is not None and (_branches(at) or _returning_branches(scope, before)):
        cache = ctx.__dict__.setdefault("_wp_reachable", {})
        k = (id(scope), before)
        if k not in cache:
            cache[k] = [st for st in scope.stmts[:before] if not exclusive(st, at)]
        return cache[k]
    return scope.stmts[:before]


def _returning_branches(scope: Scope, before: int) -> bool:
    """An ``if`` before ``before`` in ``scope`` has a part that ends by returning or raising."""
    first = getattr(scope, "_wp_ret_if", None)
    if first is None:
        first = next((st._wp_idx for st in scope.stmts if any(  # type: ignore[attr-defined]
            part and isinstance(part[-1], (ast.Return, ast.Raise))
            for part in ((st.body, st.orelse) if isinstance(st, ast.If) else
                         [h.body for h in st.handlers] if isinstance(st, ast.Try) else ()))), -1)
        scope._wp_ret_if = first  # type: ignore[attr-defined]
    return 0 <= first < before
