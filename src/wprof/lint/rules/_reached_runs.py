"""A timed region that runs a whole program's work through the file's own functions and methods.

``start = time.time(); main(args); print("Training completed in", ...)`` where ``main`` builds a trainer whose
``train()`` runs epochs whose ``_run_epoch()`` loops over the data loader and steps the optimizer: the interval is a
run's wall time (set-up, data loading and every epoch), reached two or three calls deep. The CUDA context it
creates on the way is part of that run, as it is of every real run, not a first call timed by mistake.
``end_to_end`` reads the functions the region calls; this follows their calls on down (functions and methods of the
file, a few levels) to a loop over data or a backward pass."""

from __future__ import annotations

import ast

from .._context import Context

_DEPTH = 4


def _own_def(ctx: Context, c: ast.Call) -> ast.AST | None:
    from ._warm_handed import own_method_def

    if not isinstance(c.func, (ast.Name, ast.Attribute)):
        return None
    d = ctx.callee_def(c)
    if d is not None and d[0] is ctx:
        fn = d[1]
    else:
        fn = own_method_def(ctx, c)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or ctx.is_compiled(fn.name) or \
            ctx.lazy_jit(fn.name):
        return None  # (a compiled function's loops are its kernel's: one call, not a run over data)
    return fn


def reaches_run(ctx: Context, calls: list[ast.Call]) -> bool:
    """A call of ``calls`` reaches, through functions and methods of the file, one that loops over data or trains."""
    from ._common import _fn_data_driven

    seen: set[int] = set()
    frontier = [fn for c in calls if (fn := _own_def(ctx, c)) is not None]
    for _ in range(_DEPTH):
        nxt = []
        for fn in frontier:
            if id(fn) in seen:
                continue
            seen.add(id(fn))
            if _fn_data_driven(ctx, fn):
                return True
            nxt.extend(g for c in ctx.calls_in_function(fn) if (g := _own_def(ctx, c)) is not None)
        frontier = nxt
    return False
