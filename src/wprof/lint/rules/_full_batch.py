"""A short run of full-batch training steps, timed whole from its first step (WP103).

A clock around a training loop is, as a rule, a run's wall time (``_common.end_to_end``), and a long run carries its
first step's one-off costs (cuBLAS/cuSPARSE handle creation, lazy kernel loading, autograd's and the optimizer's
start-up, the allocator's growth: a few hundred milliseconds) in a small share. ``_few_counted`` makes an exception
for runs of at most ``FEW_TOTAL`` steps. A run of full-batch steps is short for another reason: every step runs the
model once on the same tensors, bound before the loop (``output = model(features, adj)`` of a graph network on its
whole graph, a regression on its whole feature matrix), with no loader, no slicing by the step and no batch fetched
per step. Such a step takes milliseconds, so a few hundred of them, their count the file gives (``for epoch in
range(args.epochs)`` with ``--epochs`` defaulting to 200), make a total of about a second in which the cold first
step is a material share (set 109: ``pygcn``'s "Total time elapsed" over 200 epochs, ``SGC``'s ``train_time`` over
100).

The loop is ``for ... in range(n)`` with ``n`` an integer the file gives (``_few_steps.loop_iterations``), at most
``FULL_BATCH_STEPS``; its body (or the file's training function it calls, ``train(epoch)``) runs a backward pass and
an optimizer step, and every call of a model in it (a name called, not a function of the file nor an import) reads only names not rebound in the
loop or the function, the step's counter left out, and none of them made by a tensor factory: the run trains on a
data set the file loads (``adj, features, labels = load_data()``). A loop of synthetic steps (``x =
torch.randn(...)``) stays a run's wall time, as the readers of set 20 judged it; so does a loop over a loader, a batch
fetched or sliced per step, or a count the file does not give. Where the shared cost model
(:mod:`._gpu_cost`) sizes the step (a model whose layers the file shows, on an input of a size it gives), the run is
judged by its estimate: silent when the estimate says the run is long (the cold first step, 0.1 s, under a tenth of
the total), and a figure made per step (``made_per_step``: a mean, a rate) of a run it says is short is reported
whatever the count and synthetic inputs or not (the input the same tensor every step, moved or not); a total shown
as such keeps the counts above. A region the other few-step finders already report
(``_cold_models.cold_backward_sites``: a literal repeat of at most 100 steps, a few steps made a rate) is theirs."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._regions import Region

FULL_BATCH_STEPS = 200  # full-batch steps of milliseconds each: a total of about a second, the cold first one in it


def full_batch_run(ctx: Context, r: Region, lp: ast.stmt) -> bool:
    """``r`` (one clock around the whole loop ``lp``) times a run of at most ``FULL_BATCH_STEPS`` full-batch
    training steps the file counts, from the first."""
    from ._few_steps import loop_iterations, training_function

    if r.loop is not None or r.outer is not None:
        return False
    n = loop_iterations(ctx, lp)
    if n is None or not isinstance(lp, ast.For):
        return False
    counter = {x.id for x in ast.walk(lp.target) if isinstance(x, ast.Name)}
    bodies: list[list[ast.AST]] = [list(lp.body)]
    for c in (c for s in lp.body for c in ast.walk(s) if isinstance(c, ast.Call)):
        fn = training_function(ctx, c)
        if fn is not None:
            bodies.append(list(fn.body))  # type: ignore[attr-defined]
    nodes = [n for b in bodies for s in b for n in ast.walk(s)]
    methods = {ctx.method(c) for c in nodes if isinstance(c, ast.Call)}
    if "backward" not in methods or "step" not in methods:
        return False
    if any(isinstance(x, (ast.For, ast.AsyncFor, ast.While, ast.comprehension)) for x in nodes) or \
            any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in ("next", "iter")
                for c in nodes):
        return False  # a loader, a batch fetched per step
    bound = {t.id for x in nodes if isinstance(x, (ast.Assign, ast.AugAssign, ast.AnnAssign))
             for tgt in (x.targets if isinstance(x, ast.Assign) else [x.target])
             for t in ast.walk(tgt) if isinstance(t, ast.Name)} | counter
    import builtins

    models = [c for c in nodes if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and
              c.func.id not in ctx.functions and c.func.id not in ctx.imports and not hasattr(builtins, c.func.id)]
    if not models:
        return False
    from ._few_steps import made_per_step
    from ._gpu_cost import moved_input, short_run, training_step_us

    sized = training_step_us(ctx, models)  # the cost model sizes the step: the run is short by its estimate or not
    if sized is not None and not short_run(n, sized[1]):
        return False  # the estimate says the run is long: its cold first step is under a tenth of it
    if sized is not None and made_per_step(r):  # beyond the counts: a mean or a rate of a run the estimate says is short
        x = moved_input(sized[0].args[0])
        if isinstance(x, ast.Name) and x.id not in bound:
            return not _reported_by_few_steps(ctx, r)
    if n > FULL_BATCH_STEPS:
        return False
    for c in models:
        args = list(c.args) + [k.value for k in c.keywords]
        if not args or not all(isinstance(a, ast.Name) and a.id not in bound for a in args):
            return False  # `model(x[idx])`, `model(batch)`: data that changes with the step
        if any(_synthetic(ctx, a.id) for a in args):  # type: ignore[attr-defined]
            return False  # `x = torch.randn(...)`: a loop of synthetic steps, a run's wall time (set 20)
    return not _reported_by_few_steps(ctx, r)


_FACTORIES = frozenset({"randn", "rand", "randint", "randn_like", "rand_like", "ones", "zeros", "empty", "full",
                        "ones_like", "zeros_like", "empty_like", "full_like", "arange", "linspace", "normal",
                        "random", "uniform", "standard_normal"})


def _synthetic(ctx: Context, name: str, depth: int = 0) -> bool:
    """``name`` is made by a tensor or array factory (``torch.randn(...)``, ``np.random.rand(...)``), possibly moved
    or cast after (``x = torch.randn(n, d).cuda()``; ``x = x.to(device)`` of such a name): synthetic inputs, not a
    data set the file loads (``adj, features, labels = load_data()``)."""
    for v in ctx.assigns.get(name, ()):
        root = v
        while isinstance(root, ast.Call) and isinstance(root.func, ast.Attribute) and \
                root.func.attr in ("cuda", "to", "float", "half", "double", "long", "contiguous", "requires_grad_",
                                   "to_sparse", "pin_memory"):
            root = root.func.value
        if isinstance(root, ast.Name) and root.id != name and depth < 3 and _synthetic(ctx, root.id, depth + 1):
            return True
        if isinstance(root, ast.Call) and (ctx.call_name(root) or dotted(root.func) or "").rsplit(".", 1)[-1] in \
                _FACTORIES:
            return True
    return False


def _reported_by_few_steps(ctx: Context, r: Region) -> bool:
    """A backward pass of ``r`` is reported by ``_cold_models.cold_backward_sites`` (its finding names the first
    backward; a second one here would replace it in ``_one_per_region``)."""
    sites = ctx.__dict__.get("_wp_full_batch_backs")
    if sites is None:
        ctx.__dict__["_wp_full_batch_backs"] = set()  # (no recursion through `end_to_end`)
        from ._cold_models import cold_backward_sites

        sites = {id(c) for c in cold_backward_sites(ctx)}
        ctx.__dict__["_wp_full_batch_backs"] = sites
    return any(id(c) in sites for c in r.calls())
