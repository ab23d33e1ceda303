"""WP101 through a one-sample timing helper (twenty-first session, meanidioms).

A function of the file that times one call and synchronizes around it (``def time_gpu(fn): start.record(); fn();
end.record(); torch.cuda.synchronize(); return start.elapsed_time(end)``, ``def run(fn): sync; t0; fn(q, k, v);
sync; return perf_counter() - t0``) takes one sample per call; called repeatedly (in a loop, or in a comprehension
or generator: ``[run(f) for _ in range(iters)]``, ``sum(time_gpu(f) for _ in range(runs)) / runs``), it is the
body of a sample loop spread over two functions, and every sample synchronizes around the op it is handed. Read
as one iteration of such a loop (:func:`.sync_every_iteration._short_round_trips`): reported when the op is shown
short, as for a loop written in one function."""

from __future__ import annotations

import ast

from .._context import Context


def helper_round_trips(ctx: Context) -> None:
    from .sync_every_iteration import _short_round_trips, loop_syncs

    by_scope: dict[int, list] = {}
    for r in ctx.regions:
        if r.loop is None and r.outer is None and r.kind in ("host", "event"):
            by_scope.setdefault(id(r.scope), []).append(r)
    for scope in ctx.scopes:
        regions = by_scope.get(id(scope))
        fn = getattr(scope, "node", None)
        if not regions or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        regions = [r for r in regions if not scope.stmts[r.lo]._wp_loops]  # type: ignore[attr-defined]
        if not regions or not _returns_sample(ctx, scope) or not _called_repeatedly(ctx, fn):
            continue
        body = [s for s in scope.stmts if not s._wp_loops]  # type: ignore[attr-defined]  # its own statements
        syncs = loop_syncs(ctx, body)
        if not syncs:
            continue
        once = ast.For(target=ast.Name(id="_", ctx=ast.Store()), iter=ast.Constant(value=None), body=[], orelse=[])
        ast.copy_location(once, fn)
        _short_round_trips(ctx, once, scope, regions, False, syncs)


def _returns_sample(ctx: Context, scope) -> bool:
    """The helper hands its interval back (``return t1 - t0``, ``return out, seconds``, ``return {"ms": ms}``): its
    caller collects one sample per call. A helper that prints its own time and returns the work's output is a
    report per call, not a sample."""
    from ._sample_sources import _is_interval

    for st in scope.stmts:
        if not isinstance(st, ast.Return) or st.value is None:
            continue
        v = st.value
        parts = v.elts if isinstance(v, ast.Tuple) else v.values if isinstance(v, ast.Dict) else [v]
        if any(p is not None and _is_interval(ctx, p, scope, st) for p in parts):
            return True
    return False


def _called_repeatedly(ctx: Context, fn: ast.AST) -> bool:
    """Some call of ``fn`` (by its name) sits in a loop, or in a comprehension or generator, of its caller, and
    repeats the same sample: the innermost loop's (or the comprehension's) target is not among the call's arguments
    (``for fn in ops: time_gpu(fn)`` takes one sample of each op, as a sweep's loop does)."""
    by_name = ctx.__dict__.get("_wp_calls_by_name")
    if by_name is None:
        by_name = {}
        for c in ctx.calls:
            if isinstance(c.func, ast.Name):
                by_name.setdefault(c.func.id, []).append(c)
        ctx.__dict__["_wp_calls_by_name"] = by_name
    for c in by_name.get(getattr(fn, "name", None), []):
        node = getattr(c, "_wp_parent", None)
        while node is not None and not isinstance(node, ast.stmt):
            if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)) and \
                    any(c is n for n in ast.walk(node.elt)):
                targets = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
                return not _uses(c, targets)
            node = getattr(node, "_wp_parent", None)
        st = getattr(c, "_wp_stmt", None)
        loops = [lp for lp in getattr(st, "_wp_loops", None) or () if isinstance(lp, (ast.For, ast.AsyncFor, ast.While))
                 and lp is not st]
        if loops:
            target = getattr(loops[-1], "target", None)
            if not _uses(c, {n.id for n in ast.walk(target) if isinstance(n, ast.Name)} if target else set()):
                return True
    return False


def _uses(call: ast.Call, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for a in [*call.args, *(k.value for k in call.keywords)]
               for n in ast.walk(a))
