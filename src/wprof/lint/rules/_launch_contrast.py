"""A launch-only reading beside its synchronized twin (precision137, set 143): the code reads the clock right after
queueing the work, synchronizes, and reads the same start again::

    st = time.time()
    y = f(x)
    launch_s = time.time() - st      # the host returned: launch time
    torch.cuda.synchronize()
    total_s = time.time() - st       # the work done: the same work's full time

Both readings are kept: the first is the launch (the immediate return) measured on purpose and shown beside the
full time of the same work, not a mistaken measurement of the work. Between the two readings only clock reads and
an explicit synchronize run (not ``print(y)``, a wait whose second reading also times the printing). Read by WP102, which keeps such a reading as a
weak finding (``extra``). Not when GPU work runs between the two readings (``fwd = time.time() - st;
loss.backward(); torch.cuda.synchronize(); total = time.time() - st``: the first reading is meant to be the
forward's time, and it is not)."""

from __future__ import annotations

from .._context import Context
from .._walk import stmt_calls, stmt_nodes


def launch_beside_synced(ctx: Context, r) -> bool:
    """Region ``r`` (a host interval not synchronized) has a twin region of the same start reading whose end reading
    follows ``r``'s in the same scope, after a synchronize and no further GPU work."""
    if r.kind != "host":
        return False
    for r2 in ctx.regions:
        if r2 is r or r2.kind != "host" or r2.start is not r.start or r2.scope is not r.scope or r2.hi <= r.hi:
            continue
        between = r.scope.stmts[r.hi:r2.hi]
        if any(ctx.gpu_work_in(list(stmt_nodes(s))) for s in between):
            continue
        calls = [c for s in between for c in stmt_calls(s)]
        syncs = [c for c in calls if ctx.is_sync(c, hidden=False)]
        if syncs and all(c in syncs or ctx.is_clock(c) for c in calls):
            return True  # (only clock reads and an explicit synchronize: not `print(y)`, a wait that also prints)
    return False
