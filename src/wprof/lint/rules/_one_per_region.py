"""One WP103 finding per timed region.

Several finders can see one cold region, each at another node: the model and a view of its input in one call
(``model(img.unsqueeze(0))``), two array functions of one expression (``cp.sin(x)**2 + cp.cos(x)**2``), the cold call
inside a timing helper and the call site that hands it over. The fix is one (run the timed work once before), so
one finding says it. The fresh verdicts: a second finding on the same call judged false (set 49), a second one on the
same line judged a duplicate (set 43), a finding at the call site beside the one inside the helper judged a
duplicate (set 40): three repositories.

Kept, per region: the first finding inside it in reading order; a finding at the one call site of the region is
dropped beside it, while findings at several call sites, each handing the region another cold object (a fresh
model per call), stay one each. A region is the innermost timed region whose statements hold the node (or, for a finding the
execution walk reports at the call site that hands a cold object in, the region it judged). Weak findings are left
alone (they are shown only with ``extra``)."""

from __future__ import annotations

import ast

from .._context import Context


def tracking_report(ctx: Context, report):
    """``report`` that notes each finding's node (and whether it is weak), for ``keep_one_per_region``."""
    noted: list[tuple[object, ast.AST, bool]] = ctx.__dict__.setdefault("_wp_wp103_nodes", [])

    def rep(node, *args, **kw):
        n = len(ctx.diagnostics)
        report(node, *args, **kw)
        noted.extend((d, node, bool(kw.get("weak", False))) for d in ctx.diagnostics[n:])
    return rep


def keep_one_per_region(ctx: Context) -> None:
    """Drop the findings of a region whose own label says it times set-up or a cold start (``_declared_subject``),
    and all but one default finding of every other region."""
    from ._declared_subject import declared_setup, site_declares_setup

    noted = ctx.__dict__.pop("_wp_wp103_nodes", [])
    if not noted:
        return
    walked = ctx.__dict__.get("_wp_walk_region", {})
    groups: dict[int, list[tuple[tuple, object]]] = {}
    drop: list[object] = []
    present = {id(x) for x in ctx.diagnostics}
    for d, node, weak in noted:
        if id(d) not in present:
            continue
        inside = _innermost(ctx, node)
        r = inside if inside is not None else walked.get(id(node))
        if (r is not None and declared_setup(ctx, r)) or site_declares_setup(ctx, node):
            drop.append(d)  # `print("Tensor creation took", ...)`, `first_ms = run_once(...)`: on purpose
            continue
        if r is None or weak:
            continue
        groups.setdefault(id(r), []).append(((inside is None, d.line, d.column), d))
    for items in groups.values():
        inner = sorted((x for x in items if not x[0][0]), key=lambda x: x[0])
        sites = [x for x in items if x[0][0]]
        if not inner:
            continue  # call sites that each hand the region another cold object: a finding each
        drop.extend(d for _, d in inner[1:])
        if len(sites) == 1:
            drop.append(sites[0][1])  # the one call site of a region already reported inside
    if drop:
        gone = {id(d) for d in drop}
        ctx.diagnostics[:] = [d for d in ctx.diagnostics if id(d) not in gone]


def _innermost(ctx: Context, node: ast.AST):
    """The innermost region whose statements hold ``node`` (only the regions of the node's scope are asked)."""
    stmt = node if isinstance(node, ast.stmt) else getattr(node, "_wp_stmt", None)
    scope = getattr(stmt, "_wp_scope", None)
    if scope is None:
        return None
    by_scope = ctx.__dict__.get("_wp_wp103_region_scopes")
    if by_scope is None:
        by_scope = {}
        for r in ctx.regions:
            by_scope.setdefault(id(r.scope), []).append(r)
        ctx.__dict__["_wp_wp103_region_scopes"] = by_scope
    best = None
    for r in by_scope.get(id(scope), ()):
        if r.contains(stmt) and (best is None or r.hi - r.lo < best.hi - best.lo):
            best = r
    return best
