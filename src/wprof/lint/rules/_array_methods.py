"""Compute methods of GPU arrays as a timed region's work (WP103, twentieth session, sets 87 and 123).

The work model counts library calls, models and kernels as GPU work, and leaves out the methods of tensors and
arrays (most of them read metadata or reshape: ``x.size()``, ``x.view(...)``). A region whose only work is a method
that runs a kernel on an array known to be on the GPU (``y = x.clone()`` of ``x = torch.randn(n, device="cuda")``,
``a.sum()`` of a CuPy array) then had no GPU work at all, and its cold first call went unreported. Such a
method is the region's work when nothing else is (as the elementwise operators of ``_common._elementwise_items``
are), keyed by its name (``.clone``): an earlier call of the same method on a GPU array warms it.

Only methods that launch a kernel are read (a copy, a reduction, a sort, an elementwise function), on a receiver the
placement model puts on the GPU."""

from __future__ import annotations

import ast

from .._context import Context

KERNEL_METHODS = frozenset({
    "clone", "sum", "mean", "std", "var", "prod", "cumsum", "max", "min", "argmax", "argmin", "sort", "argsort", "topk",
    "norm", "exp", "log", "sqrt", "abs", "softmax", "relu", "sigmoid", "tanh", "svd",
})  # (not the products, `a.matmul(b)`, nor in-place updates, `c.add_(1.0)`: left to the operators' model, `a @ b`
# on GPU operands, as before)


def method_key(ctx: Context, c: ast.AST) -> str | None:
    """``.clone`` for ``x.clone()`` with ``x`` on the GPU and the method a kernel-launching one, else None."""
    if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr in KERNEL_METHODS):
        return None
    recv = c.func.value
    while isinstance(recv, ast.Subscript):
        recv = recv.value  # `x[::2].clone()`: a view of `x`, where `x` lives
    if not isinstance(recv, (ast.Name, ast.Attribute)) or ctx.placement(recv) != "cuda":
        return None
    return "." + c.func.attr


def method_items(ctx: Context, region) -> list[ast.Call]:
    """The region's calls of kernel-launching methods on GPU arrays (outside lambdas), in statement order."""
    from .._walk import in_lambda, stmt_nodes

    return [n for s in region.stmts() for n in stmt_nodes(s)
            if isinstance(n, ast.Call) and method_key(ctx, n) and not in_lambda(n)]


def method_ran_before(ctx: Context, key: str, region) -> bool:
    """A call of the same method on a GPU array runs before the region starts: earlier in the file (in a module's
    or notebook's order, or earlier in the region's function), or anywhere in another function of the file (which
    may run first)."""
    start = region.start.lineno  # type: ignore[attr-defined]
    fn = region.scope.node
    for c in ctx.calls:
        if method_key(ctx, c) != key or region.contains(c):
            continue
        if getattr(c, "lineno", start) < start:
            return True
        if not isinstance(fn, ast.Module) and not _inside(c, fn):
            return True  # (another function's call: who runs first is not known here)
    return False


def _inside(node: ast.AST, fn: ast.AST) -> bool:
    return getattr(fn, "lineno", 0) <= getattr(node, "lineno", -1) <= getattr(fn, "end_lineno", -1)
