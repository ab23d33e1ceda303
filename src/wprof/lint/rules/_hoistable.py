"""WP114's default part: a host copy of a value the timed loop never changes.

``scale_a=x_scale.item()`` as an argument of the timed call, ``thresh.item()`` read every step: the tensor is the same
in every iteration, so the copy computes nothing the loop needs anew, yet each one is a device-to-host copy that waits
for everything queued before it, the previous iteration's kernels included. The loop then runs its iterations one
host round trip apart instead of queued back to back, and the measurement counts that. Unlike a copy of the step's
own result (a loss, a sampled token, predictions collected on the host: often the algorithm or its bookkeeping, the
opt-in part of WP114), this one is shown to be avoidable by the code itself: it can be read once before the loop.
Only ``.item()`` (a scalar read as a setting) in a loop that also runs GPU work of its own: a ``.cpu()`` of the same
tensor every step may be the host offload a benchmark measures, and a loop of nothing but ``.item()`` measures that
copy's latency on purpose.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted

_COPIES = frozenset({"item"})  # a scalar read as a setting; copies of data (`.cpu()`) may be the offload measured


def loop_invariant_copy(ctx: Context, c: ast.Call, stmt: ast.stmt) -> str | None:
    """The text of the copied value when ``c`` (``v.item()``) runs on every iteration of the loop
    holding ``stmt`` (no ``if`` between them), ``v`` is a name or attribute chain on the GPU that no statement of
    that loop binds (nor its target), and the copy is not the value the loop is about (``c`` is not under a
    ``print`` or a logger: those are the opt-in bookkeeping part); else None."""
    m = ctx.method(c)
    if m not in _COPIES or c.args or c.keywords or not isinstance(c.func, ast.Attribute):
        return None
    recv = c.func.value
    name = dotted(recv)
    if name is None or not (ctx.placement(recv) == "cuda"):
        return None
    loop = stmt._wp_loops[-1]  # type: ignore[attr-defined]
    node = getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop:
        if isinstance(node, ast.If):
            return None  # under a condition: maybe once
        node = getattr(node, "_wp_parent", None)
    if _bound_in(loop, name.split(".")[0], name):
        return None
    if not _other_work(ctx, loop, c):
        return None  # the copy is all the loop does: its latency is what is measured
    parent = getattr(c, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Call) and (ctx.call_name(parent) == "print" or ctx.method(parent) in (
                "append", "extend", "update", "log", "write", "info", "set_postfix", "add_scalar")):
            return None  # printed or logged every step: the bookkeeping part (opt-in)
        if isinstance(parent, (ast.JoinedStr, ast.Lambda, ast.comprehension, ast.ListComp, ast.GeneratorExp)):
            return None
        parent = getattr(parent, "_wp_parent", None)
    return name


def _other_work(ctx: Context, loop: ast.stmt, c: ast.Call) -> bool:
    """The loop puts GPU work of its own on the device besides the copy (the kernel it times)."""
    for n in ast.walk(loop):
        if isinstance(n, ast.Call) and n is not c and n is not loop and not any(x is c for x in ast.walk(n)) and \
                ctx.is_gpu_work(n):
            return True
        if isinstance(n, ast.Call) and n is not c and any(x is c for x in ast.walk(n)) and ctx.is_gpu_work(n):
            return True  # `gemm(a, b, scale=s.item())`: the timed call holds the copy
    return False


def _bound_in(loop: ast.stmt, head: str, name: str) -> bool:
    """``head`` (or the attribute chain ``name``) is a target of the loop or of any binding inside it: assigned,
    augmented, a ``for``/``with`` target, deleted, or changed in place by a method ending in ``_``."""
    targets: list[ast.AST] = [loop.target] if isinstance(loop, (ast.For, ast.AsyncFor)) else []  # type: ignore
    for n in ast.walk(loop):
        if isinstance(n, (ast.Assign,)):
            targets.extend(n.targets)
        elif isinstance(n, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr)):
            targets.append(n.target)
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            targets.append(n.target)
        elif isinstance(n, ast.withitem) and n.optional_vars is not None:
            targets.append(n.optional_vars)
        elif isinstance(n, ast.Delete):
            targets.extend(n.targets)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr.endswith("_") and \
                dotted(n.func.value) in (head, name):
            return True  # `scale.mul_(2)`, `x.copy_(...)`: changed in place every step
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
    for t in targets:
        for x in ast.walk(t):
            d = dotted(x) if isinstance(x, (ast.Name, ast.Attribute, ast.Subscript)) else None
            if isinstance(x, ast.Subscript):
                d = dotted(x.value)
            if d is not None and (d == head or d == name or name.startswith(d + ".")):
                return True
    return False

