"""Where TensorFlow runs its eager ops when the code names no device (fourteenth session, lint77).

TensorFlow places an op on a visible GPU by default, so code that names no device says nothing about the GPU by
itself. A program that checks for one (``tf.config.list_physical_devices("GPU")``, its ``experimental`` form,
``tf.test.is_gpu_available()``, ``tf.test.gpu_device_name()``), or picks one by index in its module body
(``os.environ["CUDA_VISIBLE_DEVICES"] = "1"``, seventeenth session), or names it in its own identifiers (``def
gpu_matmul(a, b)``, twenty-second session), is written for the machine that has it: its
eager ops outside any ``with tf.device(...)`` scope run on that GPU, each returning once its kernel is queued. Not in a
program that builds graphs (``tf.Session``, ``disable_eager_execution()``, ``disable_v2_behavior()``), where an op
call only adds a node; and an op under any device scope is placed by that scope (``_gpu_work.in_tf_gpu_scope``)."""

from __future__ import annotations

import ast

_CHECKS = frozenset({"tensorflow.config.list_physical_devices", "tensorflow.config.experimental.list_physical_devices",
                     "tensorflow.config.list_logical_devices", "tensorflow.test.is_gpu_available",
                     "tensorflow.test.gpu_device_name"})
_GRAPH_MODE = frozenset({"tensorflow.Session", "tensorflow.InteractiveSession", "tensorflow.disable_eager_execution",
                         "tensorflow.disable_v2_behavior",
                         # TensorFlow 1's session forms and graph-only calls (libsync, set 140): the program builds a
                         # graph and `sess.run(op)` returns host values once the step is done
                         "tensorflow.train.MonitoredTrainingSession", "tensorflow.train.MonitoredSession",
                         "tensorflow.train.SingularMonitoredSession", "tensorflow.placeholder",
                         "tensorflow.ConfigProto"})


def _plain(q: str) -> str:
    """``tensorflow.compat.v1.config.x`` -> ``tensorflow.config.x``."""
    for compat in ("tensorflow.compat.v1.", "tensorflow.compat.v2."):
        if q.startswith(compat):
            return "tensorflow." + q[len(compat):]
    return q


def checks_tf_gpu(ctx) -> bool:
    """The program asks TensorFlow for a GPU and runs eagerly (cached on the context)."""
    cached = ctx.__dict__.get("_wp_tf_gpu_check")
    if cached is None:
        cached = False
        names = [(_plain(ctx.call_name(c) or ""), c) for c in ctx.calls]
        if any(q.startswith("tensorflow.") for q, _ in names) and not any(q in _GRAPH_MODE for q, _ in names):
            cached = any(q in _CHECKS and (q.startswith("tensorflow.test.") or any(
                isinstance(a, ast.Constant) and a.value == "GPU" for a in [*c.args, *(k.value for k in c.keywords)]))
                for q, c in names) or _selects_gpu(ctx)
        ctx._wp_tf_gpu_check = cached
    return cached


def names_gpu(ctx) -> bool:
    """An eager TensorFlow program that names the GPU in its own identifiers (a function, variable or parameter with a
    ``gpu`` part: ``def gpu_matrix_multiplication``, ``measure_gpu_execution_time``, ``use_gpu``; not strings) and
    hides no GPU: TensorFlow places its eager ops on a visible GPU without being told (twenty-second session,
    libsync: set 151). Read only for TensorFlow's own ops (``on_default_gpu``), not for the program's other
    libraries. Cached on the context."""
    cached = ctx.__dict__.get("_wp_tf_names_gpu")
    if cached is None:
        cached = False
        if ctx.imports_any("tensorflow") and not any(_plain(ctx.call_name(c) or "") in _GRAPH_MODE for c in ctx.calls):
            for n in ctx.all_nodes():
                w = n.name if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) else \
                    n.id if isinstance(n, ast.Name) else n.arg if isinstance(n, ast.arg) else None
                if w is not None and "gpu" in w.lower().split("_"):
                    cached = not ctx.hides_gpus()
                    break
        ctx._wp_tf_names_gpu = cached
    return cached


def _selects_gpu(ctx) -> bool:
    """The module body picks the GPUs TensorFlow sees by index (``os.environ["CUDA_VISIBLE_DEVICES"] = "1"``, a
    string of device numbers, at top level): written for a machine with that GPU, which TensorFlow then uses by
    default (``"-1"`` or ``""`` hides every GPU: ``hides_gpus``)."""
    if "CUDA_VISIBLE_DEVICES" not in ctx.source:
        return False
    from ._placement import _visible_key

    for st in ctx.tree.body:
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Subscript) and _visible_key(t.slice)
                                              for t in st.targets):
            v = st.value
            if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.strip() and \
                    all(p.strip().isdigit() for p in v.value.split(",")):
                return True
    return False


def on_default_gpu(ctx, call: ast.AST) -> bool:
    """An eager op of a program that checks for a GPU, under no ``with tf.device(...)`` scope of its function."""
    if not (checks_tf_gpu(ctx) or names_gpu(ctx)):
        return False
    st = getattr(call, "_wp_stmt", None)
    node = getattr(st, "_wp_parent", None)
    while isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(
                isinstance(i.context_expr, ast.Call) and _plain(ctx.call_name(i.context_expr) or "") ==
                "tensorflow.device" for i in node.items):
            return False
        node = getattr(node, "_wp_parent", None)
    return True


def tf_op(ctx, call: ast.AST) -> bool:
    """A TensorFlow call that runs an op (not device, config, I/O, data-pipeline or test bookkeeping)."""
    from ._gpu_work import _TF_NOT_WORK

    q = _plain(ctx.call_name(call) or "") if isinstance(call, ast.Call) else ""
    return q.startswith("tensorflow.") and not q.startswith(_TF_NOT_WORK)


def runs_tf_gpu_op(ctx, fn: ast.AST) -> bool:
    """A function of the file whose own body runs an eager TensorFlow op placed on the GPU (by default or by a device
    scope of its own), outside lambdas: TensorFlow copies host inputs to that GPU, so its caller queues GPU work
    whatever it hands it (``def gpu_mm(a, b): return tf.matmul(a, b)``). Memoized per function."""
    memo = ctx.__dict__.setdefault("_wp_tf_fn_ops", {})
    if id(fn) not in memo:
        memo[id(fn)] = False
        if ctx.imports_any("tensorflow"):  # (on_default_gpu reads the program's GPU facts)
            from ._gpu_work import in_tf_gpu_scope
            from ._walk import in_lambda

            memo[id(fn)] = any(isinstance(n, ast.Call) and tf_op(ctx, n) and not in_lambda(n) and
                               (on_default_gpu(ctx, n) or in_tf_gpu_scope(ctx, n)) for n in ctx.nodes_in(fn))
    return memo[id(fn)]


_DEVICE_LISTS = frozenset({"tensorflow.config.list_physical_devices", "tensorflow.config.list_logical_devices",
                           "tensorflow.config.experimental.list_physical_devices",
                           "tensorflow.config.experimental.list_logical_devices"})


def listed_device(ctx, a: ast.AST) -> bool:
    """``tf.device(dev.name)`` / ``tf.device(dev.device_type)`` of the variable of a loop over the devices TensorFlow
    lists (``for dev in tf.config.list_physical_devices():``, or with ``"GPU"``; not ``"CPU"``): on a machine with a
    GPU, one pass of the loop places its ops there."""
    if isinstance(a, ast.Attribute) and a.attr in ("name", "device_type"):
        a = a.value
    if not isinstance(a, ast.Name):
        return False
    loop = getattr(getattr(a, "_wp_stmt", None), "_wp_parent", None)
    while loop is not None and not isinstance(loop, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        if isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(loop.target, ast.Name) and loop.target.id == a.id:
            it = loop.iter
            return isinstance(it, ast.Call) and _plain(ctx.call_name(it) or "") in _DEVICE_LISTS and all(
                isinstance(v, ast.Constant) and v.value == "GPU" for v in [*it.args, *(k.value for k in it.keywords)])
        loop = getattr(loop, "_wp_parent", None)
    return False
