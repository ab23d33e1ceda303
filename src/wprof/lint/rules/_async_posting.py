"""An interval around an explicitly asynchronous call, timed on purpose (set 131: `dist.isend(t, 1)` between two
clock reads labelled "isend time", beside a blocking `dist.send` timed the same way).

PyTorch's distributed API has a blocking form and an asynchronous one of each transfer: `isend`/`irecv` (and
`batch_isend_irecv`) return a request at once, and every collective returns a work handle at once when called with
`async_op=True`. Choosing the asynchronous form says the caller does not want to wait there; a host clock around
that call alone, with nothing done to its handle before the end read (no `.wait()`, which for NCCL only orders
streams anyway), measures what the call returns in: the cost of posting the transfer, by intent, not a launch
taken for the transfer's time. Such a region is not reported. A region that also does other GPU work, or waits on
the handle before the end read (`req = dist.isend(t, 1); req.wait()`: the author wants the transfer), stays
reported.
"""

from __future__ import annotations

import ast

from .._walk import stmt_nodes

_ASYNC_P2P = frozenset({"torch.distributed.isend", "torch.distributed.irecv", "torch.distributed.batch_isend_irecv"})


def async_call(ctx, c: ast.AST) -> bool:
    """``c`` is an explicitly asynchronous call of ``torch.distributed``: ``isend``/``irecv``/``batch_isend_irecv``,
    or any of its functions called with ``async_op=True``."""
    if not isinstance(c, ast.Call):
        return False
    q = ctx.call_name(c) or ""
    if q in _ASYNC_P2P:
        return True
    return q.startswith("torch.distributed.") and any(
        k.arg == "async_op" and isinstance(k.value, ast.Constant) and k.value.value is True for k in c.keywords)


def times_async_posting(ctx, r) -> bool:
    """Every GPU work of the region is an explicitly asynchronous call whose handle nothing in the region touches
    (module docstring)."""
    work = [w for s in r.stmts() for w in ctx.gpu_work_in(stmt_nodes(s))]
    if not work or not all(async_call(ctx, w) for w in work):
        return False
    handles: set[str] = set()
    for w in work:
        st = getattr(w, "_wp_stmt", None)
        if isinstance(st, ast.Expr) and st.value is w:
            continue  # the handle is dropped
        if isinstance(st, ast.Assign) and st.value is w and all(isinstance(t, ast.Name) for t in st.targets):
            handles.update(t.id for t in st.targets)  # type: ignore[union-attr]
            continue
        return False  # handed on (`reqs.append(dist.isend(...))`, `[r.wait() for r in ...]`): not followed
    if not handles:
        return True
    for s in r.stmts():
        for n in stmt_nodes(s):
            if isinstance(n, ast.Name) and n.id in handles and isinstance(n.ctx, ast.Load):
                return False  # `req.wait()`, `reqs.append(req)`: something is done with it before the end read
    return True
