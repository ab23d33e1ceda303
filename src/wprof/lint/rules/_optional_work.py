"""WP102's weak tier for a region that waits, and whose only GPU work after that wait is a helper of the file that
does GPU work on some paths only: past an early ``return`` under a host flag (``if not self.multi_gpu: return``
before a cross-rank all-reduce of running statistics). On the path the flag usually takes the helper launches
nothing, and the region's end read follows a wait (``loss.item()`` every mini-epoch); whether anything is pending
depends on a configuration the file does not show (set 78, an RL trainer's update time)."""

from __future__ import annotations

import ast

from .._context import Context
from .._region_syncs import off_by_default, periodic
from .._walk import stmt_calls, stmt_nodes

_FLAG_NODES = (ast.Name, ast.Attribute, ast.Constant, ast.BoolOp, ast.UnaryOp, ast.Compare, ast.expr_context,
               ast.boolop, ast.unaryop, ast.cmpop)


def ends_in_optional_work(ctx: Context, r) -> bool:
    """After the region's last wait (not one under ``if step % N == 0`` nor behind a switch that is off), every GPU
    work item is a call of a function or method of the file whose GPU work all lies past an early return on a host
    flag (:func:`_guarded_helper`)."""
    stmts = r.stmts()
    start = r.scope.stmts[r.lo]
    waits = [s._wp_idx for s in stmts if _waits(ctx, s) and not periodic(s) and  # type: ignore[attr-defined]
             not off_by_default(ctx, s, start)]
    if not waits:
        return False
    work = [w for s in stmts if s._wp_idx > max(waits)  # type: ignore[attr-defined]
            for w in ctx.gpu_work_in(stmt_nodes(s))]
    return bool(work) and all(isinstance(w, ast.Call) and _guarded_helper(ctx, w) for w in work)


def _waits(ctx: Context, s: ast.stmt) -> bool:
    return any(ctx.is_sync(c) for c in stmt_calls(s)) or ctx.stmt_waits(s) or ctx.branches_on_device(s)


def _guarded_helper(ctx: Context, call: ast.Call) -> bool:
    """``call`` runs a function of the file (``self.sync_stats()``, ``sync_stats()``) whose body returns early,
    with nothing, under a test of host flags only (names, attributes, constants: ``if not self.multi_gpu or not
    self.sync_stats:``), and does no GPU work before that return: its GPU work runs on some configurations only."""
    fn = ctx.own_method(call)
    if fn is None and isinstance(call.func, ast.Name):
        fn = ctx.functions.get(call.func.id)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    for st in fn.body:
        if isinstance(st, ast.If) and not st.orelse and len(st.body) == 1 and isinstance(st.body[0], ast.Return) and \
                (st.body[0].value is None or isinstance(st.body[0].value, ast.Constant)) and _host_flag(ctx, st.test):
            return True
        if any(ctx.gpu_work_in([n]) for n in ast.walk(st) if isinstance(n, (ast.Call, ast.BinOp))):
            return False  # GPU work before any guard: it runs on every path
    return False


def _host_flag(ctx: Context, test: ast.AST) -> bool:
    """A test made only of names, attributes and constants (``not self.multi_gpu``, ``args.world_size == 1``), none
    of them a tensor: a configuration, decided on the host without reading the device."""
    return all(isinstance(n, _FLAG_NODES) for n in ast.walk(test)) and \
        not any(isinstance(n, (ast.Name, ast.Attribute)) and ctx.is_tensorish(n) for n in ast.walk(test))
