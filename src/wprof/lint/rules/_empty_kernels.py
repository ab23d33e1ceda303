"""Kernels that do nothing, for WP101: a loop (or ``%timeit``) that launches an empty kernel and synchronizes every
time measures the launch and synchronize round trip on purpose, since there is no work to measure.

An empty kernel is a JIT kernel of the file (``@cuda.jit``, ``@triton.jit``) whose body is only ``pass``, a
docstring, ``...`` or a bare ``return``, or a kernel the file builds from CUDA source (PyCUDA's
``SourceModule(src).get_function("k")``, CuPy's ``RawKernel(src, "k")``) whose ``__global__`` function ``k`` has an
empty body (``{}``, comments aside), or an entry of a C++/CUDA extension whose visible sources (``load_inline``
strings, ``load()`` files) launch only such kernels (``empty_ext.noop_out(x, x)``).
"""

from __future__ import annotations

import ast
import re

from .._walk import stmt_nodes
from ._kernel_shape import jit_kernel


def launches_empty_kernel(ctx, stmt: ast.stmt) -> bool:
    """``stmt`` launches a kernel that does nothing (``empty[1, 1]()``, ``noop(block=(1, 1, 1))``)."""
    return any(isinstance(c, ast.Call) and _empty_launch(ctx, c) for c in stmt_nodes(stmt))


def _empty_launch(ctx, c: ast.Call) -> bool:
    f = c.func
    if isinstance(f, ast.Subscript):
        f = f.value  # k[grid, block](...)
    elif isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and f.func.attr == "forall":
        f = f.func.value  # k.forall(n)(...)
    if isinstance(f, ast.Attribute) and f is c.func and isinstance(f.value, ast.Name):
        from .._extensions import extension_empty_entry

        return extension_empty_entry(ctx, c)
    if not isinstance(f, ast.Name):
        return False
    fn = ctx.functions.get(f.id)
    if fn is not None:
        return f is not c.func and jit_kernel(fn) and _empty_body(fn.body)
    return f is c.func and _empty_source_kernel(ctx, f.id)


def _empty_body(body: list[ast.stmt]) -> bool:
    return all(isinstance(st, ast.Pass) or (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)) or
               (isinstance(st, ast.Return) and st.value is None) for st in body)


_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def _empty_source_kernel(ctx, name: str) -> bool:
    """``name = mod.get_function("k")`` / ``name = cp.RawKernel(src, "k")`` where the source's ``__global__`` ``k``
    has an empty body."""
    from ._lib_kernels import _built_kernel, _source

    values = ctx.assigns.get(name, [])
    if not _built_kernel(ctx, name) or len(values) != 1 or not isinstance(values[0], ast.Call):
        return False
    v = values[0]
    names = [a.value for a in [*v.args, *(k.value for k in v.keywords)]
             if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.isidentifier()]
    src = _source(ctx, name, 0)
    if not names or src is None:
        return False
    src = _COMMENTS.sub(" ", src)
    return any(re.search(r"__global__\s+void\s+" + re.escape(k) + r"\s*\([^)]*\)\s*\{\s*\}", src) for k in names)
