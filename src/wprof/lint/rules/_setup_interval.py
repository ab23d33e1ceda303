"""WP103's "timed on purpose" for a model's placement timed by itself (warmforms, set 120).

``before = timer(); model.eval(); model.to("cuda"); after = timer(); print(after - before)``: one interval, taken
once, around nothing but set-up methods of a module the program built (``eval``, ``train``, ``half``, and at least
one move to the GPU: ``.to("cuda")``, ``.cuda()``). Its number is the model's placement, a step that happens once in
a process; a second move of the same model onto the GPU does nothing, so no warm-up can apply to what is measured
and the CUDA context the first move creates is part of that one-off cost (a cold-start figure, like a load time).
A tensor moved by itself (``a_cpu.to(device)`` timed as a transfer), a placement in a loop or beside any other
work, stays reported as the program's first CUDA call inside a timed region."""

from __future__ import annotations

import ast

from .._context import Context
from ._walk_calls import _SETUP

_MODULE_ONLY = frozenset({"eval", "train", "parameters", "named_parameters", "load_state_dict", "modules",
                          "named_modules", "children"})  # methods a torch module has and a tensor has not


def placement_only(ctx: Context, r) -> bool:
    """Region ``r`` (one sample) holds only set-up method calls of modules, at least one moving one to the GPU."""
    if r.loop is not None or r.outer is not None:
        return False
    stmts = r.stmts()
    if not stmts:
        return False
    moved = False
    for s in stmts:
        call = s.value if isinstance(s, (ast.Expr, ast.Assign)) else None
        if not isinstance(call, ast.Call):
            return False
        base = call
        while isinstance(base, ast.Call) and isinstance(base.func, ast.Attribute) and base.func.attr in _SETUP:
            if base.func.attr == "cuda" or (base.func.attr == "to" and ctx.placement(base) == "cuda"):
                moved = True
            base = base.func.value
        if not isinstance(base, ast.Name) or base is call or not _module(ctx, base.id):
            return False
        if isinstance(s, ast.Assign) and not (len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and
                                              s.targets[0].id == base.id):
            return False  # (`m2 = model.cuda()`: only the same name rebound, `model = model.to("cuda")`)
    return moved


def _module(ctx: Context, name: str) -> bool:
    """``name`` holds a module: a method only modules have is called on it somewhere in the file
    (``model.eval()``)."""
    cache = ctx.__dict__.setdefault("_wp_setup_modules", {})
    if name not in cache:
        cache[name] = any(isinstance(c.func, ast.Attribute) and c.func.attr in _MODULE_ONLY and
                          isinstance(c.func.value, ast.Name) and c.func.value.id == name for c in ctx.calls)
    return cache[name]
