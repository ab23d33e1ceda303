'''WP109 event-without-timing: a CUDA event read with `elapsed_time()` was created without `enable_timing=True`.

## What it does
Checks for `torch.cuda.Event()` (or `torch.Event()`) created without `enable_timing=True` whose variable (or list)
is later used in `elapsed_time()`.

## Why is this bad?
Events are created without timing by default (it makes them cheaper for synchronization). `elapsed_time()` on
such an event raises `RuntimeError: Both events must be created with argument 'enable_timing=True'`, usually after
the whole workload has run.

## Example
```python
start, end = torch.cuda.Event(), torch.cuda.Event()
start.record(); fn(); end.record()
end.synchronize()
print(start.elapsed_time(end))
```

## Use instead
```python
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
```

## Fix safety
Safe: the fix adds `enable_timing=True` (or turns `enable_timing=False` into `True`). Without it the code raises.
'''

from __future__ import annotations

import ast

from .._context import Context
from .._walk import alias_key, base_key
from .._diagnostic import SAFE, Edit, Fix

CODE = "WP109"
NAME = "event-without-timing"
FIX = "safe"
_TORCH_EVENTS = ("torch.cuda.Event", "torch.Event")


def _timed_keys(ctx: Context) -> set[str]:
    keys = set()
    for c in ctx.calls:
        if ctx.method(c) == "elapsed_time" and c.args:
            keys.update(k for k in (alias_key(c.func.value), alias_key(c.args[0])) if k)  # type: ignore[union-attr]
    return keys


def _bound_keys(call: ast.Call) -> list[str]:
    node: ast.AST = call
    parent = getattr(node, "_wp_parent", None)
    while isinstance(parent, (ast.ListComp, ast.List, ast.Tuple, ast.comprehension, ast.GeneratorExp)):
        node, parent = parent, getattr(parent, "_wp_parent", None)
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute) and parent.func.attr in (
            "append", "extend", "insert"):
        k = base_key(parent.func.value)
        return [k] if k else []
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in ("list", "tuple"):
        parent = getattr(parent, "_wp_parent", None)
    if isinstance(parent, (ast.Assign, ast.AnnAssign)):
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        out = []
        for t in targets:
            elts = t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]
            out.extend(k for e in elts if (k := base_key(e)))
        return out
    return []


def _timing_arg(call: ast.Call) -> ast.AST | None:
    for kw in call.keywords:
        if kw.arg == "enable_timing":
            return kw.value
    return call.args[0] if call.args else None


def check(ctx: Context) -> None:
    timed = None
    for c in ctx.calls:
        if ctx.call_name(c) not in _TORCH_EVENTS:
            continue
        arg = _timing_arg(c)
        if arg is not None and not (isinstance(arg, ast.Constant) and arg.value is False):
            continue  # True, or a variable we cannot judge
        if timed is None:
            timed = _timed_keys(ctx)
        if not set(_bound_keys(c)) & timed:
            continue
        ctx.report(c, f"`{ctx.text(c.func)}()` read with `elapsed_time()` but created without `enable_timing=True`",
                   "Pass `enable_timing=True`", _fix(ctx, c, arg))


def _fix(ctx: Context, call: ast.Call, arg: ast.AST | None) -> Fix:
    if arg is not None:  # enable_timing=False or a positional False
        line, col, end_line, end_col = ctx.position(arg)
        return Fix((Edit(line, col, end_line, end_col, "True"),), SAFE)
    line, col, end_line, end_col = ctx.position(call)
    last = ctx.lines[end_line - 1][:end_col - 1]  # up to the closing parenthesis
    if not call.args and not call.keywords:
        content = "enable_timing=True"
    elif last.rstrip().endswith(","):
        content = " enable_timing=True"
    else:
        content = ", enable_timing=True"
    return Fix((Edit(end_line, end_col - 1, end_line, end_col - 1, content),), SAFE)
