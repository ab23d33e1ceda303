"""Functions of the project that hand back host values (precision137, sets 137-144): a helper that puts its inputs
on the GPU, launches its kernels and ends with ``return d_out.copy_to_host()`` (or ``return y.cpu().numpy()``)
returns a host array, not a device one. Read by :meth:`wprof.lint._placement.PlacementModel._placement` before the
"moves data to the GPU, so its result lives there" reading, so that host work on the result (``suppressed |=
iou[i] > t`` after ``iou = compute_iou_gpu(boxes)``) is not taken for GPU work left pending after the helper's own
wait."""

from __future__ import annotations

import ast
from typing import Any


def returns_host_copy(ctx: Any, expr: ast.Call, q: str) -> bool:
    """``expr`` calls a function of the file (by its plain name) or one the file imports from the project whose
    every ``return`` gives a value known to live on the CPU (``_returns_on_cpu``, as its own module sees it)."""
    if isinstance(expr.func, ast.Name) and q in ctx.functions:
        return ctx._returns_on_cpu(ctx._def_run_by(q, expr))
    d = ctx.imported_function(expr)
    return d is not None and d.ctx._returns_on_cpu(d.node)


_NUMBA_REDUCE = frozenset({"numba.cuda.reduce", "numba.cuda.Reduce"})


def numba_reduce_to_host(ctx: Any, call: ast.Call) -> bool:
    """``total = sum_reduce(d_a)`` of a Numba reduction (a function decorated ``@cuda.reduce``, or a name bound to
    ``cuda.reduce(f)`` / ``cuda.Reduce(f)``) called without a ``res`` device array (its third positional argument or
    ``res=``): Numba's ``Reduce.__call__`` then returns ``partials[0]``, a host scalar copied from the device, so the
    call returns once its kernels are done (numba/cuda/kernels/reduction.py). With ``res`` it only queues a device to
    device copy and returns None."""
    f = call.func
    if not isinstance(f, ast.Name) or len(call.args) >= 3 or any(k.arg in ("res", None) for k in call.keywords):
        return False
    fn = ctx.functions.get(f.id)
    if fn is not None:
        return any(ctx.qualname(d) in _NUMBA_REDUCE for d in getattr(fn, "decorator_list", ()))
    values = ctx.assigns.get(f.id, [])
    return bool(values) and all(isinstance(v, ast.Call) and ctx.call_name(v) in _NUMBA_REDUCE for v in values)


# PyTorch's distributed autograd and optimizer over RPC (torch.distributed.autograd, torch.distributed.optim): the
# backward pass runs on the workers that hold the parameters, and the calls below return once it is done there
# ("This method blocks until the entire autograd computation is done"; `DistributedOptimizer.step` waits for every
# remote optimizer's step): the process that times them waits on them as on a remote call's result.
_RPC_TRAINING_WAITS = frozenset({"torch.distributed.autograd.backward"})
_RPC_OPTIMIZERS = frozenset({"torch.distributed.optim.DistributedOptimizer"})


def rpc_training_waits(ctx: Any, call: ast.Call) -> bool:
    """``dist_autograd.backward(context_id, [loss])``, or ``opt.step(context_id)`` of ``opt =
    DistributedOptimizer(optim.SGD, model.parameter_rrefs(), lr=...)`` (every binding of the name one)."""
    if (ctx.call_name(call) or "") in _RPC_TRAINING_WAITS:
        return True
    f = call.func
    if not (isinstance(f, ast.Attribute) and f.attr == "step"):
        return False
    from ._names import dotted

    d = dotted(f.value)
    values = ctx.assigns.get(d, []) if d is not None else []
    return bool(values) and all(isinstance(v, ast.Call) and ctx.call_name(v) in _RPC_OPTIMIZERS for v in values)
