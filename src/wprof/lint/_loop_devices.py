"""Devices a loop walks (twenty-second session, devflow, sets 77-156).

``for device_name in devices_to_test: bench(device_name)`` with ``devices_to_test = ["cpu"]`` and, where a GPU is
found, ``devices_to_test.append("cuda")``: the loop variable is each device of the list in turn, so a value built
on it (``model.to(device_name)``, here or in the function it is handed to) is on the GPU in the run the script is
written for, as a device chosen at run time between the GPU and the CPU is (:meth:`._placement.PlacementModel.
_device_value`). The list is read where the file writes it: a list or tuple literal, every binding of its name a
literal, plus the items ``.append(x)``/``.extend([...])``/``+= [...]`` add; anything else the file binds to it
(``devices = get_devices()``) leaves the loop variable unknown.
"""

from __future__ import annotations

import ast


def loop_device(ctx, name: ast.Name, depth: int) -> str | None:
    """The device of ``name`` read inside a ``for`` loop whose target it is and whose body does not rebind it:
    the devices of the items the loop walks (module docstring), None when one of them is not a device."""
    node = name
    loop = None
    while node is not None:
        node = getattr(node, "_wp_parent", None)
        if isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.target, ast.Name) and \
                node.target.id == name.id:
            loop = node
            break
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return None
    if loop is None:
        return None
    memo = ctx.__dict__.setdefault("_wp_loop_devices", {})
    if id(loop) not in memo:
        memo[id(loop)] = None  # (a loop over a list of its own items' devices: unknown)
        memo[id(loop)] = None if _rebound_in(loop, name.id) else _walked_device(ctx, loop.iter, depth)
    return memo[id(loop)]


def _walked_device(ctx, it: ast.AST, depth: int) -> str | None:
    items = _items(ctx, it)
    if not items:
        return None
    vals = [ctx._device_value(e, depth + 1) for e in items]
    if None in vals:
        return None
    if "cuda" in vals and all(v in ("cuda", "cpu") for v in vals):
        return "cuda"
    return vals[0] if all(v == vals[0] for v in vals) else None


def _rebound_in(loop: ast.AST, name: str) -> bool:
    for st in loop.body:  # type: ignore[attr-defined]
        for n in ast.walk(st):
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
                return True
    return False


def _items(ctx, it: ast.AST) -> list[ast.AST]:
    if isinstance(it, (ast.List, ast.Tuple)):
        return [e for e in it.elts if not isinstance(e, ast.Starred)] if \
            not any(isinstance(e, ast.Starred) for e in it.elts) else []
    if not isinstance(it, ast.Name):
        return []
    values = ctx.assigns.get(it.id, [])
    if not values or not all(isinstance(v, (ast.List, ast.Tuple)) for v in values):
        return []
    items = [e for v in values for e in v.elts]
    if any(isinstance(e, ast.Starred) for e in items):
        return []
    for c in ctx.calls:
        f = c.func
        if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == it.id):
            continue
        if f.attr == "append" and len(c.args) == 1:
            items.append(c.args[0])
        elif f.attr == "extend" and len(c.args) == 1 and isinstance(c.args[0], (ast.List, ast.Tuple)):
            items.extend(c.args[0].elts)
        elif f.attr in ("extend", "insert", "__iadd__"):
            return []  # an item the file does not show
    for n in ctx.all_nodes():
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == it.id:
            if not isinstance(n.value, (ast.List, ast.Tuple)):
                return []
            items.extend(n.value.elts)
    return items
