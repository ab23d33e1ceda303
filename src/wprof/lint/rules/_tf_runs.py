"""TensorFlow work placed on a GPU that a timed region repeats or runs cold (WP104, WP103; fourteenth session, lint77).

TensorFlow puts its ops on a visible GPU by default, so the code alone shows a GPU only where it names one: the
ops are built or run under ``with tf.device("/GPU:0"):`` (``"/device:GPU:1"``, ``"gpu:0"``, a DirectML
``"/DML:0"``). Code under ``tf.device("/CPU:0")`` and code that names no device stay silent.

- **Inputs and layers made in every sample** (WP104). A timed function (a ``timeit`` statement's callable, a loop of
  samples over ``range``) that, under a GPU device scope, draws its input with ``tf.random.normal``/``uniform``/...
  (``tf.random_normal`` in TensorFlow 1) and hands it to the work, or builds a new Keras layer
  (``tf.keras.layers.Conv2D(32, 7)(x)``): every sample pays the random fill and the layer's weight creation and
  initialisation beside the operation it reports. Read in the timed code and one call deep (a function of the file
  it calls); not in a training step (``GradientTape``, ``apply_gradients``, ``fit``: a GAN's noise is the
  algorithm's own draw). A TensorFlow 1 graph fetched with ``sess.run(net)`` whose ops, followed back through the names they
  read, start from a random op (not held in a ``tf.Variable``, which is drawn once by its initializer) regenerates
  that input on every run: the same finding, at the random op.
- **Host tensors copied in every sample** (WP104, seventeenth session). An op under a GPU device scope in the timed
  code (or one call deep) handed tensors made under ``with tf.device("/cpu:0"):`` outside it: they live in host
  memory, and every call copies them to the GPU. Not in a training step.
- **The first run of a GPU graph timed** (WP103). ``sess.run(net)`` of a graph built under a GPU device scope,
  timed at the top level of a script or notebook (directly or through a function of the file) with no run of the same fetch, and no call of that function,
  anywhere before the measurement: the first run of a GPU graph initialises the device's kernels and cuDNN's
  algorithm choice, and the sum of ``timeit(..., number=10)`` holds it. Not when the reading is labelled as a cold
  start or the code names a warm-up. Also a graph the timing function builds under a GPU scope just
  before the region (in the same loop iteration, if any) and runs in a session made there: each timed run is the
  first of a new graph in a new session, whatever the function's caller or the loop's count.
- **The first Keras run on a GPU device, timed once** (WP103). A notebook's ``%%timeit -n1 -r1`` cell whose code runs
  a Keras model (``fit``, ``evaluate``, ``predict``...) under ``with tf.device("/GPU:0"):`` when no earlier code of
  the notebook ran Keras work under a scope naming the same device: the one sample is the device's first use.
"""

from __future__ import annotations

import ast

from .._context import Context

_TF_RANDOM = frozenset({"normal", "uniform", "truncated_normal", "stateless_normal", "stateless_uniform",
                        "stateless_truncated_normal", "random_normal", "random_uniform", "gamma", "poisson"})
_LAYER_MODULES = ("tensorflow.keras.layers.", "keras.layers.", "tf_keras.layers.")
_HELD = frozenset({"tensorflow.Variable", "tensorflow.compat.v1.Variable", "tensorflow.get_variable",
                   "tensorflow.compat.v1.get_variable", "tensorflow.constant"})

_TF_ROOTS = ("tensorflow", "keras", "tf_keras")


def _gpu_scoped(ctx: Context, node: ast.AST) -> bool:
    from .._gpu_work import in_tf_gpu_scope

    return in_tf_gpu_scope(ctx, node)


def tf_random(ctx: Context, c: ast.AST) -> bool:
    """``tf.random.normal(shape)``, ``tf.random_normal(shape)`` (TF 1), ``tf.random.uniform``...: a random op."""
    if not isinstance(c, ast.Call):
        return False
    q = ctx.call_name(c) or ""
    head, _, last = q.rpartition(".")
    return head in ("tensorflow.random", "tensorflow", "tensorflow.compat.v1.random", "tensorflow.compat.v1") and \
        last in _TF_RANDOM and (head.endswith("random") or last.startswith(("random_", "truncated_")))


def _keras_layer(ctx: Context, c: ast.AST) -> bool:
    if not isinstance(c, ast.Call):
        return False
    q = ctx.call_name(c) or ""
    return q.startswith(_LAYER_MODULES) and q.rpartition(".")[2][:1].isupper()


def _feeds(c: ast.Call, calls: list[ast.Call]) -> bool:
    """The value is handed to other work: an argument of a call, or a name bound to it and read by a later call."""
    parent = getattr(c, "_wp_parent", None)
    if isinstance(parent, (ast.Call, ast.keyword, ast.BinOp)):
        return not (isinstance(parent, ast.Call) and parent.func is c)
    st = getattr(c, "_wp_stmt", None)
    if not (isinstance(st, ast.Assign) and st.value is c and len(st.targets) == 1 and
            isinstance(st.targets[0], ast.Name)):
        return False
    name = st.targets[0].id
    return any(o.lineno > st.lineno and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(o))
               for o in calls)


def _fn_calls(ctx: Context, fn: ast.AST) -> list[ast.Call]:
    from .._walk import nested_in

    return [x for x in ctx.calls_in_function(fn) if not nested_in(x, fn)]


_TRAINING = frozenset({"apply_gradients", "GradientTape", "minimize", "fit", "train_on_batch", "gradient"})


def _sample_made(ctx: Context, calls: list[ast.Call]) -> list[ast.Call]:
    """Random inputs fed to the work and Keras layers built and called, under a GPU device scope, among ``calls``;
    none in a training step (a GAN's noise, dropout masks: the algorithm's own draws)."""
    out: list[ast.Call] = []
    if any((ctx.method(c) or (c.func.id if isinstance(c.func, ast.Name) else "")) in _TRAINING or
           (ctx.call_name(c) or "").rpartition(".")[2] in _TRAINING for c in calls):
        return out
    for c in calls:
        if not _gpu_scoped(ctx, c):
            continue
        if tf_random(ctx, c) and _feeds(c, calls):
            out.append(c)
        elif _keras_layer(ctx, c) and isinstance(getattr(c, "_wp_parent", None), ast.Call) and \
                c._wp_parent.func is c:  # type: ignore[attr-defined]
            out.append(c)  # `tf.keras.layers.Conv2D(32, 7)(x)`: built and its weights made on this call
    return out


def _tf_cpu_scoped(ctx: Context, node: ast.AST) -> bool:
    """``node`` sits in the body of ``with tf.device("/cpu:0"):`` (a literal naming the CPU)."""
    st = getattr(node, "_wp_stmt", None)
    scope = getattr(st, "_wp_parent", None)
    while isinstance(scope, ast.stmt) and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                 ast.ClassDef)):
        if isinstance(scope, (ast.With, ast.AsyncWith)):
            for i in scope.items:
                e = i.context_expr
                if isinstance(e, ast.Call) and (ctx.call_name(e) or "").endswith("tensorflow.device") and \
                        len(e.args) == 1 and isinstance(e.args[0], ast.Constant) and \
                        isinstance(e.args[0].value, str) and "cpu" in e.args[0].value.lower():
                    return True
        scope = getattr(scope, "_wp_parent", None)
    return False


def _host_inputs(ctx: Context, calls: list[ast.Call]) -> list[tuple[ast.Call, list[str]]]:
    """TensorFlow ops under a GPU device scope among ``calls`` handed tensors the file makes under
    ``tf.device("/cpu:0")`` (every binding of the name a TensorFlow op there, outside the timed code): host memory,
    copied to the GPU by every call. Not in a training step."""
    from .._tf_device import tf_op

    out: list[tuple[ast.Call, list[str]]] = []
    if any((ctx.method(c) or (c.func.id if isinstance(c.func, ast.Name) else "")) in _TRAINING or
           (ctx.call_name(c) or "").rpartition(".")[2] in _TRAINING for c in calls):
        return out
    for c in calls:
        if not (tf_op(ctx, c) and _gpu_scoped(ctx, c)):
            continue
        names: list[str] = []
        for a in [*c.args, *(k.value for k in c.keywords)]:
            if not isinstance(a, ast.Name) or a.id in names:
                continue
            stmts = ctx.assign_stmts.get(a.id, [])
            if stmts and all(isinstance(st, ast.Assign) and isinstance(st.value, ast.Call) and
                             tf_op(ctx, st.value) and _tf_cpu_scoped(ctx, st.value) and
                             not any(st is getattr(o, "_wp_stmt", None) for o in calls) for st in stmts):
                names.append(a.id)
        if names:
            out.append((c, names))
    return out


def _runs(ctx: Context, c: ast.Call) -> ast.AST | None:
    """The fetch of ``sess.run(fetch)`` (``s.run``, any receiver bound to a ``tf.Session``), else None."""
    f = c.func
    if not (isinstance(f, ast.Attribute) and f.attr == "run" and c.args and isinstance(c.args[0], ast.Name)):
        return None
    sessions = _sessions(ctx)
    return c.args[0] if isinstance(f.value, ast.Name) and f.value.id in sessions else None


def _sessions(ctx: Context) -> frozenset:
    cached = ctx.__dict__.get("_wp_tf_sessions")
    if cached is None:
        names = set()
        for n in ctx.all_nodes():
            value, targets = None, []
            if isinstance(n, ast.Assign):
                value, targets = n.value, n.targets
            elif isinstance(n, ast.withitem) and n.optional_vars is not None:
                value, targets = n.context_expr, [n.optional_vars]
            if isinstance(value, ast.Call) and (ctx.call_name(value) or "").endswith(("Session", "InteractiveSession")) \
                    and (ctx.call_name(value) or "").startswith("tensorflow."):
                names.update(t.id for t in targets if isinstance(t, ast.Name))
        cached = ctx._wp_tf_sessions = frozenset(names)  # type: ignore[attr-defined]
    return cached


def _graph(ctx: Context, name: str, depth: int = 0, seen: set | None = None) -> list[ast.Assign]:
    """The module-level assignments that build ``name``'s graph tensor, followed back through the names they read
    (not through a variable, whose initial value is drawn once)."""
    seen = set() if seen is None else seen
    if depth > 8 or name in seen or not ctx.scopes:
        return []
    seen.add(name)
    out: list[ast.Assign] = []
    for st in ctx.scopes[0].stmts:
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
            out.append(st)
            for n in _live(ctx, st.value):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                    out.extend(_graph(ctx, n.id, depth + 1, seen))
    return out


def _live(ctx: Context, expr: ast.AST):
    """The nodes of ``expr`` that every run of the graph executes: not inside a variable's initial value."""
    todo = [expr]
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Call) and (ctx.call_name(n) or "") in _HELD:
            continue
        yield n
        todo.extend(ast.iter_child_nodes(n))


def _gpu_fetch(ctx: Context, fetch: ast.Name) -> list[ast.Assign] | None:
    """The graph of a fetch built at the module level under a GPU device scope, or None."""
    built = _graph(ctx, fetch.id)
    if not built or not _gpu_scoped(ctx, built[0].value):
        return None
    return built


def _timed_runs(ctx: Context, calls: list[ast.Call]) -> list[tuple[ast.Call, ast.Name, str | None]]:
    """(``sess.run`` call, fetch, the function of the file it runs in or None) for the runs among ``calls``, read
    one call deep."""
    out = []
    for c in calls:
        if (fetch := _runs(ctx, c)) is not None:
            out.append((c, fetch, None))
        elif isinstance(c.func, ast.Name) and (fn := ctx.functions.get(c.func.id)) is not None:
            out.extend((x, f, c.func.id) for x in _fn_calls(ctx, fn) if (f := _runs(ctx, x)) is not None)
    return out


def sample_inputs(ctx: Context) -> list[tuple[ast.Call, str]]:
    """(the first random op or layer, the message) per timed region whose samples make them again (WP104)."""
    out: list[tuple[ast.Call, str]] = []
    if not ctx.imports_any(*_TF_ROOTS):
        return out
    from ._built_in_sample import _repeated

    seen: set[int] = set()
    for r in ctx.regions:
        if r.kind not in ("host", "event"):
            continue
        calls = [c for c in r.calls() if _repeated(r, c)]
        found: list[ast.Call] = _sample_made(ctx, calls)
        where = ""
        if not found:
            found, where = _in_sample_helper(ctx, calls, _sample_made)
        if not found:
            for _c, fetch, _fn in _timed_runs(ctx, calls):
                built = _gpu_fetch(ctx, fetch) or []
                draws = sorted((n for st in built for n in _live(ctx, st.value) if tf_random(ctx, n)),
                               key=lambda n: (n.lineno, n.col_offset))
                if draws:
                    found = [draws[0]]
                    where = f" (an op of the graph `{fetch.id}` that every `sess.run` executes)"
                    break
        found = [c for c in found if id(c) not in seen]
        if not found:
            hosted = _host_inputs(ctx, calls)
            where = ""
            if not hosted:
                hosted, where = _in_sample_helper(ctx, calls, _host_inputs)
            hosted = [(c, names) for c, names in hosted if id(c) not in seen]
            if hosted:
                c, names = hosted[0]
                seen.add(id(c))
                listed = ", ".join(f"`{n}`" for n in names)
                out.append((c, f"`{ctx.text(c.func)}`{where} runs on the GPU on {listed}, made under "
                               "`tf.device(\"/cpu:0\")` and so kept in host memory: every timed sample copies "
                               f"{'them' if len(names) > 1 else 'it'} to the GPU, and the transfers are timed with "
                               "the work"))
            continue
        seen.update(id(c) for c in found)
        first = min(found, key=lambda c: (c.lineno, c.col_offset))
        what = "random input" if tf_random(ctx, first) else "new layer (its weights created and initialised)"
        more = " and a new layer" if any(_keras_layer(ctx, c) for c in found) and tf_random(ctx, first) else ""
        out.append((first, f"`{ctx.text(first.func)}`{where} makes a {what}{more} on the GPU in every timed sample: "
                           "the random fill and allocations are timed with the work"))
    return out


def cold_graph_runs(ctx: Context) -> list[tuple[ast.AST, str]]:
    """(where to report, the message) per region timing the first ``sess.run`` of a GPU graph (WP103)."""
    out: list[tuple[ast.AST, str]] = []
    if not ctx.imports_any(*_TF_ROOTS) or not _sessions(ctx):
        return out
    from ._cold_walk import _labelled_first
    from ._common import _times_first_call, mentions_warmup_for

    for r in ctx.regions:
        if r.kind != "host":
            continue
        fresh = [(c, f) for c, f, fn in _timed_runs(ctx, r.calls()) if fn is None and _fresh_gpu_graph(ctx, r, c, f)]
        if fresh and not (_times_first_call(ctx, r) or _labelled_first(ctx, r) or mentions_warmup_for(ctx, r)):
            c, fetch = fresh[0]
            out.append((c, f"`{ctx.text(c.func)}({fetch.id})` is timed on the first run of a graph built under a GPU "
                           "device scope and run in a new session: every such measurement holds the graph's one-off "
                           "start on the device (its kernels loaded, cuDNN's and cuBLAS's first choices)"))
            continue
        if r.loop is not None and r.outer is None:
            continue  # (one sample per iteration: the loop's later samples are warm)
        runs = [(c, f, fn) for c, f, fn in _timed_runs(ctx, r.calls()) if _gpu_fetch(ctx, f)]
        if not runs or _times_first_call(ctx, r) or _labelled_first(ctx, r) or mentions_warmup_for(ctx, r):
            continue
        c, fetch, fn_name = runs[0]
        anchor = r.outer if r.outer is not None else r.scope.stmts[r.lo]
        if getattr(anchor, "_wp_scope", None) is not ctx.scopes[0]:
            continue  # (a function's region: its caller may have run the graph first)
        if _ran_before(ctx, anchor, fetch.id, fn_name):
            continue
        via = f" (through `{fn_name}`)" if fn_name else ""
        out.append((r.start, f"The first `{ctx.text(c.func)}({fetch.id})`{via} of a graph placed on the GPU is timed: "
                             "its one-off start (the device's kernels loaded, cuDNN's algorithm choice) is in the "
                             "figure"))
    return out


def _fresh_gpu_graph(ctx: Context, r, run: ast.Call, fetch: ast.Name) -> bool:
    """``sess.run(fetch)`` in region ``r`` runs a graph its own function builds under a GPU device scope just before
    (in the same iteration of the loops around the region, when there are any), in a session made there too (a
    ``with tf.Session() as sess:`` around or inside the region, or a ``sess = tf.Session()`` in that iteration):
    whoever calls the function and however often the loop turns, each run is the first of a new graph in a new
    session (set 80: one matmul graph and session per size and device, each timed once)."""
    scope = r.scope
    start = scope.stmts[r.lo]
    loops = getattr(start, "_wp_loops", ())
    builds = [st for st in scope.stmts[:r.lo] if isinstance(st, ast.Assign) and
              any(isinstance(t, ast.Name) and t.id == fetch.id for t in st.targets)]
    if not builds or not _gpu_scoped(ctx, builds[-1].value):
        return False
    b = builds[-1]
    if loops and loops[-1] not in getattr(b, "_wp_loops", ()):
        return False  # built once before the loop: its later iterations run a graph that ran
    sess = run.func.value  # type: ignore[attr-defined]
    if not isinstance(sess, ast.Name):
        return False
    lo = b._wp_idx  # type: ignore[attr-defined]
    from .._walk import stmt_calls

    if any((f := _runs(ctx, n)) is not None and f.id == fetch.id for st in scope.stmts[lo + 1:r.lo]
           for n in stmt_calls(st)):
        return False  # run once after it was built: a warm-up
    for st in scope.stmts[lo:r.hi]:
        items = st.items if isinstance(st, (ast.With, ast.AsyncWith)) else []
        if any(isinstance(i.optional_vars, ast.Name) and i.optional_vars.id == sess.id and
               (ctx.call_name(i.context_expr) or "").startswith("tensorflow.") for i in items):
            return True
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == sess.id for t in st.targets) and \
                isinstance(st.value, ast.Call) and (ctx.call_name(st.value) or "").startswith("tensorflow.") and \
                (ctx.call_name(st.value) or "").endswith("Session"):
            return True
    return False


def _ran_before(ctx: Context, anchor: ast.stmt, fetch: str, fn_name: str | None) -> bool:
    """``sess.run(fetch)`` or a call of ``fn_name`` in a statement of the module (or of the anchor's function)
    before ``anchor``."""
    scope = getattr(anchor, "_wp_scope", None)
    idx = getattr(anchor, "_wp_idx", None)
    if scope is None or idx is None:
        return True
    from .._walk import stmt_calls

    for st in scope.stmts[:idx]:
        for n in stmt_calls(st):
            if isinstance(n.func, ast.Name) and n.func.id == fn_name:
                return True
            f = _runs(ctx, n)
            if f is not None and f.id == fetch:
                return True
            if isinstance(n.func, ast.Name) and (fn := ctx.functions.get(n.func.id)) is not None and any(
                    (g := _runs(ctx, x)) is not None and g.id == fetch for x in _fn_calls(ctx, fn)):
                return True
    return False


_KERAS_RUNS = frozenset({"fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "predict_on_batch"})


def _device_runs(ctx: Context, tree: ast.AST) -> list[tuple[str, ast.Call]]:
    """(device, call) for each Keras run (``model.fit(...)``, ``predict``...) in the body of a ``with
    tf.device(...)`` naming a GPU, in ``tree``; the device as written, lower case, without ``/device:``."""
    from .._gpu_work import tf_gpu_device

    out = []
    for w in ast.walk(tree):
        if not isinstance(w, (ast.With, ast.AsyncWith)):
            continue
        for item in w.items:
            if tf_gpu_device(ctx, item.context_expr):
                dev = item.context_expr.args[0].value.lower().replace("/device:", "/").lstrip("/")  # type: ignore
                out.extend((dev, c) for st in w.body for c in ast.walk(st) if isinstance(c, ast.Call) and
                           isinstance(c.func, ast.Attribute) and c.func.attr in _KERAS_RUNS)
    return out


def cold_device_magics(ctx: Context) -> list:
    """(magic, device, the Keras run) for each ``%%timeit -n1 -r1`` (one run, reported as is) that trains or runs a
    Keras model under a GPU device scope no earlier code of the notebook ran Keras work on: its one run holds the
    device's first use (its context, the kernels' first loads, the model's first tracing on it)."""
    if not ctx.magics or not ctx.imports_any(*_TF_ROOTS):
        return []
    from .no_warmup import _option
    from .timeit_magic_on_gpu_work import _nodes, magic_tree

    used = {}  # device -> first program line where Keras work ran on it
    for dev, c in _device_runs(ctx, ctx.tree):
        used[dev] = min(used.get(dev, c.lineno), c.lineno)
    out = []
    for m in ctx.magics:
        if m.name != "timeit" or not (_option(m.args, "-n") == "1" and _option(m.args, "-r") == "1"):
            continue
        tree = magic_tree(ctx, m)
        if tree is None or any(isinstance(n, (ast.For, ast.While, ast.AsyncFor)) for n in _nodes(tree)):
            continue  # (a loop: a run, not one sample)
        runs = _device_runs(ctx, tree)
        if runs and used.get(runs[0][0], m.line) >= m.line:
            out.append((m, runs[0][0], runs[0][1]))
    return out


def _in_sample_helper(ctx: Context, calls: list[ast.Call], find):
    """``find(ctx, calls)`` on the calls of a function of the file that a sample calls, with the note naming it
    (``" (in `step`, which every sample calls)"``); ``([], "")`` when no such function shows it."""
    for c in calls:
        fn = ctx.functions.get(c.func.id) if isinstance(c.func, ast.Name) else None
        if fn is not None and (found := find(ctx, _fn_calls(ctx, fn))):
            return found, f" (in `{c.func.id}`, which every sample calls)"  # type: ignore[attr-defined]
    return [], ""
