"""Which definition a call of a re-defined name runs: the one bound last before it in the module body.

A notebook (or a script) often defines the same name several times, one variant per cell
(``@vectorize([...], target="cpu") def Add``, then ``target="parallel"``, then ``target="cuda"``): a module-level
call runs the definition the body bound last before it, not every one of that name. A call of a Numba GPU ufunc
(``@vectorize([...], target="cuda")``) on host arrays opens the CUDA context (it copies them in, launches and
copies back), so the execution-order walk counts it as a use of the GPU."""

from __future__ import annotations

import ast
from bisect import bisect_left

from .._context import Context
from .._infer import cuda_ufunc


def _defs(ctx: Context) -> dict[str, list[ast.AST]]:
    got = ctx.__dict__.get("_wp_defs_in_order")
    if got is None:
        got = {}
        for s in ctx.all_nodes():
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    isinstance(getattr(getattr(s, "_wp_scope", None), "node", None), ast.Module):
                got.setdefault(s.name, []).append(s)
        for v in got.values():
            v.sort(key=lambda f: f.lineno)
        ctx.__dict__["_wp_defs_in_order"] = got
    return got


def def_in_effect(ctx: Context, c: ast.Call) -> ast.AST | None:
    """The module-level ``def`` of the name ``c`` calls that was bound last before ``c`` (by line), or None."""
    if not isinstance(c.func, ast.Name):
        return None
    defs = _defs(ctx).get(c.func.id, ())
    i = bisect_left(defs, c.lineno, key=lambda f: f.lineno)  # (sorted by line: the last one before the call)
    return defs[i - 1] if i else None


def gpu_ufunc_call(ctx: Context, c: ast.Call) -> bool:
    """``c`` calls a Numba GPU ufunc: the definition in effect at the call is decorated ``target="cuda"``."""
    if not isinstance(c.func, ast.Name):
        return False
    fn = def_in_effect(ctx, c)
    return fn is not None and any(cuda_ufunc(ctx.qualname(d.func if isinstance(d, ast.Call) else d) or "", d)
                                  for d in fn.decorator_list)
