"""Values formatted into text that are computed on the device by a call (``f"{y.max():.3f}"``, ``"{}".format(
loss.mean())``, ``print(out.sum())``): the text needs the value on the host, so formatting it waits for the device,
as formatting a tensor name does."""

from __future__ import annotations

import ast

# methods of a tensor that return host metadata, not values computed on the device
_HOST_RESULTS = frozenset({"size", "numel", "dim", "ndimension", "element_size", "nelement", "stride",
                           "get_device", "is_contiguous", "data_ptr", "type", "storage_offset"})


def device_value_call(ctx, v: ast.AST) -> bool:
    """``v`` is a call that returns a value computed on the device: a method of a tensor on the GPU (``y.max()``,
    ``loss.mean()``), not one returning metadata (``x.size(0)``), or a ``torch.``/``cupy.`` function of one."""
    if not isinstance(v, ast.Call):
        return False
    m = ctx.method(v)
    if m is not None and m not in _HOST_RESULTS and ctx._tensor_value(v.func.value):
        return True
    q = ctx.call_name(v) or ""
    return q.startswith(("torch.", "cupy.")) and bool(v.args) and ctx._tensor_value(v.args[0]) and \
        ctx.placement(v) == "cuda"


def formats_device_before(ctx, stmt: ast.stmt, at: tuple, conditional) -> bool:
    """An f-string field of ``stmt`` that formats a device value and ends before position ``at`` (the clock read):
    an f-string formats each field as it reaches it, so the host waits for that value before reading the clock."""
    from ._syncs import _meta_attr

    for n in getattr(stmt, "_wp_nodes", ()):
        if not isinstance(n, ast.FormattedValue) or conditional(n):
            continue
        v = n.value
        if (getattr(v, "end_lineno", 0), getattr(v, "end_col_offset", 0)) > at:
            continue
        if (isinstance(v, (ast.Name, ast.Attribute, ast.Subscript)) and not _meta_attr(v) and ctx._tensor_value(v)
                and not (isinstance(v, ast.Name) and v.id in ctx._gpu_callables)) or device_value_call(ctx, v):
            return True
    return False
