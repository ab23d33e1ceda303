"""Keras models as GPU work (gpuwork session, sets 77-136).

A Keras model (``Sequential([...])``, ``Model(inputs, outputs)``, ``keras.applications.Xception(...)``,
``load_model(path)``, or an instance of a class of the file deriving from ``keras.Model``) runs its layers as
TensorFlow ops: ``model.predict(x)``, ``model.evaluate(...)``, ``model.train_on_batch(...)`` and
the direct call ``model(x)`` are GPU work wherever TensorFlow runs its ops on the GPU, which the file states by one of

- a ``with tf.device("/GPU:0"):`` scope around the call or around the model's construction (Keras keeps the weights
  there and runs the ops on that device);
- a program that asks TensorFlow for a GPU (``tf.config.list_physical_devices("GPU")``, a module-level
  ``CUDA_VISIBLE_DEVICES = "1"``: ``_tf_device.checks_tf_gpu``), the call under no other device scope;
- a ``tf.distribute.MirroredStrategy()`` (TensorFlow's strategy for synchronous training on the GPUs of one machine).

None of these holds in a program that builds graphs (``tf.Session``), nor under ``with tf.device("/cpu:0")``. The
first such call pays the one-time costs (tracing the model's ``train_function``/``predict_function``, cuDNN/cuBLAS
handles, the allocator's growth), so it is a cold call when nothing ran the model before (WP103). ``fit`` is not
read here: Keras's own training loop, timed whole it is a training run's wall time, as a library trainer's is."""

from __future__ import annotations

import ast

from ._names import dotted

_RUNS = frozenset({"predict", "evaluate", "train_on_batch", "predict_on_batch", "test_on_batch", "predict_generator",
                   "evaluate_generator"})
# (not `fit`/`fit_generator`: Keras's own training loop, timed whole a training run's wall time whose first step is
# part of the run, as a library trainer's `train()` is; reading it as a cold call added findings on such runs)
_ROOTS = ("keras.", "tensorflow.keras.", "tf_keras.", "tensorflow.python.keras.")
_LOADERS = frozenset({"load_model", "clone_model", "model_from_json", "model_from_yaml", "Sequential", "Model"})
_STRATEGIES = frozenset({"tensorflow.distribute.MirroredStrategy"})


def _plain(q: str) -> str:
    from ._tf_device import _plain as plain

    return plain(q)


def _keras_model_class(ctx, cls: ast.ClassDef, depth: int = 0) -> bool:
    """A class of the file deriving (through classes of the file) from Keras's ``Model``."""
    if depth > 4:
        return False
    for b in cls.bases:
        q = _plain(ctx.qualname(b) or "")
        if q.startswith(_ROOTS) and q.rsplit(".", 1)[-1] == "Model":
            return True
        base = ctx.classes.get(b.id) if isinstance(b, ast.Name) else None
        if base is not None and base is not cls and _keras_model_class(ctx, base, depth + 1):
            return True
    return False


def _builds_model(ctx, v: ast.AST) -> bool:
    if not isinstance(v, ast.Call):
        return False
    q = _plain(ctx.call_name(v) or "")
    if q.startswith(_ROOTS):
        return q.rsplit(".", 1)[-1] in _LOADERS or ".applications." in q
    cls = ctx.classes.get(v.func.id) if isinstance(v.func, ast.Name) else None
    return cls is not None and _keras_model_class(ctx, cls)


def keras_model(ctx, expr: ast.AST) -> ast.Call | None:
    """The construction of the Keras model ``expr`` names (every binding of the name builds one), else None."""
    d = dotted(expr)
    values = ctx.assigns.get(d, []) if d is not None else []
    if values and all(_builds_model(ctx, v) for v in values):
        return values[0]
    return None


def _mirrored(ctx) -> bool:
    cached = ctx.__dict__.get("_wp_tf_mirrored")
    if cached is None:
        cached = any(_plain(ctx.call_name(c) or "") in _STRATEGIES for c in ctx.calls)
        ctx._wp_tf_mirrored = cached
    return cached


def _device_scope(ctx, node: ast.AST) -> str | None:
    """'gpu' or 'other' for the innermost ``with tf.device(...)`` of ``node``'s function around it, else None."""
    from ._gpu_work import tf_gpu_device

    st = getattr(node, "_wp_stmt", node)
    n = getattr(st, "_wp_parent", None)
    while isinstance(n, ast.stmt) and not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        if isinstance(n, (ast.With, ast.AsyncWith)):
            for i in n.items:
                e = i.context_expr
                if isinstance(e, ast.Call) and _plain(ctx.call_name(e) or "") == "tensorflow.device":
                    return "gpu" if tf_gpu_device(ctx, e, True) else "other"
        n = getattr(n, "_wp_parent", None)
    return None


def keras_gpu_run(ctx, call: ast.AST) -> bool:
    """``model.predict(x)``/``model.evaluate(ds)``/``model(x)`` of a Keras model, in a program whose TensorFlow runs
    it on a GPU (see the module docstring)."""
    if not isinstance(call, ast.Call):
        return False
    f = call.func
    if isinstance(f, ast.Attribute) and f.attr in _RUNS:
        model = f.value
    elif isinstance(f, (ast.Name, ast.Attribute)) and (call.args or call.keywords):
        model = f
    else:
        return False
    built = keras_model(ctx, model)
    if built is None:
        return False
    from ._tf_device import _GRAPH_MODE, checks_tf_gpu

    if any(_plain(ctx.call_name(c) or "") in _GRAPH_MODE for c in ctx.calls):
        return False
    here = _device_scope(ctx, call)
    if here is not None:
        return here == "gpu"
    made = _device_scope(ctx, built)
    if made is not None:
        return made == "gpu"
    return checks_tf_gpu(ctx) or _mirrored(ctx)

