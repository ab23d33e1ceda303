'''WP103 no-warmup: GPU work is timed on its first call.

## What it does
Checks for timed regions whose GPU work (every callee: a model, an op, a kernel) is not called anywhere before the
region in the same function, when nothing in the function mentions a warmup and no loop condition skips the first
iterations. Per-iteration samples are reported only when they are summarized by their mean.

Reported by default when the cold call is shown to run on the GPU (an operand, argument or receiver known to be
on the GPU, or a kernel launch), whether repeated inside the region or timed once. Weak, shown only with
`--extend-select extra`: work not shown to be on the GPU, and a one-off cold call whose same work (and nothing
else) is timed again later in the function (a deliberate cold-vs-warm pair). A first call timed on purpose is
recognized by its names and message (`compile_s`, "Load time: ..."). (From set 11 to sets 14-16 any one-off cold
call was weak; judged blind on sets 14-16, those were right 8 times in 9, one borderline left out.)

Also reported: a timing helper of the file that takes the model as a parameter and is called twice or more with
the same model, when the first call's result is kept and the model was created in the caller and never run before
it (a cold measurement compared with warm ones).

A warmup is also seen in another function of the file that calls the same imported op and runs first
(`main()` benchmarks `torch.mm` with a warmup, then `quick_demo()` times one `torch.mm`).

## Why is this bad?
The first call pays one-off costs: CUDA context and library handle creation, cuBLAS/cuDNN heuristics and autotuning,
lazy module loading, caching-allocator growth, and clocks ramping up from idle. A measurement that includes them
describes start-up, not the steady state you will run.

## Example
```python
a = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    torch.mm(a, a)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 10)
```

## Use instead
```python
a = torch.randn(4096, 4096, device="cuda")
for _ in range(3):  # warmup
    torch.mm(a, a)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    torch.mm(a, a)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 10)
```

## Fix safety
No automatic fix: how many warmup calls are needed depends on the work.
'''

from __future__ import annotations

import ast

from .._context import Context, Scope, stmt_calls
from ._common import (_sites, _times_first_call, callee_key, end_to_end, enclosing_params, is_library,
                      mentions_warmup, on_gpu, warmup_findings, work_items)

CODE = "WP103"
NAME = "no-warmup"
FIX = "none"


def check(ctx: Context) -> None:
    for r, call, key in warmup_findings(ctx, compiled=False):
        what = ctx.text(call) if key == "@" else key
        # strong since sets 14-16 (weak one-off calls there: 24 true, 5 false, the false classes fixed): the cold
        # call is shown to run on the GPU, and is not the first half of a deliberate cold-vs-warm pair
        weak = not on_gpu(ctx, call) or _timed_again_later(ctx, r, key, call)
        ctx.report(call, f"`{what}` is timed without a warmup call", "Run it a few times before the timed region",
                   weak=weak)
    for site, key, arg in cold_first_sites(ctx):
        ctx.report(site, f"`{key}` is timed without a warmup call (the first call of `{arg}`, later timed again "
                   "warm)", "Run it a few times before the first timed call")


def _timed_again_later(ctx: Context, r, key: str, call: ast.AST) -> bool:
    """A one-off cold call whose same work every later region of the function times again: a deliberate
    cold-vs-warm pair (``single`` then the mean of ten). The same work: the same call text, none of its names bound
    again in between (``torch.mm(Y, Y)`` after ``Y = X.cuda()`` of another size is another experiment). A later
    region of other work (an eager model, then its CUDA graph) sets the cold number against another variant: not
    a pair."""
    if _repeated(ctx, r, key):
        return False
    later = [o for o in ctx.regions if o.scope is r.scope and o.lo >= r.hi and _work_keys(ctx, o)]
    if not later or not all(key in _work_keys(ctx, o) for o in later):
        return False
    text = ctx.text(call)
    names = {n.id for n in ast.walk(call) if isinstance(n, ast.Name)}
    rebound = any(st._wp_scope is r.scope and r.hi < st._wp_idx < later[0].lo  # type: ignore[attr-defined]
                  for n in names for st in ctx.assign_stmts.get(n, ()))
    return not rebound and any(ctx.text(c) == text for c in work_items(ctx, later[0]))


def _repeated(ctx: Context, r, key: str) -> bool:
    return r.loop is not None or any(r.in_loop(c) for c in work_items(ctx, r) if callee_key(c) == key)


def _work_keys(ctx: Context, r) -> frozenset:
    cache = ctx.__dict__.setdefault("_wp103_keys", {})
    if id(r) not in cache:
        cache[id(r)] = frozenset(k for c in work_items(ctx, r) if (k := callee_key(c)))
    return cache[id(r)]


# methods that set a model up without running it
_SETUP = frozenset({"eval", "train", "to", "cuda", "cpu", "half", "float", "bfloat16", "requires_grad_",
                    "parameters", "named_parameters", "state_dict", "load_state_dict", "zero_grad"})


def cold_first_sites(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """A timing helper that takes the model as a parameter (``generate_once(model, ...)``), called twice or more
    with the same model, whose first call's result is kept (``base_ids, base_time = generate_once(model, ...)``)
    and whose model was never run before it: the first measurement is a cold start, compared with warm ones.
    (site of the first call, timed key inside the helper, the argument's name)."""
    out: list[tuple[ast.Call, str, str]] = []
    if not ctx.uses_gpu or is_library(ctx):
        return out
    done: set[int] = set()
    for r in ctx.regions:
        fn = r.scope.node
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or id(fn) in done or r.loop is not None:
            continue
        params = [a.arg for a in fn.args.args]
        # the helper's work is a callable parameter: a model handed in (not GPU work the file can show)
        keys = [k for c in r.calls() if (k := callee_key(c)) and k.rsplit(".", 1)[-1] not in _SETUP]
        bases = {k.split(".")[0] for k in keys if k.split(".")[0] in params}
        if len(bases) != 1 or mentions_warmup(ctx, r.scope) or _times_first_call(ctx, r) or end_to_end(ctx, r):
            continue
        p = bases.pop()
        if _exercised(p, r.scope, r.lo):
            continue
        sites = sorted((c for c in _sites(ctx, fn.name) if isinstance(c.func, ast.Name)),
                       key=lambda c: (c.lineno, c.col_offset))
        args = [_bound(c, fn, params.index(p)) for c in sites]
        if len(sites) < 2 or not isinstance(args[0], ast.Name) or \
                any(not isinstance(a, ast.Name) or a.id != args[0].id for a in args[1:]):
            continue  # strong evidence: the same model timed again later, warm, and compared
        first, name = sites[0], args[0].id
        stmt = first._wp_stmt  # type: ignore[attr-defined]
        caller: Scope = stmt._wp_scope
        if stmt._wp_loops or not _result_kept(stmt, first) or name in enclosing_params(caller) or \
                mentions_warmup(ctx, caller) or _exercised(name, caller, stmt._wp_idx) or \
                not _created(name, caller, stmt._wp_idx):
            continue
        done.add(id(fn))
        out.append((first, next(k for k in keys if k.split(".")[0] == p), name))
    return out


def _bound(call: ast.Call, fn: ast.AST, index: int) -> ast.AST | None:
    """The argument of ``call`` bound to the ``index``-th positional parameter of ``fn``."""
    if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
        return call.args[index]
    name = fn.args.args[index].arg  # type: ignore[attr-defined]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _result_kept(stmt: ast.stmt, call: ast.Call) -> bool:
    """``x, t = helper(...)``: the first call's measurement is kept, not thrown away as a warmup."""
    return isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is call and any(
        isinstance(n, ast.Name) and not n.id.startswith("_")
        for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]) for n in ast.walk(t))


def _exercised(name: str, scope: Scope, before: int) -> bool:
    """``name`` is called, has a method other than a setup one called, or is handed to a call before ``before``."""
    for stmt in scope.stmts[:before]:
        for c in stmt_calls(stmt):
            f = c.func
            if isinstance(f, ast.Name) and f.id == name:
                return True
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == name and \
                    f.attr not in _SETUP:
                return True
            for a in list(c.args) + [k.value for k in c.keywords]:
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(a)):
                    return True
    return False


def _created(name: str, scope: Scope, before: int) -> bool:
    """``name`` is assigned in ``scope`` before ``before`` from a call (a constructor, ``from_pretrained``)."""
    return any(isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and
               any(isinstance(t, ast.Name) and t.id == name for t in s.targets) for s in scope.stmts[:before])
