"""Is a buffer written before it is read? (WP111: a zero-filled or never-written tensor timed as an input.) The
ways code writes a buffer that the plain reading misses: in place through a view of it (``b[:n].uniform_()``,
``a.data.normal_()``, ``c.view(-1).copy_(src)``), by a library function that writes its first argument
(``cp.copyto(x, src)``), by a function of the file that writes its parameter (``randomize(a)`` with ``def
randomize(t): t.uniform_()``), or by a call, made for its effect, of code the linter cannot read or of a project
module (``load_weights_into(w, path)`` as a statement)."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._imported import unknown_module

# methods that return a view sharing the tensor's memory: writing the view writes the tensor
_VIEWS = frozenset({"view", "view_as", "reshape", "flatten", "ravel", "narrow", "select", "t", "transpose",
                    "permute", "unsqueeze", "squeeze", "detach", "as_strided", "unflatten", "contiguous",
                    "diagonal", "split", "chunk", "unbind"})
_VIEW_ATTRS = frozenset({"data", "T", "mT", "real", "imag", "flat"})
# library functions that write their first argument
WRITES_FIRST_ARG = frozenset({"cupy.copyto", "numpy.copyto", "cupyx.scatter_add", "cupyx.scatter_max",
                              "cupyx.scatter_min"})


def base_name(e: ast.AST) -> str | None:
    """The tensor a view expression refers to: ``b[:n]``, ``a.data``, ``c.view(-1)``, ``x.T`` -> the name."""
    while True:
        if isinstance(e, ast.Subscript):
            e = e.value
        elif isinstance(e, ast.Attribute) and e.attr in _VIEW_ATTRS:
            e = e.value
        elif isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in _VIEWS:
            e = e.func.value
        else:
            return dotted(e)


def written_elsewhere(ctx: Context, name: str) -> bool:
    """``name`` is written by one of the ways the module's docstring lists."""
    for c in ctx.calls:
        f = c.func
        if isinstance(f, ast.Attribute) and f.attr.endswith("_") and not f.attr.startswith("_") and \
                base_name(f.value) == name:
            return True  # b[:n].uniform_(), a.data.normal_(), c.view(-1).copy_(src)
        if not any(base_name(a) == name for a in c.args):
            continue
        q = ctx.call_name(c) or ""
        if q in WRITES_FIRST_ARG and c.args and base_name(c.args[0]) == name:
            return True
        if isinstance(f, ast.Name) and f.id in ctx.functions:
            fn = ctx.functions[f.id]
            params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
            for i, a in enumerate(c.args):
                if i < len(params) and base_name(a) == name and _writes_param(ctx, fn, params[i], 0):
                    return True
            continue
        if isinstance(getattr(c, "_wp_parent", None), ast.Expr) and _project_or_unread(ctx, c):
            return True  # load_weights_into(w, path): a call made for its effect on what it is handed
    for st in _subscript_stores(ctx):
        if any(base_name(t) == name for t in st.targets):  # type: ignore[attr-defined]
            return True
    return False


def _writes_param(ctx: Context, fn: ast.AST, param: str, depth: int) -> bool:
    """``fn`` writes its parameter ``param`` (in place, by index, as ``out=``, or through a function of the file)."""
    if depth > 2:
        return False
    for n in ast.walk(fn):
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Attribute) and f.attr.endswith("_") and not f.attr.startswith("_") and \
                    base_name(f.value) == param:
                return True
            if any(k.arg == "out" and base_name(k.value) == param for k in n.keywords):
                return True
            q = ctx.call_name(n) or ""
            if (q in WRITES_FIRST_ARG or q.startswith("torch.nn.init.")) and n.args and base_name(n.args[0]) == param:
                return True
            if isinstance(f, ast.Name) and f.id in ctx.functions and ctx.functions[f.id] is not fn:
                inner = ctx.functions[f.id]
                params = [a.arg for a in (*inner.args.posonlyargs, *inner.args.args)]
                if any(i < len(params) and base_name(a) == param and _writes_param(ctx, inner, params[i], depth + 1)
                       for i, a in enumerate(n.args)):
                    return True
        elif isinstance(n, (ast.Assign, ast.AugAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            if any(isinstance(t, ast.Subscript) and base_name(t) == param for t in targets):
                return True
    return False


def _project_or_unread(ctx: Context, c: ast.Call) -> bool:
    """``c`` calls a function of a project module or of a module the linter does not know (not an array library)."""
    return unknown_module(ctx, c.func) is not None


def _subscript_stores(ctx: Context) -> list[ast.Assign]:
    cached = ctx.__dict__.get("_wp_subscript_stores")
    if cached is None:
        cached = [st for scope in ctx.scopes for st in scope.stmts
                  if isinstance(st, ast.Assign) and any(isinstance(t, ast.Subscript) for t in st.targets)]
        ctx._wp_subscript_stores = cached  # type: ignore[attr-defined]
    return cached
