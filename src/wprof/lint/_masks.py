"""Boolean masks: indexing an array with one selects a number of elements only the data knows, so a mask on the
device makes the host wait for it (the count sizes the result)."""

from __future__ import annotations

import ast

_MASK_CALLS = frozenset({"logical_and", "logical_or", "logical_not", "logical_xor", "isin", "isnan", "isinf",
                         "isfinite", "isclose"})


def boolean_mask(e: ast.AST) -> bool:
    """``e`` computes a boolean mask (a comparison, ``logical_and(...)``, ``isin(...)``, and ``&``/``|``/``^``/``~``
    of those): indexing with it selects a number of elements only the data knows."""
    if isinstance(e, ast.Compare):
        return not any(isinstance(o, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for o in e.ops)
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.BitAnd, ast.BitOr, ast.BitXor)):
        return boolean_mask(e.left) or boolean_mask(e.right)
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Invert):
        return boolean_mask(e.operand)
    if isinstance(e, ast.Call):
        f = e.func
        return (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) in _MASK_CALLS
    return False
