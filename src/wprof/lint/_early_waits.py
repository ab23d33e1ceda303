"""Helpers of the file that wait before their own last GPU work (twentieth session, syncrecall, sets 77-124).

A function of the file that waits anywhere in its body (``if torch.isnan(logits).any(): warn(...)`` after the
forward pass) is a synchronize wherever it is called, for the rules that count waits (:meth:`_syncing_functions`).
As the last GPU work of a timed region it is not a wait *after* that work when it launches more GPU work after its
own last wait (``_loss.backward()`` after the check, set 85): the clock read after the call still runs before the
backward pass is done. The call settles its work only when a wait follows its own last GPU work
(:func:`._region_syncs._settles`).
"""

from __future__ import annotations

import ast


def waits_before_own_work(ctx, call: ast.Call, stmt: ast.stmt) -> bool:
    """``call`` (in ``stmt``, the region's last GPU work) is a function of this file that does GPU work itself,
    whose body waits somewhere but not after its own last GPU work: it returns with that work pending."""
    from ._region_syncs import _settles

    if not isinstance(call.func, ast.Name):
        return False
    fn = ctx.functions.get(call.func.id)
    if fn is None or not getattr(fn, "body", None):
        return False
    if not any(c is call for c in ctx.gpu_work_in(getattr(stmt, "_wp_nodes", ()) or list(ast.walk(stmt)))):
        return False  # not taken for GPU work at this call: the usual reading holds
    if _settles(ctx, call):
        return False
    scope = getattr(fn.body[0], "_wp_scope", None)
    if scope is None:
        return False
    own = [st for st in scope.stmts if fn.lineno <= st.lineno <= (fn.end_lineno or st.lineno)]
    from ._walk import stmt_nodes

    last_work = max((st._wp_idx for st in own if ctx.gpu_work_in(stmt_nodes(st))), default=-1)
    last_wait = max((st._wp_idx for st in own if any(ctx.is_sync(c) for c in ast.walk(st) if isinstance(c, ast.Call))
                     or ctx.branches_on_device(st)), default=-1)
    return 0 <= last_wait < last_work and not any(
        isinstance(st, (ast.For, ast.While, ast.AsyncFor)) and st._wp_idx <= last_wait <= st._wp_end and
        st._wp_idx <= last_work <= st._wp_end for st in own)  # (a wait in a loop with the work: the next pass waits)
