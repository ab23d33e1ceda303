'''WP112 compiled-without-warmup: a `torch.compile`d or JIT-compiled function is timed on its first call.

## What it does
Checks for timed regions that call a function compiled just in time (`torch.compile(...)`, `@torch.compile`,
`@triton.jit` / `@triton.autotune` kernels launched as `kernel[grid](...)`, `torch.jit.script`, `cupy.RawKernel`,
`numba.cuda.jit`, `jax.jit`) that is not called before the region in the same function. Also a compiled function
warmed up forward only and then timed with `.backward()` on its result, when no backward ran before the region:
AOTAutograd compiles the backward graph lazily, on the first backward call.

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

