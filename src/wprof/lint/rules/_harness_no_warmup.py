"""WP103 through a library harness told to skip its warm-up: ``cupyx.profiler.benchmark(f, args, n_warmup=0,
n_repeat=1)`` on work that never ran before in the caller. The harness times exactly what it is given, so with no
warm-up run and a handful of samples its first sample is the cold first call (a Numba kernel's JIT compile, a CuPy
kernel's compile and load, a cuBLAS handle) and the figure it returns carries it."""

from __future__ import annotations

import ast

from .._context import Context, dotted

# harness -> (its warm-up count keyword, its sample count keyword, the sample count it takes by default)
_HARNESSES = {"cupyx.profiler.benchmark": ("n_warmup", "n_repeat", 10000)}
_FEW = 10  # at most this many samples: one cold sample among them is not amortized


def _literal(ctx: Context, call: ast.Call, name: str):
    for k in call.keywords:
        if k.arg == name:
            return k.value.value if isinstance(k.value, ast.Constant) and isinstance(k.value.value, int) else None
    return ...  # not given


def _callee(f: ast.AST) -> tuple[ast.AST, str] | None:
    """The work the harness runs: a function named, or the one call a lambda makes (``lambda: kern[g, b](x)``)."""
    if isinstance(f, ast.Lambda) and isinstance(f.body, ast.Call):
        f = f.body.func
        if isinstance(f, ast.Subscript):  # a kernel launch `kern[grid, block](...)`
            f = f.value
    key = dotted(f) if isinstance(f, (ast.Name, ast.Attribute)) else None
    return (f, key) if key else None


def cold_harness_calls(ctx: Context) -> list:
    """(harness call, callee key) for each harness call told to skip warm-up whose callee never ran before."""
    from ._cold_helpers import _ran_before

    out = []
    for c in ctx.calls:
        spec = _HARNESSES.get(ctx.call_name(c) or "")
        if spec is None or not c.args:
            continue
        warm, reps, default = spec
        n_reps = _literal(ctx, c, reps)
        if _literal(ctx, c, warm) != 0 or (default if n_reps is ... else n_reps) is None or \
                (default if n_reps is ... else n_reps) > _FEW:
            continue
        got = _callee(c.args[0])
        st = getattr(c, "_wp_stmt", None)
        scope = getattr(st, "_wp_scope", None)
        if got is None or scope is None:
            continue
        _, key = got
        if _ran_before(ctx, key, scope, st._wp_idx):  # type: ignore[union-attr]
            continue
        out.append((c, key))
    return out
