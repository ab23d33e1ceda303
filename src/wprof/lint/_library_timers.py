"""Host clocks behind the standard library's ``timeit``: the timed code is a callable or a string, not statements.

``timeit.timeit(lambda: f(x), number=n)``, ``timeit.repeat("train(model)", setup, repeat=10, number=1,
globals=globals())``, ``timeit.Timer(fn).timeit(n)`` / ``.repeat(r, n)`` / ``.autorange()`` read
``time.perf_counter()`` before and after running the statement ``number`` times, and never synchronize a device.
The timed code is turned into a region of its own: a private copy of it (a lambda's body, ``fn()`` for a callable,
the parsed string) inside ``for _ in range(number):``, walked like any function body, so every rule sees it the way
it sees a host-clock interval. The copy keeps the original's line numbers (a string statement is placed on the
string's line), so findings point at the user's code. ``min(timeit.repeat(...))`` keeps the fastest repeat: the
first, cold one does not count, which the copy models as one untimed run before the region.
"""

from __future__ import annotations

import ast

from ._context import Context, dotted
from ._walk import Scope

_FUNCS = {"timeit.timeit": "timeit", "timeit.repeat": "repeat"}
_DEFAULT_NUMBER = 1000000


def library_timer_regions(ctx: Context, region_cls) -> list:  # list[Region]
    out = []
    for call in list(ctx.calls):
        found = _timed_call(ctx, call)
        if found is None:
            continue
        kind, stmt_arg, number, repeat, label = found
        body = _timed_body(ctx, call, stmt_arg, _globals_of(ctx, call))
        if not body:
            continue
        outer = call._wp_stmt  # type: ignore[attr-defined]
        region = _region(ctx, region_cls, call, outer, body, number, repeat and _min_taken(ctx, call), label)
        if region is not None:
            out.append(region)
    return out


def _timed_call(ctx: Context, call: ast.Call) -> tuple[str, ast.AST | None, ast.AST | None, bool, str] | None:
    """(kind, the timed stmt argument, number, repeated, label) for a call that runs a ``timeit`` measurement."""
    q = ctx.call_name(call) or ""
    if q in _FUNCS:
        stmt = call.args[0] if call.args else _kw(call, "stmt")
        pos = 4 if q == "timeit.repeat" else 3  # timeit(stmt, setup, timer, number), repeat(..., repeat, number)
        number = _kw(call, "number") or (call.args[pos] if len(call.args) > pos else None)
        return (_FUNCS[q], stmt, number if number is not None else ast.Constant(_DEFAULT_NUMBER),
                q == "timeit.repeat", q)
    m = ctx.method(call)
    if m not in ("timeit", "repeat", "autorange"):
        return None
    timer = _timer_ctor(ctx, call.func.value)  # type: ignore[attr-defined]
    if timer is None:
        return None
    stmt = timer.args[0] if timer.args else _kw(timer, "stmt")
    if m == "timeit":
        number = call.args[0] if call.args else _kw(call, "number")
    elif m == "repeat":
        number = call.args[1] if len(call.args) > 1 else _kw(call, "number")
    else:
        number = None  # autorange: 1, 2, 5, 10... until 0.2 s
    return (m, stmt, number if number is not None else ast.Constant(_DEFAULT_NUMBER if m != "autorange" else 10),
            m == "repeat", "timeit.Timer")


def _copy(node):
    """A copy of an expression's AST fields and positions only: the file's nodes carry links to their parents
    (``_wp_parent``, ``_wp_stmt``) that ``copy.deepcopy`` would follow through the whole tree."""
    if isinstance(node, list):
        return [_copy(x) for x in node]
    if not isinstance(node, ast.AST):
        return node
    new = type(node)(**{f: _copy(getattr(node, f)) for f in node._fields if hasattr(node, f)})
    for a in node._attributes:
        if hasattr(node, a):
            setattr(new, a, getattr(node, a))
    return new


def _kw(call: ast.Call, name: str) -> ast.AST | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _timer_ctor(ctx: Context, expr: ast.AST) -> ast.Call | None:
    """``timeit.Timer(...)`` itself, or a name assigned one once (``t = timeit.Timer(f); t.timeit(10)``)."""
    if isinstance(expr, ast.Call):
        return expr if ctx.call_name(expr) == "timeit.Timer" else None
    d = dotted(expr)
    values = ctx.assigns.get(d, []) if d else []
    if len(values) == 1 and isinstance(values[0], ast.Call) and ctx.call_name(values[0]) == "timeit.Timer":
        return values[0]
    return None


def _globals_of(ctx: Context, call: ast.Call) -> dict[str, ast.AST]:
    """The names a ``globals=`` mapping binds for the timed string (``globals={"fn": fn, "sync":
    torch.cuda.synchronize}`` or ``dict(fn=fn, ...)``, on the call or on the ``timeit.Timer`` it runs)."""
    g = _kw(call, "globals")
    if g is None and isinstance(call.func, ast.Attribute):
        timer = _timer_ctor(ctx, call.func.value)
        g = _kw(timer, "globals") if timer is not None else None
    if isinstance(g, ast.Dict):
        return {k.value: v for k, v in zip(g.keys, g.values)
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and k.value.isidentifier()}
    if isinstance(g, ast.Call) and isinstance(g.func, ast.Name) and g.func.id == "dict" and not g.args:
        return {k.arg: k.value for k in g.keywords if k.arg}
    return {}


def _bind_names(tree: ast.AST, names: dict[str, ast.AST]) -> ast.AST:
    """The string's names read as the caller's expressions the ``globals=`` mapping binds them to (``sync()`` with
    ``"sync": torch.cuda.synchronize`` is ``torch.cuda.synchronize()``)."""
    class _Bind(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            if isinstance(node.ctx, ast.Load) and node.id in names:
                return ast.copy_location(_copy(names[node.id]), node)
            return node
    return _Bind().visit(tree) if names else tree


def _timed_body(ctx: Context, call: ast.Call, stmt_arg: ast.AST | None,
                names: dict[str, ast.AST] | None = None) -> list[ast.stmt]:
    """Statements standing for the timed code, with the original's positions (a string's names bound by the
    measurement's ``globals=`` mapping read as what it binds them to)."""
    if isinstance(stmt_arg, ast.Lambda):
        expr = _copy(stmt_arg.body)
        return [ast.copy_location(ast.Expr(value=expr), stmt_arg.body)]
    if isinstance(stmt_arg, ast.Name):  # stmt = "train(model)"; timeit.repeat(stmt, ...)
        values = ctx.assigns.get(stmt_arg.id, [])
        if values and all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in values):
            if len({v.value for v in values}) == 1:  # type: ignore[attr-defined]
                return _timed_body(ctx, call, values[0], names)
            return []
    if isinstance(stmt_arg, (ast.Name, ast.Attribute)):
        fn = ast.Call(func=_copy(stmt_arg), args=[], keywords=[])
        ast.copy_location(fn, stmt_arg)
        fn.end_lineno, fn.end_col_offset = stmt_arg.end_lineno, stmt_arg.end_col_offset  # type: ignore[attr-defined]
        return [ast.copy_location(ast.Expr(value=fn), stmt_arg)]
    if isinstance(stmt_arg, ast.Constant) and isinstance(stmt_arg.value, str):
        try:
            tree = _bind_names(ast.parse(stmt_arg.value), names or {})
        except (SyntaxError, ValueError):
            return []
        for n in ast.walk(tree):  # every node on the string's line and column: findings point at the string
            if hasattr(n, "lineno"):
                n.lineno, n.end_lineno = stmt_arg.lineno, stmt_arg.end_lineno  # type: ignore[attr-defined]
                n.col_offset, n.end_col_offset = stmt_arg.col_offset, stmt_arg.end_col_offset  # type: ignore
        return tree.body
    return []


def _min_taken(ctx: Context, call: ast.Call) -> bool:
    """``min(timeit.repeat(...))`` or ``runs = ...repeat(...)`` read only through ``min(runs)``."""
    parent = getattr(call, "_wp_parent", None)
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "min":
        return True
    st = call._wp_stmt  # type: ignore[attr-defined]
    if isinstance(st, ast.Assign) and st.value is call and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        uses = ctx.loads(st.targets[0].id)
        return bool(uses) and all(isinstance(getattr(u, "_wp_parent", None), ast.Call) and
                                  isinstance(u._wp_parent.func, ast.Name) and  # type: ignore[attr-defined]
                                  u._wp_parent.func.id == "min" for u in uses)  # type: ignore[attr-defined]
    return False


def _region(ctx: Context, region_cls, call: ast.Call, outer: ast.stmt, body: list[ast.stmt],
            number: ast.AST, warm_first: bool, label: str):
    once = isinstance(number, ast.Constant) and number.value == 1
    timed: list[ast.stmt] = body
    if not once:
        loop = ast.For(target=ast.Name(id="_", ctx=ast.Store()),
                       iter=ast.Call(func=ast.Name(id="range", ctx=ast.Load()), args=[_copy(number)],
                                     keywords=[]), body=body, orelse=[])
        timed = [loop]
    start, end = ast.Pass(), ast.Pass()
    warm = _copy(body) if warm_first else []
    fn = ast.FunctionDef(name="<timeit>", args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[],
                                                              defaults=[]),
                         body=[*warm, start, *timed, end], decorator_list=[], returns=None, type_params=[])
    for n in ast.walk(fn):
        if not hasattr(n, "lineno") or getattr(n, "lineno", None) is None:
            ast.copy_location(n, call)
            if hasattr(n, "end_lineno"):
                n.end_lineno, n.end_col_offset = call.end_lineno, call.end_col_offset  # type: ignore[attr-defined]
    caller: Scope = outer._wp_scope  # type: ignore[attr-defined]
    fn._wp_outer = outer  # type: ignore[attr-defined]  # its free names are read where the `timeit` call sits
    saved = (len(ctx.calls), len(ctx.attributes), len(ctx.subtractions), len(ctx.scopes))
    assigns, assign_stmts, functions, classes = ctx.assigns, ctx.assign_stmts, ctx.functions, ctx.classes
    ctx.assigns, ctx.assign_stmts, ctx.functions, ctx.classes = {}, {}, {}, {}  # the walk only writes these
    try:
        ctx._walk_scope(fn, caller.params)
        scope = fn._wp_own_scope  # type: ignore[attr-defined]
    finally:  # the copy is seen through this region only, never by a rule walking the file
        del ctx.calls[saved[0]:], ctx.attributes[saved[1]:], ctx.subtractions[saved[2]:], ctx.scopes[saved[3]:]
        ctx.assigns, ctx.assign_stmts, ctx.functions, ctx.classes = assigns, assign_stmts, functions, classes
    lo = scope.stmts.index(start)
    hi = scope.stmts.index(end)
    return region_cls(kind="host", clock="time.perf_counter", scope=scope, lo=lo, hi=hi, start=call, end=call,
                      loop=None, timer=label, interval=outer, outer=outer)
