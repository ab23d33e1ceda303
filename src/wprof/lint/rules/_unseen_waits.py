"""A timed region whose GPU work ends in code the linter cannot read (``_waits.may_wait``: a helper of a module it
cannot find, a method of an object whose class it cannot read, handed the GPU model or data): whether the end read
covers the work depends on whether that code copies its results back, which the file does not show. WP102 and WP115
report it only as weak."""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_nodes
from .._waits import may_wait as _may_wait


def may_wait(ctx: Context, call: ast.Call) -> bool:
    """``_waits.wait_of(ctx, call) == MAY_WAIT``, asked in the cheaper order (most calls are not unreadable code)."""
    return _may_wait(ctx, call) and not ctx.is_sync(call)


def ends_in_unseen_code(ctx: Context, r) -> bool:
    """The region calls code the linter cannot read (:func:`may_wait`) and every GPU work after the first such call
    is that code again or computes only on what such calls returned (``pred = helper.inference(g, feat)``;
    ``acc = (pred.argmax(1) == labels).float().mean()``): if the helper copies its results back (the usual reason a
    helper takes the model and host data), nothing is pending at the end read."""
    stmts = r.stmts()
    first = None
    for s in stmts:
        if any(isinstance(n, ast.Call) and may_wait(ctx, n) for n in stmt_nodes(s)):
            first = s._wp_idx  # type: ignore[attr-defined]
            break
    if first is None:
        return False
    results: set[str] = set()
    for s in stmts:
        if s._wp_idx < first:  # type: ignore[attr-defined]
            continue
        nodes = stmt_nodes(s)
        unseen = [n for n in nodes if isinstance(n, ast.Call) and may_wait(ctx, n)]
        work = [w for w in ctx.gpu_work_in(nodes) if not any(w is u for u in unseen)]
        if any(not _reads_only(ctx, w, results, unseen) for w in work):
            return False
        if isinstance(s, ast.Assign) and (unseen or {n.id for n in _names(ctx, s.value)} & results):
            results |= {t.id for tgt in s.targets for t in ast.walk(tgt) if isinstance(t, ast.Name)}
    return True


def unseen_call(ctx: Context, node: ast.AST | None) -> bool:
    """``node`` (the work a timing magic times) is a call of code the linter cannot read: WP115 weak."""
    return isinstance(node, ast.Call) and may_wait(ctx, node)


def _reads_only(ctx: Context, w: ast.AST, results: set[str], unseen: list[ast.AST]) -> bool:
    """The work item ``w`` computes on the unseen code's results (a name bound from them, or the call nested) and on
    nothing known to be on the GPU: mixing devices is an error in torch, so a result combined with a tensor of
    unknown place (``pred.argmax(1) == labels``) is wherever that result is; combined with a tensor shown on the GPU
    (``labels.cuda()``), the result is on the GPU and the work is pending."""
    names = _names(ctx, w)
    if not (any(_inside(u, w) for u in unseen) or any(n.id in results for n in names)):
        return False
    return not any(n.id not in results and ctx.placement(n) == "cuda" for n in names)


def _inside(inner: ast.AST, outer: ast.AST) -> bool:
    return any(n is inner for n in ast.walk(outer))


def _names(ctx: Context, e: ast.AST) -> list[ast.Name]:
    """The plain names an expression reads as values (not called functions, not imported modules)."""
    return [n for n in ast.walk(e) if isinstance(n, ast.Name) and n.id not in ctx.imports and
            not (isinstance(getattr(n, "_wp_parent", None), ast.Call) and
                 n._wp_parent.func is n)]  # type: ignore[attr-defined]

