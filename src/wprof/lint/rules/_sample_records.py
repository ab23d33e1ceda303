"""WP105 for samples kept as records: one dict per measured call, with a field that holds that call's sample
(``{"decode_tps": n / dt, "max_mem": m}``), collected per iteration into a list, and only a mean over the records'
field reported (``statistics.mean(r["decode_tps"] for r in results)``).

A record is a dict display one of whose values is a per-sample value of its function: the interval of a timed
region (``dt = t1 - t0``, ``s.elapsed_time(e)``) or arithmetic on one (``n / dt``, ``dt * 1e3``, through names).
It is collected where it is made (``results.append({...})``, ``rec = {...}; results.append(rec)``) or where a
function of the file that returns it is called (``results.append(measure())``, ``m = measure();
results.append(m)``, ``results = [measure() for _ in range(n)]``). The list's reads are followed like a sample
list's (:mod:`._sample_flow`); a comprehension over it that picks a sample field is a use of those samples (a
mean, or anything else), one that picks another field is neither, and any other read (the records printed,
saved, turned into a table) shows the samples.
"""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_nodes
from ._sample_nodes import empty_list_before

_ARITH = (ast.BinOp, ast.UnaryOp, ast.IfExp, ast.Compare, ast.BoolOp, ast.Name, ast.Constant, ast.Attribute,
          ast.Subscript, ast.Load, ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.Call, ast.keyword,
          ast.Slice, ast.Tuple)
_PURE = frozenset({"float", "round", "int", "abs", "max", "min", "len"})


def per_sample_names(ctx: Context, scope) -> set[str]:
    """Names of ``scope`` bound to one timed call's sample: a region's interval (``dt = t1 - t0``), an event
    time, and arithmetic on those (``tps = n / dt``), in statement order."""
    cache = ctx.__dict__.setdefault("_wp_per_sample_names", {})
    if id(scope) in cache:
        return cache[id(scope)]
    seeds = {id(r.interval) for r in ctx.regions if r.scope is scope and r.interval is not None and r.outer is None}
    out: set[str] = set()
    for st in scope.stmts:
        if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name)):
            continue
        v = st.value
        if id(st) in seeds or any(isinstance(n, ast.Call) and ctx.method(n) == "elapsed_time" for n in ast.walk(v)):
            out.add(st.targets[0].id)
        elif _arith(v) and any(isinstance(n, ast.Name) and n.id in out for n in ast.walk(v)):
            out.add(st.targets[0].id)
    cache[id(scope)] = out
    return out


def _arith(v: ast.AST) -> bool:
    """Arithmetic on names and constants (``n / dt if dt > 0 else 0.0``, ``round(dt * 1e3, 2)``)."""
    for n in ast.walk(v):
        if not isinstance(n, _ARITH):
            return False
        if isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in _PURE):
            return False
    return True


_EVENT_TIMES = frozenset({"elapsed_time", "time_till", "time_since"})


def _sample_keys(ctx: Context, d: ast.Dict, scope) -> set[str]:
    """The fields of a dict display that hold a per-sample value: arithmetic on the function's per-sample names,
    an event time (``{"ms": s.elapsed_time(e)}``), or the clock subtraction of a region whose interval statement
    builds the dict (``times.append({"dt": time.perf_counter() - t0})``)."""
    names = per_sample_names(ctx, scope)
    stmt = getattr(d, "_wp_stmt", None)
    interval = any(r.interval is stmt for r in ctx.regions if r.scope is scope and r.outer is None)
    keys = set()
    for k, v in zip(d.keys, d.values):
        if not (isinstance(k, ast.Constant) and isinstance(k.value, str)):
            continue
        if any(isinstance(n, ast.Call) and ctx.method(n) in _EVENT_TIMES for n in ast.walk(v)) or \
                (interval and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) for n in ast.walk(v))) or \
                (_arith(v) and any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(v))):
            keys.add(k.value)
    return keys


def _records(ctx: Context) -> list[tuple[ast.AST, set[str], ast.AST]]:
    """(an expression that yields one record per evaluation, its sample fields, the node where it is made)."""
    out: list[tuple[ast.AST, set[str], ast.AST]] = []
    timed = {id(r.scope) for r in ctx.regions if r.outer is None}
    for scope in ctx.scopes:
        if id(scope) not in timed:
            continue
        for st in scope.stmts:
            for n in stmt_nodes(st):
                if not isinstance(n, ast.Dict):
                    continue
                keys = _sample_keys(ctx, n, scope)
                if not keys:
                    continue
                parent = getattr(n, "_wp_parent", None)
                if isinstance(parent, ast.Return) and isinstance(scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                        and ctx.functions.get(scope.node.name) is scope.node:
                    out.extend((c, keys, n) for c in ctx.calls if isinstance(c.func, ast.Name) and
                               c.func.id == scope.node.name)
                else:
                    out.append((n, keys, n))
    return out


def _collected(ctx: Context, rec: ast.AST) -> tuple[ast.Name, ast.stmt] | None:
    """The records list ``rec`` goes into, once per iteration of a loop (the list's binding and the statement
    that adds to it): ``results.append(rec)``, through one name (``m = rec; results.append(m)``), or a comprehension
    that repeats it (``results = [measure() for _ in range(n)]``)."""
    parent = getattr(rec, "_wp_parent", None)
    if isinstance(parent, ast.ListComp) and parent.elt is rec and len(parent.generators) == 1:
        gen = parent.generators[0]
        up = getattr(parent, "_wp_parent", None)
        if isinstance(gen.iter, ast.Call) and isinstance(gen.iter.func, ast.Name) and gen.iter.func.id == "range" \
                and isinstance(up, ast.Assign) and len(up.targets) == 1 and isinstance(up.targets[0], ast.Name):
            return up.targets[0], up
        return None
    arg = rec
    if isinstance(parent, ast.Assign) and parent.value is rec and len(parent.targets) == 1 and \
            isinstance(parent.targets[0], ast.Name):
        name, scope = parent.targets[0].id, parent._wp_scope  # type: ignore[attr-defined]
        later = sorted((ld for ld in ctx.scope_loads(name, scope) if ld._wp_stmt._wp_idx > parent._wp_idx),  # type: ignore
                       key=lambda ld: ld._wp_stmt._wp_idx)  # type: ignore[attr-defined]
        arg = next((ld for ld in later if _append_of(ctx, ld) is not None), None)  # type: ignore[assignment]
        if arg is None:
            return None
    call = _append_of(ctx, arg)
    if call is None or not isinstance(call.func.value, ast.Name):  # type: ignore[attr-defined]
        return None
    st = call._wp_stmt  # type: ignore[attr-defined]
    if not st._wp_loops:
        return None  # added once: one record, no spread to report
    box = call.func.value.id  # type: ignore[attr-defined]
    b = empty_list_before(ctx, box, st)
    if b is None:
        return None
    return b.targets[0], b


def _append_of(ctx: Context, node: ast.AST) -> ast.Call | None:
    parent = getattr(node, "_wp_parent", None)
    if isinstance(parent, ast.Call) and parent.args == [node] and ctx.method(parent) == "append":
        return parent
    return None


def _field_use(ctx: Context, use: ast.AST, keys: set[str]) -> tuple[str, ast.AST, str | None]:
    """("mean", "other" or "neutral", where, the sample field) for one read of a records list."""
    from ._sample_uses import _classify_use

    parent = getattr(use, "_wp_parent", None)
    if isinstance(parent, ast.Attribute) and parent.attr == "append":
        return "neutral", use, None
    if isinstance(parent, ast.comprehension) and parent.iter is use and isinstance(parent.target, ast.Name) and \
            not parent.ifs:
        comp = getattr(parent, "_wp_parent", None)
        if isinstance(comp, (ast.ListComp, ast.GeneratorExp)) and len(comp.generators) == 1:
            key = _picked(comp.elt, parent.target.id)
            if key is None:
                return "other", use, None
            if key not in keys:
                return "neutral", use, None
            return _classify_use(ctx, comp), getattr(comp, "_wp_parent", comp), key
    kind = _classify_use(ctx, use)
    return ("neutral" if kind == "neutral" else "other"), use, None


def _picked(elt: ast.AST, var: str) -> str | None:
    """The field a comprehension's element reads from its record variable: ``r["tps"]``, ``r.get("tps")``, maybe
    rescaled (``r["ms"] / 1e3``)."""
    while isinstance(elt, ast.BinOp) and isinstance(elt.right, ast.Constant):
        elt = elt.left
    if isinstance(elt, ast.Call) and isinstance(elt.func, ast.Attribute) and elt.func.attr == "get" and elt.args:
        box, key = elt.func.value, elt.args[0]
    elif isinstance(elt, ast.Subscript):
        box, key = elt.value, elt.slice
    else:
        return None
    if isinstance(box, ast.Name) and box.id == var and isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value
    return None


def check_records(ctx: Context) -> None:
    from ._sample_flow import _reads_after, follow

    seen: set[int] = set()
    for rec, keys, made in _records(ctx):
        found = _collected(ctx, rec)
        if found is None:
            continue
        target, binding = found
        if id(binding) in seen:
            continue
        seen.add(id(binding))
        reads = _reads_after(ctx, target)
        if not reads:
            continue
        kinds = [_field_use(ctx, u, keys) for ld in reads for u in follow(ctx, ld)]
        means = [(where, key) for k, where, key in kinds if k == "mean"]
        if means and not any(k == "other" for k, _, _ in kinds) and not _shown_where_made(ctx, made, keys):
            where, field = means[0]
            ctx.report(where, f"Only the mean of the records' `{field}` in `{target.id}` is reported",
                       "Report the median and the spread (min, p5/p95 or IQR) and n too", opt_in=True)


def _shown_where_made(ctx: Context, made: ast.AST, keys: set[str]) -> bool:
    """The function that makes the record prints or logs a per-sample value itself (each sample is seen)."""
    from .mean_only import _shown

    stmt = made._wp_stmt  # type: ignore[attr-defined]
    scope = stmt._wp_scope  # type: ignore[attr-defined]
    names = per_sample_names(ctx, scope)
    return any(_shown(ctx, ld) for name in names for ld in ctx.scope_loads(name, scope))
