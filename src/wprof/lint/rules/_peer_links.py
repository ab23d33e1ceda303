"""Point-to-point links of ``torch.distributed``: a send or receive to a peer warms every later one to that peer.

With NCCL, the first point-to-point op between two ranks creates the communicator of that pair (a rendezvous and
the NCCL set-up, hundreds of milliseconds); every later ``send``, ``isend``, ``recv`` or ``irecv`` between them reuses
it (``send`` is ``isend`` followed by ``wait``: the same path). So ``dist.isend(x, 1)`` timed after an untimed or
separately timed ``dist.send(x, 1)`` is not a cold first call. Another peer, or another process group
(``group=``), is another communicator: not warmed."""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import Scope, stmt_calls

_P2P = frozenset({"send", "isend", "recv", "irecv"})
_PEER = {"send": "dst", "isend": "dst", "recv": "src", "irecv": "src"}


def p2p_link(ctx: Context, c: ast.AST) -> tuple[str, str] | None:
    """(peer, group) text of a ``torch.distributed`` point-to-point call, or None (not one, or no peer given)."""
    if not isinstance(c, ast.Call):
        return None
    f = c.func
    last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    if last not in _P2P:
        return None
    name = ctx.call_name(c) or ""
    if not name.startswith("torch.distributed."):
        return None
    peer = next((k.value for k in c.keywords if k.arg == _PEER[last]), None)
    if peer is None and len(c.args) > 1:
        peer = c.args[1]
    if peer is None or any(isinstance(a, ast.Starred) for a in c.args):
        return None
    group = next((k.value for k in c.keywords if k.arg == "group"), None)
    if group is None and len(c.args) > 2:
        group = c.args[2]
    return ctx.text(peer), ctx.text(group) if group is not None else ""


def linked_before(ctx: Context, call: ast.AST, scope: Scope, before: int) -> bool:
    """``call`` is a point-to-point op to a peer that an earlier point-to-point op of ``scope`` (a statement before
    index ``before`` the statement there can follow) already reached, in the same process group."""
    link = p2p_link(ctx, call)
    if link is None:
        return False
    from ._reach import reachable_before

    return any(p2p_link(ctx, c) == link for stmt in reachable_before(ctx, scope, before) for c in stmt_calls(stmt))


def link_ids(ctx: Context, c: ast.AST) -> tuple[str, ...]:
    """The identity the execution-order walk records for the link a point-to-point call opened (none: not one)."""
    link = p2p_link(ctx, c)
    return ("\0p2p:" + link[0] + "|" + link[1],) if link is not None else ()


def link_ran(ctx: Context, c: ast.AST, ran) -> bool:
    """``c`` is a point-to-point op over a link an earlier one of the walk opened."""
    return any(k in ran for k in link_ids(ctx, c))
