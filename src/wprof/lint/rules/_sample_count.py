"""WP105's sample counts of library harnesses: a harness told to take one sample (``cupyx.profiler.benchmark(f,
args, n_repeat=1)``, ``timeit.repeat(stmt, repeat=1)``, ``Timer(stmt).repeat(repeat=1)``) returns one value per
array; its "mean" is that value and hides no spread, so :mod:`.mean_only` reports nothing there."""

from __future__ import annotations

import ast

from .._context import Context

# (qualified name or method, keyword, position of the count among the call's arguments)
_COUNTS = {"cupyx.profiler.benchmark": ("n_repeat", 3), "timeit.repeat": ("repeat", 3)}


def one_sample_harness(ctx: Context, call: ast.AST) -> bool:
    """True when ``call`` is a harness call whose sample count is the constant 1: a literal, or a name every
    binding of which in the file is the literal 1."""
    if not isinstance(call, ast.Call):
        return False
    name = ctx.call_name(call) or ""
    spec = _COUNTS.get(name)
    if spec is None and ctx.method(call) == "repeat" and name != "timeit.repeat":
        spec = ("repeat", 0)  # `timeit.Timer(stmt).repeat(repeat=1, number=10)`
    if spec is None:
        return False
    kw, pos = spec
    arg = next((k.value for k in call.keywords if k.arg == kw), None)
    if arg is None and len(call.args) > pos and not any(isinstance(a, ast.Starred) for a in call.args[:pos + 1]):
        arg = call.args[pos]
    return arg is not None and _is_one(ctx, arg)


def _is_one(ctx: Context, node: ast.AST) -> bool:
    values = [node] if isinstance(node, ast.Constant) else \
        ctx.assigns.get(node.id, []) if isinstance(node, ast.Name) else []
    return bool(values) and all(isinstance(v, ast.Constant) and type(v.value) is int and v.value == 1
                                for v in values)
