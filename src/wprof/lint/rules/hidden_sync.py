'''WP114 hidden-sync: `.item()`, `.cpu()`, `.tolist()` or printing a tensor inside a timed region.

## What it does
Checks for calls that copy a tensor to the host, and so wait for the GPU, between the start and end of a timed
region: `.item()`, `.cpu()`, `.tolist()`, and `print()` of a tensor (directly or in an f-string). A host-timed
region may end with one such call after its last GPU work (it then acts as the synchronize before the end read);
that is not reported. After the end reading they are fine.

## Why is this bad?
Each one is a device synchronization you did not write: the host stops queueing work until the GPU catches up,
the GPU then idles while the host launches the next kernels, and that bubble is timed. In a training loop a
`loss.item()` every step is the classic cause of a GPU that is "busy" only part of the time; in a kernel benchmark
it adds a host round trip (~15 µs) to every sample.

## Example
```python
start.record()
for batch in batches:
    loss = step(batch)
    print(f"loss {loss.item():.3f}")
end.record()
```

## Use instead
```python
losses = []
start.record()
for batch in batches:
    losses.append(step(batch).detach())
end.record()
end.synchronize()
print([x.item() for x in losses])
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

import ast

from .._context import HIDDEN_SYNC_METHODS, Context, stmt_nodes

CODE = "WP114"
NAME = "hidden-sync"
FIX = "none"


def _hidden(ctx: Context, c: ast.Call) -> str | None:
    m = ctx.method(c)
    if m in HIDDEN_SYNC_METHODS and not c.args and not c.keywords:
        return f"`.{m}()`"
    if isinstance(c.func, ast.Name) and c.func.id == "print" and ctx.call_name(c) == "print":
        for a in c.args:
            vals = [v.value for v in a.values if isinstance(v, ast.FormattedValue)] \
                if isinstance(a, ast.JoinedStr) else [a]
            for v in vals:
                if isinstance(v, (ast.Name, ast.Attribute)) and ctx.is_tensorish(v):
                    return f"`print({ctx.text(v)})`"
    return None


def check(ctx: Context) -> None:
    if not ctx.uses_gpu:
        return
    seen: set[int] = set()
    for r in ctx.regions:
        stmts = r.stmts()
        work_idx = [s._wp_idx for s in stmts if ctx.gpu_work_in(stmt_nodes(s))]  # type: ignore[attr-defined]
        for s in stmts:
            for c in _own_calls(s):
                what = _hidden(ctx, c)
                if what is None or id(c) in seen:
                    continue
                if r.kind != "event" and r.loop is None and not r.in_loop(c) and \
                        not any(i > s._wp_idx for i in work_idx):  # type: ignore[attr-defined]
                    continue  # the barrier before the end read
                if r.kind != "event" and r.loop is not None and not any(i > s._wp_idx for i in work_idx):
                    continue  # per-iteration host region: the last thing before the end read
                seen.add(id(c))
                ctx.report(c, f"{what} synchronizes inside the timed region",
                           "Move it after the end of the timed region")


def _own_calls(stmt: ast.stmt) -> list[ast.Call]:
    from .._context import stmt_calls

    return stmt_calls(stmt)
