'''WP110 deprecated-cuda-time: a profiler `cuda_time*` attribute is read.

## What it does
Checks for the profiler attributes `cuda_time`, `cuda_time_total`, `self_cuda_time_total`, `cuda_memory_usage`
and `self_cuda_memory_usage` (on `key_averages()` rows and `FunctionEvent`s) in files that import torch.

## Why is this bad?
PyTorch renamed them to `device_*` when the profiler learned other accelerators. On recent releases `cuda_time`
warns (FutureWarning) and, measured on torch 2.11, `cuda_time_total`, `self_cuda_time_total`, `cuda_memory_usage`
and `self_cuda_memory_usage` raise `AttributeError` on `key_averages()` rows: a profiling script that ran last year
crashes after the profile was collected.

The `sort_by="cuda_time_total"` argument of `table()` is still accepted (torch maps it) and is not reported.

## Example
```python
for row in prof.key_averages():
    print(row.key, row.cuda_time_total)
```

## Use instead
```python
for row in prof.key_averages():
    print(row.key, row.device_time_total)
```

## Fix safety
Safe on the torch versions that have the `device_*` names (2.4 and later). On older torch the new name does not
exist; code that must run on both should read `getattr(row, "device_time_total", None)` first.
'''

from __future__ import annotations

import ast

from .._context import Context
from .._diagnostic import SAFE, Edit, Fix

CODE = "WP110"
NAME = "deprecated-cuda-time"
FIX = "safe"
RENAMES = {
    "cuda_time": "device_time",
    "cuda_time_total": "device_time_total",
    "self_cuda_time_total": "self_device_time_total",
    "cuda_memory_usage": "device_memory_usage",
    "self_cuda_memory_usage": "self_device_memory_usage",
}


def check(ctx: Context) -> None:
    if not ctx.imports_torch or "cuda_" not in ctx.source:
        return
    hits = [a for a in ctx.attributes if a.attr in RENAMES]
    stored = {a.attr for a in hits if not isinstance(a.ctx, ast.Load)}  # the user's own attribute
    for a in hits:
        if a.attr in stored:
            continue
        new = RENAMES[a.attr]
        _, _, end_line, end_col = ctx.position(a)
        fix = Fix((Edit(end_line, end_col - len(a.attr), end_line, end_col, new),), SAFE)
        ctx.report(a, f"`{a.attr}` is deprecated", f"Replace with `{new}`", fix)
