'''WP105 mean-only: per-sample timings are collected, then only their mean is reported.

## What it does
Checks for lists of timing samples (intervals appended in a loop, or `elapsed_time()` values) whose only use is a
mean: `statistics.mean(times)`, `np.mean(times)`, `sum(times) / len(times)`, `torch.tensor(times).mean()`.

## Why is this bad?
GPU timings are skewed and often bimodal: a few slow samples (a clock drop, another process, a page fault, a
garbage collection) move the mean while the typical run does not change. The mean alone hides the spread, so two
runs cannot be compared and a noisy measurement looks as precise as a clean one. You already have the samples:
report the median and the spread (min, p5/p95 or IQR) and n.

Totals divided by a count (`(t1 - t0) / n` over a loop) are not reported: no per-sample data exists there. Samples
that reach the list through a temporary (`ms = start.elapsed_time(end); times.append(ms)`) count, and a name bound to
a new list for each measurement (`times = []` before each benchmark) is judged list by list. Samples that are
never named count too: `sum([s.elapsed_time(e) for s, e in zip(starts, ends)]) / n`. A sum divided by a unit
(`sum(times) / 60`, minutes) is a total, not a mean. Not reported either: samples each printed or logged where
they are taken (`times.append(dt); print(i, dt)` in the same loop, not under an `if` such as `if verbose:`): the
reader sees every sample, and the mean is not the only number reported.

## Example
```python
times = []
for _ in range(100):
    start.record(); fn(); end.record()
    end.synchronize()
    times.append(start.elapsed_time(end))
print(f"{statistics.mean(times):.3f} ms")
```

## Use instead
```python
q = statistics.quantiles(times, n=20)
print(f"median {statistics.median(times):.3f} ms, p5 {q[0]:.3f}, p95 {q[-1]:.3f}, n={len(times)}")
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

import ast

from .._context import Context, base_key, stmt_nodes
from .._regions import _samples_of
from ._common import _classify_use, sample_uses_of

CODE = "WP105"
NAME = "mean-only"
FIX = "none"


def _sample_lists(ctx: Context) -> set[str]:
    keys = {r.samples for r in ctx.regions if r.samples}
    for c in ctx.calls:
        if ctx.method(c) == "elapsed_time" or (ctx.call_name(c) or "").endswith("get_elapsed_time"):
            parent = getattr(c, "_wp_parent", None)
            while isinstance(parent, (ast.BinOp, ast.Call)) and not (
                    isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute)
                    and parent.func.attr == "append"):
                parent = getattr(parent, "_wp_parent", None)
            if isinstance(parent, ast.Call):
                key = base_key(parent.func.value)  # type: ignore[union-attr]
                if key:
                    keys.add(key)
            else:  # through a temporary: `ms = s.elapsed_time(e) / n; times.append(ms)`
                key = _samples_of(ctx, c)
                if key:
                    keys.add(key)
            stmt = c._wp_stmt  # type: ignore[attr-defined]
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.ListComp) and len(stmt.targets) == 1:
                key = base_key(stmt.targets[0])
                if key:
                    keys.add(key)
    # only plain lists: a meter object's `.avg` is its own design
    out = set()
    for k in keys:
        values = ctx.assigns.get(k, [])
        if values and all(isinstance(v, (ast.List, ast.ListComp)) or
                          (isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "list")
                          for v in values):
            out.add(k)
    return out


def check(ctx: Context) -> None:
    for key in sorted(_sample_lists(ctx)):
        for means, others, appends in _uses_by_binding(ctx, key):
            if means and not others and not _each_sample_shown(ctx, appends):
                ctx.report(means[0], f"Only the mean of `{key}` is reported",
                           "Report the median and the spread (min, p5/p95 or IQR) and n too")
    seen: set[int] = set()
    for comp in _inline_samples(ctx):
        if id(comp) not in seen and _classify_use(ctx, comp) == "mean":
            seen.add(id(comp))
            ctx.report(comp, "Only the mean of the `elapsed_time()` samples is reported",
                       "Report the median and the spread (min, p5/p95 or IQR) and n too")


def _inline_samples(ctx: Context) -> list[ast.AST]:
    """Samples that never get a name: ``sum([s.elapsed_time(e) for s, e in zip(starts, ends)]) / n``."""
    out = []
    for c in ctx.calls:
        if ctx.method(c) != "elapsed_time":
            continue
        node, parent = c, getattr(c, "_wp_parent", None)
        while parent is not None and not isinstance(parent, (ast.ListComp, ast.GeneratorExp, ast.stmt)):
            node, parent = parent, getattr(parent, "_wp_parent", None)
        if isinstance(parent, (ast.ListComp, ast.GeneratorExp)) and parent.elt is node:
            out.append(parent)
    return out


_SHOW = frozenset({"print", "info", "debug", "warning", "log", "write", "set_postfix", "set_description",
                   "add_scalar", "add_scalars", "pprint", "echo", "secho"})


def _each_sample_shown(ctx: Context, appends: list[ast.Call]) -> bool:
    """Every sample is also printed or logged where it is taken (``times.append(dt); print(i, "t =", dt)`` in the
    same loop): the reader sees the spread, the mean is not the only number reported."""
    for app in appends:
        if not app.args:
            continue
        arg, stmt = app.args[0], app._wp_stmt  # type: ignore[attr-defined]
        loop = stmt._wp_loops[-1] if stmt._wp_loops else None
        if loop is None:
            continue
        lo, hi = loop._wp_idx, loop._wp_end  # type: ignore[attr-defined]
        scope = stmt._wp_scope
        if isinstance(arg, ast.Name):
            uses = [ld for ld in ctx.loads(arg.id) if ld._wp_stmt._wp_scope is scope  # type: ignore[attr-defined]
                    and lo < ld._wp_stmt._wp_idx <= hi and ld is not arg]  # type: ignore[attr-defined]
        else:
            text = ctx.text(arg)
            uses = [n for st in scope.stmts[lo + 1:hi + 1] for n in stmt_nodes(st)
                    if type(n) is type(arg) and n is not arg and ctx.text(n) == text]
        if any(_shown(ctx, u) and not _conditional(u._wp_stmt, loop) for u in uses):  # type: ignore[attr-defined]
            return True  # (a print under `if args.verbose:` is not shown by default)
    return False


def _conditional(stmt: ast.stmt, loop: ast.stmt) -> bool:
    node = getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop:
        if isinstance(node, (ast.If, ast.Try, ast.ExceptHandler)):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


def _shown(ctx: Context, node: ast.AST) -> bool:
    parent = getattr(node, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Call) and node is not parent.func and \
                ((ctx.call_name(parent) or "").rsplit(".", 1)[-1] in _SHOW or ctx.method(parent) in _SHOW):
            return True
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def _uses_by_binding(ctx: Context, key: str) -> list[tuple[list[ast.AST], list[ast.AST], list[ast.Call]]]:
    """The uses of each list a name is bound to: ``times = []`` starts a new list, so one benchmark's
    ``sum(times)`` says nothing about the next one's ``np.mean(times)``. Uses with no binding before them in their
    function are grouped together (the file-wide view)."""
    import bisect

    by_scope: dict[int, list[tuple[int, int]]] = {}  # scope -> sorted (statement index, binding id)
    for b in ctx.assign_stmts.get(key, []):
        by_scope.setdefault(id(b._wp_scope), []).append((b._wp_idx, id(b)))  # type: ignore[attr-defined]
    for lst in by_scope.values():
        lst.sort()
    groups: dict[int, tuple[list[ast.AST], list[ast.AST], list[ast.Call]]] = {}
    for node in ctx.loads(key):
        stmt = getattr(node, "_wp_stmt", None)
        if stmt is None:
            continue
        lst = by_scope.get(id(stmt._wp_scope), [])  # type: ignore[attr-defined]
        k = bisect.bisect_left(lst, (stmt._wp_idx, -1))  # type: ignore[attr-defined]  # the latest binding before
        gid = lst[k - 1][1] if k else 0
        means, others, appends = groups.setdefault(gid, ([], [], []))
        parent = getattr(node, "_wp_parent", None)
        if isinstance(parent, ast.Attribute) and parent.value is node and parent.attr == "append" and \
                isinstance(getattr(parent, "_wp_parent", None), ast.Call):
            appends.append(parent._wp_parent)  # type: ignore[attr-defined]
        m, o = sample_uses_of(ctx, [node])
        means.extend(m)
        others.extend(o)
    if 0 in groups and len(groups) > 1:  # file-wide uses count against every list
        m0, o0, a0 = groups.pop(0)
        for means, others, appends in groups.values():
            means.extend(m0)
            others.extend(o0)
            appends.extend(a0)
    return list(groups.values())
