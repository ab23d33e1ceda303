'''WP112 compiled-without-warmup: a `torch.compile`d or JIT-compiled function is timed on its first call.

## What it does
Checks for timed regions that call a function compiled just in time (`torch.compile(...)`, `@torch.compile`,
`@triton.jit` / `@triton.autotune` kernels launched as `kernel[grid](...)`, `torch.jit.script`, `cupy.RawKernel`,
`numba.cuda.jit`, `jax.jit`) that is not called before the region in the same function.

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

from .._context import Context
from ._common import warmup_findings

CODE = "WP112"
NAME = "compiled-without-warmup"
FIX = "none"


def check(ctx: Context) -> None:
    for _r, call, key in warmup_findings(ctx, compiled=True):
        ctx.report(call, f"Compiled `{key}` is timed on its first call (includes compilation)",
                   "Call it once or more before the timed region")
