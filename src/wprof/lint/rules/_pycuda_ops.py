"""WP112: the first arithmetic operator on PyCUDA GPU arrays, timed (a fact of PyCUDA, ``pycuda/gpuarray.py`` and
``pycuda/elementwise.py``: not of any repository).

``a_gpu * np.float32(2)``, ``a_gpu + b_gpu``: a ``GPUArray`` operator gets its kernel from
``pycuda.elementwise.get_axpbz_kernel``/``get_axpbyz_kernel``..., memoized per dtype, which generates CUDA source and
builds it with ``SourceModule`` (nvcc, or PyCUDA's on-disk cubin cache) and loads the module on the first use in the
process. A region that times the program's first such operator (``t3 = time(); d2 = d * np.float32(2); t4 = time()``)
times that build. Only for operators whose operand is known to be on the GPU in a file that uses PyCUDA's arrays
(and neither CuPy nor torch, whose operators launch precompiled kernels)."""

from __future__ import annotations

import ast

from .._context import Context

_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)


def _uses_gpuarray(ctx: Context) -> bool:
    roots = {q.split(".")[0] for q in ctx.imports.values()}
    return any(q.startswith("pycuda.gpuarray") for q in ctx.imports.values()) and \
        not roots & {"cupy", "cupyx", "torch", "jax", "tensorflow"}


def _gpu_op(ctx: Context, n: ast.AST) -> bool:
    return isinstance(n, ast.BinOp) and isinstance(n.op, _OPS) and \
        "cuda" in (ctx.placement(n.left), ctx.placement(n.right))


def first_gpuarray_ops(ctx: Context) -> list[tuple[ast.BinOp, str]]:
    """(the operator, its symbol) for each one-off timed region holding the program's first operator of its kind on
    PyCUDA GPU arrays (none in the statements that can run before the region in its scope)."""
    from .._walk import stmt_nodes
    from ._common import _times_first_call, end_to_end, helper_called_again, mentions_warmup_for
    from ._on_purpose import labelled_cold
    from ._reach import reachable_before

    if not ctx.uses_gpu or not _uses_gpuarray(ctx):
        return []
    out: list[tuple[ast.BinOp, str]] = []
    for r in ctx.regions:
        if r.loop is not None or r.outer is not None or r.kind not in ("host", "event") or \
                helper_called_again(ctx, r.scope) or mentions_warmup_for(ctx, r) or _times_first_call(ctx, r) or \
                labelled_cold(ctx, r) or end_to_end(ctx, r):
            continue
        ops = [n for s in r.stmts() for n in stmt_nodes(s) if _gpu_op(ctx, n)]
        if not ops:
            continue
        before = [n for s in reachable_before(ctx, r.scope, r.lo) for n in stmt_nodes(s) if _gpu_op(ctx, n)]
        for n in ops:
            if not any(type(b.op) is type(n.op) for b in before):
                sym = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}[type(n.op)]
                out.append((n, sym))
                break
    return out
