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

from ._names import MOVE_METHODS, dotted, unwrap_moves
from ._wait_facts import (
    HOST_ASSERT_PREFIXES, KNOWN_LIBRARIES, PYCUDA_COPY_BACK, SYNC_MEMCPY_DIRECTED, SYNC_MEMCPY_FUNCS,
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
    if not any(k.arg == "stream" for k in call.keywords) and any(
            isinstance(a, ast.Call) and (ctx.call_name(a) or "") in PYCUDA_COPY_BACK for a in call.args):
        return True  # kern(drv.Out(dest), drv.In(a), block=..., grid=...): synchronizes, then copies `dest` back
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
    if q and q.startswith(HOST_ASSERT_PREFIXES):
        if q.startswith("cupy.") or any(ctx._tensor_value(a) for a in call.args):
            return True  # cupy.testing.assert_allclose(c, ref): the device array compared on the host
    return False


def may_wait(ctx, call: ast.Call) -> bool:
    """``call`` runs code the linter cannot read, handed GPU values: a method (not the model's own call or
    ``forward``) of an object built from a class it cannot read (``helper = InferenceHelper(model, device)``;
    ``helper.inference(g, feat)``; ``model = SAGE(...).cuda()``; ``model.inference(g, feat)``), or a function of a
    module it cannot read handed a model on the GPU (``evaluate_batches(model, data)``). Such helpers often loop
    over batches and copy each result back (``.cpu()``), which waits: whether this one does is not shown. (A call
    known to wait is not a guess: ask :func:`wait_of`.)"""
    f = call.func
    if isinstance(f, ast.Attribute):
        if f.attr in ("__call__", "forward") or f.attr in MOVE_METHODS or \
                not isinstance(f.value, (ast.Name, ast.Attribute)):
            return False
        return _unseen_instance(ctx, f.value)
    if isinstance(f, ast.Name) and not f.id[:1].isupper() and f.id not in ctx.functions and _unseen_name(ctx, f):
        return any(isinstance(a, (ast.Name, ast.Attribute)) and _gpu_model(ctx, a)
                   for a in [*call.args, *(k.value for k in call.keywords)])
    return False


def _unseen_name(ctx, name: ast.Name) -> bool:
    """``name`` is imported from a module that is neither a library whose semantics the linter knows nor one of the
    project's modules it can read."""
    q = ctx.imports.get(name.id) or ctx.relative_imports.get(name.id)
    if q is None or q.lstrip(".").split(".")[0] in KNOWN_LIBRARIES:
        return False
    return ctx.imported_def(name) is None


def _unseen_instance(ctx, expr: ast.AST) -> bool:
    """Every binding of ``expr`` is a call of a class (a capitalized name) imported from code the linter cannot
    read, through moves (``SAGE(...).cuda()``, ``.to(device)``, ``.eval()``)."""
    d = dotted(expr)
    values = ctx.assigns.get(d, []) if d else []
    built = False
    for v in values:
        v = unwrap_moves(v)
        if dotted(v) == d:
            continue  # model = model.cuda(): the same object, moved
        built = True
        if not (isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id[:1].isupper() and
                v.func.id not in ctx.classes and _unseen_name(ctx, v.func)):
            return False
    return built


def _gpu_model(ctx, a: ast.AST) -> bool:
    """``a`` is a model or callable shown on the GPU (``model = Net().cuda()``), not plain data."""
    from .rules._evidence import model_on_gpu

    d = dotted(a)
    return d is not None and (d in ctx._gpu_callables or model_on_gpu(ctx, d))


def percent_formats_device(ctx, stmt: ast.stmt) -> bool:
    """``msg = "loss %.4f" % loss`` / ``"%s %d" % (name, correct)``: %-formatting a device value reads it on the host
    (``float()``/``str()`` of a tensor), which waits for the device, as an f-string field does."""
    from ._formatted import device_value_call
    from ._syncs import _meta_attr

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
