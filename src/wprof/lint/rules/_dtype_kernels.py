"""WP103: a matrix product timed on its first reduced-precision call, the same product warm only in float32.

``c = torch.mm(a, b)`` timed after a warm float32 run, then ``c16 = torch.mm(a16, b16)`` on ``float16`` operands
(``torch.randn(n, n, device="cuda", dtype=torch.float16)``, ``x.half()``): the half-precision GEMM is another
kernel (another cuBLAS/cuBLASLt path, loaded lazily on its first launch, its heuristics chosen then), so the first
``float16`` sample holds its one-off start while the ``float32`` one was warm; the speedup printed from the two is
biased. Reported only when every operand's dtype is known from its one binding in the file (a torch factory with
``dtype=``, or a cast ``.half()``/``.bfloat16()``/``.to(torch.float16)``), the dtype is a reduced one (``float16``,
``bfloat16``), and no other call of the same product in the file takes operands of that dtype or of a dtype not
known (any of them may have warmed it); not in a file that uses autocast (its float32 operands run in half).
"""

from __future__ import annotations

import ast

from .._context import Context

_PRODUCTS = frozenset({"torch.mm", "torch.matmul", "torch.bmm", "@"})
_REDUCED = {"float16": "float16", "half": "float16", "bfloat16": "bfloat16"}
_DEFAULT_FLOAT = frozenset({"randn", "rand", "zeros", "ones", "empty", "randn_like", "rand_like"})


def _dtype_of_value(ctx: Context, v: ast.AST) -> str | None:
    """``float16``/``bfloat16``/``float32`` when the expression's dtype is written there; else None."""
    if not isinstance(v, ast.Call):
        return None
    if isinstance(v.func, ast.Attribute):
        m = v.func.attr
        if m in ("half", "bfloat16", "float", "double") and not v.args:
            return {"half": "float16", "bfloat16": "bfloat16", "float": "float32", "double": "float64"}[m]
        if m == "to":
            for a in [*v.args, *(k.value for k in v.keywords if k.arg == "dtype")]:
                d = _dtype_name(ctx, a)
                if d:
                    return d
            if any(k.arg == "dtype" for k in v.keywords):
                return None
            return _dtype_of_value(ctx, v.func.value)  # `.to(device)`: the dtype of what it moves
        if m in ("cuda", "contiguous", "requires_grad_"):
            return _dtype_of_value(ctx, v.func.value)
    q = ctx.call_name(v) or ""
    head, _, last = q.rpartition(".")
    if head != "torch" or last not in _DEFAULT_FLOAT:
        return None
    dt = next((k.value for k in v.keywords if k.arg == "dtype"), None)
    if dt is None:
        return None if last.endswith("_like") else "float32"
    return _dtype_name(ctx, dt)


def _dtype_name(ctx: Context, node: ast.AST) -> str | None:
    q = ctx.qualname(node) or ""
    head, _, last = q.rpartition(".")
    if head != "torch":
        return None
    if last in _REDUCED:
        return _REDUCED[last]
    if last in ("float64", "double"):
        return "float64"
    return "float32" if last in ("float32", "float") else None


def _operand_dtype(ctx: Context, node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):  # its one binding in its function (a loop target, a parameter: unknown)
        scope = getattr(getattr(node, "_wp_stmt", None), "_wp_scope", None)
        binds = ctx.scope_bindings(scope).get(node.id, []) if scope is not None else []
        return _dtype_of_value(ctx, binds[0][1]) if len(binds) == 1 and binds[0][1] is not None else None
    return _dtype_of_value(ctx, node)


def _call_dtype(ctx: Context, c: ast.AST) -> str | None:
    """The one dtype of a product's operands when every one is known, else None."""
    if isinstance(c, ast.BinOp):
        ops = [c.left, c.right]
    elif isinstance(c, ast.Call) and not c.keywords and len(c.args) == 2:
        ops = list(c.args)
    else:
        return None
    kinds = {_operand_dtype(ctx, o) for o in ops}
    return kinds.pop() if len(kinds) == 1 else None


def _key(ctx: Context, c: ast.AST) -> str | None:
    if isinstance(c, ast.BinOp) and isinstance(c.op, ast.MatMult):
        return "@"
    if isinstance(c, ast.Call):
        q = ctx.call_name(c) or ""
        return q if q in _PRODUCTS else None
    return None


def first_reduced_product(ctx: Context, c: ast.AST) -> str | None:
    """The reduced dtype (``float16``/``bfloat16``) of a product call no other call of the file ran on that dtype
    (or on operands of unknown dtype); None otherwise."""
    key = _key(ctx, c)
    if key is None or "autocast" in ctx.words:
        return None
    d = _call_dtype(ctx, c)
    if d in ("float32", "float64"):
        return first_full_product(ctx, c, key, d)
    if d not in ("float16", "bfloat16"):
        return None
    products = ctx.__dict__.get("_wp_products")
    if products is None:  # every matrix product of the file, once
        products = [(n, k) for n in ctx.all_nodes() if (k := _key(ctx, n)) is not None]  # type: ignore[arg-type]
        ctx.__dict__["_wp_products"] = products
    for n, k in products:
        if n is c or k != key:
            continue
        other = _call_dtype(ctx, n)
        if other is None or other == d:
            return None
    return d


def first_full_product(ctx: Context, c: ast.AST, key: str, d: str) -> str | None:
    """(Twentieth session, set 115) A ``float32`` (or ``float64``) product whose earlier products of the same name in
    the file all ran on another known dtype (``a_full @ b_full`` in ``float64``, then ``a = a_full.float()`` and a
    timed ``a @ b``): the SGEMM kernels (and TF32's) load and are chosen on this call, as the half ones do above.
    Only products written above it count (a later one cannot have warmed it); one of unknown dtype may have."""
    line = getattr(c, "lineno", 0)
    earlier = [n for n, k in ctx.__dict__["_wp_products"] if n is not c and k == key and
               getattr(n, "lineno", line) < line] if "_wp_products" in ctx.__dict__ else None
    if earlier is None:
        ctx.__dict__["_wp_products"] = [(n, k) for n in ctx.all_nodes() if (k := _key(ctx, n)) is not None]
        return first_full_product(ctx, c, key, d)
    if not earlier:
        return None
    for n in earlier:
        other = _call_dtype(ctx, n)
        if other is None or other == d:
            return None
    return d
