"""WP104's driver allocations through CUDA Python (``from cuda import cudart``; ``cuda.bindings.runtime``/
``driver``): ``cudart.cudaMalloc(nbytes)`` and the driver's ``cuMemAlloc`` go to the driver on every call (no pool),
and the ``cudaFree``/``cuMemFree`` that releases the buffer synchronizes the device. Allocating a model's I/O
buffers in every timed iteration of a TensorRT engine (``bufferD.append(cudart.cudaMalloc(h.nbytes)[1])`` ...
``context.execute_async_v3(0)`` ... ``cudart.cudaFree(b)``) times that churn with the inference (set 116).

Not ``cudaMallocAsync``/``cudaMallocFromPoolAsync`` (stream-ordered, from a pool) nor ``cudaMallocHost`` (host
memory)."""

from __future__ import annotations

import ast
import re

from .._context import Context

_HEADS = ("cuda.cudart", "cuda.bindings.runtime", "cuda.cuda", "cuda.bindings.driver")
_ALLOCS = frozenset({"cudaMalloc", "cudaMallocPitch", "cudaMalloc3D", "cudaMallocManaged", "cuMemAlloc",
                     "cuMemAlloc_v2", "cuMemAllocPitch", "cuMemAllocManaged"})


def runtime_alloc(ctx: Context, c: ast.Call) -> str | None:
    """What ``c`` costs when it is a CUDA Python runtime or driver allocation, else None."""
    head, _, last = (ctx.call_name(c) or "").rpartition(".")
    if head in _HEADS and last in _ALLOCS:
        return f"device allocation (`{last}` through CUDA Python: no pool, and its `cudaFree` synchronizes the device)"
    if last in _ALLOCS and head and "." not in head and ctypes_cuda_library(ctx, head):
        return f"device allocation (`{last}` of the CUDA runtime loaded with ctypes: no pool, and its `cudaFree` " \
            "synchronizes the device)"
    return None


def ctypes_cuda_library(ctx: Context, name: str) -> bool:
    """(twentieth session, jitrecall; set 79) ``name`` is bound only to the CUDA runtime or driver library loaded with
    ctypes (``cuda = ctypes.CDLL(path)`` with the path, or a name bound to it, naming ``cudart``/``nvcuda``/
    ``libcuda``): its ``cudaMalloc`` is the driver's allocation, as CUDA Python's is."""
    vals = ctx.assigns.get(name, [])
    if not vals:
        return False
    for v in vals:
        if not (isinstance(v, ast.Call) and (ctx.call_name(v) or "") in _CTYPES_LOADERS and v.args):
            return False
        if not _names_cuda_library(ctx, v.args[0]):
            return False
    return True


_CTYPES_LOADERS = frozenset({"ctypes.CDLL", "ctypes.cdll.LoadLibrary", "ctypes.WinDLL", "ctypes.windll.LoadLibrary"})
_CUDA_LIB = re.compile(r"(cudart|nvcuda|libcuda\b|libcuda\.so)", re.I)


def _names_cuda_library(ctx: Context, a: ast.AST) -> bool:
    """A string naming the CUDA runtime or driver library, or a name bound only to such strings."""
    if isinstance(a, ast.Constant) and isinstance(a.value, str):
        return bool(_CUDA_LIB.search(a.value))
    if isinstance(a, ast.Name):
        vals = ctx.assigns.get(a.id, [])
        return bool(vals) and all(isinstance(v, ast.Constant) and isinstance(v.value, str) and
                                  _CUDA_LIB.search(v.value) for v in vals)
    return False


_MEMORY_OPS = re.compile(r"^cu(da)?Mem(set|cpy)\w*$")


def memory_only_calls(ctx: Context, calls: list[ast.Call]) -> set[int]:
    """Ids of the CUDA Python memory calls (``cudaMemset``, ``cudaMemcpy``, ``cuMemcpyHtoD``...) among ``calls``: a
    region whose only other device work is filling or copying the buffer it allocates times the allocation on
    purpose (a memory round trip), not beside the work it measures."""
    out = set()
    for c in calls:
        head, _, last = (ctx.call_name(c) or "").rpartition(".")
        if head in _HEADS and _MEMORY_OPS.match(last):
            out.add(id(c))
    return out
