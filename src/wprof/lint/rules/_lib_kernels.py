"""Kernels a file builds from CUDA source with a GPU library, for WP101's reading of a sample's length.

``k = cp.RawKernel(src, "add")``, ``k = SourceModule(src).get_function("add")`` (or through a module name),
``k = cp.ElementwiseKernel(...)``/``pycuda.elementwise.ElementwiseKernel(...)``: when the source the file gives has
no loop (no ``for``/``while``), each thread does a fixed amount of work and a launch is one pass over its arrays,
µs-scale for the sizes WP101 accepts (the same reading as a Triton kernel of the file without a loop). A kernel whose
source is not a string of the file, or that loops, is not shown short.
"""

from __future__ import annotations

import ast
import re

_LOOP = re.compile(r"\b(for|while)\s*\(")


def library_kernel(ctx, n: ast.AST) -> bool:
    """``n`` launches a loop-free kernel the file builds from source (RawKernel, SourceModule, ElementwiseKernel)."""
    if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and _built_kernel(ctx, n.func.id)):
        return False
    src = _source(ctx, n.func.id, 0)
    return src is not None and not _LOOP.search(src)


def _built_kernel(ctx, name: str) -> bool:
    values = ctx.assigns.get(name, [])
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return False
    v = values[0]
    q = ctx.call_name(v) or ""
    return (isinstance(v.func, ast.Attribute) and v.func.attr == "get_function") or \
        (q.startswith(("cupy.", "pycuda.")) and q.endswith("Kernel"))


def _source(ctx, name: str, depth: int) -> str | None:
    values = ctx.assigns.get(name, [])
    if len(values) != 1 or not isinstance(values[0], ast.Call) or depth > 2:
        return None
    v = values[0]
    if isinstance(v.func, ast.Attribute) and v.func.attr == "get_function":  # mod.get_function("k")
        mod = v.func.value
        if isinstance(mod, ast.Call):  # SourceModule(src).get_function("k")
            return _strings(ctx, mod)
        return _source(ctx, mod.id, depth + 1) if isinstance(mod, ast.Name) else None
    return _strings(ctx, v)


def _strings(ctx, call: ast.Call) -> str | None:
    """The CUDA source among a constructor's arguments: its string constants (or names bound once to one)."""
    out = []
    for a in [*call.args, *(k.value for k in call.keywords)]:
        if isinstance(a, ast.Name):
            bound = ctx.assigns.get(a.id, [])
            a = bound[0] if len(bound) == 1 else a
        if isinstance(a, ast.Constant) and isinstance(a.value, str):
            out.append(a.value)
        elif not isinstance(a, ast.Constant):
            return None  # a source built at run time (an f-string, a file read): not shown
    return "\n".join(out) if out else None
