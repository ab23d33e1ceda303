"""Training loops of a few steps or epochs, their count known from the code (WP103).

A run's wall time, or a mean over its steps, is a training run's figure, and over thousands of steps the first
step's one-off costs (CUDA and cuBLAS/cuDNN start-up, the caching allocator's growth, autotuning, DDP's bucket and
FSDP's lazy set-up, the optimizer's state) are a small share of it. Not when the loop runs a handful of
iterations that the code counts: ``for epoch in range(5)``, ``for step in range(args.steps)`` with ``--steps``
defaulting to 20, ``EPOCHS = 3`` at the top of the file. A mean epoch time over five epochs, or tokens per second
over twenty steps, then carries the cold first one in a material share (sets 81-88: 84.37, 85.27, 85.30, 85.35).

The count is read from ``range(n)`` / ``range(a, b)`` (also through ``enumerate``, ``tqdm`` or ``trange``) with
every bound an integer the file gives: a literal, a name bound to one (the largest of its bindings), a parameter
handed one at every call, an argparse default. A count the file does not give (a config file, a loader's length)
is not a few."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import subtree

FEW_EPOCHS = 10  # epochs: a mean of at most this many carries the first one's start-up in a material share
FEW_STEPS = 100  # steps (as `_cold_models._literal_repeat`): the same for a loop of single training steps


def loop_iterations(ctx: Context, loop: ast.AST) -> int | None:
    """The iteration count of ``for ... in range(...)`` when the file gives its bounds, else None."""
    if not isinstance(loop, (ast.For, ast.AsyncFor)):
        return None
    it = loop.iter
    while isinstance(it, ast.Call) and (dotted(it.func) or "").rsplit(".", 1)[-1] in ("enumerate", "tqdm") and \
            it.args:
        it = it.args[0]
    if not (isinstance(it, ast.Call) and (dotted(it.func) or "").rsplit(".", 1)[-1] in ("range", "trange") and
            1 <= len(it.args) <= 2 and not it.keywords):
        return None
    bounds = [_int(ctx, a) for a in it.args]
    if None in bounds and len(it.args) == 1:  # `range(self.config.num_runs)`, `range(min(6, len(frames)))`
        from ._counts import count_of

        bounds = [count_of(ctx, it.args[0], exact_tried=True)]
    if None in bounds:
        return None
    n = bounds[0] if len(bounds) == 1 else bounds[1] - bounds[0]  # type: ignore[operator]
    return n if n > 0 else None


def few_epochs(ctx: Context, loop: ast.AST | None) -> bool:
    n = loop_iterations(ctx, loop) if loop is not None else None
    return n is not None and n <= FEW_EPOCHS


def few_steps(ctx: Context, loop: ast.AST | None) -> bool:
    n = loop_iterations(ctx, loop) if loop is not None else None
    return n is not None and n <= FEW_STEPS


def training_function(ctx: Context, call: ast.Call) -> ast.AST | None:
    """The function of the file ``call`` runs (``train()``, ``train_epoch(model, loader)``) when its own body runs a
    training step: a backward pass and an optimizer step (``loss.backward()``, ``optimizer.step()``), else None."""
    if not isinstance(call.func, ast.Name):
        return None
    fn = ctx.functions.get(call.func.id)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.decorator_list:
        return None
    calls = [n for n in subtree(fn) if isinstance(n, ast.Call)]
    if any(ctx.method(c) == "backward" for c in calls) and any(ctx.method(c) == "step" for c in calls):
        return fn
    return None


def trains_per_epoch(fn: ast.AST) -> bool:
    """The training function loops over its batches: each call is an epoch, not one step."""
    return any(isinstance(lp, (ast.For, ast.AsyncFor, ast.While)) and
               any(isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == "backward"
                   for c in ast.walk(lp)) for lp in ast.walk(fn))


def _int(ctx: Context, e: ast.AST) -> int | None:
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub)):
        a, b = _int(ctx, e.left), _int(ctx, e.right)
        if a is None or b is None:
            return None
        return a + b if isinstance(e.op, ast.Add) else a - b
    from ._tensor_sizes import _int_value

    return _int_value(ctx, e)


def gpu_training_call(ctx: Context, call: ast.AST) -> bool:
    """``train()``: a call of a training function of the file (``training_function``) whose body runs a model the
    file put on the GPU (``model(x)``, ``model.forward(x)``) or moves its batches there: GPU work, whatever its
    arguments."""
    fn = training_function(ctx, call) if isinstance(call, ast.Call) else None
    if fn is None:
        return False
    from ._evidence import model_on_gpu

    for n in ast.walk(fn):
        if not isinstance(n, ast.Call):
            continue
        f = n.func
        model = f if isinstance(f, ast.Name) else f.value if isinstance(f, ast.Attribute) and \
            f.attr == "forward" else None
        if isinstance(model, ast.Name) and model.id not in ctx.functions and model_on_gpu(ctx, model.id):
            return True
        if isinstance(f, ast.Attribute) and (f.attr == "cuda" or f.attr == "to" and
                                             any(ctx._device_value(a) == "cuda" for a in n.args)):
            return True
    return False


def few_samples_note(ctx: Context, r) -> str:
    """For a region whose per-iteration training samples are averaged (``_step_samples``) over a loop of a count
    known to be a few: what the finding adds, `` (the first of 5 timed epochs is averaged in ...)``; else ''."""
    from ._step_samples import averaged_training_samples

    n = loop_iterations(ctx, r.loop) if r.loop is not None else None
    if n is None or n > FEW_STEPS or not averaged_training_samples(ctx, r):
        return ""
    epochs = any(isinstance(c, ast.Call) and ctx.method(c) == "backward" for lp in r.inner_loops()
                 for c in ast.walk(lp)) or any(trains_per_epoch(fn) for c in r.calls()
                                               if (fn := training_function(ctx, c)) is not None) or \
        any(isinstance(c, ast.Call) and training_function(ctx, c) is not None  # a step function called per batch
            for lp in r.inner_loops() for c in ast.walk(lp))
    if epochs and n > FEW_EPOCHS:
        return ""
    what = "epoch" if epochs else "step"
    return f" (the first of {n} timed {what}s, with its one-off start-up, is averaged in)"


def made_per_step(r) -> bool:
    """The region's interval becomes a per-step figure or a rate: a division by it or of it (``tokens / total``,
    ``total / steps``; the subtraction itself or a name the interval statement binds, read in the region's
    function after it), not a total shown as a run's wall time."""
    st = r.interval
    if st is None:
        return False
    names: set[str] = set()
    if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        for t in (st.targets if isinstance(st, ast.Assign) else [st.target]):
            names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
    start = getattr(st, "_wp_idx", None)
    if start is None:
        return False

    def timed(e: ast.AST, here: ast.stmt) -> bool:
        return (isinstance(e, ast.Name) and e.id in names) or (here is st and isinstance(e, ast.BinOp) and
                                                                 isinstance(e.op, ast.Sub))

    for s in r.scope.stmts[start:]:
        for n in ast.walk(s):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div) and (timed(n.left, s) or timed(n.right, s)):
                return True
    return False
