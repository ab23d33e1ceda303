"""Host intervals read after an ``if``/``else`` whose branches each time their own work with the same clock names
(twentieth session, jitrecall; set 123):

    if len(sys.argv) > 1:
        start = time.time(); slow[1, g](a, b, c); end = time.time()
    else:
        start = time.time(); fast[1, g](a, b, c); end = time.time()
    print(end - start)

The subtraction reads whichever branch ran. The latest end reading before it in statement order is the ``else``
branch's; the ``if`` branch's readings reach the subtraction too, so its pair is a region of its own (before, only
the ``else`` branch was timed, and a cold kernel of the ``if`` branch went unseen)."""

from __future__ import annotations

import ast


def _inside(node: ast.stmt, block: list[ast.stmt]) -> bool:
    """``node`` is one of ``block``'s statements or nested in one of them."""
    ids = {id(n) for st in block for n in ast.walk(st)}
    return id(node) in ids


def other_branch_end(ends: list[ast.stmt], end_stmt: ast.stmt, reader: ast.stmt) -> ast.stmt | None:
    """The end reading (of ``ends``, the statements that bind the end clock) that the other branch of the ``if``
    holding ``end_stmt`` directly makes last, when ``reader`` (the subtraction) follows that ``if``, outside it, and
    the ``if`` has an ``else`` (each branch then binds the end reading itself); else None."""
    parent = getattr(end_stmt, "_wp_parent", None)
    if not isinstance(parent, ast.If) or not parent.orelse or reader is end_stmt or \
            _inside(reader, [parent]) or getattr(reader, "_wp_scope", None) is not getattr(end_stmt, "_wp_scope", 0):
        return None
    other = parent.orelse if any(st is end_stmt for st in parent.body) else \
        parent.body if any(st is end_stmt for st in parent.orelse) else None
    if other is None:
        return None
    cands = [e for e in ends if any(st is e for st in other)]  # bound directly in the other branch
    if not cands:
        return None
    return max(cands, key=lambda e: e._wp_idx)  # type: ignore[attr-defined]
