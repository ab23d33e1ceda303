"""Devices a function reads from its own parameters (twentieth session, syncrecall, sets 77-124).

The lookup of a device name in :mod:`._placement` is by name over the whole file (``device = torch.device("cuda")``
at top level serves every function that reads ``device``). A function's parameter of the same name hides every
binding outside the function, so where that lookup finds nothing it can read (a module-level ``device = ["cuda"]``,
the list the script's ``for d in device:`` walks), the parameter decides: its default (``def bench(...,
device="cuda")``), else the devices every call of the file hands it.
"""

from __future__ import annotations

import ast


def own_param_device(ctx, name: ast.Name, depth: int) -> str | None:
    """The device of ``name`` read inside a function of which it is a parameter that the function never rebinds:
    the parameter's default or its callers' values (``_param_default``); None when ``name`` is no such parameter."""
    scope = getattr(getattr(name, "_wp_stmt", None), "_wp_scope", None)
    fn = getattr(scope, "node", None)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or name.id not in getattr(scope, "params", ()):
        return None
    if any(True for _ in ctx.scope_assigns(name.id, scope)):
        return None  # rebound in the function (`device = torch.device(device)`): the by-name lookup reads that
    return ctx._param_default(name, depth)


def indexed_device(ctx, expr: ast.Subscript, depth: int) -> str | None:
    """An element of a table of devices the file builds (``self.stage_devices = [torch.device(f"cuda:{i}") for i in
    ids]``, ``devices = ["cuda:0", "cuda:1"]``; set 81: a pipeline's stages moved with ``x.to(self.stage_devices[k])``):
    the device every element names, when every binding of the table is such a list (a list comprehension over its
    element, a list or tuple of device values)."""
    from ._context import dotted

    d = dotted(expr.value)
    values = ctx.assigns.get(d, []) if d else []
    if not values:
        return None
    places = []
    for v in values:
        if isinstance(v, (ast.ListComp, ast.GeneratorExp)):
            places.append(ctx._device_value(v.elt, depth + 1))
        elif isinstance(v, (ast.List, ast.Tuple)) and v.elts:
            places.extend(ctx._device_value(e, depth + 1) for e in v.elts)
        else:
            return None
    if None in places:
        return None
    return "cuda" if "cuda" in places else "cpu"


_NUMBER_CASTS = frozenset({"int", "float", "bool", "len", "round"})


def host_number(ctx, expr: ast.AST) -> bool:
    """``expr`` is a Python number, not data: ``int(actions[0, i].item())``, ``float(x)``, ``loss.item()``, or a name
    every binding of which is one. Handed to a call beside a model (``step(model, action=a)``), it says nothing of
    where the call's work runs (set 98: a decode step handed the action as an int was taken for host work)."""
    from ._context import dotted

    def number(v: ast.AST) -> bool:
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in _NUMBER_CASTS and \
                v.func.id not in ctx.functions:
            return True
        return isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "item" and \
            not v.args and not v.keywords

    if number(expr):
        return True
    d = dotted(expr) if isinstance(expr, ast.Name) else None
    values = ctx.assigns.get(d, []) if d else []
    return bool(values) and all(number(v) for v in values)


def warmed_in_caller(ctx, r, key: str) -> bool:
    """A region that is a copy of one timed call (a call of a function under a timing decorator of the file,
    ``@timed def time_jax(...)``, or a ``timeit`` measurement) whose compiled callee the caller already ran before
    that call (``time_jax(m, y0)`` once as a warm-up, then ``t = time_jax(m, y0)``): the timed call is warm, not its
    compilation (set 109: the second, timed call of a decorated JAX step)."""
    from .rules._common import called_before

    outer = getattr(r, "outer", None)
    scope = getattr(outer, "_wp_scope", None)
    return scope is not None and called_before(ctx, key, scope, outer._wp_idx)  # type: ignore[union-attr]


def bound_functions(ctx, name: ast.Name) -> list[ast.Name]:
    """The functions of the file a plain name stands for when every binding of it is one of them (``step_func =
    _step_compilable`` under one test, ``step_func = _step_eager`` under the other; set 98), else []: a callable
    handed on under another name is each of them."""
    if name.id in ctx.functions:
        return []
    values = ctx.assigns.get(name.id, [])
    if not values or not all(isinstance(v, ast.Name) and v.id in ctx.functions for v in values):
        return []
    return list(values)
