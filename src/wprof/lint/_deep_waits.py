"""Waits inside called code, followed to any depth (twenty-third session, deepwaits, sets 77-180).

One summary per function (of the file or of a project module), memoized and safe against recursion, answers how a
call of it leaves the device when it returns:

- ``"settled"``: it waits for the device after its own last GPU work (a synchronize, a host read, a branch on a
  device value, or only calls that themselves settle: ``run_nms(...)`` whose helper ends ``cuda.synchronize(); return
  d_iou.copy_to_host()``), so a clock read after the call measures the work;
- ``"paced"``: its last GPU work sits in a loop of 20 iterations or more (as far as the code shows) whose every pass
  waits for the device (a decode loop with ``sample(...)`` calling ``.item()`` each token, ``if tok == eos: break``),
  or is a call of such a function: only the last pass's tail is left pending (weak, as a region's own such loop);
- None: nothing shown.

Calls are followed through functions of the file and of the project's modules (package re-exports included),
``self.method(...)`` of the enclosing class, methods of objects of one project class, and a callable handed as a
parameter (``benchmark(fn, ...)`` calling ``fn(*args)``): resolved through every call of the enclosing function in
the file, each argument a function the linter can read; any caller it cannot resolve leaves the call unknown.
"""

from __future__ import annotations

import ast
from typing import Any

from ._walk import defined_method, enclosing_def, stmt_calls, stmt_nodes

SETTLED = "settled"
PACED = "paced"
FEW_ITERATIONS = 20  # fewer iterations than this: the last one is a material share of the interval


def callees(ctx: Any, call: ast.Call) -> list[tuple[Any, ast.AST]] | None:
    """Every def a call may run, with the context it lives in; None when one of them is not known."""
    if not isinstance(call, ast.Call):
        return None
    try:
        got = ctx.callee_def(call)
    except Exception:
        got = None
    if got is not None:
        return [got] if isinstance(got[1], (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    f = call.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
        m = _own_method(call, f.attr)
        return [(ctx, m)] if m is not None else None
    if isinstance(f, ast.Attribute):
        try:
            d = ctx.imported_method(call)
        except Exception:
            d = None
        if d is None and isinstance(f.value, ast.Name):
            return _handed_objects(ctx, call, f.value.id, f.attr)
        return [(d.ctx, d.node)] if d is not None else None
    if isinstance(f, ast.Name):
        return _handed(ctx, call, f.id)
    return None


def _own_method(call: ast.Call, name: str) -> ast.AST | None:
    fn = enclosing_def(call)
    cls = getattr(fn, "_wp_parent", None) if fn is not None else None
    return defined_method(cls, name) if isinstance(cls, ast.ClassDef) else None


def _handed(ctx: Any, call: ast.Call, name: str) -> list[tuple[Any, ast.AST]] | None:
    """``fn(*args)`` where ``fn`` is a parameter of the enclosing top-level function, never rebound there: the
    functions every call of that function in the file hands it."""
    fn = enclosing_def(call)
    if fn is None or getattr(ctx, "functions", {}).get(fn.name) is not fn:
        return None
    a = fn.args
    pos = [p.arg for p in a.posonlyargs + a.args]
    if name not in pos and name not in [p.arg for p in a.kwonlyargs]:
        return None
    memo = ctx.__dict__.setdefault("_wp_deep_handed", {})
    key = (id(fn), name)
    if key in memo:
        return memo[key]
    memo[key] = None
    table = _table(ctx, fn, name)  # `if isinstance(fn, str): fn = GENERATORS[fn]`: every function of the table
    if table is False:
        return None  # rebound otherwise: not only what the callers hand
    out: list[tuple[Any, ast.AST]] = list(table or [])
    i = pos.index(name) if name in pos else None
    values = [(ctx, arg) for arg in _handed_args(ctx, fn, i, name)]
    if not values:  # no call in the file: the project's modules and notebooks that import the function
        from ._project_users import _user_values

        try:
            values = [(u, v) for u, _, v in _user_values(ctx, fn, name, any_file=True)]
        except Exception:
            values = []
    for uctx, arg in values:
        if table and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            continue  # a key of the table
        if arg is None and table:
            continue  # the default, a key of the table (`generate_fn='base'`)
        got = callees(uctx, ast.Call(func=arg, args=[], keywords=[])) \
            if isinstance(arg, (ast.Name, ast.Attribute)) else None
        if not got:
            return None  # a default, a lambda, handed through `*args`: not shown
        out.extend(got)
    memo[key] = out if values and out else None
    return memo[key]


def _handed_objects(ctx: Any, call: ast.Call, name: str, attr: str) -> list[tuple[Any, ast.AST]] | None:
    """``env.step(a)`` where ``env`` is a parameter of the enclosing top-level function: the method ``attr`` of the
    project class of each object its callers hand it (``profile_env(make_env(...))`` of a factory returning
    ``VecEnv(...)``)."""
    fn = enclosing_def(call)
    if fn is None or getattr(ctx, "functions", {}).get(fn.name) is not fn:
        return None
    a = fn.args
    pos = [p.arg for p in a.posonlyargs + a.args]
    if name not in pos:
        return None
    memo = ctx.__dict__.setdefault("_wp_deep_objects", {})
    key = (id(fn), name, attr)
    if key not in memo:
        memo[key] = None
        if not any(isinstance(x, ast.Name) and x.id == name and isinstance(x.ctx, ast.Store) for x in ast.walk(fn)):
            memo[key] = _objects(ctx, fn, pos.index(name), name, attr)
    return memo[key]


def _calls_of(ctx: Any, name: str) -> list[ast.Call]:
    """The file's calls of the plain name ``name`` (an index made once per file)."""
    index = ctx.__dict__.get("_wp_deep_calls")
    if index is None:
        index = ctx.__dict__["_wp_deep_calls"] = {}
        for c in ctx.all_nodes():
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Name):
                index.setdefault(c.func.id, []).append(c)
    return index.get(name, [])


def _handed_args(ctx: Any, fn: ast.AST, i: int | None, name: str) -> list[ast.AST | None]:
    """What each of the file's calls of ``fn`` hands its parameter ``name`` (at position ``i``, None for a keyword-only
    one): None where the call leaves it out or hides it behind ``*args``. Not :func:`._call_sites.param_values`, which
    reads a left-out argument as the default, drops the whole answer at any ``*args`` and counts aliased calls."""
    out: list[ast.AST | None] = []
    for c in _calls_of(ctx, fn.name):  # type: ignore[attr-defined]
        arg = next((k.value for k in c.keywords if k.arg == name), None)
        if arg is None and i is not None and i < len(c.args) and \
                not any(isinstance(x, ast.Starred) for x in c.args[:i + 1]):
            arg = c.args[i]
        out.append(arg)
    return out


def _objects(ctx: Any, fn: ast.AST, i: int, name: str, attr: str) -> list[tuple[Any, ast.AST]] | None:
    out: list[tuple[Any, ast.AST]] = []
    for uctx, arg in [(ctx, arg) for arg in _handed_args(ctx, fn, i, name)]:
        if not isinstance(arg, (ast.Name, ast.Call)):
            return None
        probe = ast.Call(func=ast.Attribute(value=arg, attr=attr, ctx=ast.Load()), args=[], keywords=[])
        stmt = getattr(arg, "_wp_stmt", None)
        if stmt is not None:
            probe._wp_stmt = stmt  # type: ignore[attr-defined]  # (the caller's scope: its local bindings)
        try:
            d = uctx.imported_method(probe)
        except Exception:
            d = None
        if d is None:
            return None
        out.append((d.ctx, d.node))
    return out or None


def waits_anywhere(ctx: Any, fn: ast.AST) -> bool:
    """A call of ``fn`` waits for the device somewhere (a synchronize, a host read, a branch on a device value, a
    boolean-mask index, in its body or in a function it calls, at any depth): a loop that calls it every pass runs
    at most one pass ahead of the device."""
    memo = ctx.__dict__.setdefault("_wp_deep_waits_any", {})
    if id(fn) in memo:
        return memo[id(fn)]
    memo[id(fn)] = False
    out = False
    body = getattr(fn, "body", None)
    try:
        if body and getattr(body[0], "_wp_scope", None) is not None:
            stmts = [st for st in body[0]._wp_scope.stmts if fn.lineno <= st.lineno <= (fn.end_lineno or st.lineno)]
            out = any(ctx.branches_on_device(st) or ctx.stmt_waits(st) or
                      any(ctx.is_sync(c) or call_waits(ctx, c) for c in stmt_calls(st)) for st in stmts)
    except Exception:
        out = False
    memo[id(fn)] = out
    return out


def call_waits(ctx: Any, call: ast.Call) -> bool:
    """Every def ``call`` may run waits somewhere (:func:`waits_anywhere`)."""
    got = callees(ctx, call)
    return bool(got) and all(waits_anywhere(d, f) for d, f in got)


def _table(ctx: Any, fn: ast.AST, name: str) -> list[tuple[Any, ast.AST]] | bool | None:
    """None when ``fn`` never rebinds ``name``; the functions of a module-level dict literal when every rebinding is
    ``name = TABLE[...]`` of that dict and each of its values is a function the linter reads; else False."""
    stores = [x for x in ast.walk(fn) if isinstance(x, ast.Name) and x.id == name and isinstance(x.ctx, ast.Store)]
    if not stores:
        return None
    out: list[tuple[Any, ast.AST]] = []
    for x in stores:
        st = getattr(x, "_wp_parent", None)
        if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and st.targets[0] is x and
                isinstance(st.value, ast.Subscript) and isinstance(st.value.value, ast.Name)):
            return False
        binds = [b for b in ctx.tree.body if isinstance(b, ast.Assign) and
                 any(isinstance(t, ast.Name) and t.id == st.value.value.id for t in b.targets)]
        if len(binds) != 1 or not isinstance(binds[0].value, ast.Dict) or not binds[0].value.values:
            return False
        for v in binds[0].value.values:
            got = callees(ctx, ast.Call(func=v, args=[], keywords=[])) if isinstance(v, ast.Name) else None
            if not got:
                return False
            out.extend(got)
    return out


def summary(ctx: Any, fn: ast.AST) -> str | None:
    """:data:`SETTLED`, :data:`PACED` or None for a call of ``fn`` (a def of ``ctx``), memoized per def."""
    memo = ctx.__dict__.setdefault("_wp_deep_waits", {})
    if id(fn) in memo:
        return memo[id(fn)]
    memo[id(fn)] = None  # recursion: not shown to wait
    try:
        out = _summary(ctx, fn)
    except Exception:  # (a def outside the context's statement index)
        out = None
    memo[id(fn)] = out
    return out


def call_summary(ctx: Any, call: ast.AST) -> str | None:
    """The weakest summary over every def ``call`` may run (all settle: settled; all settle or pace: paced)."""
    got = callees(ctx, call) if isinstance(call, ast.Call) else None
    if not got:
        return None
    outs = {summary(d, f) for d, f in got}
    if outs == {SETTLED}:
        return SETTLED
    return PACED if outs <= {SETTLED, PACED} else None


def settles(ctx: Any, call: ast.AST) -> bool:
    return call_summary(ctx, call) == SETTLED


def _summary(ctx: Any, fn: ast.AST) -> str | None:
    from ._region_syncs import periodic

    body = getattr(fn, "body", None)
    if not body or getattr(body[0], "_wp_scope", None) is None:
        return None
    if ctx._returns_pending(fn, ctx._syncing_functions(True), True):
        return None  # `if n <= limit: return cp.dot(a, b)`: that exit leaves its work pending
    scope = body[0]._wp_scope
    stmts = [st for st in scope.stmts if fn.lineno <= st.lineno <= (fn.end_lineno or st.lineno)]
    last = None
    paced_calls = False
    any_work = False
    for st in stmts:
        work = ctx.gpu_work_in(stmt_nodes(st))
        if not work:
            continue
        any_work = True
        kinds = [call_summary(ctx, w) for w in work]
        if all(k == SETTLED for k in kinds):
            continue
        last = st
        paced_calls = all(k in (SETTLED, PACED) for k in kinds)
    if last is None:
        return SETTLED if any_work else None
    for st in stmts:
        if st._wp_idx >= last._wp_idx and not periodic(st) and (
                any(ctx.is_sync(c) for c in stmt_calls(st)) or ctx.branches_on_device(st)):
            return SETTLED
    loops = [lp for lp in stmts if isinstance(lp, (ast.For, ast.AsyncFor, ast.While)) and
             lp._wp_idx < last._wp_idx <= lp._wp_end]
    if loops:
        loop = loops[0]  # the outermost: its passes repeat everything after the wait
        if _long(loop) and any(any(ctx.is_sync(c) for c in stmt_calls(b)) or ctx.branches_on_device(b)
                               for b in stmts if loop._wp_idx < b._wp_idx <= loop._wp_end):
            return PACED
    return PACED if paced_calls else None


def _long(loop: ast.stmt) -> bool:
    """Not a loop shown to run fewer than 20 times (``range(3)``, ``range(0, 5)``: the stop is read, unlike
    :func:`.rules._callee_paced._long`, which reads ``range(n)`` only)."""
    it = getattr(loop, "iter", None)
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args and \
            isinstance(it.args[-1 if len(it.args) < 3 else 1], ast.Constant):
        v = it.args[-1 if len(it.args) < 3 else 1].value
        return not isinstance(v, int) or v >= FEW_ITERATIONS
    return True
