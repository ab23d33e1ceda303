"""Warm-ups the call-site scan does not see as calls: a function handed to an earlier ``timeit.timeit(f, ...)`` (it
ran there), and a plain function of the file whose only compiled work is kernels that already ran (a closure
``def once(): kernel[grid](a)`` after ``kernel[grid](a)``: nothing compiles on its first call)."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import Scope, stmt_calls
from ._reach import reachable_before

_RUNNERS = frozenset({"timeit.timeit", "timeit.repeat"})


def warm_by_handoff(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    stmts = reachable_before(ctx, scope, before)
    outer = getattr(scope.node, "_wp_outer", None)  # the body of a `timeit.timeit(f)` region: its caller's past
    if outer is not None:
        stmts = [*reachable_before(ctx, outer._wp_scope, outer._wp_idx), *stmts]
    return _handed_to_runner(ctx, key, stmts) or _compiled_callees_ran(ctx, key, stmts)


def _handed_to_runner(ctx: Context, key: str, stmts: list) -> bool:
    """``timeit.timeit(key, number=1)`` earlier: the runner called ``key`` (``number=0`` calls nothing)."""
    for st in stmts:
        for c in stmt_calls(st):
            if ctx.call_name(c) not in _RUNNERS:
                continue
            f = c.args[0] if c.args else next((k.value for k in c.keywords if k.arg == "stmt"), None)
            number = next((k.value for k in c.keywords if k.arg == "number"), None)
            if f is not None and dotted(f) == key and \
                    not (isinstance(number, ast.Constant) and number.value == 0):
                return True
    return False


def _compiled_callees_ran(ctx: Context, key: str, stmts: list) -> bool:
    """``key`` is an undecorated function of the file; every compiled callable it calls ran before (``key`` is
    compiled only through them)."""
    from ._common import _called_before, callee_key

    fn = ctx.functions.get(key)
    if fn is None or fn.decorator_list:
        return False
    kernels = {k for c in ctx.calls_in_function(fn) if (k := callee_key(c)) and k != key and ctx.is_compiled(k)}
    return bool(kernels) and all(_called_before(ctx, k, stmts) for k in kernels)


def own_method_def(ctx: Context, site: ast.Call) -> ast.AST | None:
    """``b.run(5)`` where every value the file binds ``b`` to is an instance of one class of the file (``b =
    Bench(net, x)``), or ``self.run(5)`` in a method of that class: the method ``run`` of that class (its own, not
    inherited). A warm-up run through a benchmark object's method is read like one through a function."""
    f = site.func
    if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)):
        return None
    recv = f.value.id
    cls = None
    if recv == "self":
        n = getattr(site, "_wp_parent", None)
        while n is not None and not isinstance(n, ast.ClassDef):
            n = getattr(n, "_wp_parent", None)
        cls = n
    else:
        names = set()
        for v in ctx.assigns.get(recv, []):
            while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in ("cuda", "to", "eval"):
                v = v.func.value
            names.add(v.func.id if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) else None)
        if len(names) == 1 and (name := names.pop()) in ctx.classes:
            cls = ctx.classes[name]
    if not isinstance(cls, ast.ClassDef):
        return None
    return next((m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == f.attr),
                None)


def ran_by_own_method(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """``model(x)`` timed after ``model.forward(x)`` (or ``model.generate(...)``, ``model.predict(...)``) ran in a
    statement reachable before: the object's forward ran through a method that runs it."""
    from ._warm_sources import _RUNS

    if not key.isidentifier():
        return False
    return any(isinstance(c.func, ast.Attribute) and c.func.attr in _RUNS and isinstance(c.func.value, ast.Name) and
               c.func.value.id == key and (c.args or c.keywords)
               for st in reachable_before(ctx, scope, before) for c in stmt_calls(st))
