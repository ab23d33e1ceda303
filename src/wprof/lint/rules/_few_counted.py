"""A training run of a few steps the code counts, timed from its first step (WP103).

A clock around a training loop is, as a rule, a run's wall time (``_common.end_to_end``): over thousands of steps
the first step's one-off costs (CUDA/cuBLAS/cuDNN start-up, the caching allocator's growth, the optimizer's state,
DDP's buckets, FSDP's or ZeRO's lazy set-up) are a small share of it. That holds only when the run is long. When
the loop inside the clock runs a number of steps the file states and that number is small, the figure printed is a
benchmark of a few steps, and the cold first one is a material share of it (sets 81, 114, 125: "only ~11 steps",
"a run of only MAX_STEPS=30 steps", "with 5 steps the cold step dominates").

The count is read from the loop itself: a ``break`` at the top of its body on a step counter (the ``enumerate``
index, or a name the loop adds one to) compared with a number the file gives (``if i >= 10: break``, ``if MAX_STEPS and global_step >= MAX_STEPS: break`` with ``MAX_STEPS = 30``).
A rate or a mean made from the interval (``tokens / elapsed``) is a per-step figure: a few means at most
``FEW_STEPS`` (100) steps; a total shown as such is a few at most ``FEW_TOTAL`` (20) steps, where the first step
is at least a twentieth of it. A count the file does not give (a config file, a loader's length) is not a few, and
long runs stay a run's wall time."""

from __future__ import annotations

import ast

from .._context import Context
from .._regions import Region

FEW_TOTAL = 20  # steps: a plain total over at most this many carries the first step in a material share


def few_counted_run(ctx: Context, r: Region) -> bool:
    """``r`` (one clock, not per iteration) holds a training loop of a few steps the file counts, its first step
    inside the clock: a few-step benchmark, not a run's wall time."""
    if r.outer is not None:
        return False
    from ._few_steps import FEW_STEPS, made_per_step

    for lp in r.inner_loops():
        if not _trains(ctx, r, lp):
            continue
        n = steps(ctx, lp, per_iteration=r.loop is not None)
        if n is None:
            from ._full_batch import full_batch_run

            if full_batch_run(ctx, r, lp):  # a few hundred full-batch steps at most: `_full_batch`
                return True
            continue
        if r.loop is None and n <= 10 and counted_by_index(lp):
            return False  # a loader left after a handful of steps on its index: `_cold_models._few_loader_steps`'s
            # (the first backward pass named), not a second finding of the region
        return n <= FEW_TOTAL or (n <= FEW_STEPS and made_per_step(r))
    return False


def _trains(ctx: Context, r: Region, lp: ast.stmt) -> bool:
    """The loop's body (its statements in the region's scope) runs a backward pass and an optimizer step, directly
    or through a training function of the file (``_few_steps.training_function``)."""
    from ._few_steps import training_function

    body = r.scope.stmts[lp._wp_idx + 1:lp._wp_end + 1]  # type: ignore[attr-defined]
    calls = [c for s in body for c in ast.walk(s) if isinstance(c, ast.Call)]
    methods = {ctx.method(c) for c in calls}
    if "backward" in methods and "step" in methods:
        return True
    return any(training_function(ctx, c) is not None for c in calls)


def steps(ctx: Context, lp: ast.stmt, per_iteration: bool = False) -> int | None:
    """The iterations of ``lp`` when a ``break`` at the top level of its body on a step counter compared with a
    number the file gives caps them (a ``range(n)`` loop of training steps is ``_few_steps``'s and the finders'
    that use it). ``per_iteration``: the clock restarts on every
    iteration of an outer loop (an epoch's clock): only a counter of the whole run's steps (``global_step += 1``)
    caps the run, the first clock holding its first steps."""
    from ._few_steps import _int

    if not isinstance(lp, (ast.For, ast.AsyncFor, ast.While)):
        return None
    counters = _counters(lp)
    if not counters:
        return None
    for st in lp.body:
        if not (isinstance(st, ast.If) and st.body and isinstance(st.body[-1], ast.Break) and not st.orelse):
            continue
        tests = st.test.values if isinstance(st.test, ast.BoolOp) and isinstance(st.test.op, ast.And) else [st.test]
        for t in tests:
            if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.left, ast.Name) and
                    t.left.id in counters and not (per_iteration and counters[t.left.id] == "index") and isinstance(t.ops[0], (ast.Eq, ast.GtE, ast.Gt))):
                continue
            cap = _int(ctx, t.comparators[0])
            if cap is None or cap < 0:
                continue
            # a counter read before its increment (the `enumerate` index): the test at `i == cap` stops after
            # cap + 1 steps (cap + 2 with `>`); a counter incremented after the step: after cap (cap + 1)
            extra = 1 if counters[t.left.id] == "index" else 0
            return cap + extra + (1 if isinstance(t.ops[0], ast.Gt) else 0)
    return None


def _counters(lp: ast.stmt) -> dict[str, str]:
    """Names counting the loop's steps: the ``enumerate`` index of ``for i, batch in enumerate(...)`` ("index", not
    rebound in the loop), and names the loop's body adds one to (``global_step += 1``: "count")."""
    out: dict[str, str] = {}
    body = [n for s in lp.body for n in ast.walk(s)]  # type: ignore[attr-defined]
    it = getattr(lp, "iter", None)
    target = getattr(lp, "target", None)
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" and \
            isinstance(target, ast.Tuple) and target.elts and isinstance(target.elts[0], ast.Name) and \
            not any(isinstance(x, ast.Name) and x.id == target.elts[0].id and isinstance(x.ctx, ast.Store)
                    for x in body):
        out[target.elts[0].id] = "index"
    for n in body:
        if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and isinstance(n.target, ast.Name) and \
                isinstance(n.value, ast.Constant) and n.value.value == 1:
            if sum(1 for x in body if isinstance(x, ast.Name) and x.id == n.target.id and
                   isinstance(x.ctx, ast.Store)) == 1:
                out.setdefault(n.target.id, "count")
    return out


def few_step_calls(ctx: Context, r: Region, work: list) -> list[ast.Call]:
    """In a few-step run (``few_counted_run``), the calls of the file's training-step functions that run a model on
    the GPU (``loss = train_step(model, batch, optimizer, device)``, ``_few_steps.gpu_training_call``): the steps
    timed, GPU work though no GPU call is written in the region."""
    from ._few_steps import gpu_training_call

    seen = {id(c) for c in work}
    calls = [c for c in r.calls() if id(c) not in seen and gpu_training_call(ctx, c)]
    return calls if calls and few_counted_run(ctx, r) else []


def counted_by_index(lp: ast.stmt) -> bool:
    """``lp`` is ``for i, batch in enumerate(...)``: its index counts the steps."""
    it = getattr(lp, "iter", None)
    return isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate"
