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


def mask_value(ctx, e: ast.AST) -> bool:
    """``e`` is a boolean mask on the device: computed there (``cp.logical_and(a > lo, b == k)``), or a name every
    binding of which is one (``keep = scores > t``; ``boxes[keep]``)."""
    if isinstance(e, ast.Name):
        vals = ctx.assigns.get(e.id, [])
        return bool(vals) and all(boolean_mask(v) for v in vals) and ctx.placement(e) == "cuda"
    return boolean_mask(e) and ctx.placement(e) == "cuda"


def split_mask(ctx, e: ast.AST) -> bool:
    """``e`` is a split mask of a graph or dataset moved to the device: a name (``train_mask``) every binding of which
    reads a field named as a mask (``g.ndata["train_mask"]``, ``data.val_mask``) of an object the file moves with
    ``.to(...)``/``.cuda()`` (not to the CPU). DGL's and PyG's node splits are boolean tensors that move with their
    graph, so indexing the model's output with one (``logits[train_mask]``) counts the hits on the host."""
    if not isinstance(e, ast.Name):
        return False
    vals = ctx.assigns.get(e.id, [])
    if not vals or "mask" not in e.id.lower():
        return False
    for v in vals:
        if isinstance(v, ast.Subscript) and isinstance(v.slice, ast.Constant) and isinstance(v.slice.value, str):
            field, base = v.slice.value, v.value
        elif isinstance(v, ast.Attribute):
            field, base = v.attr, v.value
        else:
            return False
        while isinstance(base, ast.Attribute):  # g.ndata["train_mask"]: the graph `g`
            base = base.value
        if "mask" not in field.lower() or not isinstance(base, ast.Name) or not _moved_to_device(ctx, base.id):
            return False
    return True


def _moved_to_device(ctx, name: str) -> bool:
    """Some binding of ``name`` moves it to a device (``g = g.to(args.gpu)``, ``data = data.cuda()``), none to the
    CPU."""
    moves = [v for v in ctx.assigns.get(name, []) if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute)
             and v.func.attr in ("to", "cuda")]
    return bool(moves) and all(ctx.placement(v) != "cpu" for v in moves)


# ops whose result has as many elements as the data says: the size is read on the host before the call returns
_DATA_SIZED = frozenset({"nonzero", "unique", "unique_consecutive", "masked_select", "argwhere", "bincount",
                         "flatnonzero", "extract", "compress"})


def data_sized(ctx, c: ast.Call) -> bool:
    """``torch.bincount(x)``, ``torch.where(mask)`` (one argument: the indices of the hits), ``x.argwhere()``,
    ``torch.repeat_interleave(x, counts)`` with a tensor of counts and no ``output_size``, CuPy's ``cp.nonzero``,
    ``cp.extract``: the output's size depends on the values, so the host waits for them."""
    q, m = ctx.call_name(c) or "", ctx.method(c)
    if q.startswith(("torch.", "cupy.")) and "." not in q.split(".", 1)[1]:
        name, args = q.rsplit(".", 1)[-1], list(c.args)
    elif m is not None and ctx._tensor_value(c.func.value):
        name, args = m, [c.func.value, *c.args]
    else:
        return False
    if name in _DATA_SIZED:
        return not (name == "bincount" and q.startswith("cupy.") and any(k.arg == "minlength" for k in c.keywords))
    if name == "where":
        return len(args) == 1 and not c.keywords
    if name == "repeat_interleave":
        reps = args[1] if len(args) > 1 else next((k.value for k in c.keywords if k.arg == "repeats"), None)
        return reps is not None and not isinstance(reps, ast.Constant) and \
            not any(k.arg == "output_size" for k in c.keywords) and ctx._tensor_value(reps)
    return False
