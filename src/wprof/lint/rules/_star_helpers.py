"""WP102's weak tier for a region whose last GPU work is a helper of the file that hands its results, on every
return, to a function of a star import the linter cannot read (``return tensor2float(loss), outputs`` with
``tensor2float`` from ``from utils import *``, a module not found): such converters usually copy the values back to
the host (``.item()``, ``.cpu()``), which waits for the helper's work; whether this one does is not shown (set 49)."""

from __future__ import annotations

import ast
import builtins

from .._context import Context
from .._walk import nested_in, stmt_nodes

_BUILTINS = frozenset(dir(builtins))
_LIBRARIES = frozenset({"torch", "numpy", "cupy", "math", "triton", "jax", "tensorflow", "pylab", "matplotlib",
                        "scipy", "numba", "pycuda", "cuda", "tkinter", "os", "typing"})


def ends_in_star_helper(ctx: Context, r) -> bool:
    """The region's last statement with GPU work does it only through calls of such helpers of the file."""
    ctx._import_table()  # (fills the file's star imports)
    if not any(level or (mod and mod[0] not in _LIBRARIES) for level, mod in ctx.__dict__.get("_wp_star_imports", ())):
        return False  # `from torch import *`: a library's names, not the project's converters
    last = next((st for st in reversed(r.stmts()) if ctx.gpu_work_in(stmt_nodes(st))), None)
    if last is None:
        return False
    work = ctx.gpu_work_in(stmt_nodes(last))
    return bool(work) and all(isinstance(w, ast.Call) and _returns_through_star(ctx, w) for w in work)


def _returns_through_star(ctx: Context, call: ast.Call) -> bool:
    fn = ctx.functions.get(call.func.id) if isinstance(call.func, ast.Name) else None
    if fn is None or not getattr(fn, "body", None):
        return False
    returns = [n for n in ast.walk(fn) if isinstance(n, ast.Return) and not nested_in(n, fn)]
    if not returns:
        return False
    for ret in returns:
        parts = ret.value.elts if isinstance(ret.value, ast.Tuple) else [ret.value]
        if not any(isinstance(p, ast.Call) and _unseen_star_name(ctx, p.func) and p.args for p in parts):
            return False
    return True



def _unseen_star_name(ctx: Context, f: ast.AST) -> bool:
    """``f`` is a plain name the file neither defines, binds nor imports by name, not a builtin: it can only come
    from the file's star import, and the linter cannot read where."""
    if not isinstance(f, ast.Name) or f.id in _BUILTINS or f.id.startswith("_"):
        return False
    if f.id in ctx.functions or f.id in ctx.classes or f.id in ctx.assigns or f.id in ctx.imports or \
            f.id in ctx.relative_imports:
        return False
    return ctx.imported_def(f) is None
