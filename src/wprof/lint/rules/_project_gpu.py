"""Whether a call of the user's own code (a function of the file, or one imported from the project's modules) is GPU
work that also waits: its body puts data on the GPU in so many words (``cuda.to_device(h)``, ``x.cuda()``,
``.to("cuda")``), launches work there, and ends by reading the result back (``copy_to_host``, ``.cpu()``).

Such a call is the program's first GPU use when nothing before it used the GPU, even though it synchronizes: the
wait at its end does not make it a bare wait (``torch.cuda.synchronize()`` alone is one), the CUDA context is still
created inside it. Read with the same analysis as a definition of the file, in the module that defines it
(:mod:`.._imported`)."""

from __future__ import annotations

import ast
from typing import Any


def moves_then_waits(ctx: Any, call: ast.AST) -> bool:
    """``call`` runs a function of the user's code whose own body moves data to the GPU (not through a device
    parameter that may be ``"cpu"``: ``_moves_to_gpu`` of its module), in a module that uses the GPU."""
    if not isinstance(call, ast.Call):
        return False
    found = ctx.callee_def(call)
    if found is None:
        return False
    where, fn = found
    if not getattr(where, "uses_gpu", False):
        return False
    cache = where.__dict__.setdefault("_wp_moves_then_waits", {})
    if id(fn) not in cache:
        cache[id(fn)] = any(_puts_on_gpu(where, c) for c in where.calls_in_function(fn))
    return cache[id(fn)]


def _puts_on_gpu(ctx: Any, c: ast.Call) -> bool:
    """A call that places data on the GPU in so many words: ``x.cuda()``, ``cuda.to_device(h)``, ``.to(dev)`` of a
    device shown to be the GPU, ``device="cuda"`` (a device string chosen at run time with a CPU fallback is not
    enough: the caller may run on the CPU)."""
    # not _imported.puts_on_gpu_call's test: this one also takes numba/PyCUDA/CuPy transfers, which that one refuses
    name = ctx.call_name(c) or ""
    if ctx.method(c) == "cuda" or name in ("numba.cuda.to_device", "pycuda.gpuarray.to_gpu", "cupy.asarray",
                                           "cupy.array"):
        return True
    if ctx.method(c) == "to" and ctx.placement(c) == "cuda":
        return True
    return any(k.arg == "device" and ctx._device_value(k.value) == "cuda" for k in c.keywords)
