"""A timed run (a training or evaluation run: ``_common.end_to_end``) whose figure is one of several the program
compares, each timed the same way (WP103, twentieth session, sets 92 and 98).

A clock around a whole training run measures the run, and over a long run its first step's one-off costs are part
of the workload (``first_cuda_call_train.py``). Not so the creation of the CUDA context (hundreds of milliseconds)
when the same timing code runs more than once and the figures are set side by side: ``time_training("cpu")`` then
``time_training("cuda")`` for a "% faster" line, or one run per configuration of a hyper-parameter grid
(``for values in itertools.product(*grid.values()):``) compared for the best. The first GPU run pays the context, the
others do not: the comparison is biased by a cost that is no part of any configuration.

The runs are told apart by the warm-up walk (:mod:`._first_run`): the region is reached through more than one call
chain (a helper called for the CPU and then for the GPU), or it runs once per iteration of a loop over settings (a
product of settings, or a written-out list of them), not over data.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted


def compared_runs(ctx: Context, r, visits: list) -> bool:
    """Region ``r`` times one of several runs the program sets side by side (see the module's docstring)."""
    chains = {tuple(id(s) for s in v.sites) for v in visits}
    if len(chains) > 1:
        return True
    loops = [r.loop] if r.loop is not None else []
    loops += list(getattr(r.scope.stmts[r.lo], "_wp_loops", ()))
    for v in visits:
        for s in v.sites:
            loops += list(getattr(getattr(s, "_wp_stmt", None), "_wp_loops", ()))
    return any(_settings_loop(ctx, lp, r.scope) for lp in loops)


def _settings_loop(ctx: Context, loop: ast.AST, scope) -> bool:
    """``for values in itertools.product(*grid.values()):`` (a grid of settings), or a loop over written-out
    numbers (``_indexed_sweeps.configuration_loop``): each iteration a configuration, not a batch of data."""
    from ._indexed_sweeps import configuration_loop

    if not isinstance(loop, ast.For):
        return False
    it = loop.iter
    if isinstance(it, ast.Call) and (ctx.call_name(it) or dotted(it.func) or "") in ("itertools.product", "product"):
        return True
    own = getattr(loop, "_wp_scope", None)
    return configuration_loop(ctx, loop, own if own is not None else scope)
