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
    ``loss.mean()``), not one returning metadata (``x.size(0)``), or a ``torch.``/``cupy.`` function of one; or a
    counter accumulated from device values (:func:`accumulated_on_device`)."""
    return _call_value(ctx, v) or accumulated_on_device(ctx, v)


def _call_value(ctx, v: ast.AST) -> bool:
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
    from ._device_reads import _meta_attr

    for n in getattr(stmt, "_wp_nodes", ()):
        if not isinstance(n, ast.FormattedValue) or conditional(n):
            continue
        v = n.value
        if (getattr(v, "end_lineno", 0), getattr(v, "end_col_offset", 0)) > at:
            continue
        if (isinstance(v, (ast.Name, ast.Attribute, ast.Subscript)) and not _meta_attr(v) and ctx._tensor_value(v)
                and not (isinstance(v, ast.Name) and v.id in ctx._gpu_callables)) or device_value_call(ctx, v):
            return True
        from ._read_after_wait import autograd_formatted

        if autograd_formatted(ctx, n):
            return True  # f"{loss_cum=:.4f} {n / (time.time() - st):.1f}" of `loss.backward()`'s loss
    return False


def accumulated_on_device(ctx, v: ast.AST, depth: int = 0) -> bool:
    """``v`` is a number the function starts at a constant and adds device values to (``correct = 0``;
    ``correct += (pred == y).sum()``), or arithmetic on one (``correct / n``): a tensor on the device at run time,
    which the placement model (reading the first binding) takes for a host number."""
    if depth > 3:
        return False
    if isinstance(v, ast.BinOp):
        return accumulated_on_device(ctx, v.left, depth + 1) or accumulated_on_device(ctx, v.right, depth + 1)
    scope = getattr(getattr(v, "_wp_stmt", None), "_wp_scope", None)
    if not isinstance(v, ast.Name) or scope is None:
        return False
    cache = ctx.__dict__.setdefault("_wp_accumulated", {})  # (one pass over the scope per name, not per use)
    key = (id(scope), v.id)
    if key not in cache:
        cache[key] = False  # (a cycle through the bindings is neutral)
        cache[key] = _accumulated(ctx, v.id, scope, depth)
    return cache[key]


def _bindings(ctx, scope) -> dict[str, list[ast.stmt]]:
    """The scope's assignments and augmented assignments to plain names, by name (built once per scope)."""
    index = ctx.__dict__.setdefault("_wp_name_binds", {})
    out = index.get(id(scope))
    if out is None:
        out = {}
        for st in scope.stmts:
            if isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name):
                out.setdefault(st.target.id, []).append(st)
            elif isinstance(st, ast.Assign):
                for t in st.targets:
                    if isinstance(t, ast.Name):
                        out.setdefault(t.id, []).append(st)
        index[id(scope)] = out
    return out


def _accumulated(ctx, name: str, scope, depth: int) -> bool:
    added = False
    for st in _bindings(ctx, scope).get(name, ()):
        if isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name) and st.target.id == name:
            added = added or ctx._tensor_value(st.value) or _call_value(ctx, st.value)
        elif isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
            if not (isinstance(st.value, ast.Constant) or accumulated_on_device(ctx, st.value, depth + 1)):
                return False  # bound to something else too: leave it to the placement model
            added = added or not isinstance(st.value, ast.Constant)
    return bool(added)
