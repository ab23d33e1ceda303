"""Warm-ups run through the file's own functions, and flushes in exception handlers (set 114/115, nineteenth session).

Three questions the warm-up rules ask of code that reaches the timed work through a function of the file:

- which compiled object a plain function of the file calls (``def run_microbatches(model, ...): ... model(x)``
  called as ``run_microbatches(model, ...)`` with ``model = torch.compile(model)``): the argument handed to the
  parameter it calls, not the function, which is no compiled object of its own (:func:`handed_compiled`);
- whether that object ran before a point, directly or through a function of the file handed it
  (``_compile_warmup(model, dl, device)`` whose body calls ``model(...)``): :func:`reached_before`;
- whether a function of the file called before the timed region (a correctness check: ``if run_unittest(a, b, c,
  M, N, K): ...``) calls the timed callable with the same arguments (its parameters bound, at the call, to the
  expressions the timed call passes, none of them bound again in between): :func:`same_call_by_helper`.

And one for WP104's allocator flushes: a flush in an ``except`` handler runs only when the ``try`` body raised
(``except torch.OutOfMemoryError: torch.cuda.empty_cache(); retry eagerly``), a recovery after the allocator already
failed, not a cost of every timed iteration (:func:`in_handler`).
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import stmt_calls


def _bindings(fn: ast.AST, site: ast.Call) -> dict[str, ast.expr] | None:
    """Parameter name -> argument expression at ``site`` (positional and keyword); None for a call spreading
    ``*args``/``**kwargs`` (what binds where is unknown)."""
    args = getattr(fn, "args", None)
    if args is None or any(isinstance(a, ast.Starred) for a in site.args) or any(k.arg is None for k in site.keywords):
        return None
    names = [a.arg for a in (*args.posonlyargs, *args.args)]
    out = {p: a for p, a in zip(names, site.args)}
    kw = {a.arg for a in (*args.args, *args.kwonlyargs)}
    for k in site.keywords:
        if k.arg in kw:
            out[k.arg] = k.value
    return out


def _plain_function(ctx: Context, key: str) -> ast.AST | None:
    """A function of the file that no decorator or assignment compiles itself (``def run_step(model, x):``)."""
    fn = ctx.functions.get(key)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.decorator_list or key in ctx.assigns:
        return None
    return fn


def handed_compiled(ctx: Context, site: ast.Call, key: str) -> str | None:
    """The compiled object a plain function of the file calls through a parameter, as ``site`` hands it in
    (``run_microbatches(model, ...)`` -> ``"model"``); ``""`` when every compiled-looking callee of the function is
    one of its parameters and ``site`` hands none of them a compiled object (a parameter named like a compiled
    global, ``model``, is whatever the caller passes); None when the function is no such plain function."""
    fn = _plain_function(ctx, key)
    if fn is None:
        return None
    binds = _bindings(fn, site)
    if binds is None:
        return None
    args = fn.args  # type: ignore[attr-defined]
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    compiled_callees = False
    for c in ctx.calls_in_function(fn):
        d = dotted(c.func)
        if d is None or not ctx.is_compiled(d):
            continue
        if d.split(".")[0] not in params:
            return None  # a compiled global of the file, called by name: the old reading holds
        compiled_callees = True
        if isinstance(c.func, ast.Name) and c.func.id in binds:
            h = dotted(binds[c.func.id])
            if h is not None and ctx.is_compiled(h):
                return h
    if compiled_callees:
        return ""
    for c in ctx.calls_in_function(fn):  # `run_step(net, opt, x)` calling its `model` parameter, `net` compiled
        if isinstance(c.func, ast.Name) and c.func.id in binds:
            h = dotted(binds[c.func.id])
            if h is not None and ctx.is_compiled(h):
                return h
    return None


def _calls_param(ctx: Context, fn: ast.AST, param: str) -> bool:
    return any(isinstance(c.func, ast.Name) and c.func.id == param for c in ctx.calls_in_function(fn))


def reached_before(ctx: Context, obj: str, scope, before: int) -> bool:
    """``obj`` is called in ``scope`` before index ``before``, directly or by a plain function of the file it is
    handed to (``_compile_warmup(model, dl, device)`` whose body calls ``model(...)``)."""
    from ._common import called_before
    from ._reach import reachable_before

    if called_before(ctx, obj, scope, before):
        return True
    for st in reachable_before(ctx, scope, before):
        for c in stmt_calls(st):
            if not isinstance(c.func, ast.Name) or (fn := _plain_function(ctx, c.func.id)) is None:
                continue
            binds = _bindings(fn, c) or {}
            if any(dotted(a) == obj and _calls_param(ctx, fn, p) for p, a in binds.items()):
                return True
    return False


def _substituted(ctx: Context, arg: ast.expr, binds: dict[str, ast.expr]) -> str | None:
    """The text ``arg`` (an argument of a call in a helper) has at the helper's call site: a parameter replaced by
    its argument's text, a constant as written; None for anything else (a local of the helper, an expression)."""
    if isinstance(arg, ast.Starred):
        inner = _substituted(ctx, arg.value, binds)
        return None if inner is None else "*" + inner
    if isinstance(arg, ast.Name):
        return ctx.text(binds[arg.id]).strip() if arg.id in binds else None
    if isinstance(arg, ast.Constant):
        return repr(arg.value)
    return None


def _call_texts(ctx: Context, call: ast.Call) -> tuple:
    def one(a: ast.expr) -> str:
        if isinstance(a, ast.Constant):
            return repr(a.value)
        if isinstance(a, ast.Starred):
            return "*" + ctx.text(a.value).strip()
        return ctx.text(a).strip()

    return tuple(one(a) for a in call.args), tuple(sorted((k.arg or "**", one(k.value)) for k in call.keywords))


def same_call_by_helper(ctx: Context, call: ast.Call, key: str, scope, before: int) -> bool:
    """A plain function of the file called in ``scope`` before index ``before`` calls ``key`` with the arguments
    ``call`` passes (its parameters bound to the same expressions, none of their names bound again between that
    call and ``before``): ``run_unittest(a, b, c, M)`` running ``gemm(a, b, c, M)`` before the timed ``gemm(a, b,
    c, M)`` loop is its warm-up."""
    from ._common import callee_key
    from ._reach import reachable_before

    want = _call_texts(ctx, call)
    names = {n.id for a in (*call.args, *(k.value for k in call.keywords)) for n in ast.walk(a)
             if isinstance(n, ast.Name)}
    for st in reachable_before(ctx, scope, before):
        for c in stmt_calls(st):
            if not isinstance(c.func, ast.Name) or c.func.id == key or \
                    (fn := _plain_function(ctx, c.func.id)) is None or (binds := _bindings(fn, c)) is None:
                continue
            for inner in ctx.calls_in_function(fn):
                if callee_key(inner) != key:
                    continue
                got_args = tuple(_substituted(ctx, a, binds) for a in inner.args)
                got_kw = tuple(sorted((k.arg or "**", _substituted(ctx, k.value, binds)) for k in inner.keywords))
                if (got_args, got_kw) == want and not _rebound(scope, names, st, before):
                    return True
    return False


def _rebound(scope, names: set[str], st: ast.stmt, before: int) -> bool:
    """One of ``names`` is assigned in ``scope`` after statement ``st`` and before index ``before``."""
    lo = getattr(st, "_wp_idx", before)
    for s in scope.stmts[lo + 1:before]:
        targets = s.targets if isinstance(s, ast.Assign) else [s.target] if isinstance(
            s, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)) else []
        if any(isinstance(n, ast.Name) and n.id in names for t in targets for n in ast.walk(t)):
            return True
    return False


def in_handler(st: ast.stmt | None) -> bool:
    """``st`` sits in an ``except`` handler of its function: it runs only when the ``try`` body raised."""
    node = getattr(st, "_wp_parent", None)
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        if isinstance(node, ast.ExceptHandler):
            return True
        node = getattr(node, "_wp_parent", None)
    return False
