"""WP102's weak tier for per-iteration samples of a long loop bounded by the launch queue (nineteenth session,
queuebound; set 117).

``for i in range(1024): t0 = perf_counter(); out = model(ids); ...; times.append(perf_counter() - t0)`` with nothing
between one iteration's end read and the next one's start read but host bookkeeping: the samples tile the loop, so
each one ends where the next starts. The host runs ahead of the device by at most what the launch queue holds (about
a thousand kernel launches); once that is full, every launch waits for a slot, so each sample is the time of one
iteration's work (on the device, or on the host when the loop is launch-bound), shifted by the few iterations the
queue holds. A model-level call per iteration (a module's forward, ``generate``) launches a hundred kernels or more,
so the queue holds a handful of iterations: over 500 iterations or more, the samples' sum and mean, and their curve
over the loop, are off by that handful (a per cent or so). Weak (``--extend-select extra``), not silent: the samples
before the queue fills are still launch times.

The finding stays strong when any of the bound's conditions fails: fewer iterations (or a count the code does not
show), only small ops per iteration (the queue may hold the whole loop), GPU work or a wait between the end read
and the next start read (a synchronize, ``.item()``, a helper that waits: the queue is drained outside the
intervals, and each sample misses its own tail), a sample taken in a nested loop, or samples reduced to an extreme
or a spread (``min``, ``max``, ``std``, a percentile: the early launch-only samples decide those). A single interval
around a whole loop is not this case (it stays reported).
"""
from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import stmt_calls, stmt_nodes
from ._walk_values import loop_count

QUEUE_LONG = 500  # iterations from which a handful held in the launch queue is a small share of the samples
_EXTREMES = frozenset({"min", "max", "sorted", "std", "var", "percentile", "quantile", "median", "nanmin", "nanmax",
                       "nanstd", "nanpercentile", "nanmedian", "stdev", "pstdev", "variance", "amin", "amax",
                       "describe", "sort"})
_MODEL_METHODS = frozenset({"forward", "generate"})


def queue_bounded_samples(ctx: Context, r) -> bool:
    """The region is one sample of a ``range`` loop of ``QUEUE_LONG`` iterations or more, read back to back (the
    loop body outside the region does no GPU work and waits for nothing), each running a model-level call, and the
    samples are not reduced to an extreme or a spread anywhere in the file."""
    lp = r.loop
    if not isinstance(lp, ast.For) or (loop_count(ctx, lp) or 0) < QUEUE_LONG:
        return False
    body = r.scope.stmts[lp._wp_idx + 1:lp._wp_end + 1]  # type: ignore[attr-defined]
    ends = [r.scope.stmts[i] for i in (r.lo, r.hi) if i < len(r.scope.stmts)]
    if not body or any(getattr(e, "_wp_parent", None) is not lp for e in ends):
        return False  # (both readings directly in the loop's body, not under an `if` or in a nested loop)
    for s in body:
        if r.lo <= s._wp_idx <= r.hi:  # type: ignore[attr-defined]
            continue
        nodes = stmt_nodes(s)
        if ctx.gpu_work_in(nodes) or any(ctx.is_sync(c) for c in stmt_calls(s)) or _waiting_helper(ctx, s):
            return False  # GPU work or a wait between one sample's end and the next one's start
    if not any(_model_call(ctx, c) for c in r.calls()):
        return False
    return not _reduced_to_extremes(ctx, r)


def _waiting_helper(ctx: Context, s: ast.stmt) -> bool:
    """A call in ``s`` of a function of the file that synchronizes (``get_vram_usage()`` ending in
    ``torch.cuda.synchronize()``), or any call the linter cannot read that is handed a value (it may copy back)."""
    syncing = ctx._syncing_functions(True)  # type: ignore[attr-defined]
    for c in stmt_calls(s):
        q = ctx.call_name(c) or dotted(c.func) or ""
        if q in syncing or q.split(".")[-1] in syncing:
            return True
    return False


def _model_call(ctx: Context, c: ast.Call) -> bool:
    """``model(x)``, ``model.forward(x)``, ``model.generate(ids)`` of a model the file put on the GPU (or an object
    the linter knows is a GPU callable): a module's forward launches many kernels, not a few small ops."""
    from ._evidence import model_on_gpu

    if not ctx.is_gpu_work(c):
        return False
    f = c.func
    if isinstance(f, ast.Attribute) and f.attr in _MODEL_METHODS:
        f = f.value
    name = dotted(f)
    if name is None or ctx.is_tensorish(f):
        return False
    return name in ctx._gpu_callables or model_on_gpu(ctx, name)  # type: ignore[attr-defined]


def _reduced_to_extremes(ctx: Context, r) -> bool:
    """The samples' container, or a name the file binds from a call of the function that holds them (``timings =
    measure(...)``), is handed to ``min``/``max``/``sorted``/a spread or percentile, or has such a method called."""
    names: set[str] = set()
    if r.samples:
        names.add(r.samples.split(".")[-1])
    fn = getattr(r.scope, "node", None)
    fname = getattr(fn, "name", None)
    if fname:
        for n in ctx.all_nodes():
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and dotted(n.value.func) in (fname, ):
                for t in n.targets:
                    names |= {x.id for x in ast.walk(t) if isinstance(x, ast.Name)}
    if not names:
        return True  # (where the samples go is not shown: keep the finding)
    for n in ctx.all_nodes():
        if not isinstance(n, ast.Call):
            continue
        f = n.func
        last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if last not in _EXTREMES:
            continue
        handed = [*n.args, *(k.value for k in n.keywords)]
        if isinstance(f, ast.Attribute):
            handed.append(f.value)
        if any(isinstance(x, ast.Name) and x.id in names for a in handed for x in ast.walk(a)):
            return True
    return False
