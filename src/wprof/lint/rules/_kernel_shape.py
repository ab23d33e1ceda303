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
    cached = getattr(fn, "_wp_has_loop", None)
    if cached is None:
        cached = any(isinstance(n, _LOOPS) or isinstance(n, ast.comprehension) for n in ast.walk(fn))
        fn._wp_has_loop = cached  # type: ignore[attr-defined]
    return cached
