"""Sweeps written over the indices of a list of configurations (``for i in range(len(sizes)):`` ... ``n =
sizes[i]``) whose per-configuration samples are stored by index and drawn or printed whole (``times[i] = dt`` then
``plt.plot(sizes, times)``): the first configuration's sample holds the work's first call, as a printed row of
``for n in sizes:`` does (:func:`._common.sweep_rows`; set 59: a Numba kernel's first launch in the first point of a
time-per-size curve)."""

from __future__ import annotations

import ast

from .._context import Context, dotted

_PLOTS = frozenset({"plot", "semilogx", "semilogy", "loglog", "bar", "barh", "scatter", "errorbar"})


def indexed_sweep(ctx: Context, loop: ast.AST) -> bool:
    """``for i in range(N)`` where ``N`` is the length of a list of configurations the file writes out (``len(L)``,
    ``np.size(L)``, ``L.size``, ``L.shape[0]``, or a name bound to one of them) and the body reads ``L[i]``. ``L``
    is bound once, to a literal list or tuple of numbers, a list comprehension over a ``range``, or NumPy's
    ``array``/``asarray`` of one: sizes, not data (a dataset indexed by ``i`` is not a sweep)."""
    if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and isinstance(loop.iter, ast.Call) and
            dotted(loop.iter.func) == "range" and len(loop.iter.args) == 1):
        return False
    lists = _length_of(ctx, loop.iter.args[0], 0)
    if not lists:
        return False
    var = loop.target.id
    read = {dotted(n.value) for st in loop.body for n in ast.walk(st) if isinstance(n, ast.Subscript) and
            isinstance(n.slice, ast.Name) and n.slice.id == var}
    return any(name in read and _configurations(ctx, name) for name in lists)


def _length_of(ctx: Context, e: ast.AST, depth: int) -> set[str]:
    """The names whose length ``e`` is (``len(L)``, ``np.size(L)``, ``L.size``, ``L.shape[0]``, a name bound once
    to one of them)."""
    if isinstance(e, ast.Call) and len(e.args) == 1 and isinstance(e.args[0], ast.Name) and \
            ((isinstance(e.func, ast.Name) and e.func.id == "len") or
             (ctx.call_name(e) or "") in ("numpy.size", "numpy.shape")):
        return {e.args[0].id}
    if isinstance(e, ast.Attribute) and e.attr == "size" and isinstance(e.value, ast.Name):
        return {e.value.id}
    if isinstance(e, ast.Subscript) and isinstance(e.value, ast.Attribute) and e.value.attr == "shape" and \
            isinstance(e.value.value, ast.Name) and isinstance(e.slice, ast.Constant) and e.slice.value == 0:
        return {e.value.value.id}
    if isinstance(e, ast.Name) and depth < 2:
        vals = ctx.assigns.get(e.id, [])
        if len(vals) == 1:
            return _length_of(ctx, vals[0], depth + 1)
    return set()


def _configurations(ctx: Context, name: str) -> bool:
    vals = ctx.assigns.get(name, [])
    if len(vals) != 1:
        return False
    v = vals[0]
    if isinstance(v, ast.Call) and (ctx.call_name(v) or "") in ("numpy.array", "numpy.asarray") and len(v.args) == 1:
        v = v.args[0]
    if isinstance(v, (ast.List, ast.Tuple)):
        return bool(v.elts) and all(isinstance(x, ast.Constant) and type(x.value) in (int, float) or
                                    (isinstance(x, ast.BinOp) and all(isinstance(y, ast.Constant)
                                                                      for y in (x.left, x.right)))
                                    for x in v.elts)
    return isinstance(v, ast.ListComp) and len(v.generators) == 1 and \
        isinstance(v.generators[0].iter, ast.Call) and dotted(v.generators[0].iter.func) == "range"


def rows_stored_by_index(ctx: Context, r, names: set[str]) -> bool:
    """The sample (the interval statement's names, or the interval itself) is stored into a container by the loop
    index (``times[i] = dt``, ``times[i] = time.time() - start``), and the container is drawn or printed whole after
    the loop (``plt.plot(sizes, times)``, ``print(times)``): one point per configuration, the first one cold."""
    loop = r.loop
    var = loop.target.id  # type: ignore[union-attr]
    containers = set()
    for st in r.scope.stmts[r.interval._wp_idx:loop._wp_end + 1]:  # type: ignore[union-attr]
        if not isinstance(st, ast.Assign) or len(st.targets) != 1:
            continue
        t = st.targets[0]
        if not (isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Name) and t.slice.id == var and
                isinstance(t.value, ast.Name)):
            continue
        if st is r.interval or any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(st.value)):
            containers.add(t.value.id)
    if not containers:
        return False
    for c in ctx.calls:
        if getattr(c, "lineno", 0) <= getattr(loop, "end_lineno", 0):
            continue
        shown = dotted(c.func) == "print" or ctx.method(c) in _PLOTS
        if shown and any(isinstance(a, ast.Name) and a.id in containers for a in c.args):
            return True
    return False


def appended_rows_shown(ctx: Context, r) -> bool:
    """A per-configuration sample appended to a list made empty in the sweep's function before the loop
    (``times.append(toc - tic)`` in ``for b in batch_sizes:``), the list (or a list computed from it:
    ``throughput = [n / t for t in times]``) printed or drawn (``print(times)``, ``plt.plot(sizes, throughput)``)
    and never averaged nor summarized by a robust statistic: one point per configuration, the first one the work's
    first call (set 84: a throughput curve over batch sizes, no warmup)."""
    from ._sample_uses import sample_uses

    loop, key = r.loop, r.samples
    if loop is None or not key or "." in key or not configuration_loop(ctx, loop, r.scope):
        return False
    fresh = [st for st in r.scope.stmts[:loop._wp_idx] if isinstance(st, ast.Assign) and  # type: ignore[attr-defined]
             any(isinstance(t, ast.Name) and t.id == key for t in st.targets)]
    if not fresh or not (isinstance(fresh[-1].value, ast.List) and not fresh[-1].value.elts):
        return False
    means, others = sample_uses(ctx, key)
    if means:
        return False  # averaged: the mean's question, not a row each
    derived = {key}
    shown = False
    for node in others:
        if getattr(getattr(node, "_wp_stmt", None), "_wp_scope", None) is not r.scope:
            return False  # handed out of the function: what is done with it is not seen
        top = node
        while not isinstance(getattr(top, "_wp_parent", None), (ast.stmt, type(None))):
            parent = top._wp_parent  # type: ignore[attr-defined]
            if isinstance(parent, ast.Call) and _summary(ctx, parent):
                return False  # `min(times)`, `np.median(times)`, `sorted(times)`: the cold row is set aside
            top = parent
        st = top._wp_parent  # type: ignore[attr-defined]
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
                isinstance(st.value, (ast.ListComp, ast.List, ast.Call, ast.BinOp)):
            derived.add(st.targets[0].id)
    for st in r.scope.stmts[loop._wp_idx:]:  # type: ignore[attr-defined]
        for c in (n for n in ast.walk(st) if isinstance(n, ast.Call)):
            if (dotted(c.func) == "print" or ctx.method(c) in _PLOTS) and \
                    any(isinstance(a, ast.Name) and a.id in derived for a in c.args):
                shown = True
    return shown


def _summary(ctx: Context, call: ast.Call) -> bool:
    last = (ctx.call_name(call) or dotted(call.func) or "").rsplit(".", 1)[-1]
    return last in ("min", "max", "median", "nanmedian", "percentile", "quantile", "sorted", "describe", "mean",
                    "average", "sum", "fmean", "stdev", "std")


def configuration_loop(ctx: Context, loop: ast.AST, scope) -> bool:
    """``for n in sizes:`` over written-out numbers: a literal list or tuple of them, or a name that ``scope`` binds
    once before the loop to one, or to a comprehension of numbers over a ``range`` (``[i for i in range(1, 2000) if
    i % 100 == 0]``): settings, not data (``for f in frames:``, ``[np.zeros(...) for _ in range(10)]``)."""
    if not isinstance(loop, ast.For):
        return False
    it = loop.iter
    if isinstance(it, ast.Name):
        binds = [st.value for st in scope.stmts[:loop._wp_idx] if isinstance(st, ast.Assign) and  # type: ignore
                 any(isinstance(t, ast.Name) and t.id == it.id for t in st.targets)]
        if len(binds) != 1 or any(isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and any(
                isinstance(t, ast.Name) and t.id == it.id for t in ast.walk(st) if isinstance(t, ast.Name) and
                isinstance(t.ctx, ast.Store)) for st in scope.stmts[loop._wp_idx:loop._wp_end + 1]):  # type: ignore
            return False
        it = binds[0]
    if isinstance(it, (ast.List, ast.Tuple)):
        return bool(it.elts) and all(_numeric(x, set()) for x in it.elts)
    if isinstance(it, ast.ListComp) and len(it.generators) == 1:
        g = it.generators[0]
        return isinstance(g.iter, ast.Call) and dotted(g.iter.func) == "range" and isinstance(g.target, ast.Name) \
            and _numeric(it.elt, {g.target.id})
    return False


def _numeric(e: ast.AST, names: set) -> bool:
    """``e`` is a number written out, or arithmetic of numbers and ``names``."""
    if isinstance(e, ast.Constant):
        return type(e.value) in (int, float)
    if isinstance(e, ast.Name):
        return e.id in names
    if isinstance(e, ast.BinOp):
        return _numeric(e.left, names) and _numeric(e.right, names)
    if isinstance(e, ast.UnaryOp):
        return _numeric(e.operand, names)
    return False
