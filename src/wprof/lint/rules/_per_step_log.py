"""A training step timed and logged as its own row every step, never summed or averaged (WP103 silence; twenty-first
session, held149).

``for step, batch in enumerate(loader): with Timer() as t: loss = model(**batch).loss; loss.backward(); opt.step()``
then ``print(json.dumps({"step": step, "time_ms": t.dt, ...}))``: the cold first step (cuBLAS start-up, the first
kernel loads, the optimizer's state) is printed as its own line, step 0, beside the warm ones; no figure of the file
folds it into a mean, a total or a rate, so the log shows the cold start instead of hiding it (sets 138 and 149, two
repositories of one author: judged borderline and false). The region must hold a training step (a ``.backward()``
call) inside a loop, and every read of its interval (the name the difference is stored in, or the ``with`` timer's
attributes) must lie in that loop's body and only be printed, logged or put in a record that is itself only
printed or logged there. A read added into a total, appended to a list, handed to a statistic or to any other call,
or kept after the loop keeps the finding (the mean of the rows carries the cold one). One row per size of a sweep
(``for n in sizes: t = bench(n); print(n, t)``) holds no backward and is not touched: its cold first row is the
only figure for that size."""

from __future__ import annotations

import ast

from .._context import Context

_SHOW = {"print", "dumps", "info", "debug", "warning", "write", "log", "set_postfix", "set_description"}


def per_step_log(ctx: Context, r) -> bool:
    """Region ``r`` times a training step whose interval is only shown row by row inside its loop."""
    loop = r.loop
    if loop is None and r.start is not None:  # a `with` timer: the loop around its statement
        loops = getattr(getattr(r.start, "_wp_stmt", None), "_wp_loops", ()) or ()
        loop = loops[-1] if loops else None
    if loop is None or not isinstance(loop, (ast.For, ast.While, ast.AsyncFor)):
        return False
    if not any(isinstance(c.func, ast.Attribute) and c.func.attr == "backward" for c in r.calls()):
        return False
    names = _value_names(r)
    if not names:
        return False
    for name, attr in names:
        reads = ctx.loads(name)
        if not reads:
            return False
        for n in reads:
            if attr:
                up = getattr(n, "_wp_parent", None)
                if isinstance(up, ast.Attribute) and up.value is n:
                    n = up
                else:
                    return False
            if not _inside(n, loop) or not _shown(ctx, n, loop):
                return False
    return True


def _value_names(r) -> list[tuple[str, bool]]:
    st = getattr(r, "interval", None)
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        return [(st.targets[0].id, False)]
    start_stmt = getattr(r.start, "_wp_stmt", None)
    if isinstance(start_stmt, (ast.With, ast.AsyncWith)):
        out = [(it.optional_vars.id, True) for it in start_stmt.items if isinstance(it.optional_vars, ast.Name)]
        return out
    return []


def _inside(n: ast.AST, loop: ast.stmt) -> bool:
    st = getattr(n, "_wp_stmt", None)
    return st is not None and any(lp is loop for lp in (getattr(st, "_wp_loops", ()) or ()))


def _shown(ctx: Context, n: ast.AST, loop: ast.stmt, depth: int = 0) -> bool:
    """The value read at ``n`` only reaches a print/log call (through an f-string, a format, a rounding, a unit
    scaling, or a record literal stored in a name that is itself only shown in the loop)."""
    cur = n
    while True:
        up = getattr(cur, "_wp_parent", None)
        if up is None:
            return False
        if isinstance(up, ast.Call):
            f = up.func
            fname = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if fname in _SHOW:
                return True
            if fname in ("round", "float", "str", "format", "int") and cur is not f:
                cur = up
                continue
            return False
        if isinstance(up, (ast.FormattedValue, ast.JoinedStr, ast.Tuple, ast.List)):
            cur = up
            continue
        if isinstance(up, ast.BinOp) and isinstance(up.op, (ast.Mult, ast.Div, ast.Mod)) and \
                (isinstance(up.op, ast.Mod) and isinstance(up.left, ast.Constant) or
                 isinstance(up.right if up.left is cur else up.left, ast.Constant)):
            cur = up  # `t.dt * 1000`, `"%.3f" % dt`
            continue
        if isinstance(up, ast.Dict) and any(v is cur for v in up.values):
            cur = up
            continue
        if isinstance(up, ast.Assign) and depth == 0 and isinstance(cur, (ast.Dict, ast.JoinedStr)) and \
                len(up.targets) == 1 and isinstance(up.targets[0], ast.Name):
            reads = ctx.loads(up.targets[0].id)
            return bool(reads) and all(_inside(m, loop) and _shown(ctx, m, loop, 1) for m in reads)
        return False
