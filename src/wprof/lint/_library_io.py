"""Facts about libraries whose calls move data between processes or storage (not the GPU's queue): a distributed
checkpoint written or read, a remote procedure call and its result, a GPUDirect Storage read or write waited for
(kvikio), an MLX graph evaluated. Such a call runs on the
host and returns when its data has arrived or been written, so it is no GPU work of its own and it waits for the
device values it reads. Read by the sync model (``_syncs``), the GPU-work model (``_gpu_work``; their
prefixes are in ``_names.NOT_WORK_PREFIXES``) and the placement model (``_placement``)."""

from __future__ import annotations

import ast

from ._host_returns import rpc_training_waits
from ._names import dotted

# calls that return when the data they read or write is complete: every tensor of the state written to storage
# (its device values copied first) or read into place, a remote call's result received, a lazy graph evaluated.
# (`torch.distributed.checkpoint.async_save` returns a future before the write: not here.)
WAITING_CALLS = frozenset({
    "torch.distributed.checkpoint.save", "torch.distributed.checkpoint.load",
    "torch.distributed.checkpoint.save_state_dict", "torch.distributed.checkpoint.load_state_dict",
    "torch.distributed.checkpoint.state_dict_saver.save", "torch.distributed.checkpoint.state_dict_loader.load",
    "torch.distributed.rpc.rpc_sync",
    "safetensors.torch.save_file", "safetensors.torch.save", "safetensors.torch.load_file",
    "mlx.core.eval",  # MLX builds a lazy graph; `eval` computes it and blocks until done (`async_eval` does not)
})

# the futures of remote calls: `fut = rpc.rpc_async(...)` then `fut.wait()`; `rref = rpc.remote(...)` then
# `rref.to_here()` (a remote reference's value copied here; the call blocks until it arrives)
_RPC_FUTURES = frozenset({"torch.distributed.rpc.rpc_async", "torch.distributed.rpc.remote"})


# the futures of a file's reads and writes through GPUDirect Storage: `fut = f.pread(buf)` of a `kvikio.CuFile`, then
# `fut.get()`, which blocks until the bytes are in the device buffer or in the file (`raw_*_async` calls are
# stream-ordered instead: not here)
_IO_FUTURE_METHODS = frozenset({"pread", "pwrite"})
_IO_FUTURE_ROOTS = ("kvikio",)


def _rpc_future(ctx, v: ast.AST, io: bool = False, seen: frozenset = frozenset()) -> bool:
    """``v`` is (a name bound only to) the future or remote reference of a remote call; with ``io``, the future of
    a GPUDirect Storage read or write. (``seen``: the names already followed: `x = (x[1], y)` is a cycle.)"""
    if isinstance(v, ast.Call):
        if io:
            return isinstance(v.func, ast.Attribute) and v.func.attr in _IO_FUTURE_METHODS and ctx.imports_any(*_IO_FUTURE_ROOTS)
        return (ctx.call_name(v) or "") in _RPC_FUTURES
    if isinstance(v, (ast.List, ast.Tuple)):
        return bool(v.elts) and all(_rpc_future(ctx, e, io, seen) for e in v.elts)
    if isinstance(v, (ast.ListComp, ast.GeneratorExp)):
        return _rpc_future(ctx, v.elt, io, seen)
    if isinstance(v, ast.Name):
        it = _comprehension_iter(v)
        if it is not None:  # `[p.wait() for p in pending]`: each item of what the comprehension runs over
            return _rpc_future(ctx, it, io, seen)
    d = dotted(v)
    if d is None or d in seen:
        return False
    vals = ctx.assigns.get(d, [])
    return bool(vals) and all(_rpc_future(ctx, x, io, seen | {d}) for x in vals if x is not v) and \
        all(isinstance(x, (ast.Call, ast.List, ast.Tuple, ast.ListComp)) for x in vals)


def _comprehension_iter(name: ast.Name) -> ast.AST | None:
    """What a comprehension's loop variable runs over (``pending`` in ``[p.wait() for p in pending]``)."""
    node = getattr(name, "_wp_parent", None)
    while node is not None and not isinstance(node, ast.stmt):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            for gen in node.generators:
                if isinstance(gen.target, ast.Name) and gen.target.id == name.id:
                    return gen.iter
        node = getattr(node, "_wp_parent", None)
    return None


def waits_for_data(ctx, call: ast.Call) -> bool:
    """A call that returns when its data is written, read or received: ``dcp.save(state, ...)``,
    ``rpc.rpc_sync(...)``, ``fut.wait()`` of ``fut = rpc.rpc_async(...)``, ``rref.to_here()``, ``mx.eval(y)``."""
    if (ctx.call_name(call) or "") in WAITING_CALLS or rpc_training_waits(ctx, call):
        return True  # (dist_autograd.backward(cid, [loss]), DistributedOptimizer's step: _host_returns)
    f = call.func
    if isinstance(f, ast.Attribute) and f.attr == "to_here":
        return True  # only remote references (torch.distributed.rpc.RRef) have this method
    if isinstance(f, ast.Attribute) and f.attr == "get" and not call.args and _rpc_future(ctx, f.value, io=True):
        return True  # sum(fut.get() for fut in futures) of `f.pread(buf)`: the bytes are in place
    return isinstance(f, ast.Attribute) and f.attr == "wait" and _rpc_future(ctx, f.value)


def received_over_rpc(ctx, call: ast.Call) -> bool:
    """A value a remote call hands back (``rpc.rpc_sync``, ``fut.wait()``, ``rref.to_here()``) lives in this
    process's host memory: TensorPipe delivers CUDA tensors only where the file sets a device map
    (``set_device_map`` / ``device_maps=``), and then their placement is not known here."""
    if not waits_for_data(ctx, call) or (ctx.call_name(call) or "").startswith(("mlx.", "safetensors.")):
        return False
    if (ctx.call_name(call) or "").startswith("torch.distributed.checkpoint."):
        return False
    cache = ctx.__dict__.get("_rpc_device_map")
    if cache is None:
        cache = any((isinstance(n, ast.Attribute) and n.attr == "set_device_map") or
                    (isinstance(n, ast.keyword) and n.arg == "device_maps") for n in ctx.all_nodes())
        ctx.__dict__["_rpc_device_map"] = cache
    return not cache


def waits_for_mps_work(ctx, call: ast.Call) -> bool:
    """``torch.mps.synchronize()`` in a function whose device is Apple's GPU only (``torch.device("mps")`` or
    ``device="mps"`` set there, never ``"cuda"``; a comparison sets nothing): it waits for that function's work.
    (Beside CUDA paths, ``if device == "mps": torch.mps.synchronize()``, it waits for nothing a CUDA run queued.)
    In a file written for Apple's GPU alone (``mps_only``: its device set at module level), it waits for all."""
    if ctx.mps_only():
        return True
    stmt = getattr(call, "_wp_stmt", None)
    scope = getattr(stmt, "_wp_scope", None)
    node = getattr(scope, "node", None)
    if node is None or isinstance(node, ast.Module):
        node = ctx.tree
    words = {n.value.split(":")[0] for n in ast.walk(node)
             if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.split(":")[0] in ("mps", "cuda")
             and not isinstance(getattr(n, "_wp_parent", None), ast.Compare)}
    return words == {"mps"}  # (a test, `if device == "mps":`, names no device: the device is chosen elsewhere)
