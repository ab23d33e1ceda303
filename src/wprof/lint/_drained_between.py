"""Waits between readings: an interval whose device work is drained after its end reading and before its restart.

A loop-carried interval (started before the loop, read inside it, restarted each time) usually counts as
synchronized when the loop body waits anywhere: the host never runs more than one iteration ahead, and each
reading covers an iteration of device work. That holds when the wait lies *inside* the interval. When the loop
restarts the clock with a fresh reading later in the body than its end reading (``update_time = time.time() -
update_time`` after the step, then ``wandb.log({"loss": loss.item(), "throughput": n / update_time})``, then
``update_time = time.time()``), and a wait runs between the end reading and that restart, the work the interval
left queued is finished in the gap, outside every interval: the next interval starts on an idle device, and its
own end reading again leaves its step's tail out (GaLore's throughput logging). The interval is then judged by the
waits that lie inside it.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ._context import Context, dotted
from ._region_syncs import loop_guards
from ._walk import stmt_calls, stmt_nodes

if TYPE_CHECKING:
    from ._regions import Region


def _names(st: ast.stmt) -> set[str]:
    ts = st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(st, (ast.AugAssign,
                                                                                     ast.AnnAssign)) else []
    return {d for t in ts for e in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]) if (d := dotted(e))}



def drained_outside(ctx: Context, r: Region) -> bool:
    """The region is a loop-carried host interval, read once per optimizer update, whose start clock the loop
    restarts with a fresh reading after the end reading, and a wait runs between the two whenever the end is read
    (under no test the end reading does not share) or in the statement that reports the interval
    (``wandb.log({"loss": loss.item(), "tok/s": n / dt})``)."""
    if r.kind != "host" or r.hi >= len(r.scope.stmts):
        return False
    cache = ctx.__dict__.setdefault("_wp_drained", {})
    key = (id(r.scope), r.lo, r.hi)
    if key in cache:
        return cache[key]
    cache[key] = False
    stmts = r.scope.stmts
    end, start = stmts[r.hi], stmts[r.lo]
    loops = end._wp_loops  # type: ignore[attr-defined]
    if not loops or loops[-1] in start._wp_loops:  # type: ignore[attr-defined]
        return False
    lp = loops[-1]
    clocks = _names(start)
    if not clocks:
        return False
    restart = next((s._wp_idx for s in stmts[r.hi + 1:lp._wp_end + 1]  # type: ignore[attr-defined]
                    if isinstance(s, ast.Assign) and _names(s) & clocks and isinstance(s.value, ast.Call) and
                    ctx.is_clock(s.value) and s._wp_loops and s._wp_loops[-1] is lp), None)  # type: ignore
    if restart is None:
        return False
    if not _once_per_update(ctx, stmts, lp, r.hi):
        return False
    figure = _names(end) | clocks
    end_tests = set(loop_guards(end, lp))
    for s in stmts[r.hi + 1:restart]:
        if not (any(ctx.is_sync(c) for c in stmt_calls(s)) or ctx.stmt_waits(s)):  # type: ignore[attr-defined]
            continue
        if set(loop_guards(s, lp)) <= end_tests or any(isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) in figure
                                             for n in stmt_nodes(s)):
            cache[key] = True
            return True
    return False


def _optimizer_step(c: ast.Call) -> bool:
    return isinstance(c.func, ast.Attribute) and c.func.attr == "step" and \
        any(k in ast.unparse(c.func.value).lower() for k in ("opt", "scaler"))


def _once_per_update(ctx: Context, stmts: list[ast.stmt], lp: ast.stmt, hi: int) -> bool:
    """The end reading at ``hi`` runs once per optimizer update of ``lp``: every ``continue`` of the loop body
    before it (``if step % accumulation != 0: continue``) skips an optimizer's ``step()`` too. A ``continue``
    that skips only the reading (``if nimg < tick_start + kimg_per_tick: continue``) makes the interval span many
    updates: a run's wall time over a tick, where the unwaited tail is one step of many."""
    lo = lp._wp_idx  # type: ignore[attr-defined]
    for s in stmts[lo + 1:hi]:
        if not isinstance(s, ast.Continue) or s._wp_loops[-1] is not lp:  # type: ignore[attr-defined]
            continue
        node = getattr(s, "_wp_parent", None)
        while node is not None and getattr(node, "_wp_parent", None) is not None and \
                not (isinstance(node, ast.stmt) and node._wp_parent is lp):  # type: ignore[attr-defined]
            node = node._wp_parent  # type: ignore[attr-defined]
        after = stmts[(node._wp_end if isinstance(node, ast.stmt) else s._wp_idx) + 1:hi]  # type: ignore
        if not any(_optimizer_step(c) for st in after for c in stmt_calls(st)):
            return False
    return True
