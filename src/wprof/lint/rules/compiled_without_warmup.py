'''WP112 compiled-without-warmup: a `torch.compile`d or JIT-compiled function is timed on its first call.

## What it does
Checks for timed regions that call a function compiled just in time (`torch.compile(...)`, `@torch.compile`,
`@triton.jit` / `@triton.autotune` kernels launched as `kernel[grid](...)`, `torch.jit.script`, `cupy.RawKernel`,
`numba.cuda.jit`, `jax.jit`) that is not called before the region in the same function. Also a compiled function
warmed up forward only and then timed with `.backward()` on its result, when no backward ran before the region:
AOTAutograd compiles the backward graph lazily, on the first backward call. And a function compiled at a call
site (`measure(torch.compile(net), x)`) and handed to a timing helper of the file that times it with no call before
and averages the samples.

## Why is this bad?
The first call compiles: Dynamo tracing and Inductor code generation take seconds, a Triton kernel is compiled to
PTX and cubin (and `@triton.autotune` runs every config). The timed number is then compile time, thousands of times
the kernel, and a later recompilation (a new shape, a new dtype) will do it again.

## Example
```python
f = torch.compile(model)
start.record()
y = f(x)
end.record()
```

## Use instead
```python
f = torch.compile(model)
for _ in range(3):  # compile, autotune, settle
    f(x)
torch.cuda.synchronize()
start.record()
y = f(x)
end.record()
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted, stmt_calls
from ._common import callee_key, data_driven, loop_guarded, mentions_warmup, warmup_findings

CODE = "WP112"
NAME = "compiled-without-warmup"
FIX = "none"


def check(ctx: Context) -> None:
    for _r, call, key in warmup_findings(ctx, compiled=True):
        ctx.report(call, f"Compiled `{key}` is timed on its first call (includes compilation)",
                   "Call it once or more before the timed region")
    for site, key, param in _compiled_into_helper(ctx):
        ctx.report(site, f"Compiled `{key}` is timed on its first call inside `{dotted(site.func)}` (its `{param}` "
                   "is never called before the timed region; includes compilation)",
                   "Call it once or more before handing it to the timing helper")
    for call, key in _cold_backward(ctx):
        ctx.report(call, f"Compiled `{key}` is timed on its first backward call (the backward graph compiles "
                   "lazily, on the first `.backward()`)", "Run forward and backward once or more before the timed "
                   "region")


def _cold_backward(ctx: Context) -> list[tuple[ast.Call, str]]:
    """A compiled function warmed up forward only, then timed with ``.backward()``: AOTAutograd compiles the
    backward graph on the first backward call, inside the timed region (``f(q, k, v)`` once, then
    ``for _ in range(100): f(q, k, v).sum().backward()``)."""
    out: list[tuple[ast.Call, str]] = []
    done: set[int] = set()
    for r in ctx.regions:
        if r.kind == "with" or data_driven(ctx, r) or mentions_warmup(ctx, r.scope) or loop_guarded(r):
            continue
        for c in r.calls():
            if ctx.method(c) != "backward" or id(r.scope) in done:
                continue
            key = _compiled_source(ctx, c.func.value)  # type: ignore[attr-defined]
            if key is None or _backward_before(ctx, r.scope, r.lo):
                continue
            done.add(id(r.scope))
            out.append((c, key))
    return out


def _compiled_source(ctx: Context, expr: ast.AST) -> str | None:
    """The compiled callable whose call the expression is derived from (``f(x).sum()`` -> ``f``)."""
    while True:
        if isinstance(expr, ast.Call):
            k = callee_key(expr)
            if k is not None and ctx.is_compiled(k) and not isinstance(expr.func, ast.Attribute):
                return k
            expr = expr.func.value if isinstance(expr.func, ast.Attribute) else None  # type: ignore[assignment]
        elif isinstance(expr, (ast.Attribute, ast.Subscript)):
            expr = expr.value
        else:
            return None
        if expr is None:
            return None


def _backward_before(ctx: Context, scope, before: int) -> bool:
    first = ctx.__dict__.setdefault("_wp_first_backward", {})
    if id(scope) not in first:  # the index of the scope's first backward call, found once per scope
        first[id(scope)] = next((st._wp_idx for st in scope.stmts for c in stmt_calls(st)  # type: ignore[attr-defined]
                                 if ctx.method(c) == "backward" or dotted(c.func) == "torch.autograd.backward"),
                                len(scope.stmts))
    return first[id(scope)] < before


def _compiled_into_helper(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """A function freshly compiled and handed to a timing helper of the file that times it with no call before
    (``measure(torch.compile(net), x)`` where ``measure`` times ``m(x)`` and averages): the first timed call
    compiles. (site, compiled expression, parameter)."""
    from .._names import COMPILERS
    from ._common import called_before

    out: list[tuple[ast.Call, str, str]] = []
    for c in ctx.calls:
        if not isinstance(c.func, ast.Name) or c.func.id not in ctx.functions:
            continue
        fn = ctx.functions[c.func.id]
        pos = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        bound = list(zip(pos, c.args)) + [(k.arg, k.value) for k in c.keywords if k.arg in pos]
        for param, value in bound:
            fresh = isinstance(value, ast.Call) and ctx.call_name(value) in COMPILERS
            if isinstance(value, ast.Name) and ctx.is_compiled(value.id):
                st = c._wp_stmt  # type: ignore[attr-defined]
                fresh = not called_before(ctx, value.id, st._wp_scope, st._wp_idx)
            if not fresh:
                continue
            scope = fn._wp_own_scope  # type: ignore[attr-defined]
            if mentions_warmup(ctx, scope):
                continue
            for r in ctx.regions:
                if r.scope is not scope or data_driven(ctx, r) or loop_guarded(r):
                    continue
                timed = [k for k in r.calls() if (callee_key(k) or "").split(".")[0] == param]
                if not timed or called_before(ctx, param, scope, r.lo):
                    continue
                if r.loop is not None and not _averaged(ctx, r):
                    continue  # one cold sample among many, summarized by a robust statistic
                out.append((c, ctx.text(value), param))
                break
    return out


def _averaged(ctx: Context, r) -> bool:
    """The per-iteration samples of ``r`` (a host interval's list, or the list its ``elapsed_time()`` values are
    appended to) are summarized by their mean or sum, not by a robust statistic."""
    from .._context import base_key
    from ._common import _robust, sample_uses

    key = r.samples
    if key is None and r.loop is not None:
        for st in r.scope.stmts[r.loop._wp_idx + 1:r.loop._wp_end + 1]:  # type: ignore[attr-defined]
            for c in stmt_calls(st):
                if ctx.method(c) == "append" and c.args and any(
                        isinstance(n, ast.Call) and ctx.method(n) == "elapsed_time" for n in ast.walk(c.args[0])):
                    key = base_key(c.func.value)  # type: ignore[attr-defined]
    if key is None:
        return False
    means, others = sample_uses(ctx, key)
    return not any(_robust(ctx, o) for o in others) and (bool(means) or any(
        isinstance(getattr(o, "_wp_parent", None), ast.Call) and
        (ctx.call_name(o._wp_parent) or "") == "sum" for o in others))  # type: ignore[attr-defined]

