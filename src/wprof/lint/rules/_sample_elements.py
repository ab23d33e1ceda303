"""Samples handed on as part of an element of a collection: ``results.append({"name": n, "times": ts})``,
``results.append((n, ts))`` or ``runs.append(ts)``, one element per configuration, then read back element by element
(``for r in results: print(r["name"], np.mean(r["times"]))``, ``for n, ts in results: ...``,
``[np.mean(ts) for ts in runs]``). :func:`element_reads` gives the reads of the samples' part in those elements, for
:mod:`._sample_flow` to follow on; reads of the elements' other parts are neither a mean nor a spread, and any
other read of the collection (printed, saved, handed on whole) is a use in place.
"""

from __future__ import annotations

import ast

from .._context import Context
from ._sample_nodes import empty_list_before, only_empty_dict

WHOLE = object()  # the element is the samples themselves


def element_reads(ctx: Context, append: ast.Call, part: object) -> list[ast.AST] | None:
    """``append`` is ``L.append(element)``; ``part`` picks the samples in an element: a field name (str), a
    position (int) or :data:`WHOLE`. None when ``L`` is not a list bound to ``[]`` before it in the same function
    (not followed)."""
    from ._sample_flow import _reads_after

    box = append.func.value  # type: ignore[attr-defined]
    if not isinstance(box, ast.Name):
        return None
    b = empty_list_before(ctx, box.id, append._wp_stmt)  # type: ignore[attr-defined]
    if b is None:
        return None
    reads = _reads_after(ctx, b.targets[0])
    if reads is None:
        return None
    out: list[ast.AST] = []
    for r in reads:
        p = getattr(r, "_wp_parent", None)
        if isinstance(p, ast.Attribute) and p.value is r and p.attr in ("append", "extend", "clear"):
            continue
        if isinstance(p, ast.Call) and p.args == [r] and isinstance(p.func, ast.Name) and p.func.id == "len":
            continue
        found = _loop_var_reads(r, p, part)
        if found is None:
            out.append(r)  # the collection used whole: judged in place
            continue
        var_reads, sub = found
        for v in var_reads:
            picked = _pick(v, sub)
            if picked is not None:
                out.append(picked)
    return out


def _loop_var_reads(r: ast.AST, p: ast.AST | None, part: object) -> tuple[list[ast.AST], object] | None:
    """The reads of the variable a loop or comprehension over the collection binds to its elements (or, for a
    tuple target and a position, to that position: ``for n, ts in results``) within that loop, and the part of
    that variable that holds the samples; None when ``r`` is not such a loop's iterable."""
    if isinstance(p, ast.For) and p.iter is r:
        target, body = p.target, [n for s in p.body for n in ast.walk(s)]
    elif isinstance(p, ast.comprehension) and p.iter is r:
        comp = getattr(p, "_wp_parent", None)
        if comp is None:
            return None
        target = p.target
        body = [n for n in ast.walk(comp) if n is not r]
    else:
        return None
    name = None
    if isinstance(target, ast.Name):
        name = target.id
    elif isinstance(target, ast.Tuple) and isinstance(part, int) and not isinstance(part, bool) and \
            part < len(target.elts) and isinstance(target.elts[part], ast.Name) and \
            not any(isinstance(e, ast.Starred) for e in target.elts):
        name = target.elts[part].id
        part = WHOLE
    if name is None:
        return None
    return [n for n in body if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)], part


def _pick(v: ast.AST, part: object) -> ast.AST | None:
    """The samples' part of one read ``v`` of an element: ``v`` itself (whole), ``v["times"]``/``v.get("times")``
    (a field), ``v[1]`` (a position); None for a read of another part; ``v`` when the element is used whole."""
    if part is WHOLE:
        return v
    p = getattr(v, "_wp_parent", None)
    if isinstance(p, ast.Subscript) and p.value is v and isinstance(p.slice, ast.Constant):
        return p if p.slice.value == part and type(p.slice.value) is type(part) else None
    if isinstance(p, ast.Attribute) and p.attr == "get" and isinstance(part, str):
        call = getattr(p, "_wp_parent", None)
        if isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.Constant):
            return call if call.args[0].value == part else None
    return v


def keyed_reads(ctx: Context, box: str, store: ast.Assign) -> list[ast.AST] | None:
    """``results[name] = value`` into a dict bound only to ``{}`` in the same function: the reads of its values,
    ``results["BF16"]``, ``results[c]``, the value variable of ``for k, v in results.items()``, for the caller to
    follow; any other read of the dict is a use in place. None when the dict is not shown to be one."""
    scope = store._wp_scope  # type: ignore[attr-defined]
    if not only_empty_dict(ctx, box, scope):
        return None
    out: list[ast.AST] = []
    for ld in ctx.scope_loads(box, scope):
        p = getattr(ld, "_wp_parent", None)
        if isinstance(p, ast.Subscript) and p.value is ld:
            if not isinstance(p.ctx, ast.Load):
                continue  # another store into it
            out.append(p)
            continue
        if isinstance(p, ast.Attribute) and p.attr in ("keys",):
            continue
        if isinstance(p, ast.Attribute) and p.attr in ("items", "values"):
            call = getattr(p, "_wp_parent", None)
            loop = getattr(call, "_wp_parent", None)
            if isinstance(call, ast.Call) and isinstance(loop, (ast.For, ast.comprehension)) and loop.iter is call:
                t = loop.target
                if p.attr == "items":
                    t = t.elts[1] if isinstance(t, ast.Tuple) and len(t.elts) == 2 else None
                if isinstance(t, ast.Name):
                    body = loop.body if isinstance(loop, ast.For) else [getattr(loop, "_wp_parent", loop)]
                    out.extend(n for s in body for n in ast.walk(s)
                               if isinstance(n, ast.Name) and n.id == t.id and isinstance(n.ctx, ast.Load))
                    continue
        out.append(ld)
    return out
