"""What waits for the device, and how sure the linter is: the one question the timing rules ask of a call.

``wait_of(ctx, call)`` answers it:

- ``WAITS``: the call returns only once the device work queued before it is done, shown by the code itself (a
  synchronize, a copy to the host, a value read on the host) or by a fact about the library it calls
  (:mod:`._wait_facts`: blocking copies, synchronous memcpy, PyCUDA launches that copy back, host-side asserts),
  followed through the file's and the project's functions (``ctx.is_sync``, :mod:`._syncs`);
- ``MAY_WAIT``: code the linter cannot read (a helper of a module it cannot find, a method of an object whose
  class it cannot read) handed the GPU model or data: such a helper often copies each batch back to the host
  (``pred = engine.infer(graph, feats)``), so a finding resting on it not waiting is a guess (``weak``);
- ``None``: nothing shows a wait.

The library facts here (:func:`library_waits`) are read by the sync model for every rule; :func:`may_wait` by the
rules whose default precision depends on it (WP102, WP115).
"""

from __future__ import annotations

import ast

from ._gpu_work import MPI_WAITS, mpi_call
from ._host_returns import numba_reduce_to_host
from ._gpu_libraries import waits_for_library
from ._host_waits import scaler_step_waits
from ._library_steps import engine_step_waits as _engine_step_waits
from ._imported import through_factories as _through_factories, unknown_module
from ._names import MOVE_METHODS, dotted, unwrap_moves
from ._wait_facts import (
    CHECKED_LINALG, CHECKED_LINALG_METHODS, CUPY_HOST_CHECKED, FORMATTING_METHODS, HOROVOD_WAITS, HOROVOD_WRAPPERS, HOST_ASSERT_PREFIXES, HOST_RESULT_METHODS, SYNC_METHODS_OF,
    PYCUDA_COPY_BACK, SYNC_MEMCPY_DIRECTED, SYNC_MEMCPY_FUNCS,
    SYNC_MEMCPY_KINDS, SYNC_MEMCPY_ROOTS,
)

WAITS = "waits"
MAY_WAIT = "may"


def wait_of(ctx, call: ast.Call) -> str | None:
    """``WAITS``, ``MAY_WAIT`` or None for ``call`` (see the module's docstring)."""
    if ctx.is_sync(call):
        return WAITS
    return MAY_WAIT if may_wait(ctx, call) else None


def library_waits(ctx, call: ast.Call, q: str | None, hidden: bool) -> bool:
    """A fact about the library ``call`` calls (``q`` its qualified name) says it waits; with ``hidden``, also the
    waits that are not written as a synchronize (copies, asserts made on the host)."""
    if not any(k.arg == "stream" for k in call.keywords) and any(_copy_back_arg(ctx, a) for a in call.args):
        return True  # kern(drv.Out(dest), drv.In(a), block=..., grid=...): synchronizes, then copies `dest` back
    m = call.func.attr if isinstance(call.func, ast.Attribute) else None
    if m in _RESULT_METHODS and _host_result_method(ctx, call, m):
        return True  # encoder.encode(texts): a NumPy array, copied back before it returns
    if m in _SYNC_METHODS and m in _imported_sync_methods(ctx):
        return True  # context.execute_v2(bindings): TensorRT's synchronous execution
    if q in HOROVOD_WAITS or (m == "step" and _horovod_wrapped(ctx, call.func.value)):  # type: ignore[attr-defined]
        return True  # hvd.DistributedOptimizer(opt).step(): waits for its allreduces first; hvd.allreduce(t)
    if m == "step" and _engine_step_waits(ctx, call):
        return True  # engine.step() of `deepspeed.initialize`: its throughput timer synchronizes (_library_steps)
    if _numba_host_ufunc(ctx, call):
        return True  # vadd(a, b) of a `@vectorize(..., target="cuda")` ufunc on NumPy arrays: copied in and back
    if numba_reduce_to_host(ctx, call):
        return True  # total = sum_reduce(d_a) of a `@cuda.reduce` without `res=`: a host scalar (_host_returns)
    if waits_for_library(ctx, call):
        return True  # llm.generate(p) of vLLM: text back on the host; cuGraph/cuDF results: sized on the host (devflow)
    if not hidden:
        return False
    if q and q.startswith(SYNC_MEMCPY_ROOTS):
        last = q.rsplit(".", 1)[-1]
        if last in SYNC_MEMCPY_DIRECTED:
            return True  # cuMemcpyDtoH(host, dptr, n): returns once the data is on the host
        if last in SYNC_MEMCPY_FUNCS and any(k in ast.unparse(a) for a in [*call.args, *(kw.value for kw in
                                                                                          call.keywords)]
                                             for k in SYNC_MEMCPY_KINDS):
            return True  # cudaMemcpy(dst, src, n, cudaMemcpyKind.cudaMemcpyDeviceToHost)
    if m == "step" and scaler_step_waits(ctx, call):
        return True  # scaler.step(opt) of a GradScaler: `found_inf.item()` before the optimizer's step
    if m in MPI_WAITS and mpi_call(ctx, call):
        return True  # comm.Send(d_buf, dest=1), comm.Allreduce(MPI.IN_PLACE, buf), MPI.Request.Waitall(reqs)
    if _checked_linalg(ctx, call, q, m):
        return True  # torch.linalg.inv(a), a.svd(), cupyx lu_factor(a): the error code is read on the host
    if q and q.startswith(HOST_ASSERT_PREFIXES):
        if q.startswith("cupy.") or any(ctx._tensor_value(a) for a in call.args):
            return True  # cupy.testing.assert_allclose(c, ref): the device array compared on the host
    return m in FORMATTING_METHODS and any(ctx._tensor_value(a) and not _is_call(a)
                                           for a in [*call.args, *(k.value for k in call.keywords)])
    # (bar.set_postfix(loss=loss): tqdm formats the tensor with str(), a copy to the host)


def _checked_linalg(ctx, call: ast.Call, q: str | None, m: str | None) -> bool:
    """A linear-algebra call that reads its error code on the host (:data:`CHECKED_LINALG`), on data not known to be
    on the CPU: ``torch.linalg.svd(x)``, ``torch.inverse(a)``, ``a.inverse()`` of a tensor, CuPy's ``lu_factor(a)``."""
    if q in CUPY_HOST_CHECKED:
        return True
    if q in CHECKED_LINALG:
        operand = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg in ("A", "input")),
                                                      None)
    elif m in CHECKED_LINALG_METHODS and not call.args and q is not None and not q.startswith(("numpy.", "cupy.")):
        operand = call.func.value  # type: ignore[attr-defined]
        if not ctx._tensor_value(operand):
            return False
    else:
        return False
    return operand is not None and ctx.placement(operand) != "cpu"


def _horovod_wrapped(ctx, obj: ast.AST) -> bool:
    """``obj`` names an optimizer wrapped by Horovod: every binding of the name is ``hvd.DistributedOptimizer(...)``,
    or one rewraps the name itself (``optimizer = hvd.DistributedOptimizer(optimizer, ...)``, the usual idiom: the
    plain optimizer bound before it is never stepped after)."""
    d = dotted(obj)
    values = ctx.assigns.get(d or "", [])

    def wraps(v):
        return isinstance(v, ast.Call) and (ctx.call_name(v) or "") in HOROVOD_WRAPPERS

    return bool(values) and (all(wraps(v) for v in values) or any(
        wraps(v) and v.args and dotted(v.args[0]) == d for v in values))


def _copy_back_arg(ctx, a: ast.AST) -> bool:
    """A launch argument that makes PyCUDA copy back: ``drv.Out(dest)``/``drv.InOut(a)``, a name bound only to one
    (``out = drv.Out(dest)``), or ``*args`` where ``args`` is bound only to tuples or lists that hold one
    (``args = (drv.In(x), n, drv.Out(y)); kern(*args, block=..., grid=...)``)."""
    if isinstance(a, ast.Call):
        return (ctx.call_name(a) or "") in PYCUDA_COPY_BACK
    starred = isinstance(a, ast.Starred)
    if starred:
        a = a.value
    if not isinstance(a, ast.Name) or not ctx.assigns.get(a.id):
        return False
    for v in ctx.assigns[a.id]:
        if starred and not (isinstance(v, (ast.Tuple, ast.List)) and any(
                isinstance(e, ast.Call) and (ctx.call_name(e) or "") in PYCUDA_COPY_BACK for e in v.elts)):
            return False
        if not starred and not (isinstance(v, ast.Call) and (ctx.call_name(v) or "") in PYCUDA_COPY_BACK):
            return False
    return True


_RESULT_METHODS = frozenset(m for methods in HOST_RESULT_METHODS.values() for m in methods)
_SYNC_METHODS = frozenset(m for methods in SYNC_METHODS_OF.values() for m in methods)


def _imported_sync_methods(ctx) -> frozenset:
    """The methods of :data:`SYNC_METHODS_OF` whose library the file imports (computed once per file)."""
    cached = ctx.__dict__.get("_wp_sync_methods_of")
    if cached is None:
        roots = {q.split(".")[0] for q in ctx.imports.values()}
        cached = frozenset(m for lib, methods in SYNC_METHODS_OF.items() if lib in roots for m in methods)
        ctx._wp_sync_methods_of = cached
    return cached


def _is_call(a: ast.AST) -> bool:
    return isinstance(a, ast.Call)


def _host_result_method(ctx, call: ast.Call, m: str) -> bool:
    """``emb = encoder.encode(texts)`` where ``encoder = SentenceTransformer(name).to("cuda")``: a method of a library
    object that returns host objects by default (:data:`HOST_RESULT_METHODS`), without the keyword that asks for
    device tensors (``convert_to_tensor=True``)."""
    d = dotted(call.func.value)  # type: ignore[attr-defined]
    if d is None:
        return False
    cache = ctx.__dict__.setdefault("_wp_result_kind", {})
    if d not in cache:
        kinds = set()
        for v in ctx.assigns.get(d, []):
            v = unwrap_moves(v)
            if dotted(v) == d:
                continue
            q = (ctx.call_name(v) or "") if isinstance(v, ast.Call) else ""
            kinds.add(next((k for k in HOST_RESULT_METHODS if q == k or q.endswith("." + k.rsplit(".", 1)[-1]) and
                            q.split(".")[0] == k.split(".")[0]), None))
        cache[d] = kinds.pop() if len(kinds) == 1 else None
    if cache[d] is None:
        return False
    methods = HOST_RESULT_METHODS[cache[d]]
    if m not in methods:
        return False
    for arg, value in methods[m]:
        for k in call.keywords:
            if k.arg == arg and not (isinstance(k.value, ast.Constant) and k.value.value is not value):
                return False  # encode(texts, convert_to_tensor=True): device tensors (or a setting it cannot read)
    return True


def may_wait(ctx, call: ast.Call) -> bool:
    """``call`` runs code the linter cannot read, handed GPU values: a method (not the model's own call or
    ``forward``) of an object built from a class it cannot read (``helper = InferenceHelper(model, device)``;
    ``helper.inference(g, feat)``; ``model = SAGE(...).cuda()``; ``model.inference(g, feat)``), or a function of a
    module it cannot read handed a model on the GPU (``evaluate_batches(model, data)``). Such helpers often loop
    over batches and copy each result back (``.cpu()``), which waits: whether this one does is not shown. (A call
    known to wait is not a guess: ask :func:`wait_of`.)"""
    f = call.func
    if _module_function(ctx, f):  # evaluate_batches(model, data), metrics.evaluate(model, data)
        return not _last(f)[:1].isupper() and _handed_model(ctx, call) and _unseen_callee(ctx, f)
    if isinstance(f, ast.Attribute):
        if f.attr in ("__call__", "forward") or f.attr in MOVE_METHODS or \
                not isinstance(f.value, (ast.Name, ast.Attribute)):
            return False
        if f.attr == "step" and optimizer_of_gpu_model(ctx, f.value):
            return False  # opt.step() of `opt = AdamW(model.parameters())`: an update of the weights in place, on the
            # device, with nothing to copy back (read as GPU work: `_gpu_work`)
        return _unseen_instance(ctx, f.value, handed=bool(call.args or call.keywords))
    return False


def optimizer_of_gpu_model(ctx, expr: ast.AST) -> bool:
    """Every binding of ``expr`` is a class (a capitalized name, of any module, read or not) handed a GPU model's
    parameters: ``opt = AdamW(model.parameters(), lr=lr)``, also in parameter groups (``[{"params":
    model.parameters()}]``) or through ``list(...)``/``filter(...)``. An optimizer over weights on the device: its
    ``step()`` queues their update there, as ``torch.optim``'s does (set 101: a project's own ``AdamW`` whose module
    the linter cannot read, timed alone with a host clock)."""
    d = dotted(expr)
    values = [unwrap_moves(v) for v in ctx.assigns.get(d, [])] if d else []
    if not values:
        return False
    for v in values:
        if not (isinstance(v, ast.Call) and _last(v.func)[:1].isupper() and (v.args or v.keywords)):
            return False
        first = v.args[0] if v.args else next((k.value for k in v.keywords if k.arg in ("params", "parameters")),
                                               None)
        if first is None or not any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and
                n.func.attr in ("parameters", "named_parameters") and not n.args and
                _placed_on_gpu(ctx, n.func.value) for n in ast.walk(first)):
            return False
    return True


def _placed_on_gpu(ctx, model: ast.AST) -> bool:
    """``model`` is shown on the GPU: moved there (``Net().cuda()``), built there by a library (``device="cuda"``), or
    placed there by the placement model; not merely a module class (``torch.nn.Linear(8, 8)`` stays on the CPU)."""
    from .rules._evidence import model_on_gpu

    d = dotted(model)
    return d is not None and (model_on_gpu(ctx, d) or d in ctx._device_objects or ctx.placement(model) == "cuda")


def _last(f: ast.AST) -> str:
    return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")


def _module_function(ctx, f: ast.AST) -> bool:
    """``f`` names a function through an import: ``evaluate`` (``from m import evaluate``) or ``m.evaluate``
    (``import m``), not a function of the file, not a method of an object the file binds."""
    if isinstance(f, ast.Name):
        return f.id not in ctx.functions and f.id not in ctx.assigns and \
            (f.id in ctx.imports or f.id in ctx.relative_imports)
    root = f
    while isinstance(root, ast.Attribute):
        root = root.value
    return isinstance(f, ast.Attribute) and isinstance(root, ast.Name) and root.id not in ctx.assigns and \
        (root.id in ctx.imports or root.id in ctx.relative_imports)


def _handed_model(ctx, call: ast.Call) -> bool:
    return any(isinstance(a, (ast.Name, ast.Attribute)) and _gpu_model(ctx, a)
               for a in [*call.args, *(k.value for k in call.keywords)])


def _unseen_callee(ctx, f: ast.AST) -> bool:
    """``f`` (a name or a dotted attribute of an imported module) comes from a module that is neither a library whose
    semantics the linter knows nor one of the project's modules it can read."""
    return unknown_module(ctx, f) is not None and ctx.imported_def(f) is None


def _unseen_instance(ctx, expr: ast.AST, handed: bool = True) -> bool:
    """Every binding of ``expr`` is a call of a class (a capitalized name) imported from code the linter cannot
    read, through moves (``SAGE(...).cuda()``, ``.to(device)``, ``.eval()``), or, for a method call that is
    ``handed`` values, of a factory function of such code whose result the file only calls methods on (``codec =
    pick_codec(cfg)``; ``codec.decompress(packed)``); ``batch.ids()`` of ``batch = read_batch(path)``, handed
    nothing, reads data out (set 82)."""
    d = dotted(expr)
    values = ctx.assigns.get(d, []) if d else []
    built = False
    for v in _through_factories(ctx, values):
        v = unwrap_moves(v)
        if dotted(v) == d:
            continue  # model = model.cuda(): the same object, moved
        built = True
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and not v.func.id[:1].isupper() and \
                handed and _module_function(ctx, v.func) and _unseen_callee(ctx, v.func) and \
                _project_module(ctx, v.func) and _used_as_object(ctx, d):
            continue  # `codec = select_codec(profile)`: a factory of unreadable code; the object's class is there too
        if not (isinstance(v, ast.Call) and _last(v.func)[:1].isupper() and _module_function(ctx, v.func) and
                _unseen_callee(ctx, v.func)):
            return False
        if isinstance(v.func, ast.Attribute) and not _handed_model(ctx, v):
            return False  # `clip.Model(...)`: a library's own model; `engine.Runner(net)`: a helper handed the model
    return built


def _project_module(ctx, f: ast.AST) -> bool:
    """``f`` is imported from the project's own code: a relative import, or a package whose folder lies beside the
    file (a library's factory, ``tqdm(...)``, ``wandb.init()``, makes objects whose methods are bookkeeping)."""
    q = unknown_module(ctx, f) or ""
    view = getattr(ctx, "import_view", None)
    return q.startswith(".") or (view is not None and bool(q) and view.has_package(q.split(".")[0]))


_OBJECT_PROBES = frozenset({"hasattr", "getattr", "isinstance", "type", "print", "repr"})


def _used_as_object(ctx, name: str) -> bool:
    """Every read of ``name`` is the receiver of a method call (``codec.compress(k, v)``) or the object of a probe
    (``hasattr(codec, "compress")``): an object whose methods the file calls, never data it computes on (a factory's
    tensor would be an operand, an argument or indexed). Its class lives where the factory does (set 82)."""
    found = False
    for ld in ctx.loads(name):
        parent = getattr(ld, "_wp_parent", None)
        if isinstance(parent, ast.Attribute) and parent.value is ld and \
                isinstance(getattr(parent, "_wp_parent", None), ast.Call) and parent._wp_parent.func is parent:
            found = True
            continue
        if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in _OBJECT_PROBES \
                and ld in parent.args:
            continue
        return False
    return found


def _gpu_model(ctx, a: ast.AST) -> bool:
    """``a`` is a model or callable shown on the GPU (``model = Net().cuda()``), not plain data."""
    from .rules._evidence import model_on_gpu

    d = dotted(a)
    if d is None or d in ctx.functions or d in ctx.classes:
        return False  # a kernel or function of the file handed to a launcher (`wp.launch(kernel, ...)`) is not a model
    if ctx.is_tensorish(a):
        return False  # `ext.gemm(x_fp8, scale, out)`: data handed to an op, not a model
    if model_on_gpu(ctx, d):
        return True
    values = [unwrap_moves(v) for v in ctx.assigns.get(d, [])]
    return d in ctx._gpu_callables and bool(values) and all(  # an object built by a class: `Net(cfg).cuda()`
        isinstance(v, ast.Call) and (_last(v.func)[:1].isupper() or _last(v.func) == "from_pretrained")
        for v in values)


def percent_formats_device(ctx, stmt: ast.stmt) -> bool:
    """``msg = "loss %.4f" % loss`` / ``"%s %d" % (name, correct)``: %-formatting a device value reads it on the host
    (``float()``/``str()`` of a tensor), which waits for the device, as an f-string field does."""
    from ._formatted import device_value_call
    from ._device_reads import _meta_attr

    for n in getattr(stmt, "_wp_nodes", ()):
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) and isinstance(n.left, ast.Constant) and
                isinstance(n.left.value, str)):
            continue
        vals = n.right.elts if isinstance(n.right, ast.Tuple) else [n.right]
        for v in vals:
            if (isinstance(v, (ast.Name, ast.Attribute, ast.Subscript)) and not _meta_attr(v) and
                    ctx._tensor_value(v) and not (isinstance(v, ast.Name) and v.id in ctx._gpu_callables)) or \
                    device_value_call(ctx, v):
                return True
    return False


_HOST_DATA = (ast.List, ast.Tuple, ast.Constant, ast.ListComp)


def host_copy_waits(ctx, stmt: ast.stmt) -> bool:
    """The statement's only GPU work is blocking copies of host data to the device: ``torch.tensor([tok],
    device="cuda")``, ``torch.as_tensor(frame, device=dev)``, ``torch.from_numpy(a).cuda()``, ``x.to("cuda")`` of a
    tensor shown on the CPU, none ``non_blocking=True``. torch synchronizes the stream after such a copy (host
    memory may be pageable), so when the statement is done, so is everything queued before it."""
    from ._walk import stmt_nodes

    targets = stmt.targets if isinstance(stmt, ast.Assign) else \
        [stmt.target] if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) else []
    if any(not isinstance(n, (ast.Name, ast.Tuple, ast.List, ast.Starred)) for t in targets for n in ast.walk(t)
           if not isinstance(n, ast.expr_context)):
        return False  # `cache[idx] = v.cuda()`: the store is a kernel queued after the copy
    nodes = stmt_nodes(stmt)
    copies = [n for n in nodes if isinstance(n, ast.Call) and _blocking_host_copy(ctx, n)]
    if not copies:
        return False
    return all(any(_inside(w, c) or _inside(c, w) and _feeds(c, w) for c in copies)
               for w in ctx.gpu_work_in(nodes))


def _blocking_host_copy(ctx, c: ast.Call, host: frozenset = frozenset()) -> bool:
    """``c`` copies host data to the device and returns once done (``host``: names known to hold host data here)."""
    if c.args and isinstance(c.args[0], ast.Name) and c.args[0].id in host and \
            (ctx.call_name(c) or "") in ("numba.cuda.to_device", "torch.as_tensor", "torch.tensor") and \
            not any(k.arg in ("stream", "non_blocking") for k in c.keywords) and len(c.args) < 2:
        return (ctx.call_name(c) or "") == "numba.cuda.to_device" or \
            any(k.arg == "device" and ctx._device_value(k.value) == "cuda" for k in c.keywords)
    if any(k.arg == "non_blocking" and not (isinstance(k.value, ast.Constant) and k.value.value is False)
           for k in c.keywords):
        return False
    if host_to_device_copy_(ctx, c):
        return True
    q = ctx.call_name(c) or ""
    if q == "numba.cuda.to_device" and c.args and len(c.args) < 2 and not c.keywords:
        return ctx.placement(c.args[0]) != "cuda"  # cuda.to_device(a) with no stream: a synchronous copy
    if q.endswith("cuda.random.create_xoroshiro128p_states") and len(c.args) < 4 and \
            not any(k.arg == "stream" for k in c.keywords):
        return True  # Numba fills the RNG states on the host and copies them over (no stream: a synchronous copy)
    if q in ("torch.tensor", "torch.as_tensor", "torch.asarray") and c.args:
        dev = next((k.value for k in c.keywords if k.arg == "device"), None)
        data = c.args[0]
        return dev is not None and ctx._device_value(dev) == "cuda" and ctx.placement(data) != "cuda" and (
            isinstance(data, _HOST_DATA) or ctx.placement(data) == "cpu" or not ctx.is_tensorish(data))
    if not isinstance(c.func, ast.Attribute) or c.func.attr not in ("cuda", "to"):
        return False
    if c.func.attr == "to":
        dev = next((k.value for k in c.keywords if k.arg == "device"), c.args[0] if c.args else None)
        if dev is None or ctx._device_value(dev) != "cuda":
            return False
    src = c.func.value
    return ctx.placement(src) == "cpu" or (isinstance(src, ast.Call) and (ctx.call_name(src) or "") in (
        "torch.from_numpy", "torch.tensor", "torch.as_tensor") and not any(k.arg == "device" for k in src.keywords))


def host_to_device_copy_(ctx, c: ast.AST) -> bool:
    """``dst.copy_(src)`` into a tensor shown on the GPU from one shown on the CPU (a torch factory without a
    device), not ``non_blocking=True``: torch copies and synchronizes the stream before returning (pageable or
    pinned), so the copy is done, and everything queued before it, when the call returns."""
    from ._copy_waits import _pageable_tensor

    if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == "copy_" and
            len(c.args) == 1 and not any(k.arg != "non_blocking" for k in c.keywords)):
        return False
    if any(not (isinstance(k.value, ast.Constant) and k.value.value is False) for k in c.keywords):
        return False
    src = c.args[0]
    return ctx.placement(c.func.value) == "cuda" and (ctx.placement(src) == "cpu" or _pageable_tensor(ctx, src))


def _inside(inner: ast.AST, outer: ast.AST) -> bool:
    return any(n is inner for n in ast.walk(outer))


def _feeds(copy: ast.AST, work: ast.AST) -> bool:
    """``work`` only hands on ``copy``'s value: a method chain on it (``.float()``), not an op that computes with it
    (``model(x.cuda())``)."""
    node = copy
    while node is not work:
        parent = getattr(node, "_wp_parent", None)
        if not (isinstance(parent, ast.Attribute) and parent.value is node) and \
                not (isinstance(parent, ast.Call) and parent.func is node):
            return False
        node = parent
    return True


def _numba_host_ufunc(ctx, call: ast.Call) -> bool:
    """``c = vadd(a, b)`` where ``vadd`` is a ``@vectorize``/``@guvectorize(..., target="cuda")`` function of the file
    and an argument is a host NumPy array (none a device array): Numba copies the inputs to the device, runs the
    kernel and copies the result back to a host array before it returns."""
    from ._launch_waits import _qualify

    f = call.func
    fn = ctx.functions.get(f.id) if isinstance(f, ast.Name) else None
    if fn is None or not any(isinstance(d, ast.Call) and _qualify(ctx, d) in _NUMBA_UFUNCS and any(
            k.arg == "target" and isinstance(k.value, ast.Constant) and k.value.value == "cuda" for k in d.keywords)
            for d in fn.decorator_list):
        return False
    args = list(call.args)
    return not any(ctx.placement(a) == "cuda" for a in args) and \
        any(isinstance(a, ast.Name) and ctx._numpy_only(a.id) for a in args)


_NUMBA_UFUNCS = frozenset({"numba.vectorize", "numba.guvectorize", "numba.cuda.vectorize"})
