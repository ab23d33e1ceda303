"""WP112/WP103: a timed region that is a whole training run, driven through a plain method or function of the file.

``t0 = time.time(); trainer.train_model(train_loader, val_loader, num_epochs=200); print(..., time.time() - t0)``
where ``train_model`` is no compiled callable but a method that runs ``for epoch in range(num_epochs)`` over the
data (its steps call a ``jax.jit`` function): the figure is an end-to-end training time of many epochs, and the
one-off compilation (or first-call start-up) of the steps inside it is a legitimate, small part of it, as it is of
every real training run. Not a first-call timing (set 112, uvadlc Tutorial 15).

The run counts as whole when the called function (not compiled itself) runs a ``range`` loop whose count is shown to
be ``MANY_EPOCHS`` or more (a constant, the call's argument, or a default of its parameter or of the caller's), and
each of its iterations walks data: a loop over something other than a ``range`` in its body, or a call of a method
or function of the file that has one. A few epochs, or a loop of unknown count, stay reported.
"""
from __future__ import annotations

import ast

from .._context import Context, dotted

MANY_EPOCHS = 100


def whole_training_run(ctx: Context, r, call: ast.AST) -> bool:
    """``call`` (the cold work of a one-off region ``r``) is a plain function or method of the file that runs
    ``MANY_EPOCHS`` or more passes over data."""
    from ._warm_handed import own_method_def

    if r.loop is not None or r.inner_loops() or not isinstance(call, ast.Call):
        return False
    fn = own_method_def(ctx, call)
    if fn is None and isinstance(call.func, ast.Name):
        fn = ctx.functions.get(call.func.id)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.decorator_list:
        return False  # (a decorated function may be the compiled callable itself)
    bound = _bind(fn, call, method=isinstance(call.func, ast.Attribute))
    for lp in ast.walk(fn):
        if not isinstance(lp, ast.For):
            continue
        rng = _range_of(lp.iter)
        if rng is None or (_count(ctx, rng, bound, call) or 0) < MANY_EPOCHS:
            continue
        if any(_walks_data(ctx, n, fn) for st in lp.body for n in ast.walk(st)):
            return True
    return False


def _range_of(it: ast.AST) -> ast.Call | None:
    """``range(...)`` itself, or wrapped in a progress bar or ``enumerate`` (``tqdm(range(1, n + 1))``)."""
    while isinstance(it, ast.Call) and (dotted(it.func) or "").rsplit(".", 1)[-1] in ("tqdm", "enumerate", "trange"):
        if (dotted(it.func) or "").endswith("trange"):
            return it
        if not it.args:
            return None
        it = it.args[0]
    return it if isinstance(it, ast.Call) and dotted(it.func) == "range" and it.args else None


def _bind(fn: ast.AST, call: ast.Call, method: bool) -> dict[str, ast.AST]:
    args = fn.args  # type: ignore[attr-defined]
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    if method and pos and pos[0] == "self":
        pos = pos[1:]
    bound: dict[str, ast.AST] = dict(zip(pos[len(pos) - len(args.defaults):], args.defaults)) if args.defaults else {}
    bound.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    for i, a in enumerate(call.args):
        if isinstance(a, ast.Starred):
            break
        if i < len(pos):
            bound[pos[i]] = a
    bound.update({k.arg: k.value for k in call.keywords if k.arg})
    return bound


def _count(ctx: Context, rng: ast.Call, bound: dict, call: ast.Call) -> int | None:
    """Iterations of ``range(...)``: ``stop - start`` with both resolved."""
    vals = [_value(ctx, a, bound, call) for a in rng.args[:2]]
    if any(v is None for v in vals):
        return None
    return vals[0] if len(vals) == 1 else vals[1] - vals[0]  # type: ignore[operator]


def _value(ctx: Context, e: ast.AST, bound: dict, call: ast.Call, depth: int = 0) -> int | None:
    if depth > 4:
        return None
    if isinstance(e, ast.Constant) and type(e.value) is int:
        return e.value
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub, ast.Mult)):
        a, b = _value(ctx, e.left, bound, call, depth + 1), _value(ctx, e.right, bound, call, depth + 1)
        if a is None or b is None:
            return None
        return a + b if isinstance(e.op, ast.Add) else a - b if isinstance(e.op, ast.Sub) else a * b
    if not isinstance(e, ast.Name):
        return None
    if e.id in bound:
        v = bound[e.id]
        if isinstance(v, ast.Name):  # handed on by the caller: a default of its own parameter, or a constant
            caller = getattr(getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None), "node", None)
            cargs = getattr(caller, "args", None)
            if cargs is not None:
                cpos = [a.arg for a in (*cargs.posonlyargs, *cargs.args)]
                cdef = dict(zip(cpos[len(cpos) - len(cargs.defaults):], cargs.defaults)) if cargs.defaults else {}
                cdef.update({a.arg: d for a, d in zip(cargs.kwonlyargs, cargs.kw_defaults) if d is not None})
                if v.id in cdef:
                    return _value(ctx, cdef[v.id], {}, call, depth + 1)
                if v.id in cpos or v.id in {a.arg for a in cargs.kwonlyargs}:
                    return None  # a parameter without a default: whatever its callers hand in
        return _value(ctx, v, {}, call, depth + 1) if v is not e else None
    vals = ctx.assigns.get(e.id, [])
    return _value(ctx, vals[0], {}, call, depth + 1) if len(vals) == 1 else None


def _walks_data(ctx: Context, n: ast.AST, fn: ast.AST) -> bool:
    """``n`` (in an epoch loop's body) is a loop over data, or a call of a method or function of the file (other
    than ``fn``) with one in its own body."""
    from ._warm_handed import own_method_def

    if isinstance(n, ast.For):
        return _range_of(n.iter) is None
    if not isinstance(n, ast.Call):
        return False
    d = own_method_def(ctx, n) or (ctx.functions.get(n.func.id) if isinstance(n.func, ast.Name) else None)
    if d is None or d is fn:
        return False
    return any(isinstance(x, ast.For) and _range_of(x.iter) is None for x in ast.walk(d))
