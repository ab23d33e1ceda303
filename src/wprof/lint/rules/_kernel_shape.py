"""The shape of a kernel function of the file, for WP101's reading of a sample's length: a JIT-decorated
function (``@triton.jit``, ``@numba.cuda.jit``) and whether its body loops (split out of ``_sample_length``)."""

from __future__ import annotations

import ast

from .._context import dotted

_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def jit_kernel(fn: ast.AST) -> bool:
    return any("jit" in (dotted(d.func if isinstance(d, ast.Call) else d) or "")
               for d in getattr(fn, "decorator_list", ()))


def has_loop(fn: ast.AST) -> bool:
    """The kernel loops over work of its own; a Numba grid-stride loop (``for i in range(start, n, stride)`` with
    ``stride = cuda.gridDim.x * cuda.blockDim.x``, or ``cuda.gridsize(1)``) with no loop in its body is not one:
    it spreads one pass over the array across the grid, the work of a loop-free elementwise kernel."""
    cached = getattr(fn, "_wp_has_loop", None)
    if cached is None:
        strided = _grid_stride_loops(fn)
        cached = any((isinstance(n, _LOOPS) and n not in strided) or isinstance(n, ast.comprehension)
                     for n in ast.walk(fn))
        fn._wp_has_loop = cached  # type: ignore[attr-defined]
    return cached


_GRID_WORDS = ("gridDim", "blockDim", "gridsize")


def _grid_stride_loops(fn: ast.AST) -> list[ast.stmt]:
    """The grid-stride loops of a Numba CUDA kernel: ``for i in range(a, b, s)`` whose step ``s`` is the grid's
    thread count (spelled with ``cuda.gridDim``/``cuda.blockDim``/``cuda.gridsize``, directly or through a name
    the kernel binds once), with no loop in the body."""
    if not any("cuda.jit" in (dotted(d.func if isinstance(d, ast.Call) else d) or "")
               for d in getattr(fn, "decorator_list", ())):
        return []
    binds: dict[str, list[ast.AST]] = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            binds.setdefault(n.targets[0].id, []).append(n.value)

    def grid_sized(e: ast.AST, depth: int = 0) -> bool:
        for x in ast.walk(e):
            if isinstance(x, ast.Attribute) and x.attr in _GRID_WORDS:
                return True
            if isinstance(x, ast.Name) and depth < 3 and len(binds.get(x.id, ())) == 1 and \
                    grid_sized(binds[x.id][0], depth + 1):
                return True
        return False

    out = []
    for n in ast.walk(fn):
        if isinstance(n, ast.For) and isinstance(n.iter, ast.Call) and isinstance(n.iter.func, ast.Name) and \
                n.iter.func.id == "range" and len(n.iter.args) == 3 and grid_sized(n.iter.args[2]) and \
                not n.orelse and not any(isinstance(x, (*_LOOPS, ast.comprehension))
                                         for st in n.body for x in ast.walk(st)):
            out.append(n)
    return out
