"""A name a function binds only to a container or a constant of its own (twenty-third session, set 190).

The name model (:mod:`._infer`) keeps one set of names that hold tensors for the whole file, so a name that holds a
tensor in one function (``frames = torch.as_tensor(np.stack(sampled))`` in ``frames_to_tensor``) was taken for one
in every other (``frames = {}`` ... ``frames[k].to_rgb()`` of a video decoder's dict of PyAV frames in
``decode_video``): the decoder's method calls read as GPU work, and so did every call of the decoder, in the module
and in the scripts that import it. Python decides what a local name holds from the function's own bindings, so the
model does too when they settle it: a name every binding of which in its function (not a parameter, not declared
``global``/``nonlocal``, not a loop or ``with`` target) is a dict, list, set or tuple display, a comprehension of
those or a constant is no tensor there; an element of it (``frames[k]``) is one only when the function stores one
into it (``frames[k] = v``, ``frames.append(v)``, a display of them) with ``v`` a tensor as the model sees it.
"""

from __future__ import annotations

import ast

from ._walk import own_nodes

_CONTAINERS = (ast.Dict, ast.List, ast.Set, ast.Tuple, ast.DictComp, ast.ListComp, ast.SetComp, ast.Constant,
               ast.JoinedStr)
_STORES = frozenset({"append", "extend", "insert", "add", "setdefault", "update"})


def local_container(ctx, name: ast.Name) -> ast.AST | None:
    """The function ``name`` is read in, when that function binds it only to containers or constants (else None)."""
    multi = ctx.__dict__.setdefault("_wp_multi_scope_names", {})
    if name.id not in multi:  # (only a name the file binds in more than one scope can be conflated: cheap gate)
        multi[name.id] = len({id(getattr(st, "_wp_scope", None)) for st in ctx.assign_stmts.get(name.id, ())}) > 1
    if not multi[name.id]:
        return None
    fn = _enclosing_function(name)
    if fn is None:
        return None
    containers, _ = _summary(ctx, fn)
    return fn if containers.get(name.id) else None


def items_tensorish(ctx, fn: ast.AST, name: str) -> bool:
    """The function stores a tensor into the container ``name`` (an item assignment, ``append``/``extend``/...,
    or an element of one of its displays), as the model sees it."""
    memo = ctx.__dict__.setdefault("_wp_local_items", {})
    key = (id(fn), name)
    if key in memo:
        return bool(memo[key])  # (None while being computed: a store of the container into itself is no tensor)
    memo[key] = None
    values = _summary(ctx, fn)[1].get(name, ())
    memo[key] = any(ctx.is_tensorish(v) or ctx.placement(v) == "cuda" for v in values)
    return bool(memo[key])


def _summary(ctx, fn: ast.AST) -> tuple[dict[str, bool], dict[str, list[ast.AST]]]:
    """One walk of the function's own nodes: for each name it binds, whether every binding is a container display or
    a constant (False: a parameter, a ``global``, a loop or ``with`` target, an unpacking, an import, any other
    value), and the values it stores into each name's container."""
    memo = ctx.__dict__.setdefault("_wp_local_summaries", {})
    if id(fn) in memo:
        return memo[id(fn)]
    kinds: dict[str, bool] = {}
    stores: dict[str, list[ast.AST]] = {}

    def other(t: ast.AST | None) -> None:
        for x in ast.walk(t) if t is not None else ():
            if isinstance(x, ast.Name):
                kinds[x.id] = False

    for n in own_nodes(fn):
        if isinstance(n, (ast.Global, ast.Nonlocal)):
            kinds.update(dict.fromkeys(n.names, False))
        elif isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for t in n.targets if isinstance(n, ast.Assign) else [n.target]:
                if isinstance(t, ast.Name):
                    if n.value is not None:
                        stores.setdefault(t.id, []).extend(_elements(n.value))
                    if isinstance(n, ast.AugAssign) or n.value is None or not isinstance(n.value, _CONTAINERS):
                        kinds[t.id] = False
                    else:
                        kinds.setdefault(t.id, True)
                elif isinstance(t, ast.Subscript):
                    if isinstance(t.value, ast.Name) and n.value is not None:
                        stores.setdefault(t.value.id, []).append(n.value)
                elif not isinstance(t, ast.Attribute) and not isinstance(n, ast.AugAssign):
                    other(t)  # (unpacked: `frames, n = load()`)
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            other(n.target)
        elif isinstance(n, ast.withitem):
            other(n.optional_vars)
        elif isinstance(n, ast.NamedExpr):
            other(n.target)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            kinds.update(dict.fromkeys(((al.asname or al.name.split(".")[0]) for al in n.names), False))
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            kinds[n.name] = False
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _STORES and \
                isinstance(n.func.value, ast.Name):
            stores.setdefault(n.func.value.id, []).extend([*n.args, *(k.value for k in n.keywords)])
    own = getattr(fn, "_wp_own_scope", None)
    params = own.params if own is not None else _params(fn)
    kinds.update(dict.fromkeys(params, False))
    memo[id(fn)] = (kinds, stores)
    return kinds, stores


def _params(fn: ast.AST) -> set[str]:
    a = fn.args  # type: ignore[attr-defined]
    return {x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)} | \
        {x.arg for x in (a.vararg, a.kwarg) if x is not None}


def _elements(v: ast.AST) -> list[ast.AST]:
    if isinstance(v, (ast.List, ast.Set, ast.Tuple)):
        return list(v.elts)
    if isinstance(v, ast.Dict):
        return [x for x in v.values if x is not None]
    if isinstance(v, (ast.ListComp, ast.SetComp)):
        return [v.elt]
    if isinstance(v, ast.DictComp):
        return [v.value]
    return []


def _enclosing_function(node: ast.AST) -> ast.AST | None:
    p = getattr(node, "_wp_parent", None)
    while p is not None:
        if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return p
        if isinstance(p, (ast.Lambda, ast.ClassDef, ast.Module, ast.comprehension)):
            return None
        p = getattr(p, "_wp_parent", None)
    return None
