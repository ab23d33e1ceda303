"""Clock helpers: functions whose value is a host clock reading.

A benchmark often wraps its clock in a function of its own, in the file or in a module of the project it imports::

    def get_time():
        torch.cuda.synchronize()
        return time.time()

    start = get_time(); run(); end = get_time(); print(end - start)

A call of such a function is a reading of that clock, so the pair of calls whose difference is reported is a timed
region like ``time.time() - t0`` written inline. The helper qualifies when its last statement returns a host clock
reading (``return time.perf_counter()``, scaled by a number, or a name bound to one just before) and nothing it
does before that is the caller's work: its other statements may only wait for the device (``synchronize``) or bind
the reading. When it waits first, the reading is a synchronized one (:func:`syncing_clock`).
"""

from __future__ import annotations

import ast
from typing import Any


def _clock_value(ctx: Any, v: ast.AST | None) -> bool:
    if v is None:
        return False
    if isinstance(v, ast.Call) and ctx.call_name(v) in _host_clocks():
        return True
    if isinstance(v, ast.BinOp) and isinstance(v.op, (ast.Mult, ast.Div)):
        for a, b in ((v.left, v.right), (v.right, v.left)):
            if isinstance(b, ast.Constant) and type(b.value) in (int, float) and b.value and _clock_value(ctx, a):
                return True
    return False


def _host_clocks():
    from ._names import HOST_CLOCKS

    return HOST_CLOCKS


def _helper_kind(ctx: Any, fn: ast.AST) -> str | None:
    """"clock" or "synced" for a clock helper ``fn`` (a def of ``ctx``'s module), else None."""
    cache = ctx.__dict__.setdefault("_wp_clock_helpers", {})
    if id(fn) in cache:
        return cache[id(fn)]
    cache[id(fn)] = None  # recursion guard
    body = [s for s in getattr(fn, "body", []) if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if not body or not isinstance(body[-1], ast.Return) or len(body) > 4:
        return None
    ret = body[-1].value
    bound: dict[str, ast.AST] = {}
    synced = False
    for s in body[:-1]:
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and \
                _clock_value(ctx, s.value):
            bound[s.targets[0].id] = s.value
        elif isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and ctx.is_sync(s.value):
            synced = True
        else:
            return None  # other work: not a plain reading
    if isinstance(ret, ast.Name) and ret.id in bound:
        ret = bound[ret.id]
    if not _clock_value(ctx, ret):
        return None
    cache[id(fn)] = "synced" if synced else "clock"
    return cache[id(fn)]


def clock_helper(ctx: Any, call: ast.AST) -> str | None:
    """"clock" or "synced" when ``call`` calls a clock helper of the file or of the project, else None."""
    cached = getattr(call, "_wp_clock_helper", 0)
    if cached != 0:
        return cached
    if not isinstance(call, ast.Call) or call.args or call.keywords or \
            not isinstance(call.func, (ast.Name, ast.Attribute)):
        return None
    call._wp_clock_helper = None  # type: ignore[attr-defined]
    try:
        found = ctx.callee_def(call)
    except Exception:  # noqa: BLE001 (a context without the project view)
        found = None
    kind = None
    if found is not None:
        d_ctx, fn = found
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and not fn.decorator_list:
            kind = _helper_kind(d_ctx, fn)
    call._wp_clock_helper = kind  # type: ignore[attr-defined]
    return kind


def syncing_clock(ctx: Any, call: ast.AST) -> bool:
    """``call`` reads a clock helper that waits for the device before it reads the clock."""
    return clock_helper(ctx, call) == "synced"


def _elapsed_param(ctx: Any, fn: ast.AST) -> tuple[int, bool] | None:
    """(index of the start parameter, synchronized first) of ``def show(label, t0): sync(); t1 = time.time();
    print(t1 - t0)`` / ``def since(t0): return time.perf_counter() - t0``: a function of the file that reads a host
    clock and subtracts one of its parameters from the reading; None otherwise."""
    params = [a.arg for a in fn.args.posonlyargs + fn.args.args]  # type: ignore[attr-defined]
    rights = ctx.__dict__.get("_wp_subtracted_names")
    if rights is None:  # the names the file subtracts anywhere (`x - t0`): a cheap first test
        rights = ctx.__dict__["_wp_subtracted_names"] = {
            s.right.id for s in ctx.subtractions if isinstance(s.right, ast.Name)}
    if not rights.intersection(params) or not any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and isinstance(n.right, ast.Name) and
               n.right.id in params for n in ast.walk(fn)):
        return None  # (no `x - <parameter>` at all: skip the walk below, which asks `is_sync` of every call)
    readings: set[str] = set()
    synced = False
    for st in fn.body:  # type: ignore[attr-defined]
        for n in ast.walk(st):
            if isinstance(n, ast.Call) and ctx.is_sync(n) and not readings:
                synced = True
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                    _clock_value(ctx, n.value):
                readings.add(n.targets[0].id)
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and isinstance(n.right, ast.Name) and \
                    n.right.id in params and ((isinstance(n.left, ast.Name) and n.left.id in readings) or
                                              _clock_value(ctx, n.left)):
                return params.index(n.right.id), synced
    return None


def elapsed_helper_subtractions(ctx: Any) -> list[ast.BinOp]:
    """``show_duration("fill", T0)`` with a helper of the file (:func:`_elapsed_param`): the call is the end reading
    and the interval is ``<call> - T0``, as if written at the call."""
    helpers: dict[str, tuple[int, bool]] = {}
    for name, fn in ctx.functions.items():
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and not fn.decorator_list and \
                (found := _elapsed_param(ctx, fn)) is not None:
            helpers[name] = found
    out: list[ast.BinOp] = []
    if not helpers:
        return out
    for c in ctx.calls:
        if not (isinstance(c.func, ast.Name) and c.func.id in helpers) or getattr(c, "_wp_stmt", None) is None:
            continue
        i, synced = helpers[c.func.id]
        if i >= len(c.args) or not isinstance(c.args[i], ast.Name):
            continue
        c._wp_clock_helper = "synced" if synced else "clock"  # type: ignore[attr-defined]  # an end reading
        sub = ast.BinOp(left=c, op=ast.Sub(), right=c.args[i])
        ast.copy_location(sub, c)
        sub._wp_stmt = c._wp_stmt  # type: ignore[attr-defined]
        sub._wp_parent = getattr(c, "_wp_parent", None)  # type: ignore[attr-defined]
        out.append(sub)
    return out
