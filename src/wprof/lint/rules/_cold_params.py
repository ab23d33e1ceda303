"""WP103 for a timing helper whose timed work is an object handed in by a caller the warm-up walk cannot bind (a
function of a module whose callers live elsewhere, or called only with objects of unknown origin): the walk knows
nothing of what ran before, so it leaves the region alone. The helper's own code answers the question when it puts
the object on the GPU itself (``net = net.cuda()``, ``model.to(device)``) and then times its work (``net(x)``,
``model.generate(...)``, ``op(a)``) with nothing in its body running it before the clock starts, for a figure it
keeps (one sample, or samples it averages), waiting for the GPU (a CUDA synchronize or events) or on data shown on
the GPU: the object's GPU life starts in the helper, so the timed call is its first GPU call (sets 26 and 29).

Silent: the helper runs the object (or hands it to another call) before the region, never moves it to the GPU
itself (a library's helper: callers the linter cannot see may have run it), times a pass over a data loader (an
evaluation, often after training ran the model), says it measures a first call, times a whole program, drops its
first samples, or summarizes per-iteration samples robustly (``_cold_walk.region_skipped``)."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from ._walk_calls import _BINDS_ONLY, _HOST_BUILTINS, _SETUP


def cold_param_helpers(ctx: Context) -> list[tuple[ast.AST, str]]:
    """(the timed call of the parameter's work, the parameter's name)."""
    from ._carried import cuda_synced
    from ._cold_walk import region_skipped
    from ._common import work_items
    from ._evidence import on_gpu
    from ._first_run import visits

    out: list[tuple[ast.AST, str]] = []
    seen = visits(ctx)
    for r in ctx.regions:
        fn = r.scope.node
        vs = seen.get(id(r), ())
        if r.outer is not None or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not vs or \
                any(v.warm or v.later or not (v.unknown or (v.entry and not v.sites)) for v in vs):
            continue  # (what the walk could bind through a caller, it judged)
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
                  if a.arg not in ("self", "cls")]
        work = {id(c) for c in work_items(ctx, r)}
        items = [(c, p) for c in r.calls() if (p := _param_head(c, params)) and
                 (id(c) in work or _runs_model(c))]
        if not items or region_skipped(ctx, r):
            continue
        c, p = items[0]
        line = r.start.lineno  # type: ignore[attr-defined]
        if _run_before(fn, p, line) or not _moved_here(fn, p, line) or _over_data(ctx, r):
            continue
        if not (cuda_synced(ctx, r) or on_gpu(ctx, c) or any(ctx.placement(a) == "cuda" for a in c.args)):
            continue
        out.append((c, p))
    return out


def _param_head(c: ast.Call, params: list[str]) -> str | None:
    """The parameter whose work ``c`` runs: ``model(x)``, ``model.generate(x)`` (not a set-up method)."""
    f = c.func
    if isinstance(f, ast.Name):
        return f.id if f.id in params else None
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in params and \
            f.attr not in _SETUP:
        return f.value.id
    return None


_RUNS = frozenset({"generate", "forward", "predict", "infer", "inference", "sample", "run"})


def _runs_model(c: ast.Call) -> bool:
    """``model(x)``, ``model.generate(...)``: a call that runs a handed-in model, whatever the linter knows of it."""
    return isinstance(c.func, ast.Name) or (isinstance(c.func, ast.Attribute) and c.func.attr in _RUNS)


def _moved_here(fn: ast.AST, p: str, line: int) -> bool:
    """``fn`` puts ``p`` on a device itself before ``line`` (``net = net.cuda()``, ``model.to(device)``, not to the
    CPU): the object's life on the GPU starts in this helper, so its first GPU call is the helper's first call."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and getattr(n, "lineno", line) < line and isinstance(n.func, ast.Attribute) and \
                n.func.attr in ("to", "cuda") and isinstance(n.func.value, ast.Name) and n.func.value.id == p and \
                not any(isinstance(a, ast.Constant) and a.value == "cpu" for a in n.args):
            return True
    return False


def _over_data(ctx: Context, r) -> bool:
    """A loop in or around the region walks a dataset (a loader, batches of a list): an evaluation pass, whose
    helper is often called after training has run the model (not a benchmark of the first call)."""
    from ._cold_helpers import _walks_data

    loops = [*getattr(r.scope.stmts[r.lo], "_wp_loops", ()), *r.inner_loops()]
    return any(_walks_data(ctx, lp) for lp in loops)


def _run_before(fn: ast.AST, p: str, line: int) -> bool:
    """Something in ``fn`` before ``line`` runs ``p`` or hands it to a call that may (``warmup(model)``,
    ``summary(model, x)``), set-up methods and binding calls aside."""
    todo = list(fn.body)  # type: ignore[attr-defined]
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, ast.Call) and n.lineno < line:
            if _param_head(n, [p]):
                return True
            name = dotted(n.func) or ""
            if name not in _BINDS_ONLY and name not in _HOST_BUILTINS and any(
                    isinstance(a, ast.Name) and a.id == p for a in [*n.args, *(k.value for k in n.keywords)]):
                return True
        todo.extend(ast.iter_child_nodes(n))
    return False
