"""A host clock difference that steers the program and is never a reported figure (twenty-first session, held145).

``if time.perf_counter() - start > time_limit: break`` (a time limit), ``while time.time() - t0 < duration:``,
``time.sleep(max(0, period - (time.perf_counter() - t)))`` (pacing to a rate), ``elapsed = now - last;
if elapsed < gap: time.sleep(gap - elapsed)`` (a rate limiter), ``q.get(timeout=deadline - (time.time() - t0))``:
the difference only decides what the program does next. It is followed through arithmetic (``+ - * /``, ``max``,
``min``, ``abs``, ``float``, ``int``, ``round``), comparisons and boolean operators, and through plain names it is
stored in (every read of the name, anywhere in its function); it is *control only* when every path ends in the test
of an ``if``/``while``/conditional expression, an argument of a sleep (a callee whose name ends in ``sleep``) or a
``timeout=`` keyword. Any other use (printed, logged, returned, appended, stored in an attribute or an element,
handed to any other call, a name read dynamically through ``locals()``) is a report, and the region stays a timed
region. A loop whose test is the difference and that counts what it does (``while time.time() - t0 < 10: f();
n += 1``, then ``n / 10``) measures a throughput over the budget: it stays a timed region unless the same start is
read again after the loop (``total = time.perf_counter() - start``: that later difference is the figure, the test
only stops the loop).
"""
from __future__ import annotations

import ast

from ._context import Context
from ._walk import subtree

_PASS_CALLS = frozenset({"max", "min", "abs", "float", "int", "round"})


def control_only(ctx: Context, r) -> bool:
    """Region ``r``'s clock difference is control flow only (see the module docstring)."""
    cached = r.__dict__.get("_wp_control_only")
    if cached is None:
        cached = r.__dict__["_wp_control_only"] = _control_only(ctx, r)
    return cached


def _control_only(ctx: Context, r) -> bool:
    if r.kind != "host" or r.interval is None or {"locals", "vars", "globals"} & ctx.words:
        return False
    diff = _difference(r)
    if diff is None:
        return False
    tests: list[ast.AST] = []
    if not _steers(diff, 0, tests, set()):
        return False
    return not any(_counting_budget(ctx, t, diff) for t in tests)


def _difference(r) -> ast.BinOp | None:
    subs = [n for n in ast.walk(r.interval) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub)]
    if len(subs) == 1:
        return subs[0]
    holding = [s for s in subs if any(n is r.end for n in ast.walk(s.left))]
    return holding[0] if len(holding) == 1 else None


def _steers(node: ast.AST, depth: int, tests: list, seen: set) -> bool:
    """Every use of ``node``'s value ends in a test, a sleep or a timeout (``tests`` collects the tests)."""
    while True:
        p = getattr(node, "_wp_parent", None)
        if isinstance(p, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare)):
            node = p
            continue
        if isinstance(p, ast.Call) and isinstance(p.func, ast.Name) and p.func.id in _PASS_CALLS and node in p.args:
            node = p
            continue
        if isinstance(p, ast.IfExp) and node is not p.test:
            node = p
            continue
        break
    if isinstance(p, (ast.If, ast.While, ast.IfExp)) and p.test is node:
        tests.append(p)
        return True
    if isinstance(p, ast.keyword) and p.arg == "timeout":
        return True
    if isinstance(p, ast.Call) and node in p.args:
        f = p.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        return name.lower().endswith("sleep")
    if isinstance(p, ast.Assign) and p.value is node and len(p.targets) == 1 and isinstance(p.targets[0], ast.Name):
        if depth >= 4:
            return False
        name = p.targets[0].id
        fn = p
        while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            fn = getattr(fn, "_wp_parent", None)
        if fn is None or (id(fn), name) in seen:
            return fn is not None
        seen.add((id(fn), name))
        if isinstance(fn, ast.Module) or any(isinstance(n, ast.Global) and name in n.names for n in subtree(fn)):
            if isinstance(fn, ast.Module) and any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                                                 _reads(n, name) for n in subtree(fn)):
                return False  # (a module-level name read inside a function: followed no further)
        loads = [n for n in subtree(fn) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
        return bool(loads) and all(_steers(ld, depth + 1, tests, seen) for ld in loads)  # (never read: that
        # is an interval left unread, which `_reported` and WP102's weak tier judge, not a steering one)
    return False


def _reads(fn: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load) for n in ast.walk(fn))


def _counting_budget(ctx: Context, test: ast.AST, diff: ast.BinOp) -> bool:
    """``test`` bounds a loop (a ``while`` test, or an ``if`` that only leaves its loop) that counts what it does,
    and the difference's start is not read again after that loop (the budget is the figure's denominator)."""
    from .rules._loop_budget import _counts

    if isinstance(test, ast.While):
        loop = test
    elif isinstance(test, ast.If) and test.body and all(isinstance(s, ast.Break) for s in test.body):
        loop = getattr(test, "_wp_parent", None)
        while loop is not None and not isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
            if isinstance(loop, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
                return False
            loop = getattr(loop, "_wp_parent", None)
    else:
        return False
    if loop is None or not _counts(ctx, loop):
        return False
    start = ast.unparse(diff.right)
    end = max(getattr(n, "end_lineno", 0) or 0 for n in ast.walk(loop))
    fn = loop
    while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        fn = getattr(fn, "_wp_parent", None)
    again = fn is not None and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and
                                   ast.unparse(n.right) == start and n.lineno > end for n in ast.walk(fn))
    return not again
