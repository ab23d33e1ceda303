"""Training steps or epochs timed one by one and averaged (WP103).

A region that trains (``.backward()`` inside) is, as a rule, a run's wall time: the first step is part of the workload
(``_common.end_to_end``). Not when the region is *per iteration* of a loop (each iteration one epoch or one step) and
its samples end in a mean: ``epoch_times.append(t1 - t0)`` read by ``np.mean(epoch_times)``, or
``total += epoch_time`` read after the loop only as ``total / num_epochs``. The number printed is then a typical
epoch's (or step's) time, and the first sample, which pays CUDA/cuDNN/cuBLAS start-up, the optimizer's state and the
allocator's growth, is averaged in. The fresh verdicts (truth items of sets 38, 41 and 45, three repositories): a
mean epoch time, an average epoch training time, a mean step time, none warmed. A total training time (one clock
around the whole run) stays a run's wall time.

The step may be a function of the file that the loop calls (``loss = train()``, its body ``loss.backward();
optimizer.step()``) when the loop's count is known to be a few (``_few_steps``: at most 100 steps, or 10 epochs
when the function loops over its batches): twenty full-graph steps of a small GCN, their total divided by twenty
(85.27, 85.30). An epoch mean is weak unless its epoch count is known to be a few (``epochs = 5``: 84.37).
"""

from __future__ import annotations

import ast

from .._context import Context
from .._regions import Region


def averaged_training_samples(ctx: Context, r: Region) -> bool:
    """``r`` is a per-iteration region of a loop that trains, and its samples are averaged."""
    if r.loop is None or r.outer is not None:
        return False
    if not any(ctx.method(c) == "backward" for c in r.calls()) and not _few_steps_through_function(ctx, r):
        return False
    from ._common import _mean_of_per_iteration

    return _mean_of_per_iteration(ctx, r) or _total_divided(ctx, r)


def epoch_samples(ctx: Context, r: Region) -> bool:
    """``averaged_training_samples`` of whole epochs (the region holds the loop over the batches): the cold first
    step is a small share of an epoch; the readers call such a mean borderline (sets 38, 45), so it is weak. The
    inner loop is the one that trains (holds the ``.backward()``): a loop over the parameters that all-reduces
    their gradients after one step's backward leaves each sample one step (set 55). A mean of a few epochs, their
    count known (``for epoch in range(5)``), is not weak: the first one's start-up is a material share of it (84.37)."""
    from ._few_steps import few_epochs

    if few_epochs(ctx, r.loop):
        return False
    return any(any(ctx.method(c) == "backward" for c in ast.walk(lp) if isinstance(c, ast.Call))
               for lp in r.inner_loops()) and averaged_training_samples(ctx, r)


def _few_steps_through_function(ctx: Context, r: Region) -> bool:
    """The region calls a function of the file that trains (a backward pass and an optimizer step), in a loop of a
    few iterations the code counts (steps, or epochs when the function loops over its batches)."""
    from ._few_steps import few_epochs, few_steps, trains_per_epoch, training_function

    fns = [fn for c in r.calls() if (fn := training_function(ctx, c)) is not None]
    if not fns:
        return False
    return few_epochs(ctx, r.loop) if any(trains_per_epoch(fn) for fn in fns) else few_steps(ctx, r.loop)


def trained_model(ctx: Context, cold: list[tuple[ast.Call, str]]) -> tuple[ast.Call, str] | None:
    """Among a training step's cold calls, the model's (a plain name or ``self.x`` called: ``net(x)``), not the
    loss function's (``F.cross_entropy(net(x), y)``): the work the finding names."""
    for c, key in cold:
        if isinstance(c.func, ast.Name) and c.func.id not in ctx.imports and c.func.id not in ctx.functions:
            return c, key
    return None


def _interval_names(r: Region) -> set[str]:
    st = r.interval
    if not isinstance(st, (ast.Assign, ast.AnnAssign)):
        return set()
    targets = st.targets if isinstance(st, ast.Assign) else [st.target]
    return {t.id for t in targets if isinstance(t, ast.Name)}


def _total_divided(ctx: Context, r: Region) -> bool:
    """``dt = time.time() - t0`` (or the subtraction itself) added to a total in the loop (``total += dt``), the
    total read after the loop only divided by something (``total / n``: a mean)."""
    loop = r.loop
    names = _interval_names(r)
    totals: set[str] = set()
    for st in r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[union-attr,attr-defined]
        if isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and isinstance(st.target, ast.Name) and (
                any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(st.value)) or
                (st is r.interval)):
            totals.add(st.target.id)
    if len(totals) != 1:
        return False
    name = totals.pop()
    after = [ld for ld in ctx.loads(name) if getattr(ld, "_wp_stmt", None) is not None and
             ld._wp_stmt._wp_scope is r.scope and ld._wp_stmt._wp_idx > loop._wp_end]  # type: ignore[attr-defined]
    if not after:
        return False

    def divided(ld: ast.AST) -> bool:
        p = getattr(ld, "_wp_parent", None)
        return isinstance(p, ast.BinOp) and isinstance(p.op, ast.Div) and p.left is ld

    return any(divided(ld) for ld in after)
