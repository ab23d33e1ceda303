"""WP102: an interval that reaches no report: returned in a field of a record that no caller's consumer reads.

``def eval(...): t0 = time.time(); ...; step_time = time.time() - t0; return Outputs(loss=loss.item(),
time=step_time)``, and every caller of ``eval`` in the file hands what it returns only to a method of an object built
from a list of objects (``eval_metrics = Metrics([Loss(), Perplexity()])``; ``eval_metrics.update(outputs)``), none
of whose classes (read in the project's modules) ever reads the field ``time``: the eval step's time is dropped,
the number never printed, logged or kept (set 110, diloco-swarm ``baseline.py``). Not reported, like an interval
stored and never read. The same function's record handed to an aggregate with a class that reads ``.time``
(``Metrics([Time(), Loss()])``) reports it, and stays a finding; so does any other use of the record (printed,
returned, indexed), a caller the linter cannot see (a function no call of the file reaches), or a class it cannot
read.
"""
from __future__ import annotations

import ast

from .._context import Context
from .._walk import under


def reaches_no_report(ctx: Context, r) -> bool:
    """The region's interval is stored in a name whose only uses are keyword arguments of a record the function
    returns (``return Outputs(time=step_time)``), and no caller's use of that record reads those fields."""
    st = r.interval
    fn = getattr(r.scope, "node", None)
    if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name)) or \
            not isinstance(fn, ast.FunctionDef) or r.loop is not None:
        return False
    name = st.targets[0].id
    fields: set[str] = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load):
            kw = getattr(n, "_wp_parent", None)
            rec = getattr(kw, "_wp_parent", None)
            ret = getattr(rec, "_wp_parent", None)
            if not (isinstance(kw, ast.keyword) and kw.arg and isinstance(rec, ast.Call) and
                    isinstance(ret, ast.Return) and ret.value is rec):
                return False  # (any other use: printed, summed, returned bare)
            fields.add(kw.arg)
    if not fields:
        return False
    sites = [c for c in ctx.all_nodes() if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and
             c.func.id == fn.name]
    if not sites or fn.name not in ctx.functions or ctx.functions[fn.name] is not fn:
        return False  # (no caller the linter sees: whoever calls it may print the time)
    return all(_record_dropped(ctx, c, fields) for c in sites)


def _record_dropped(ctx: Context, site: ast.Call, fields: set[str]) -> bool:
    """``out = f(...)`` whose every use reached by this binding hands ``out`` to a method of an aggregate none of
    whose classes reads ``fields``."""
    stmt = getattr(site, "_wp_parent", None)
    if not (isinstance(stmt, ast.Assign) and stmt.value is site and len(stmt.targets) == 1 and
            isinstance(stmt.targets[0], ast.Name)):
        return False
    out = stmt.targets[0].id
    scope = getattr(stmt, "_wp_scope", None)
    body = getattr(scope, "node", None)
    if body is None:
        return False
    binds = [n for n in ast.walk(body) if isinstance(n, ast.Name) and n.id == out and
             isinstance(n.ctx, ast.Store)]
    for ld in (n for n in ast.walk(body) if isinstance(n, ast.Name) and n.id == out and isinstance(n.ctx, ast.Load)):
        if stmt not in _reaching(ld, binds):
            continue
        call = getattr(ld, "_wp_parent", None)
        if not (isinstance(call, ast.Call) and ld in call.args and isinstance(call.func, ast.Attribute) and
                isinstance(call.func.value, ast.Name)):
            return False
        if not _blind_aggregate(ctx, call.func.value.id, fields):
            return False
    return True


def _reaching(load: ast.Name, binds: list[ast.Name]) -> list[ast.stmt]:
    """The binding statements that may reach ``load``: going back from it, each binding up to the first one that
    runs on every path to it (a statement of a block around the load, before it); and, unless that one sits in the
    innermost loop around the load, the bindings after the load in a loop around it (the next iteration's)."""
    def stmt_of(n):
        while n is not None and not isinstance(n, ast.stmt):
            n = getattr(n, "_wp_parent", None)
        return n

    def pos(n):
        return (n.lineno, n.col_offset)

    ancestors = []
    n = getattr(load, "_wp_parent", None)
    while n is not None:
        ancestors.append(n)
        n = getattr(n, "_wp_parent", None)
    loops = [a for a in ancestors if isinstance(a, (ast.For, ast.AsyncFor, ast.While))]

    def dominates(b: ast.stmt) -> bool:
        parent = getattr(b, "_wp_parent", None)
        if parent not in ancestors:
            return False
        below = ancestors[ancestors.index(parent) - 1] if ancestors.index(parent) else load
        return any(isinstance(blk, list) and b in blk and below in blk
                   for blk in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody", "handlers")))

    out: list[ast.stmt] = []
    dom = None
    for b in sorted((b for b in binds if pos(b) < pos(load)), key=pos, reverse=True):
        st = stmt_of(b)
        out.append(st)
        if dominates(st):
            dom = st
            break
    if dom is not None and loops and under(dom, loops[0]):
        return out
    out += [stmt_of(b) for b in binds if pos(b) > pos(load) and any(under(b, lp) for lp in loops)]
    return out



def _blind_aggregate(ctx: Context, name: str, fields: set[str]) -> bool:
    """Every binding of ``name`` is ``Agg([A(), B(), ...], ...)`` of classes the linter reads (the file's, or the
    project's modules'), and neither ``Agg`` nor any ``A``, ``B`` (nor a base class beside it) reads an attribute
    named in ``fields``."""
    vals = ctx.assigns.get(name, [])
    if not vals:
        return False
    for v in vals:
        if not (isinstance(v, ast.Call) and v.args and isinstance(v.args[0], (ast.List, ast.Tuple)) and
                v.args[0].elts):
            return False
        for c in [v, *v.args[0].elts]:
            if not (isinstance(c, ast.Call) and isinstance(c.func, (ast.Name, ast.Attribute))):
                return False
            cls, where = _class_def(ctx, c.func)
            if cls is None or _reads_fields(where, cls, fields, 0):
                return False
    return True


def _class_def(ctx: Context, func: ast.AST):
    if isinstance(func, ast.Name) and func.id in ctx.classes:
        return ctx.classes[func.id], ctx
    d = ctx.imported_def(func)
    if d is not None and isinstance(d.node, ast.ClassDef):
        return d.node, d.ctx
    return None, None


def _reads_fields(where: Context, cls: ast.ClassDef, fields: set[str], depth: int) -> bool:
    """The class (or a base class defined beside it; any other base: unknown, so yes) reads ``x.<field>`` for an
    ``x`` that is not a module it imports (``time.time()`` is no read of a record's ``time``)."""
    if depth > 4:
        return True
    for n in ast.walk(cls):
        if isinstance(n, ast.Attribute) and n.attr in fields and \
                not (isinstance(n.value, ast.Name) and n.value.id in where.imports):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("getattr", "vars") or \
                isinstance(n, ast.Attribute) and n.attr in ("__dict__", "model_dump", "dict", "_asdict"):
            return True  # (a field read by name, or the whole record)
    for b in cls.bases:
        bn = b.id if isinstance(b, ast.Name) else None
        if bn in where.classes:
            if _reads_fields(where, where.classes[bn], fields, depth + 1):
                return True
        elif not (bn in ("object", "ABC") or (where.qualname(b) or "") in ("abc.ABC", "typing.Generic")):
            return True
    return False
