"""The uses of a list of timing samples: which reads only make a mean (``np.mean(times)``, ``sum(times) / n``, a
total that is only ever divided by a count), which are robust summaries (median, min, percentiles), and which reads
leave the first samples out (``times[1:]``). Shared by WP105 (mean-only) and the warm-up rules (a cold first sample
averaged in)."""

from __future__ import annotations

import ast

from .._context import Context
from ._sample_guards import guard_use


MEAN_FUNCS = ("mean", "fmean", "average", "nanmean")


def sample_uses(ctx: Context, key: str) -> tuple[list[ast.AST], list[ast.AST]]:
    """Uses of a sample list: (mean-only uses, any other use); appends and ``len`` are neither. Memoized per name
    (the regions of a long file ask about the same few names: linear, not quadratic)."""
    cache = ctx.__dict__.setdefault("_wp_sample_uses", {})
    if key not in cache:
        cache[key] = sample_uses_of(ctx, ctx.loads(key))
    return cache[key]


def sample_uses_of(ctx: Context, loads: list[ast.AST]) -> tuple[list[ast.AST], list[ast.AST]]:
    means: list[ast.AST] = []
    others: list[ast.AST] = []
    for node in loads:
        parent = getattr(node, "_wp_parent", None)
        if isinstance(parent, ast.Attribute) and parent.value is node and parent.attr in ("append", "extend"):
            continue
        kind = _classify_use(ctx, node)
        if kind == "mean":
            means.append(node)
        elif kind == "other":
            others.append(node)
    return means, others


def _classify_use(ctx: Context, node: ast.AST) -> str:
    if (use := getattr(node, "_wp_use", None)) is not None:
        return use  # handed to a project module's function that only averages it (rules/_sample_flow)
    parent = getattr(node, "_wp_parent", None)
    while isinstance(parent, ast.Subscript) and parent.value is node:  # times[5:]
        node, parent = parent, getattr(parent, "_wp_parent", None)
    if (guard := guard_use(node, parent, lambda n: _classify_use(ctx, n))) is not None:  # `if not times:`
        return guard
    if isinstance(parent, ast.Call) and node in parent.args:
        q = ctx.call_name(parent) or ""
        last = q.rsplit(".", 1)[-1]
        if last == "len":
            return "neutral"
        if last in MEAN_FUNCS:
            return "mean"
        if last == "sum":
            up = getattr(parent, "_wp_parent", None)
            scaled = _unit_scaled(parent)  # `1000 * sum(times) / len(times)`: milliseconds, then a mean
            if scaled is not parent:
                top = getattr(scaled, "_wp_parent", None)
                if isinstance(top, ast.BinOp) and isinstance(top.op, ast.Div) and top.left is scaled and \
                        not _unit_divisor(top.right):
                    return "mean"
            if isinstance(up, ast.BinOp) and isinstance(up.op, ast.Div) and up.right is parent and \
                    isinstance(up.left, (ast.Name, ast.Call)):
                return "neutral"  # `len(ts) / sum(ts)`, `frames / sum(ts)`: a throughput, total work over total time
            if isinstance(up, ast.BinOp) and isinstance(up.op, ast.Div) and up.left is parent and \
                    not _unit_divisor(up.right):
                return "mean"
            if _total_only_averaged(ctx, parent):
                return "mean"
            if isinstance(getattr(parent, "_wp_stmt", None), ast.Return):
                return "other"  # a total handed to the callers (a timer class's `get_sum()`): theirs to report
            return "neutral"  # a total (`sum(times) / 60` is minutes): neither a mean nor a spread
        if last in ("array", "tensor", "asarray", "as_tensor", "Tensor", "Series"):  # converted, then averaged?
            return "mean" if _classify_use(ctx, parent) == "mean" else "other"
        return "other"
    if isinstance(parent, ast.Attribute) and parent.attr in ("append", "extend", "clear"):
        return "neutral"
    if isinstance(parent, ast.Attribute) and parent.attr in MEAN_FUNCS:
        return "mean"
    if isinstance(parent, ast.Attribute) and parent.attr == "sum" and parent.value is node:
        call = getattr(parent, "_wp_parent", None)  # times.sum() / n: an array's sum divided by a count
        up = getattr(call, "_wp_parent", None)
        if isinstance(call, ast.Call) and call.func is parent and not call.args and not call.keywords and \
                isinstance(up, ast.BinOp) and isinstance(up.op, ast.Div) and up.left is call and \
                not _unit_divisor(up.right):
            return "mean"
        if isinstance(call, ast.Call) and call.func is parent and not call.args and not call.keywords and \
                _total_only_averaged(ctx, call):
            return "mean"
        if isinstance(call, ast.Call) and call.func is parent and not call.args and not call.keywords and \
                not isinstance(getattr(call, "_wp_stmt", None), ast.Return):
            return "neutral"  # a total: neither a mean nor a spread
    return "other"


def _unit_scaled(node: ast.AST) -> ast.AST:
    """``node`` climbed through unit conversions (``1000 * node``, ``node * 1e3``, ``node / 1e6``): the same total
    in other units."""
    up = getattr(node, "_wp_parent", None)
    while isinstance(up, ast.BinOp) and (
            (isinstance(up.op, ast.Mult) and ((up.left is node and _unit_divisor(up.right)) or
                                              (up.right is node and _unit_divisor(up.left)))) or
            (isinstance(up.op, ast.Div) and up.left is node and _unit_divisor(up.right))):
        node, up = up, getattr(up, "_wp_parent", None)
    return node


def _total_only_averaged(ctx: Context, total: ast.Call) -> bool:
    """``total = sum(times) * 1000`` (or ``t, n = sum(times), len(times)``) of which a later read in its function
    is a division by a count (``avg = total / iterations``), not by a unit nor by another total, and whose other
    reads only print it: the total makes a mean (a printed total shows no spread)."""
    node, up = total, getattr(total, "_wp_parent", None)
    while isinstance(up, ast.BinOp) and up.left is node and isinstance(up.op, (ast.Mult, ast.Div)) and \
            _unit_divisor(up.right):
        node, up = up, getattr(up, "_wp_parent", None)  # sum(times) * 1000: milliseconds, still the total
    target = None
    if isinstance(up, ast.Assign) and len(up.targets) == 1 and up.value is node:
        target = up.targets[0]
    elif isinstance(up, ast.AugAssign) and isinstance(up.op, ast.Sub) and up.value is node:
        target = up.target  # total -= sum(times[:5]): the warm-up samples taken out of the total
    elif isinstance(up, ast.Tuple) and isinstance(getattr(up, "_wp_parent", None), ast.Assign):
        st = up._wp_parent  # type: ignore[attr-defined]
        t = st.targets[0] if len(st.targets) == 1 else None
        if st.value is up and isinstance(t, ast.Tuple) and len(t.elts) == len(up.elts):
            target = t.elts[up.elts.index(node)]
    if not isinstance(target, ast.Name):
        return False
    stmt = total._wp_stmt  # type: ignore[attr-defined]
    later = [ld for ld in ctx.loads(target.id) if ld._wp_stmt._wp_scope is stmt._wp_scope and  # type: ignore
             ld._wp_stmt._wp_idx > stmt._wp_idx]  # type: ignore[attr-defined]
    def divided(ld: ast.AST) -> bool:
        p = getattr(ld, "_wp_parent", None)
        if isinstance(p, ast.BinOp) and isinstance(p.op, ast.Div) and p.right is ld:
            return isinstance(p.left, ast.Name) and not _a_total(ctx, p.left)  # fps = iterations / total
        return isinstance(p, ast.BinOp) and isinstance(p.op, ast.Div) and p.left is ld and \
            not _unit_divisor(p.right) and not _a_total(ctx, p.right)  # (a ratio of two totals is a speed-up)
    kinds = [divided(ld) or (_shown(ld) and "shown") for ld in later]
    return any(k is True for k in kinds) and all(kinds)  # (the total printed besides: neither mean nor spread)


def _a_total(ctx: Context, node: ast.AST) -> bool:
    """A name bound to a sum (``optimized = sum(times_b) / 60``): dividing by it makes a ratio, not a mean."""
    if not isinstance(node, ast.Name):
        return False
    for st in ctx.assign_stmts.get(node.id, []):
        if not (isinstance(st, ast.Assign) and len(st.targets) == 1):
            continue
        value, target = st.value, st.targets[0]
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
            value = next((v for t, v in zip(target.elts, value.elts)  # `t, n = sum(ts), len(ts)`: `n`'s own
                          if isinstance(t, ast.Name) and t.id == node.id), None)
        elif not isinstance(target, ast.Name):
            continue
        if value is not None and any(isinstance(n, ast.Call) and (
                (isinstance(n.func, ast.Name) and n.func.id == "sum") or
                (isinstance(n.func, ast.Attribute) and n.func.attr == "sum")) for n in ast.walk(value)):
            return True
    return False


def _shown(node: ast.AST) -> bool:
    """``node`` is printed or formatted: an argument of ``print``/a logger/``format``, or a value of an f-string."""
    parent = getattr(node, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.JoinedStr):
            return True
        if isinstance(parent, ast.Call) and node is not parent.func:
            f = parent.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            return name in ("print", "format", "info", "debug", "warning", "log", "write", "add_scalar")
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def drops_first(node: ast.AST) -> bool:
    """``times[1:]``, ``times[warmup:]``: the use leaves the first samples out (the cold one with them). A mean
    of the samples counts as cold only when some mean takes the whole list (``d[k][1:]``: a dict's list)."""
    if getattr(node, "_wp_drops_first", False):
        return True  # reached through a view that left them out (`rec = ts[1:]`; rules/_sample_flow.py)
    p = getattr(node, "_wp_parent", None)
    while isinstance(p, ast.Subscript) and p.value is node and not isinstance(p.slice, ast.Slice):
        node, p = p, getattr(p, "_wp_parent", None)
    if not (isinstance(p, ast.Subscript) and p.value is node and isinstance(p.slice, ast.Slice)):
        return False
    lo = p.slice.lower
    return lo is not None and not (isinstance(lo, ast.Constant) and lo.value in (0, None)) and \
        not (isinstance(lo, ast.UnaryOp) and isinstance(lo.op, ast.USub))  # (times[-10:] keeps the last ten)


def _robust(ctx: Context, node: ast.AST) -> bool:
    parent = getattr(node, "_wp_parent", None)
    while isinstance(parent, ast.Subscript):
        parent = getattr(parent, "_wp_parent", None)
    if isinstance(parent, ast.Call):
        last = (ctx.call_name(parent) or "").rsplit(".", 1)[-1]
        return last in ("median", "min", "percentile", "quantile", "nanmedian", "sorted", "describe")
    return True  # passed somewhere we cannot see: assume it is handled


_UNITS = (60, 3600, 1e3, 1e6, 1e9)


def _unit_divisor(expr: ast.AST) -> bool:
    """A divisor that converts units (seconds to minutes or hours, to ms/us/ns), not a sample count."""
    return isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float)) and \
        not isinstance(expr.value, bool) and expr.value in _UNITS
