"""Blocks whose exit waits for the device: the GPU work of a host-timed region that all sits inside such a block,
closed before the end read, is waited for (WP102)."""

from __future__ import annotations

import ast

from .._context import Context


def _profiler_waits(ctx: Context, cm: ast.AST) -> bool:
    """``torch.profiler.profile(...)`` recording CUDA (its default activities do when CUDA is there, or a list
    naming ``ProfilerActivity.CUDA``), ``torch.autograd.profiler.profile(use_cuda=True)`` (or ``use_device="cuda"``):
    leaving the block synchronizes the device (the profiler's ``__exit__``)."""
    if not isinstance(cm, ast.Call):
        return False
    q = ctx.call_name(cm) or ""
    kw = {k.arg: k.value for k in cm.keywords if k.arg}
    if q == "torch.profiler.profile":
        acts = kw.get("activities", cm.args[0] if cm.args else None)
        if acts is None:
            return True
        if isinstance(acts, (ast.List, ast.Tuple, ast.Set)):
            return any(isinstance(e, ast.Attribute) and e.attr == "CUDA" for e in acts.elts)
        return False
    if q in ("torch.autograd.profiler.profile", "torch.autograd.profile"):
        use = kw.get("use_cuda")
        dev = kw.get("use_device")
        return (isinstance(use, ast.Constant) and use.value is True) or \
            (isinstance(dev, ast.Constant) and isinstance(dev.value, str) and dev.value.startswith("cuda"))
    return False


def _waiting_block(ctx: Context, node: ast.AST, end_line: int) -> bool:
    n = getattr(node, "_wp_parent", None)
    while n is not None and not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module, ast.Lambda)):
        if isinstance(n, (ast.With, ast.AsyncWith)) and (getattr(n, "end_lineno", None) or end_line) < end_line and \
                any(_profiler_waits(ctx, i.context_expr) for i in n.items):
            return True
        n = getattr(n, "_wp_parent", None)
    return False


def waits_at_block_exit(ctx: Context, r, work: list[ast.AST]) -> bool:
    """Every GPU work item of region ``r`` runs inside a block whose exit synchronizes the device, and the block is
    closed before the region's end read (``with torch.profiler.profile(): train(10)``, then ``time.time()``)."""
    if "profile" not in ctx.source or not work:
        return False
    end_line = getattr(r.end, "lineno", 0)
    return all(_waiting_block(ctx, w, end_line) for w in work)
