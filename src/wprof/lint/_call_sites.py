"""What the file's calls hand a function of the file, and which class of the file an object is an instance of:
the facts the placement and work models read through calls (``f(x_cuda)``, ``Runner(Net(), torch.device("cuda"))``,
``sim = Solver(n); sim.step()``), found the same way for functions, methods and constructors; and which functions
return a closure over what they are handed (``run = make_step(net, x)``: a later ``run()`` runs ``net(x)``)."""

from __future__ import annotations

import ast

from ._names import JAX_COMPILERS, dotted, param_defaults
from ._walk import subtree

_DEFAULT = object()  # (a call that leaves the parameter to its default)
_MODES = frozenset({"cuda", "to", "eval", "train", "half", "float", "bfloat16", "requires_grad_"})


def instance_class(ctx, expr: ast.AST) -> ast.ClassDef | None:
    """The class of the file that ``expr`` (a name or ``self.attr``) is an instance of: every binding of it a call of
    that class (through ``.cuda()``, ``.to(...)``, ``.eval()``...)."""
    d = dotted(expr)
    if d is None:
        return None
    memo = ctx.__dict__.setdefault("_wp_instance_of", {})
    if d in memo:
        return memo[d]
    memo[d] = None
    found = None
    for v in ctx.assigns.get(d, ()):
        while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _MODES:
            v = v.func.value
        cls = ctx.classes.get(v.func.id) if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) else None
        if cls is None or (found is not None and cls is not found):
            return None
        found = cls
    memo[d] = found
    return found


def instance_method(ctx, call: ast.Call):
    """The method of a class of the file that ``call`` runs: ``sim.step()`` / ``net(x)`` (its ``__call__`` or
    ``forward``) on an instance of that class."""
    from ._gpu_work import class_method

    f = call.func
    if isinstance(f, ast.Attribute):
        if isinstance(f.value, ast.Name) and f.value.id in ("self", "cls"):
            return None  # (the enclosing class's own method: `own_method`)
        return class_method(ctx, instance_class(ctx, f.value), f.attr)
    if isinstance(f, ast.Name) and f.id not in ctx.functions:
        cls = instance_class(ctx, f)
        return class_method(ctx, cls, "__call__") or class_method(ctx, cls, "forward")
    return None


def _callers(ctx, fn: ast.AST) -> tuple[list[ast.Call], int] | None:
    """The calls of ``fn`` in the file and how many leading parameters they do not pass (``self``); None when ``fn``
    is not a plain function or method of the file."""
    from ._gpu_work import enclosing_class
    from .rules._evidence import call_sites

    name = getattr(fn, "name", None)
    if name is None:
        return None
    owner = getattr(fn, "_wp_parent", None)
    memo = ctx.__dict__.setdefault("_wp_callers", {})  # per name, built once (a long module defines a name many times)
    if not isinstance(owner, ast.ClassDef):
        key = ("f", name)
        if key not in memo:
            memo[key] = [c for c in call_sites(ctx, name) if isinstance(c.func, ast.Name) and c.func.id == name]
        return memo[key], 0
    static = any(dotted(d) == "staticmethod" for d in fn.decorator_list)  # type: ignore[attr-defined]
    shift = 0 if static else 1
    if name == "__init__":
        key = ("c", owner.name)
        if key not in memo:
            memo[key] = [c for c in call_sites(ctx, owner.name) if isinstance(c.func, ast.Name)]
        return memo[key], shift
    key = ("m", name)
    if key not in memo:  # the class each method call runs on, grouped by class (calls in file order)
        by_class: dict[int, list[ast.Call]] = {}
        for c in call_sites(ctx, name):
            f = c.func
            if not isinstance(f, ast.Attribute):
                continue
            if isinstance(f.value, ast.Name) and f.value.id in ("self", "cls"):
                cls = enclosing_class(c)
            else:
                cls = instance_class(ctx, f.value)
            if cls is not None:
                by_class.setdefault(id(cls), []).append(c)
        memo[key] = by_class
    return memo[key].get(id(owner), []), shift


def param_values(ctx, fn: ast.AST, param: str) -> list[ast.AST] | None:
    """The values the file's calls of ``fn`` hand its parameter ``param`` (the default where a call leaves it out);
    None when no call is seen or one does not show it (``*args``, no default)."""
    memo = ctx.__dict__.setdefault("_wp_param_values", {})
    key = (id(fn), param)
    if key in memo:
        return memo[key]
    memo[key] = None
    found = _callers(ctx, fn)
    args = getattr(fn, "args", None)
    if found is None or args is None or not found[0]:
        return None
    calls, shift = found
    pos = [a.arg for a in (*args.posonlyargs, *args.args)][shift:]
    defaults = param_defaults(args)
    index = pos.index(param) if param in pos else None
    # what each call hands, read once for all the functions that share the calls and the parameter's place (a long
    # module defines one name many times): a value, or the function's default (_DEFAULT), or nothing known (None)
    shared = ctx.__dict__.setdefault("_wp_param_recipes", {})
    rkey = (id(calls), index, param)
    if rkey not in shared:
        recipe: list = []
        for c in calls:
            kw = [k.value for k in c.keywords if k.arg == param]
            if kw:
                recipe.append(kw[0])
            elif index is not None and index < len(c.args) and \
                    not any(isinstance(a, ast.Starred) for a in c.args[:index + 1]):
                recipe.append(c.args[index])
            elif not any(isinstance(a, ast.Starred) for a in c.args) and not any(k.arg is None for k in c.keywords):
                recipe.append(_DEFAULT)
            else:
                recipe.append(None)
        plain = None if any(r is None or r is _DEFAULT for r in recipe) else recipe
        shared[rkey] = (calls, recipe, plain, None in recipe, any(r is _DEFAULT for r in recipe))
    _, recipe, plain, unknown, uses_default = shared[rkey]
    if unknown or (uses_default and param not in defaults):
        return None
    out = plain if plain is not None else [defaults[param] if r is _DEFAULT else r for r in recipe]
    memo[key] = out
    return out


def returns_closure(fn: ast.AST) -> bool:
    """``fn`` returns a function it defines (a nested ``def`` or a ``lambda``) that calls one of ``fn``'s
    parameters or passes one on: a step built around what the caller handed it, run later."""
    a = fn.args  # type: ignore[attr-defined]
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, *(x for x in (a.vararg, a.kwarg) if x))}
    local = {d.name: d for d in fn.body if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef))}  # type: ignore
    for r in subtree(fn):
        if not isinstance(r, ast.Return) or r.value is None:
            continue
        body = r.value.body if isinstance(r.value, ast.Lambda) else (
            local[r.value.id] if isinstance(r.value, ast.Name) and r.value.id in local else None)
        if body is None:
            continue
        for c in ast.walk(body):
            if isinstance(c, ast.Call) and any(isinstance(n, ast.Name) and n.id in params
                                               for n in [c.func, *c.args, *(k.value for k in c.keywords)]):
                return True
    return False


_JAX_COMPILERS = JAX_COMPILERS


def jitted_attribute(ctx, call: ast.Call) -> bool:
    """``trainer.step(state, batch)`` where ``trainer`` is only ever an instance of one class (of the file, or
    imported from the project) that binds ``self.step = jax.jit(self._step)`` (also under a flag: ``jax.jit(f) if
    cfg.jit else f``, the plain function being JAX too): a JAX function, dispatched to the default device and
    returning before its work is done."""
    f = call.func
    if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id not in ("self", "cls")):
        return False
    memo = ctx.__dict__.setdefault("_wp_jitted_attr", {})
    key = (f.value.id, f.attr)
    if key not in memo:
        memo[key] = _jitted_attribute(ctx, f.value.id, f.attr)
    return memo[key]


def _jitted_attribute(ctx, name: str, attr: str) -> bool:
    values = ctx.assigns.get(name, ())
    if not values or not all(isinstance(v, ast.Call) for v in values):
        return False
    found = None
    for v in values:
        if isinstance(v.func, ast.Name) and v.func.id in ctx.classes:
            owner = (ctx, ctx.classes[v.func.id])
        else:
            d = ctx.imported_def(v.func) if isinstance(v.func, (ast.Name, ast.Attribute)) else None
            if d is None or not isinstance(d.node, ast.ClassDef):
                return False
            owner = (d.ctx, d.node)
        if found is not None and owner[1] is not found[1]:
            return False
        found = owner
    cctx, cls = found  # type: ignore[misc]
    binds = [n.value for n in ast.walk(cls) if isinstance(n, ast.Assign) and any(
        isinstance(t, ast.Attribute) and t.attr == attr and isinstance(t.value, ast.Name) and t.value.id == "self"
        for t in n.targets)]
    if not binds:
        return False
    for v in binds:
        branches = [v.body, v.orelse] if isinstance(v, ast.IfExp) else [v]
        if not any(isinstance(b, ast.Call) and cctx.call_name(b) in _JAX_COMPILERS for b in branches):
            return False
    return True
