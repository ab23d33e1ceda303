"""WP103: the only training epoch of a freshly built model, timed once (set 51 class).

A training run's wall time is a run, not a benchmark (``_common.end_to_end``): over many epochs the one-off costs
of the first steps are a small part of it. Not so when the timed run is exactly one epoch of a model the program
built and never ran: the figure is then reported as "the epoch time" (``Train 1 epoch: 41.2 s``, a CPU-vs-GPU or a
DP-vs-DDP comparison), and it holds the first epoch's start-up, the CUDA kernels' first loads and cuDNN's
autotuning, a Keras model's graph tracing, the loader workers' start.

Two shapes, each timed once (the region in no loop of its function), its training call at the region's own level:

- ``model.fit(x, y, epochs=1)`` of a Keras model (the file imports TensorFlow or Keras) built in the same function
  (a call bound to the name) and never fit, evaluated, predicted or called before there;
- ``train(net, loader)``, a function of the file whose epoch loop is ``for epoch in range(E)`` with ``E`` known to be
  1 (a literal, a name the function binds only to 1, or a parameter handed 1 at the call) and that runs a backward
  pass in it, handed a model built in the caller (a call bound to the name, re-bound only by library wrappers such as
  ``DistributedDataParallel(net)``) that nothing ran before, on the GPU (the model moved there, or the function
  moving its batches there).

Silent: more than one epoch, a warm-up epoch (or any run of the model) before the timer, a region timed in a loop,
a measurement labelled as a cold start, a warm-up the function names."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import stmt_calls

_KERAS_RUNS = frozenset({"fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "predict_on_batch",
                         "fit_generator", "__call__"})


def single_epoch_runs(ctx: Context) -> list[tuple[ast.Call, str]]:
    """(the training call, what it is) for each region that times the only epoch of a fresh model."""
    from ._cold_walk import _labelled_first
    from ._common import _times_first_call, mentions_warmup_for

    out: list[tuple[ast.Call, str]] = []
    if not ctx.regions:
        return out
    keras = any(str(q).split(".")[0] in ("tensorflow", "keras", "tf_keras") for q in ctx.imports.values())
    for r in ctx.regions:
        start = r.scope.stmts[r.lo]
        if r.loop is not None or getattr(start, "_wp_loops", ()):
            continue  # timed again and again: not one cold figure
        depth = len(getattr(start, "_wp_loops", ()) or ())
        top = [c for c in r.calls() if len(getattr(getattr(c, "_wp_stmt", None), "_wp_loops", ()) or ()) == depth]
        hits = []
        for c in top:
            what = (_keras_epoch(ctx, r, c) if keras else None) or _torch_epoch(ctx, r, c)
            if what:
                hits.append((c, what))
        if len(hits) != 1 or _times_first_call(ctx, r) or _labelled_first(ctx, r) or mentions_warmup_for(ctx, r):
            continue
        out.append(hits[0])
    return out


def _one(ctx: Context, e: ast.AST | None, fn: ast.AST | None = None) -> bool:
    """``e`` is 1: a literal, or a name bound only to the literal 1 (in ``fn`` when given, else in the file)."""
    if isinstance(e, ast.Constant):
        return type(e.value) is int and e.value == 1
    if not isinstance(e, ast.Name):
        return False
    if fn is not None:
        vals = [st.value for st in ast.walk(fn) if isinstance(st, ast.Assign) and
                any(isinstance(t, ast.Name) and t.id == e.id for t in st.targets)]
        if any(isinstance(st, (ast.AugAssign, ast.AnnAssign)) and isinstance(st.target, ast.Name) and
               st.target.id == e.id for st in ast.walk(fn)):
            return False
        if not vals and not _local(fn, e.id):
            return _one(ctx, e)  # `EPOCHS = 1` at the top of the file, read by the function: the module's binding
    else:
        vals = list(ctx.assigns.get(e.id, ()))
    return bool(vals) and all(isinstance(v, ast.Constant) and type(v.value) is int and v.value == 1 for v in vals)


def _local(fn: ast.AST, name: str) -> bool:
    """``name`` is bound in ``fn`` otherwise than by a plain assignment (a parameter, a loop target, a ``global``)."""
    a = fn.args  # type: ignore[attr-defined]
    if name in {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if x is not None}:
        return True
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, (ast.Store, ast.Del)) or
               isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names for n in ast.walk(fn))


def _fresh(ctx: Context, name: str, scope, before: int, runs) -> bool:
    """``name`` is bound in ``scope`` before statement ``before`` by a call (a constructor, a builder), and no
    statement between its first such binding and ``before`` runs it: ``runs(call)`` says whether a call does (a
    re-binding by a library wrapper of the same name, ``net = DDP(net)``, runs nothing)."""
    first = None
    for i, st in enumerate(scope.stmts[:before]):
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Call) and \
                any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
            wraps = any(isinstance(n, ast.Name) and n.id == name for a in st.value.args for n in ast.walk(a))
            if first is None and not wraps:
                first = i
            if wraps and (isinstance(st.value.func, ast.Name) and st.value.func.id in ctx.functions):
                return False  # `net = prepare(net)`, a function of the file: it may run it
    if first is None:
        return False
    return not any(runs(c) for st in scope.stmts[first + 1:before] for c in stmt_calls(st))


def _keras_epoch(ctx: Context, r, c: ast.Call) -> str | None:
    """``model.fit(x, y, epochs=1)`` of a model built in the region's function and never run before there."""
    f = c.func
    if not (isinstance(f, ast.Attribute) and f.attr == "fit" and isinstance(f.value, ast.Name)):
        return None
    epochs = next((k.value for k in c.keywords if k.arg == "epochs"), None)
    if epochs is None or not _one(ctx, epochs):
        return None
    name = f.value.id

    def runs(c2: ast.Call) -> bool:
        g = c2.func
        if isinstance(g, ast.Name) and g.id == name:
            return True
        if isinstance(g, ast.Attribute) and isinstance(g.value, ast.Name) and g.value.id == name:
            return g.attr in _KERAS_RUNS
        return any(isinstance(n, ast.Name) and n.id == name for a in [*c2.args, *(k.value for k in c2.keywords)]
                   for n in ast.walk(a)) and not (isinstance(g, ast.Name) and g.id in ("print", "len", "type"))

    if not _fresh(ctx, name, r.scope, r.lo, runs):
        return None
    return f"`{ctx.text(c.func)}(..., epochs=1)` times the only epoch of a model built just before: the figure holds " \
        "the one-off start of its first steps (the train function's tracing, the kernels' first loads, autotuning)"


def _torch_epoch(ctx: Context, r, c: ast.Call) -> str | None:
    """``train(net, loader)``: a function of the file that trains for one epoch, handed a fresh GPU model."""
    if not isinstance(c.func, ast.Name):
        return None
    fn = ctx.functions.get(c.func.id)
    if not isinstance(fn, ast.FunctionDef) or fn.decorator_list:
        return None
    params = [a.arg for a in fn.args.args]
    loops = [lp for lp in fn.body if isinstance(lp, ast.For) and isinstance(lp.iter, ast.Call) and
             dotted(lp.iter.func) == "range" and len(lp.iter.args) == 1]
    if len(loops) != 1 or not any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and
                                  n.func.attr == "backward" for n in ast.walk(loops[0])):
        return None
    count = loops[0].iter.args[0]
    one = _one(ctx, count, fn) if not (isinstance(count, ast.Name) and count.id in params) else \
        _one(ctx, _bound_arg(c, fn, params.index(count.id)))
    if not one:
        return None
    models = [a for a in c.args if isinstance(a, ast.Name)]
    moves = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "cuda" or
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "to" and
                any(ctx._device_value(a) == "cuda" for a in n.args) for n in ast.walk(loops[0]))
    from ._evidence import model_on_gpu

    for m in models:
        name = m.id
        i = c.args.index(m)
        if i >= len(params) or not any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and
                                       n.func.id == params[i] for n in ast.walk(loops[0])):
            continue  # not the model the epoch runs (`net(images)` in the loop)
        if not (model_on_gpu(ctx, name) or moves or _moved_in_place(r.scope, name, r.lo)):
            continue

        def runs(c2: ast.Call, name=name) -> bool:
            g = c2.func
            if isinstance(g, ast.Name) and g.id == name:
                return True
            if isinstance(g, ast.Attribute) and isinstance(g.value, ast.Name) and g.value.id == name:
                from ._walk_calls import runs_nothing

                return not runs_nothing(g.attr)
            handed = any(isinstance(n, ast.Name) and n.id == name for a in [*c2.args, *(k.value for k in c2.keywords)]
                         for n in ast.walk(a))
            return handed and isinstance(g, ast.Name) and g.id in ctx.functions  # (a library wrapper runs nothing)

        if _fresh(ctx, name, r.scope, r.lo, runs):
            return f"`{ctx.text(c)}` times the only training epoch (`range(1)`) of a model built just before: the " \
                "figure holds the one-off start of its first steps (the kernels' first loads, cuDNN's autotuning, " \
                "the loader's workers)"
    return None


def _bound_arg(call: ast.Call, fn: ast.FunctionDef, index: int) -> ast.AST | None:
    if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
        return call.args[index]
    name = fn.args.args[index].arg
    got = next((k.value for k in call.keywords if k.arg == name), None)
    if got is None:
        defaults = fn.args.defaults
        j = index - (len(fn.args.args) - len(defaults))
        got = defaults[j] if 0 <= j < len(defaults) else None
    return got


def _moved_in_place(scope, name: str, before: int) -> bool:
    """``net.cuda()`` / ``net.to("cuda")`` as a statement before the region."""
    for st in scope.stmts[:before]:
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Attribute) \
                and isinstance(st.value.func.value, ast.Name) and st.value.func.value.id == name and \
                st.value.func.attr in ("cuda", "to"):
            return True
    return False
