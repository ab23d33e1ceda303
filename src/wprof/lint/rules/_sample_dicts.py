"""WP105 through a dict of whole sample lists: ``results[name] = times`` for each configuration, then only
``np.mean(results[name])`` or ``for name, ts in results.items(): print(name, np.mean(ts))`` reported.

The dict is bound only to ``{}``/``dict()``; each stored value is a sample list of the file (judged by
:mod:`.mean_only`); the dict's reads are classified like the list's: a category's list (``d[k]``), or the value
variable of a loop over ``d.items()``/``d.values()`` (its reads in the loop body), a mean or something else
(printed whole, its spread, saved). Keys (``for k in d``, ``d.keys()``, ``k in d``) are neither.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from ._sample_uses import _classify_use


def whole_list_dicts(ctx: Context, lists: set[str]) -> dict[str, list[ast.stmt]]:
    """dict name -> the statements storing a whole sample list into it (``d[k] = times``)."""
    out: dict[str, list[ast.stmt]] = {}
    for scope in ctx.scopes:
        for st in scope.stmts:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Subscript) and \
                    isinstance(st.value, ast.Name) and st.value.id in lists:
                d = dotted(st.targets[0].value)
                if d is not None:
                    out.setdefault(d, []).append(st)
    from .mean_only import _empty_dict

    return {k: v for k, v in out.items() if ctx.assigns.get(k) and all(_empty_dict(ctx, x) for x in ctx.assigns[k])}


def dict_use(ctx: Context, node: ast.AST, stores: list[ast.stmt]) -> str:
    """"mean", "other" or "neutral" for one read of a dict of whole sample lists."""
    stmt = getattr(node, "_wp_stmt", None)
    if any(stmt is st for st in stores):
        return "neutral"
    parent = getattr(node, "_wp_parent", None)
    if isinstance(parent, ast.Subscript) and parent.value is node:
        return _classify_use(ctx, parent)
    if isinstance(parent, ast.Attribute) and parent.attr == "keys":
        return "neutral"
    if isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node:
        return "neutral"  # `for k in d`: the keys
    if isinstance(parent, ast.Compare) and node in parent.comparators:
        return "neutral"
    if isinstance(parent, ast.Attribute) and parent.attr in ("items", "values"):
        call = getattr(parent, "_wp_parent", None)
        loop = getattr(call, "_wp_parent", None)
        if isinstance(call, ast.Call) and isinstance(loop, ast.For) and loop.iter is call:
            target = loop.target
            if parent.attr == "items":
                if not (isinstance(target, ast.Tuple) and len(target.elts) == 2):
                    return "other"
                target = target.elts[1]
            if not isinstance(target, ast.Name):
                return "other"
            kinds = [_classify_use(ctx, ld) for ld in ctx.scope_loads(target.id, loop._wp_scope)  # type: ignore
                     if loop._wp_idx < ld._wp_stmt._wp_idx <= loop._wp_end]  # type: ignore[attr-defined]
            if "other" in kinds:
                return "other"
            return "mean" if "mean" in kinds else "neutral"
    return "other"


def loads_by_binding(ctx: Context, key: str) -> list[list[ast.AST]]:
    """The reads of ``key`` grouped by the binding before them in their scope (``results = {}`` starts a new dict:
    one function's report says nothing about another's); reads with no binding before them form one group."""
    import bisect

    binds: dict[int, list[int]] = {}
    for b in ctx.assign_stmts.get(key, []):
        binds.setdefault(id(b._wp_scope), []).append(b._wp_idx)  # type: ignore[attr-defined]
    for v in binds.values():
        v.sort()
    groups: dict[tuple[int, int], list[ast.AST]] = {}
    for ld in ctx.loads(key):
        st = getattr(ld, "_wp_stmt", None)
        if st is None:
            continue
        idxs = binds.get(id(st._wp_scope), [])  # type: ignore[attr-defined]
        k = bisect.bisect_left(idxs, st._wp_idx)  # type: ignore[attr-defined]
        groups.setdefault((id(st._wp_scope), idxs[k - 1] if k else -1), []).append(ld)  # type: ignore
    return list(groups.values())
