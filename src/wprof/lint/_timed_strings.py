"""Code a file hands to ``timeit`` as a string (``timeit.timeit(code, number=100)``, ``Timer(stmt, setup)``): its
imports are the program's too. A benchmark that writes all of its GPU code inside the string (``import
pycuda.autoinit`` and a ``SourceModule`` in ``code_to_test``) uses the GPU although the file's own imports name
only ``timeit``."""

from __future__ import annotations

import ast

_TIMERS = frozenset({"timeit.timeit", "timeit.repeat", "timeit.Timer"})
_GPU_ROOTS = ("triton", "cupy", "cupyx", "numba", "pycuda", "jax", "tensorrt", "torch_tensorrt", "cutlass")


def _string_args(ctx, call: ast.Call) -> list[str]:
    out = []
    for a in [*call.args[:2], *(k.value for k in call.keywords if k.arg in ("stmt", "setup"))]:
        if isinstance(a, ast.Name):  # `code_to_test = '''...'''`; `timeit.timeit(code_to_test)`
            vals = ctx.assigns.get(a.id, [])
            a = vals[0] if len(vals) == 1 else a
        if isinstance(a, ast.Constant) and isinstance(a.value, str):
            out.append(a.value)
    return out


def timed_string_uses_gpu(ctx) -> bool:
    """A ``timeit`` call of the file runs a code string that imports a GPU library (``import pycuda.autoinit``,
    ``from numba import cuda``, ``import cupy as cp``) or moves torch data to ``cuda``."""
    for c in ctx.calls:
        if (ctx.call_name(c) or "") not in _TIMERS:
            continue
        for text in _string_args(ctx, c):
            if "import" not in text and "cuda" not in text:
                continue
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError):
                continue
            for n in ast.walk(tree):
                names = [a.name for a in n.names] if isinstance(n, ast.Import) else \
                    [n.module or ""] if isinstance(n, ast.ImportFrom) else []
                if any(q.split(".")[0] in _GPU_ROOTS or q.startswith("torch.cuda") for q in names):
                    return True
    return False


def string_kernel(ctx, call: ast.Call) -> bool:
    """``func(a_gpu, block=(4, 4, 1))`` in the code of a ``timeit`` string (the scope ``<timeit>`` the linter builds
    for it) that binds ``func = mod.get_function("k")`` before the call: a kernel launch. (The file's own names model
    never sees the string's bindings.)"""
    st = getattr(call, "_wp_stmt", None)
    scope = getattr(st, "_wp_scope", None)
    if scope is None or getattr(scope.node, "name", None) != "<timeit>" or not isinstance(call.func, ast.Name):
        return False
    name = call.func.id
    for s in scope.stmts[:getattr(st, "_wp_idx", 0)]:
        if isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in s.targets) and \
                isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Attribute) and \
                s.value.func.attr == "get_function":
            return True
    return False
