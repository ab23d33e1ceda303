"""Does a reported figure include the cold first call, and as one of how many samples? (WP103, twenty-second
session, sets 137-156.)

A timing function of the file called more than once (once per device, model, batch size or backend of a sweep) was
taken to warm itself up: its first call runs the work, the later calls are warm. That holds when the first call is a
warm-up, its figure thrown away. When every call's figure is kept (printed, stored per configuration, returned to a
caller that prints it), the first call's figure is a measurement too, and it holds the work's cold first call. How
much that matters is the share of the cold call in the figure: one of a few samples (``for _ in range(5)``, the count
given by the file, at most :data:`FEW_SAMPLES`) averaged, summed or turned into a rate moves the first
configuration's figure by a fifth of the one-off start-up or more; one of a hundred does not.

:func:`first_figure_share` answers with that count (the samples the first call's figure holds), or None when the
figure is not shown to hold the cold call among a few: a call site whose result is dropped (a warm-up call), a
caller that mentions a warm-up, a count the file does not give or above a few, samples summarized by something else
than their mean or sum (a median, a minimum)."""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import subtree
from ._few_samples import FEW_SAMPLES
from ._few_steps import FEW_STEPS, loop_iterations


def first_figure_share(ctx: Context, r) -> int | None:
    """How many samples the figure of the first call of region ``r``'s function holds, the cold first call among
    them, when every call of the function keeps its figure and that count is a few; else None."""
    fn = r.scope.node
    name = getattr(fn, "name", None)
    if name is None or isinstance(fn, ast.Module) or not _figures_kept(ctx, fn, name):
        return None
    n = _samples(ctx, r)
    return n if n is not None and 1 < n <= FEW_SAMPLES else None


def _samples(ctx: Context, r) -> int | None:
    """The samples the region's figure averages or sums: the iterations of the loop around a per-iteration region
    whose samples are averaged or summed, or of the loop a whole-loop region times (divided into a per-iteration
    figure or a rate by its count)."""
    from ._common import _mean_of_per_iteration, _summed_then_divided

    if r.loop is not None:
        if not (_mean_of_per_iteration(ctx, r) or _summed_then_divided(ctx, r)):
            return None
        return loop_iterations(ctx, r.loop)
    loops = [s for s in r.stmts() if isinstance(s, (ast.For, ast.AsyncFor))]
    if len(loops) != 1:
        return None
    return loop_iterations(ctx, loops[0])


def _figures_kept(ctx: Context, fn: ast.AST, name: str) -> bool:
    """Every call of the function ``name`` keeps its result (bound, returned, printed, stored): none is a bare
    statement (a warm-up call whose figure is dropped), none sits in a scope that mentions a warm-up, and the
    function returns a value."""
    from ._common import mentions_warmup
    from ._evidence import call_sites

    printed = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print" for n in
                  subtree(fn))  # each call prints its own figure: a bare call site reports it too
    if not printed and not any(isinstance(n, ast.Return) and n.value is not None for n in subtree(fn)):
        return False
    sites = call_sites(ctx, name)
    if len(sites) < 1:
        return False
    for c in sites:
        st = getattr(c, "_wp_stmt", None)
        if st is None or (not printed and isinstance(st, ast.Expr) and st.value is c):
            return False
        scope = getattr(st, "_wp_scope", None)
        if scope is not None and mentions_warmup(ctx, scope):
            return False
    return True


def few_repeats(ctx: Context, r) -> bool:
    """Region ``r`` (one clock) times a loop of a few repeats the file counts (``for _ in range(10):``, at most
    :data:`FEW_SAMPLES`) of a forward and backward pass with no optimizer step, in the region or in the functions of
    the file it calls: an op's forward/backward benchmark of a few samples, not a training run's wall time (a run
    updates its weights), so its cold first repeat is a tenth of the figure or more."""
    if r.loop is not None or r.outer is not None:
        return False
    loops = [s for s in r.stmts() if isinstance(s, (ast.For, ast.AsyncFor))]
    if len(loops) != 1 or len(r.inner_loops()) != 1:
        return False
    n = loop_iterations(ctx, loops[0])
    if n is None or n > FEW_SAMPLES:
        return False
    for c in r.calls():
        if ctx.method(c) == "step":
            return False
        d = ctx.callee_def(c) if isinstance(c.func, (ast.Name, ast.Attribute)) else None
        if d is not None and any(isinstance(n2, ast.Call) and ctx.method(n2) == "step" or
                                 isinstance(n2, (ast.For, ast.AsyncFor, ast.While)) for n2 in ast.walk(d[1])):
            return False  # (a function of the file that steps an optimizer, or loops: a run)
    return True


def first_window_cold(ctx: Context) -> list[tuple[ast.AST, str, int]]:
    """(cold call, its key, the window's steps) for a periodic throughput window (``t0 = time.time()`` before the
    loop; ``if step % every == 0: dt = time.time() - t0; print(every * batch / dt); t0 = time.time()``) whose first
    window opens before the first step of GPU work that never ran before it, ``every`` a few steps the file counts
    (at most :data:`FEW_SAMPLES`), in a loop of at most ``FEW_STEPS`` (100) steps the file counts (a throughput
    benchmark, not a long run's progress log): the first window's figure holds the cold first step as one of a
    few. The window's skeleton and its exceptions (a first window skipped or labelled) are ``_first_window``'s,
    which reports the compiled case (WP112); here the work is not compiled."""
    from ._common import called_before, callee_key, work_items
    from ._first_window import first_windows

    out: list[tuple[ast.AST, str, int]] = []
    if not ctx.uses_gpu:
        return out
    for r, end, loop in first_windows(ctx, outermost=True):
        n = _window_steps(ctx, end, loop)
        total = _run_steps(ctx, loop)
        if n is None or n > FEW_SAMPLES or total is None or total > FEW_STEPS:
            continue  # (a long run's progress log: its first line is not the figure anyone reads)
        work = [(c, k) for c in work_items(ctx, r) if (k := callee_key(c)) is not None]
        if not work or any(called_before(ctx, k, r.scope, r.lo) or ctx.is_compiled(k) for _, k in work):
            continue  # one step's work ran before the window (a warm-up), or compiled work (WP112's)
        out.append((work[0][0], work[0][1], n))
    return out


def _run_steps(ctx: Context, loop: ast.stmt) -> int | None:
    """The steps of the loop the windows divide, when the file gives them: a ``range`` loop's count, or ``while
    i < N:`` (``<=``) with ``N`` a number the file gives."""
    from ._few_steps import _int

    if isinstance(loop, ast.While):
        t = loop.test
        if isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], (ast.Lt, ast.LtE)) and \
                isinstance(t.left, ast.Name):
            return _int(ctx, t.comparators[0])
        return None
    return loop_iterations(ctx, loop)


def _window_steps(ctx: Context, end: ast.stmt, loop: ast.stmt) -> int | None:
    """``every`` of the periodic test around the end reading (``if step % every == 0:``), when the file gives it."""
    from ._few_steps import _int

    node = getattr(end, "_wp_parent", None)
    periodic = None
    while isinstance(node, ast.stmt) and node is not loop:
        if isinstance(node, ast.If):
            periodic = node
        node = getattr(node, "_wp_parent", None)
    if periodic is None:
        return None
    mods = [b for b in ast.walk(periodic.test) if isinstance(b, ast.BinOp) and isinstance(b.op, ast.Mod)]
    return _int(ctx, mods[0].right) if len(mods) == 1 else None
