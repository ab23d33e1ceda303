'''WP107 elapsed-before-sync: `elapsed_time()` is read before the end event has completed.

## What it does
Checks for `start.elapsed_time(end)` calls that follow an event `.record()` in the same function with no
synchronization in between (`end.synchronize()`, `torch.cuda.synchronize()`, `stream.synchronize()`, or a
`.query()` check guarding the read).

When a function of the file or of another module runs between the end record and the read (it may
synchronize), the finding is weak, shown only with `--extend-select extra`.

## Why is this bad?
`record()` only queues the event. Until the GPU reaches it, `elapsed_time()` raises
`RuntimeError: CUDA error: device not ready`, or, if the GPU happens to be done, succeeds: the code works on a
fast run and crashes on a slow one.

## Example
```python
start.record()
y = model(x)
end.record()
ms = start.elapsed_time(end)
```

## Use instead
```python
start.record()
y = model(x)
end.record()
end.synchronize()
ms = start.elapsed_time(end)
```
In a loop, keep the events and read them after one synchronize at the end (or once `end.query()` is true).

## Fix safety
No automatic fix: where the wait belongs (here, or after the loop) is a design choice.
'''

from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_calls

CODE = "WP107"
NAME = "elapsed-before-sync"
FIX = "none"


def check(ctx: Context) -> None:
    if "elapsed_time" not in ctx.source:
        return
    for scope in ctx.scopes:
        last_record = last_sync = last_opaque = -1
        for stmt in scope.stmts:
            i = stmt._wp_idx  # type: ignore[attr-defined]
            for c in stmt_calls(stmt):
                m = ctx.method(c)
                if m == "record":
                    last_record = i
                elif m == "query":
                    last_sync = i
                elif (m == "elapsed_time" or (ctx.call_name(c) or "").endswith("get_elapsed_time")) and \
                        last_record >= 0 and last_record >= last_sync and not _query_guarded(ctx, c):
                    # (before the sync test: a read that returns shows the end event completed, a wait for what
                    # follows it, not for itself)
                    # strong evidence: nothing between the record and the read could have waited (a function of
                    # the file or of another module may synchronize inside)
                    ctx.report(c, "`elapsed_time()` read before the end event is synchronized",
                               "Call `end.synchronize()` (or `torch.cuda.synchronize()`) before reading it",
                               weak=last_opaque >= last_record)
                elif ctx.is_sync(c):
                    last_sync = i
                elif _opaque(ctx, c):
                    last_opaque = i


def _opaque(ctx: Context, c: ast.Call) -> bool:
    """A call of a function whose body is not seen here as free of waits: one of the file's functions, or one
    imported from a module other than torch (``sync()`` from ``.utils``, a ``benchmark()`` helper)."""
    from .._waits import may_wait

    if may_wait(ctx, c):
        return True  # `runner.predict(x)`: code the linter cannot read, handed the model (it may copy back: a wait)
    if not isinstance(c.func, ast.Name):
        return False
    q = ctx.call_name(c) or ""
    return c.func.id in ctx.functions or (c.func.id in ctx.imports and not q.startswith(("torch.", "time.")))


def _query_guarded(ctx: Context, call: ast.Call) -> bool:
    node: ast.AST | None = call._wp_stmt  # type: ignore[attr-defined]
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        test = getattr(node, "test", None)
        if test is not None and any(isinstance(n, ast.Call) and ctx.method(n) == "query" for n in ast.walk(test)):
            return True
        node = getattr(node, "_wp_parent", None)
    return False
