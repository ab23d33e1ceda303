'''WP101 sync-every-iteration: a timed loop synchronizes the device before and after every iteration.

## What it does
Checks for loops that are timed (one sample per iteration, or inside a timed region) and call an explicit device
synchronization (`torch.cuda.synchronize()`, `stream.synchronize()`...) both before the GPU work of each iteration
and after it.

## Why is this bad?
Each synchronization drains the queue: the host stops running ahead of the GPU, every iteration pays the launch
latency of its first kernel, and the GPU idles while the host catches up. The loop you measure is no longer the
loop you run. On an H200 a `synchronize()` costs about 4.5 µs on an idle device and the seed's "sync before and
after" template slowed a launch-bound training loop by about 4% (see BASELINES.md); for a ~2 µs kernel the
per-call host round trip is larger than the kernel. A single synchronize just before the end timer read is correct
and is not reported; one per side of every iteration is the anti-pattern.

## Example
```python
for step in range(100):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    loss = train_step(batch)
    torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
```

## Use instead
```python
starts = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
ends = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
for step in range(100):
    starts[step].record()
    loss = train_step(batch)
    ends[step].record()
torch.cuda.synchronize()
times = [s.elapsed_time(e) for s, e in zip(starts, ends)]
```

## Fix safety
No automatic fix: moving to events changes how results are read.
'''

from __future__ import annotations

import ast

from .._context import Context, stmt_nodes
from .._regions import covered, periodic

CODE = "WP101"
NAME = "sync-every-iteration"
FIX = "none"
GROUP = "extra"  # opt-in: held-out precision 5/9 on real code (docs/lint.md, sets 3-10): the cost is a few µs per sample


def check(ctx: Context) -> None:
    region_loops = {id(r.loop) for r in ctx.regions if r.loop is not None}
    for scope in ctx.scopes:
        for loop in scope.stmts:
            if not isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
                continue
            if id(loop) not in region_loops and not covered(ctx, loop):
                continue
            body = [s for s in scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]  # type: ignore[attr-defined]
                    if s._wp_loops and s._wp_loops[-1] is loop]  # type: ignore[attr-defined]
            work = [s._wp_idx for s in body if ctx.gpu_work_in(stmt_nodes(s))]  # type: ignore[attr-defined]
            if not work:
                continue
            syncs = [(s._wp_idx, c) for s in body for c in _calls(s)  # type: ignore[attr-defined]
                     if ctx.is_sync(c, hidden=False) and not periodic(s)]  # not `if step % N == 0:` syncs
            before = [c for i, c in syncs if i < min(work)]
            after = [c for i, c in syncs if i > max(work)]
            if before and after and not _long_samples(ctx, loop, body):
                ctx.report(before[0], f"`{ctx.text(before[0].func)}()` before and after every iteration of a timed "
                           "loop", "Synchronize once after the loop; time iterations with pre-allocated CUDA events")


_FEW_SAMPLES = 10


def _long_samples(ctx: Context, loop: ast.stmt, body: list[ast.stmt]) -> bool:
    """Each iteration is a long end-to-end sample: the loop runs a handful of times (``range(5)``, four prompts), or
    an iteration calls a function of this file that itself loops over GPU work (a generation, an epoch). A
    synchronize before and after such a sample is what makes a host timing of it correct, and costs nothing
    measurable."""
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        count = _range_count(ctx, loop)
        if count is not None and count <= _FEW_SAMPLES:
            return True
    for s in body:
        for c in _calls(s):
            name = c.func.id if isinstance(c.func, ast.Name) else None
            if name in ctx.functions and _loops_over_work(ctx, ctx.functions[name], 3):
                return True
    return False


def _range_count(ctx: Context, loop: ast.stmt) -> int | None:
    """How many times a ``for`` loop runs, when the code says: ``range(5)``, ``range(start, n)`` with known
    values, or a literal list of items (``for prompt in PROMPTS[:limit]`` with ``PROMPTS = [...]``)."""
    it = loop.iter  # type: ignore[attr-defined]
    while isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("enumerate", "list",
                                                                                          "tqdm") and it.args:
        it = it.args[0]
    base = it.value if isinstance(it, ast.Subscript) and isinstance(it.slice, ast.Slice) else it
    if isinstance(base, (ast.List, ast.Tuple)):
        return len(base.elts)
    if isinstance(base, ast.Name):
        values = ctx.assigns.get(base.id, [])
        if values and all(isinstance(v, (ast.List, ast.Tuple)) for v in values):
            return max(len(v.elts) for v in values)  # type: ignore[attr-defined]
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args):
        return None
    vals = [_const(ctx, a, loop) for a in it.args[:2]]
    if any(v is None for v in vals):
        return None
    return vals[0] if len(vals) == 1 else vals[1] - vals[0]  # type: ignore[operator]


def _const(ctx: Context, expr: ast.AST, where: ast.stmt) -> int | None:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        v = _const(ctx, expr.operand, where)
        return -v if v is not None else None
    if isinstance(expr, ast.Constant) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    if not isinstance(expr, ast.Name):
        return None
    values = ctx.assigns.get(expr.id, [])
    if values:
        consts = [v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, int)]
        return max(consts) if len(consts) == len(values) else None
    fn = where._wp_scope.node  # type: ignore[attr-defined]
    args = getattr(fn, "args", None)
    if args is None:
        return None
    pos = [*args.posonlyargs, *args.args]
    defaults = dict(zip([a.arg for a in pos[len(pos) - len(args.defaults):]], args.defaults))
    defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    d = defaults.get(expr.id)
    return d.value if isinstance(d, ast.Constant) and isinstance(d.value, int) else None


def _loops_over_work(ctx: Context, fn: ast.AST, depth: int) -> bool:
    cached = getattr(fn, "_wp_loops_work", None)
    if cached is not None:
        return cached
    fn._wp_loops_work = False  # type: ignore[attr-defined]  # recursion
    out = False
    scope = fn._wp_own_scope  # type: ignore[attr-defined]
    for s in scope.stmts:
        if s._wp_loops and ctx.gpu_work_in(stmt_nodes(s)):  # type: ignore[attr-defined]
            out = True
            break
        if depth > 0:
            for c in _calls(s):
                name = c.func.id if isinstance(c.func, ast.Name) else None
                if name in ctx.functions and ctx.functions[name] is not fn and \
                        _loops_over_work(ctx, ctx.functions[name], depth - 1):
                    out = True
                    break
        if out:
            break
    fn._wp_loops_work = out  # type: ignore[attr-defined]
    return out


def _calls(stmt: ast.stmt) -> list[ast.Call]:
    from .._context import stmt_calls

    return stmt_calls(stmt)
