"""Values the warmup walk (``_first_run``) reads from the code: a loop's first value and iteration count, a
constant a name holds, the truth of an ``if`` test on a loop variable or a constant, and the amortization of a cold
call over many samples."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .._context import Context, dotted


class _Later:
    """A loop variable in a later iteration: past every small bound a warm-up guard compares it with."""


_LATER = _Later()


def _first_values(ctx: Context, loop: ast.stmt) -> dict:
    """The loop variable's value in the first iteration, where the code shows it (``range(n)``: 0,
    ``range(-1, n)``: -1, ``enumerate(xs)``: 0)."""
    if not isinstance(loop, (ast.For, ast.AsyncFor)):
        return {}
    it, tgt = loop.iter, loop.target
    while isinstance(it, ast.Call) and dotted(it.func) in ("tqdm", "tqdm.tqdm", "tqdm.auto.tqdm") and it.args:
        it = it.args[0]  # a progress bar yields what it wraps: `tqdm(range(0, n, bs))` starts at 0
    if isinstance(it, ast.Call) and dotted(it.func) == "enumerate" and it.args and \
            isinstance(tgt, ast.Tuple) and tgt.elts:
        start = 0
        for k in it.keywords:
            start = _const(ctx, k.value) if k.arg == "start" else start
        return {tgt.elts[0].id: start} if isinstance(tgt.elts[0], ast.Name) and start is not None else {}
    if isinstance(it, ast.Call) and dotted(it.func) in ("range", "trange", "tqdm.trange") and it.args and \
            isinstance(tgt, ast.Name):
        start = _const(ctx, it.args[0]) if len(it.args) >= 2 else 0
        return {tgt.id: start} if start is not None else {}
    return {}


def _const(ctx: Context, e: ast.AST) -> int | None:
    if isinstance(e, ast.Constant) and type(e.value) is int:
        return e.value
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        v = _const(ctx, e.operand)
        return -v if v is not None else None
    if isinstance(e, ast.Name):
        here = getattr(getattr(e, "_wp_stmt", None), "_wp_scope", None)
        vs = [st.value for st in ctx.assign_stmts.get(e.id, []) if isinstance(st, ast.Assign) and
              st._wp_scope is here] or ctx.assigns.get(e.id, [])  # (the loop's own scope first)
        vals = {_const(ctx, v) for v in vs if not isinstance(v, ast.Name)}
        return vals.pop() if len(vals) == 1 and len(vs) == 1 else None
    return None


_OPS = {ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
        ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b}


@dataclass(frozen=True)
class Const:
    """A constant value the walk knows a name holds (``device = "cpu"``, a parameter bound to ``"cuda"``)."""

    value: object


def _test(test: ast.AST, loopvars: dict, lookup=lambda n: None) -> bool | None:
    """The value of an ``if`` test on a loop variable (``i > 9``, ``i == 0``, ``i % 10 == 0``, ``not i``) in the
    iteration being walked: True, False, or None (not known, or not on a loop variable)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        v = _test(test.operand, loopvars, lookup)
        return None if v is None else not v
    if isinstance(test, ast.Name) and test.id in loopvars:
        v = loopvars[test.id]
        return True if v is _LATER else bool(v)
    if isinstance(test, ast.BoolOp):
        vals = [_test(v, loopvars, lookup) for v in test.values]
        if isinstance(test.op, ast.And):
            return False if False in vals else True if all(v is True for v in vals) else None
        return True if True in vals else False if all(v is False for v in vals) else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _OPS):
        return None
    left, right = test.left, test.comparators[0]
    if isinstance(left, ast.BinOp) and isinstance(left.op, ast.Mod):  # `i % 10 == 0`: true on the first
        left = left.left
        if not (isinstance(left, ast.Name) and left.id in loopvars and loopvars[left.id] is not _LATER):
            return None
        k = right.value if isinstance(right, ast.Constant) and type(right.value) is int else None
        m = test.left.right.value if isinstance(test.left.right, ast.Constant) else None  # type: ignore[attr-defined]
        if k is None or not isinstance(m, int) or m == 0:
            return None
        return _OPS[type(test.ops[0])](loopvars[left.id] % m, k)
    for a, b in ((left, right), (right, left)):  # `device == "cpu"` with `device` bound to a constant
        if isinstance(a, ast.Name) and a.id not in loopvars and isinstance(c := lookup(a.id), Const) and \
                isinstance(b, ast.Constant) and type(test.ops[0]) in (ast.Eq, ast.NotEq):
            return (c.value == b.value) == isinstance(test.ops[0], ast.Eq)
    flip = False
    if not (isinstance(left, ast.Name) and left.id in loopvars):
        left, right, flip = right, left, True
    if not (isinstance(left, ast.Name) and left.id in loopvars):
        return None
    k = right.value if isinstance(right, ast.Constant) and type(right.value) is int else None
    if k is None and isinstance(right, ast.Name) and isinstance(c := lookup(right.id), Const) and \
            type(c.value) is int:
        k = c.value  # `if i == num_warmup:` with `num_warmup = 50`
    if k is None:
        return None if loopvars[left.id] is not _LATER else True  # (a bound the code does not show)
    v = loopvars[left.id]
    op = type(test.ops[0])
    if flip:
        op = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}.get(op, op)
    if v is _LATER:  # past every warm-up bound
        return {ast.Eq: False, ast.NotEq: True, ast.Lt: False, ast.LtE: False, ast.Gt: True, ast.GtE: True}[op]
    return _OPS[op](v, k)


def loop_count(ctx: Context, loop: ast.stmt, env: dict | None = None) -> int | None:
    """The iteration count of ``for _ in range(N)`` where N is a literal, a name bound once to one, or (``env``, a
    visit's bindings) a parameter bound to one, else None."""
    if not (isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and dotted(loop.iter.func) == "range"):
        return None

    def val(e: ast.AST) -> int | None:
        if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub, ast.Mult)):
            a, b = val(e.left), val(e.right)
            if a is None or b is None:
                return None
            return a + b if isinstance(e.op, ast.Add) else a - b if isinstance(e.op, ast.Sub) else a * b
        if isinstance(e, ast.Name) and env and isinstance(c := env.get(e.id), Const) and type(c.value) is int:
            return c.value
        return _const(ctx, e)

    args = loop.iter.args
    if len(args) == 1:
        return val(args[0])
    if len(args) == 2:
        a, b = val(args[0]), val(args[1])
        return b - a if a is not None and b is not None else None
    return None


AMORTIZED = 100_000  # samples from which one cold call is amortized (docs/lint-evaluation.md, sixth session: the
# dev sets' readers judged cold regions of 1,000 and 10,000 samples true (sets 16, 17, 20), 1e6 false (set 29)


def amortized(ctx: Context, r, node: ast.AST, env: dict | None = None, outer: int = 1) -> bool:
    """The cold ``node`` runs once per iteration of loops of the region (its own per-iteration loop, or loops
    inside it) whose known counts multiply to ``AMORTIZED`` or more, or the region repeats its work in a loop of
    that many iterations (``mm(t, a)`` once, then ``for i in range(n - 2): mm(t, b)``, ``n`` 1000): one cold call
    among many samples."""
    st = node if isinstance(node, ast.stmt) else getattr(node, "_wp_stmt", None)
    around = getattr(r.scope.stmts[r.lo], "_wp_loops", ())  # (a per-iteration region's loops: its samples)
    loops = [lp for lp in getattr(st, "_wp_loops", ()) if lp is r.loop or r.contains(lp) or lp in around]
    n = outer  # (the loops around the call sites that reach the region: ``outer`` repeats)
    for lp in loops:
        n *= max(loop_count(ctx, lp, env or {}) or 1, 1)
    return n >= AMORTIZED or any((loop_count(ctx, lp, env or {}) or 0) >= AMORTIZED for lp in r.inner_loops())


def present(v: ast.AST) -> ast.AST:
    """``None if args.off else capture(body)``: the object the expression makes when it makes one (the constant
    side means "absent", and the code tests for it before use)."""
    if isinstance(v, ast.IfExp) and isinstance(v.body, ast.Constant) != isinstance(v.orelse, ast.Constant):
        return v.body if isinstance(v.orelse, ast.Constant) else v.orelse
    return v
