"""A device kept in a configuration dictionary (fresh103, twenty-second session).

``config = {"device": "cuda", ...}`` (or a dictionary merged into one, ``config.update(generate_config)``,
``config.update(device="cuda")``, or an entry written ``config["device"] = "cuda"``), then
``model.to(config["device"])``: the entry's value is the device, wherever in the file it is written. Every value
the file writes for that key of that name is read (a ``"cpu"`` one beside a ``"cuda"`` one is a choice, as
elsewhere: the GPU the script is written for); a name the file never fills with a literal dictionary or entries is
not known.
"""
from __future__ import annotations

import ast

from ._context import dotted


def _entries(ctx) -> dict[str, dict[str, list[ast.AST]]]:
    """name of a dictionary -> string key -> the values the file writes for it (built once per file)."""
    table = ctx.__dict__.get("_wp_config_entries")
    if table is not None:
        return table
    table = {}
    literals: dict[str, list[ast.Dict]] = {}
    merges: list[tuple[str, ast.AST]] = []

    def put(name: str, key: ast.AST, value: ast.AST) -> None:
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            table.setdefault(name, {}).setdefault(key.value, []).append(value)

    for n in ctx.all_nodes():
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(n.value, ast.Dict) and (d := dotted(t)) is not None:
                    literals.setdefault(d, []).append(n.value)
                elif isinstance(t, ast.Subscript) and (d := dotted(t.value)) is not None:
                    put(d, t.slice, n.value)  # config["device"] = "cuda"
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "update" and \
                (d := dotted(n.func.value)) is not None:
            for a in n.args:
                merges.append((d, a))  # config.update(generate_config), config.update({"device": ...})
            for k in n.keywords:
                if k.arg is not None:
                    table.setdefault(d, {}).setdefault(k.arg, []).append(k.value)  # config.update(device="cuda")
    for name, dicts in literals.items():
        for lit in dicts:
            for k, v in zip(lit.keys, lit.values):
                if k is not None:
                    put(name, k, v)
    for name, src in merges:
        dicts = [src] if isinstance(src, ast.Dict) else literals.get(dotted(src) or "", [])
        for lit in dicts:
            for k, v in zip(lit.keys, lit.values):
                if k is not None:
                    put(name, k, v)
    ctx.__dict__["_wp_config_entries"] = table
    return table


def config_device(ctx, expr: ast.Subscript, depth: int) -> str | None:
    """The device of ``config["device"]``: that of the values the file writes for the key (None when it writes
    none, or one that names no device)."""
    d = dotted(expr.value)
    key = expr.slice
    if d is None or not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    values = _entries(ctx).get(d, {}).get(key.value)
    if not values:
        return None
    places = [ctx._device_value(v, depth + 1) for v in values]
    if None in places:
        return None
    return "cuda" if "cuda" in places else "cpu"
