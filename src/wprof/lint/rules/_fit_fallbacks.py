"""The fallback arm of a device-memory check: a path the program takes only when the work does not fit.

``free = cp.cuda.Device().mem_info[0]; if bytes_needed < free * 0.8: <all at once> else: return batched()``
picks between two ways of doing the same work by the device's free (or total) memory. The arm taken when the work
does not fit is the exception (a device too small for the configured size); the program's run on a device that
fits takes the other. A region reached only through the fallback arm, cold there because the arm that would have
warmed it was skipped, is a guess about a smaller device than the code is written for, not the figure the program
shows: the execution-order walk does not report it (the same region reached along the normal path is judged as
usual, and so is work timed inside the normal arm itself)."""

from __future__ import annotations

import ast

from .._context import Context

_MEMORY = frozenset({"mem_info", "mem_get_info", "free_memory", "total_memory", "free_mem", "available_memory",
                     "memGetInfo"})


def _reads_memory(ctx: Context, e: ast.AST, depth: int = 2) -> bool:
    for n in ast.walk(e):
        word = n.attr if isinstance(n, ast.Attribute) else n.id if isinstance(n, ast.Name) else None
        if word in _MEMORY:
            return True
        if isinstance(n, ast.Name) and depth > 0:
            vals = ctx.assigns.get(n.id, [])
            if vals and all(v is not None and _reads_memory(ctx, v, depth - 1) for v in vals):
                return True  # `free = torch.cuda.mem_get_info()[0]`
    return False


def fallback_arm(ctx: Context, node: ast.If) -> list[ast.stmt] | None:
    """The arm of ``if need < free:`` (or ``if need > free:``) that runs when the work does not fit in the device's
    memory; None when the test is no such comparison."""
    t = node.test
    if not (isinstance(t, ast.Compare) and len(t.ops) == 1):
        return None
    left, right, op = t.left, t.comparators[0], t.ops[0]
    lm, rm = _reads_memory(ctx, left), _reads_memory(ctx, right)
    if lm == rm:
        return None
    less = isinstance(op, (ast.Lt, ast.LtE))
    if not (less or isinstance(op, (ast.Gt, ast.GtE))):
        return None
    fits_in_body = less if rm else not less  # `need < free` / `free > need`: the body is the arm that fits
    return node.orelse if fits_in_body else node.body


def in_fallback(ctx: Context, node: ast.AST) -> bool:
    """``node`` (a call) lies in the fallback arm of a device-memory check of its function."""
    s = getattr(node, "_wp_stmt", None)
    while s is not None:
        parent = getattr(s, "_wp_parent", None)
        if isinstance(parent, ast.If):
            arm = fallback_arm(ctx, parent)
            if arm is not None and any(x is s for x in arm):
                return True
        if not isinstance(parent, ast.stmt):
            return False
        s = parent
    return False
