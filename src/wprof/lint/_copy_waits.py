"""Waits written as something else: driver-API synchronizes imported by name, and copies back into pageable host
memory, which return only once the data is there whatever their "async" spelling says.

Facts about the CUDA runtime and driver and the array libraries, read by the sync model (:mod:`._syncs`):

- ``cuStreamSynchronize(stream)``, ``cudaDeviceSynchronize()``, ``eventSynchronize(e)`` imported by name from
  cuda-python / cuda-bindings, CuPy's runtime module or Numba/PyCUDA are synchronizes, as their attribute spellings
  (``cuda.cuStreamSynchronize(s)``) already were; cuda.core's ``dev.sync()``, ``stream.sync()``, ``event.sync()`` too.
- A copy from the device into *pageable* host memory is synchronous for the host (the CUDA runtime's "API
  synchronization behavior": for transfers from device memory to pageable host memory, the function returns only
  once the copy has completed), also when made with an asynchronous call on a stream: Numba's
  ``d.copy_to_host(h, stream=s)`` (old Numba's ``d.to_host(s)``, into the array ``d`` was made from), PyCUDA's ``memcpy_dtoh_async(h, d, s)``, torch's ``h.copy_(d, non_blocking=True)``
  into a tensor that is not pinned. Into pinned memory (``cuda.pinned_array``, ``pagelocked_empty``,
  ``pin_memory=True``) the copy is queued and the call returns at once.
- CuPy's ``d.get(out=h)`` / ``d.get(stream=s)`` and PyCUDA's ``d.get(h)`` block until the copy is done (CuPy's
  ``blocking=True`` default; PyCUDA's ``get`` is synchronous, ``get_async`` is not).
- CUTLASS's Python operations (``plan = cutlass.op.Gemm(...)``): ``plan.run(A, B, C, D)`` synchronizes unless
  given ``sync=False``, and ``args.sync()`` of what such a run returns waits.
- Libraries whose every launch is followed by a context synchronize before the call returns: KeOps (its GPU binder
  calls ``cuCtxSynchronize()`` after each reduction kernel), so calling a reduction it built (``fun = Genred(...)``;
  ``fun(x, y, b)``) waits.
"""

from __future__ import annotations

import ast

from ._names import SYNC_ATTRS, dotted

# modules whose functions named like a synchronize are the CUDA runtime's/driver's own (imported by name)
_DRIVER_ROOTS = ("cuda.", "cupy.", "cupy_backends.", "numba.", "pycuda.")
_DRIVER_SYNCS = SYNC_ATTRS | {"eventSynchronize", "ctxSynchronize"}
# CUTLASS's Python operations: `plan.run(A, B, C, D)` synchronizes before it returns unless given `sync=False`
# (then `args.sync()` of the arguments it returns waits)
_CUTLASS_OPS = ("cutlass.op.",)
# libraries whose reductions synchronize the context after their kernel (KeOps: keops_nvrtc.cpp)
_SYNCHRONOUS_LAUNCHERS = ("pykeops.",)
# constructors whose objects' `.sync()` waits for the device: cuda.core's device, streams and events
_CUDA_CORE = ("cuda.core.",)
# host buffers in page-locked memory: a copy into them is queued on the stream and returns at once
_PINNED = frozenset({"pinned_array", "pinned_array_like", "mapped_array", "mapped_array_like", "pagelocked_empty",
                     "pagelocked_zeros", "pagelocked_empty_like", "pagelocked_zeros_like", "aligned_pagelocked_empty",
                     "empty_pinned", "zeros_pinned", "empty_like_pinned", "zeros_like_pinned", "pin_memory",
                     "alloc_pinned_memory", "cudaMallocHost", "cuMemAllocHost", "cudaHostAlloc", "cuMemHostAlloc"})


def driver_sync(ctx, c: ast.Call, q: str | None) -> bool:
    """``cuStreamSynchronize(s)`` (``from cuda.bindings.driver import cuStreamSynchronize``), ``cudaDeviceSynchronize()``
    imported from ``cuda.cudart``, ``eventSynchronize(e)`` of CuPy's runtime; ``dev.sync()`` of a cuda.core object."""
    if q and q.startswith(_DRIVER_ROOTS) and q.rsplit(".", 1)[-1] in _DRIVER_SYNCS:
        return True
    if isinstance(c.func, ast.Attribute) and c.func.attr == "sync" and not c.args and not c.keywords:
        return _built_by(ctx, c.func.value, lambda q: q.startswith(_CUDA_CORE + _CUTLASS_OPS))
    if isinstance(c.func, ast.Attribute) and c.func.attr == "run" and not any(
            k.arg == "sync" and not (isinstance(k.value, ast.Constant) and k.value.value is True) for k in c.keywords):
        return _built_by(ctx, c.func.value, lambda q: q.startswith(_CUTLASS_OPS), direct=True)
    if isinstance(c.func, ast.Call):  # Genred(formula, aliases)(x, y): built and called at once
        return (ctx.call_name(c.func) or "").startswith(_SYNCHRONOUS_LAUNCHERS)
    if isinstance(c.func, ast.Name) and c.func.id not in ctx.functions:
        return _built_by(ctx, c.func, lambda q: q.startswith(_SYNCHRONOUS_LAUNCHERS), direct=True)
    return False


def copy_back_waits(ctx, c: ast.Call, q: str | None, m: str | None) -> bool:
    """A copy from the device to the host that returns once the data is there (see the module's docstring)."""
    if m == "get" and isinstance(c.func, ast.Attribute) and (c.args or c.keywords) and \
            ctx.placement(c.func.value) == "cuda":
        asked = any(k.arg in ("blocking", "async_") and not (isinstance(k.value, ast.Constant) and
                                                            bool(k.value.value) is (k.arg == "blocking"))
                    for k in c.keywords)  # blocking=False (CuPy), async_=True (PyCUDA)
        dest = next((k.value for k in c.keywords if k.arg in ("out", "ary")), c.args[0] if c.args else None)
        return not (asked and dest is not None and _pinned(ctx, dest))
        # d.get(out=h), d.get(stream=s) (CuPy, blocking by default), d.get(h) (PyCUDA): only an asynchronous copy
        # into pinned memory returns before the data is there
    if m == "copy_to_host" and c.args and _pageable(ctx, c.args[0]):
        return True  # d.copy_to_host(h, stream=s) into a NumPy array: synchronous for pageable memory
    if q and q.rsplit(".", 1)[-1] in ("memcpy_dtoh_async", "cuMemcpyDtoHAsync", "cuMemcpyDtoHAsync_v2") and \
            q.startswith(_DRIVER_ROOTS) and c.args and _pageable(ctx, c.args[0]):
        return True  # drv.memcpy_dtoh_async(h, d, stream) into pageable memory
    if m == "copy_" and c.args and isinstance(c.func, ast.Attribute) and \
            ctx.placement(c.args[0]) != "cpu" and _pageable_tensor(ctx, c.func.value) and \
            ctx.placement(c.args[0]) == "cuda":
        return True  # h.copy_(d, non_blocking=True) into a CPU tensor that is not pinned
    return False


def to_host_waits(ctx, c: ast.Call) -> bool:
    """Old Numba's ``d.to_host(stream)`` (``d = cuda.to_device(h, ...)``) copies back into the host array ``h`` it
    came from: into pageable memory (``h`` not page-locked, the call not inside ``with cuda.pinned(h):``) the copy
    returns once it is done, whatever the stream."""
    if not isinstance(c.func, ast.Attribute):
        return False
    values = _values(ctx, c.func.value)
    if not values or not all(isinstance(v, ast.Call) and (ctx.call_name(v) or "").endswith("cuda.to_device") and
                             v.args and not _pinned(ctx, v.args[0]) for v in values):
        return False
    n = getattr(c, "_wp_parent", None)
    while n is not None:  # `with cuda.pinned(h):` page-locks `h` for the block: the copy is queued
        if isinstance(n, (ast.With, ast.AsyncWith)) and any(
                isinstance(i.context_expr, ast.Call) and
                (dotted(i.context_expr.func) or "").rsplit(".", 1)[-1] in ("pinned", "mapped") for i in n.items):
            return False
        n = getattr(n, "_wp_parent", None)
    return True


def _values(ctx, a: ast.AST) -> list[ast.AST]:
    """What ``a`` is bound to: the assignments of its function's scope when it has any there (a name reused in
    other functions of the file does not count), else every binding in the file."""
    d = dotted(a)
    if d is None:
        return []
    stmt = getattr(a, "_wp_stmt", None)
    scope = getattr(stmt, "_wp_scope", None)
    if isinstance(a, ast.Name) and scope is not None:
        local = ctx.scope_assigns(a.id, scope)
        if local:
            return [st.value if isinstance(st, ast.Assign) and len(st.targets) == 1 and
                    isinstance(st.targets[0], ast.Name) else st for st in local]
    return list(ctx.assigns.get(d, []))


def _pageable(ctx, a: ast.AST) -> bool:
    """``a`` is a host NumPy array in pageable memory: every binding a NumPy call (``np.empty(n)``), none pinned."""
    values = _values(ctx, a)
    return bool(values) and all(isinstance(v, ast.Call) and (ctx.call_name(v) or "").startswith("numpy.") and
                                not _pinned_call(ctx, v) for v in values)


def _pinned(ctx, a: ast.AST) -> bool:
    """``a`` is host memory every binding of which is page-locked (``cuda.pinned_array(n)``, ``pagelocked_empty``)."""
    values = _values(ctx, a)
    return bool(values) and all(isinstance(v, ast.Call) and _pinned_call(ctx, v) for v in values)


def _pageable_tensor(ctx, a: ast.AST) -> bool:
    """``a`` is a CPU tensor every binding of which is a torch factory without ``pin_memory=True`` (and no
    ``.pin_memory()``)."""
    values = _values(ctx, a)
    return bool(values) and all(
        isinstance(v, ast.Call) and (ctx.call_name(v) or "").startswith("torch.") and not _pinned_call(ctx, v) and
        not any(k.arg == "pin_memory" and not (isinstance(k.value, ast.Constant) and k.value.value is False)
                for k in v.keywords) and
        all(ctx._device_value(k.value) == "cpu" for k in v.keywords if k.arg == "device") for v in values)


def _pinned_call(ctx, v: ast.Call) -> bool:
    n = v
    while isinstance(n, ast.Call):
        last = (ctx.call_name(n) or dotted(n.func) or "").rsplit(".", 1)[-1]
        if last in _PINNED:
            return True
        n = n.func.value if isinstance(n.func, ast.Attribute) else None  # type: ignore[assignment]
    return False


def _built_by(ctx, expr: ast.AST, pred, seen: frozenset = frozenset(), direct: bool = False) -> bool:
    """Every binding of ``expr`` is a call whose qualified name satisfies ``pred``, or (unless ``direct``) a method
    call on such an object (``dev = Device(); s = dev.create_stream()``)."""
    d = dotted(expr)
    if d is None or d in seen or len(seen) > 4:
        return False
    values = ctx.assigns.get(d, [])
    ok = False
    for v in values:
        if not isinstance(v, ast.Call):
            return False
        q = ctx.call_name(v) or ""
        if pred(q):
            ok = True
        elif not direct and isinstance(v.func, ast.Attribute) and _built_by(ctx, v.func.value, pred, seen | {d}):
            ok = True
        else:
            return False
    return ok
