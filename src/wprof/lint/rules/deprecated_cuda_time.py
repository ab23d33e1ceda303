'''WP110 deprecated-cuda-time: a profiler `cuda_time*` attribute is read.

## What it does
Checks for the profiler attributes `cuda_time`, `cuda_time_total`, `self_cuda_time_total`, `cuda_memory_usage`
and `self_cuda_memory_usage` (on `key_averages()` rows and `FunctionEvent`s) in files that import torch.

## Why is this bad?
PyTorch renamed them to `device_*` when the profiler learned other accelerators. On recent releases `cuda_time`
warns (FutureWarning) and, measured on torch 2.11, `cuda_time_total`, `self_cuda_time_total`, `cuda_memory_usage`
and `self_cuda_memory_usage` raise `AttributeError` on `key_averages()` rows: a profiling script that ran last year
crashes after the profile was collected.

The memory counters (`cuda_memory_usage`, `self_cuda_memory_usage`) are reported only when the group `extra` is
selected (`--extend-select extra`, or `--select ALL`): they crash the same way, but they are not a timing, and the
default rules report only what makes a printed time wrong.

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
The `device_*` names arrived in torch 2.4 and wprof supports torch 2.1 and later, so a bare rename would break the
script on torch < 2.4. The fix is a guarded read that keeps behaviour on every version,
`(row.device_time_total if hasattr(row, "device_time_total") else row.cuda_time_total)`, and is safe when `row` is a
plain name or attribute chain (reading it twice has no side effect); otherwise the fix is the bare rename, marked
unsafe. A read that is already guarded (`hasattr`/`getattr` with the new name, or `try`/`except AttributeError`)
is not reported.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._diagnostic import SAFE, UNSAFE, Edit, Fix
from .._walk import expr_ancestor

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
        if a.attr in stored or _guarded(a):
            continue
        new = RENAMES[a.attr]
        memory = "memory" in a.attr  # crashes too, but it is not a timing: only with `extra`
        ctx.report(a, f"`{a.attr}` is deprecated", f"Replace with `{new}`", _fix(ctx, a, new), weak=memory,
                   why_extra="a memory counter, not a timing")


def _guarded(a: ast.Attribute) -> bool:
    """A fallback for old torch: ``e.device_time_total if hasattr(e, "device_time_total") else e.cuda_time_total``,
    ``getattr(e, "device_time_total", None) or e.cuda_time_total``, or a ``try``/``except AttributeError``."""
    new = RENAMES[a.attr]
    node: ast.AST = a
    parent = getattr(a, "_wp_parent", None)
    while parent is not None:
        tests: list[ast.AST] = []
        if isinstance(parent, (ast.IfExp, ast.If, ast.While)):
            tests = [parent.test]
        elif isinstance(parent, ast.BoolOp):
            tests = [v for v in parent.values if v is not node]
        elif isinstance(parent, ast.ExceptHandler):  # the fallback branch of `except AttributeError:`
            names = [] if parent.type is None else [n.id for n in ast.walk(parent.type) if isinstance(n, ast.Name)]
            if parent.type is None or "AttributeError" in names or "Exception" in names:
                return True
        elif isinstance(parent, ast.Try) and node in parent.body:
            for h in parent.handlers:
                names = [] if h.type is None else [n.id for n in ast.walk(h.type) if isinstance(n, ast.Name)]
                if h.type is None or "AttributeError" in names or "Exception" in names:
                    return True
        for t in tests:
            if any(isinstance(n, ast.Constant) and n.value in (new, a.attr) for n in ast.walk(t)):
                return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            return False
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def _fix(ctx: Context, a: ast.Attribute, new: str) -> Fix:
    """Safe only where it keeps behaviour on every supported torch (2.1 and later; the ``device_*`` names arrived
    in 2.4): a guarded read ``(x.new if hasattr(x, "new") else x.old)`` when ``x`` is a plain name or attribute
    chain (reading it twice has no side effect); a bare rename otherwise, marked unsafe."""
    line, col, end_line, end_col = ctx.position(a)
    base = ctx.text(a.value)
    if dotted(a.value) is not None and "\n" not in base:
        q = '"'
        fstr = _enclosing_fstring(a)
        if fstr is not None:
            text = ctx.text(fstr).lstrip("rRbBfF")
            if text[:1] == '"' and not text.startswith('"""'):
                q = "'"
        guarded = f"({base}.{new} if hasattr({base}, {q}{new}{q}) else {base}.{a.attr})"
        return Fix((Edit(line, col, end_line, end_col, guarded),), SAFE)
    return Fix((Edit(end_line, end_col - len(a.attr), end_line, end_col, new),), UNSAFE)


def _enclosing_fstring(node: ast.AST) -> ast.AST | None:
    return expr_ancestor(node, ast.JoinedStr)
