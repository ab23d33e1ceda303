"""Where a callee of a timed region was run before it other than by an earlier call in the same scope, and what work
a region holds beyond the generic GPU-work calls (the warmup model of WP103 and WP112, split from ``_common``): a
function of the file run on CuPy through its array-module parameter, a function of the file on GPU tensors, a
one-iteration loop, a class's own model, a loader that runs the model it returns, an earlier function of the caller
that runs the same op or another instance of the same module class."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._names import param_defaults
from .._walk import Scope, stmt_calls
from .._regions import Region
from ._common import _harness, benchmarks_itself, callee_key
from ._evidence import call_sites
from ._reach import reachable_before


def single_pass(ctx: Context, loop: ast.stmt | None, uncalled: bool = False) -> bool:
    """``for _ in range(ITER):`` where ``ITER`` is 1 (a literal, or a name every assignment of which in the file is
    the constant 1): the loop runs once, its one sample is a one-off measurement (set 17, gmgu ``4_mm.py``).
    ``uncalled``: a parameter's default counts also when the file never calls the function (its callers, unseen,
    get that default unless they pass another)."""
    if not isinstance(loop, ast.For) or not (isinstance(loop.iter, ast.Call) and dotted(loop.iter.func) == "range"
                                             and len(loop.iter.args) == 1 and not loop.iter.keywords):
        return False
    n = loop.iter.args[0]
    values = [n] if isinstance(n, ast.Constant) else ctx.assigns.get(n.id, []) if isinstance(n, ast.Name) else []
    if isinstance(n, ast.Attribute):  # `range(options.runs)` with `--runs` defaulting to 1: one run as written
        from ._cli_defaults import cli_default

        d = cli_default(ctx, n)
        values = [d] if d is not None else []
    if not values and isinstance(n, ast.Name):
        values = _unpassed_default(ctx, loop, n.id, uncalled)
    return bool(values) and all(isinstance(v, ast.Constant) and v.value == 1 and not isinstance(v.value, bool)
                                for v in values)


def _unpassed_default(ctx: Context, loop: ast.stmt, name: str, uncalled: bool = False) -> list[ast.AST]:
    """``def bench(fn, runs=1)``: the default of the enclosing function's parameter ``name``, when every call of the
    function in the file leaves it out (and the function is called)."""
    fn = loop._wp_scope.node  # type: ignore[attr-defined]
    args = getattr(fn, "args", None)
    if args is None or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    defaults = param_defaults(args)
    if name not in defaults:
        return []
    sites = [c for c in call_sites(ctx, fn.name) if dotted(c.func) in (fn.name, f"self.{fn.name}")]
    if not sites:
        return [defaults[name]] if uncalled else []
    index = pos.index(name) if name in pos else None
    for c in sites:
        if any(k.arg in (name, None) for k in c.keywords) or any(isinstance(a, ast.Starred) for a in c.args) or \
                (index is not None and len(c.args) > index):
            return []
    return [defaults[name]]


_GPU_ARRAY_MODULES = ("cupy", "cupyx")


def gpu_module_arg(ctx: Context, c: ast.AST) -> str | None:
    """``price(cupy, s, k)``: a function of the file handed a GPU array module (CuPy) for a parameter it calls
    functions of (``xp.sqrt(t)``): the module's name, else None."""
    if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in ctx.functions):
        return None
    fn = ctx.functions[c.func.id]
    params = [a.arg for a in fn.args.args]
    for i, a in enumerate(c.args):
        if isinstance(a, ast.Starred):
            return None
        q = ctx.imports.get(a.id, "") if isinstance(a, ast.Name) else ""
        if i < len(params) and q.split(".")[0] in _GPU_ARRAY_MODULES and any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and
                isinstance(n.func.value, ast.Name) and n.func.value.id == params[i] for n in ctx.nodes_in(fn)):
            return q
    return None


def _file_fn_on_gpu(ctx: Context, c: ast.Call) -> bool:
    """``popcount(t)`` with ``t`` shown on the GPU, ``popcount`` a function of the file that computes on its
    arguments (operators, torch calls) and is no harness (no loop, no clock): GPU work, whose earlier calls on CPU
    tensors do not warm it (set 17, leideng ``popcount_int16.py``)."""
    if not (isinstance(c.func, ast.Name) and c.func.id in ctx.functions) or \
            not any(ctx.placement(a) == "cuda" for a in [*c.args, *(k.value for k in c.keywords)]):
        return False
    fn = ctx.functions[c.func.id]
    if _harness(ctx, fn) or benchmarks_itself(ctx, c.func.id):
        return False
    return any(isinstance(n, ast.BinOp) or (isinstance(n, ast.Call) and (ctx.call_name(n) or "").startswith("torch."))
               for n in ctx.nodes_in(fn))


def _module_call_before(ctx: Context, key: str, module: str, scope: Scope, before: int) -> bool:
    """``key`` is called in ``scope`` before ``before`` with the same array module (``price(cupy, ...)``)."""
    return any(callee_key(c) == key and gpu_module_arg(ctx, c) == module
               for st in scope.stmts[:before] for c in stmt_calls(st))


def _own_model(ctx: Context, key: str, r: Region) -> bool:
    """``self.model(self.x)`` timed in ``Bench.run``, ``self.model`` set by the class itself and called by no other
    method of the class, whose code never mentions a warmup: the object's own model, first run in this method (not
    a callable its caller may have warmed)."""
    parts = key.split(".")
    fn = r.scope.node
    cls = getattr(getattr(fn, "_wp_scope", None), "node", None)
    key = ".".join(parts[:2])  # `self.model.generate(...)`: the object is `self.model`
    if len(parts) not in (2, 3) or parts[0] != "self" or not isinstance(cls, ast.ClassDef) or \
            getattr(fn, "name", "__init__") == "__init__" or not fn.args.args or fn.args.args[0].arg != "self":
        return False
    if "warm" in cls.name.lower() or any("warm" in (n.id if isinstance(n, ast.Name) else n.attr).lower()
                                         for n in ctx.nodes_in(cls) if isinstance(n, (ast.Name, ast.Attribute))):
        return False
    other = re.compile(rf"^(?!self\.)[\w.]+\.{re.escape(parts[1])}(\.\w+)?$")
    if any(other.match(dotted(c.func) or "") for c in ctx.calls):
        return False  # `bench.model(x)`, `bench.model.generate(ids)` run by a caller
    set_here = False
    for m in cls.body:
        if not isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for n in ast.walk(m):
            if isinstance(n, ast.Assign) and any(dotted(t) == key for t in n.targets):
                set_here = True
            if m is not fn and isinstance(n, ast.Call) and (dotted(n.func) == key or (
                    isinstance(n.func, ast.Attribute) and dotted(n.func.value) == key)):
                return False  # another method runs it (a warmup, a check): its order is the caller's
    return set_here


_HOST_HELPER = re.compile(r"^(prepare|get_|set_|reset|init|build|load|save|to_|num_|print|log|update_)")


def host_helper(key: str) -> bool:
    """``model.prepare_inputs_for_generation``, ``model.get_input_embeddings``: a method that does host bookkeeping
    around the model, not its GPU work (a cold finding names the forward instead, set 25)."""
    return "." in key and bool(_HOST_HELPER.match(key.rsplit(".", 1)[-1]))


def loader_runs_model(ctx: Context, call: ast.AST) -> bool:
    """``call`` is a call of a function of the file that runs the object it returns before returning it (``m =
    Net().cuda(); m(torch.zeros(...)); return m``, ``m.generate(...)``: a warmup inside the loader)."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in ctx.functions):
        return False
    fn = ctx.functions[call.func.id]
    own = fn._wp_own_scope.stmts  # type: ignore[attr-defined]
    returned = {n.id for st in own if isinstance(st, ast.Return) and st.value is not None
                for n in (st.value.elts if isinstance(st.value, ast.Tuple) else [st.value]) if isinstance(n, ast.Name)}
    if not returned:
        return False
    for c in ctx.calls_in_function(fn):
        f = c.func
        if isinstance(f, ast.Name) and f.id in returned:
            return True  # `m(dummy)`
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in returned and \
                f.attr in _RUNS:
            return True  # `m.generate(ids, max_new_tokens=2)` (not `m.add_module(...)`, `m.eval()`)
    return False


_RUNS = frozenset({"forward", "generate", "predict", "infer", "inference", "transcribe", "encode", "decode",
                   "sample", "run", "__call__"})


def _bound_by_warm_loader(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """``key``'s object (``model`` of ``model.generate``) was last bound, before ``before``, from a loader of the file
    that runs it before returning it."""
    head = key.split(".")[0]
    binds = [st for st in scope.stmts[:before] if isinstance(st, ast.Assign) and
             any(isinstance(n, ast.Name) and n.id == head for t in st.targets for n in ast.walk(t))]
    return bool(binds) and loader_runs_model(ctx, binds[-1].value)


def _file_fn_ran_before(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """A function of the file called in ``scope`` before ``before`` runs ``key`` (a function of the file, or a matrix
    product), directly or through one more function: ``check(t)`` calls ``popcount(t)`` before ``popcount`` is
    timed."""
    if key != "@" and key not in ctx.functions:
        return False
    from ._cold_helpers import _fn_runs
    from ._warm_handed import warm_by_handoff

    if key != "@" and warm_by_handoff(ctx, key, scope, before):
        return True  # handed to an earlier `timeit.timeit(key, number=1)`; a closure over kernels that already ran

    return any(isinstance(c.func, ast.Name) and c.func.id in ctx.functions and c.func.id != key and
               _fn_runs(ctx, c.func.id, key, 2) for st in reachable_before(ctx, scope, before) for c in stmt_calls(st))


def _instance_of(ctx: Context, scope: Scope, name: str, before: int) -> str | None:
    """The class of the file ``name`` is an instance of in ``scope`` (``model = Act().cuda()``, bound once there,
    before ``before``)."""
    binds = [st for st in scope.stmts if isinstance(st, ast.Assign) and
             any(isinstance(t, ast.Name) and t.id == name for t in st.targets)]
    if len(binds) != 1 or binds[0]._wp_idx >= before or len(binds[0].targets) != 1:  # type: ignore[attr-defined]
        return None
    v = binds[0].value
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute):  # Act().cuda().eval()
        v = v.func.value
    if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in ctx.classes:
        return v.func.id
    return None


def _runs_instance(ctx: Context, scope: Scope, cls: str, before: int, depth: int = 2) -> bool:
    """``scope`` (before ``before``) calls an instance of ``cls`` (``g = Gate().cuda(); g(x)``, or ``Gate()(x)``),
    directly or in a function of the file it calls (one more level)."""
    for st in scope.stmts[:before]:
        for c in stmt_calls(st):
            f = c.func
            if isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id == cls:
                return True
            if isinstance(f, ast.Name) and _instance_of(ctx, scope, f.id, st._wp_idx) == cls:  # type: ignore
                return True
            if depth > 0 and isinstance(f, ast.Name) and f.id in ctx.functions and \
                    not isinstance(ctx.functions[f.id], ast.ClassDef):
                inner = ctx.functions[f.id]._wp_own_scope  # type: ignore[attr-defined]
                if inner is not scope and _runs_instance(ctx, inner, cls, len(inner.stmts), depth - 1):
                    return True
    return False


def _instance_ran_before(ctx: Context, key: str, r: Region) -> bool:
    """``model(x)`` timed in ``bench()``, ``model = Act().cuda()`` there, while an earlier function of the caller
    (``check()`` then ``bench()`` from ``__main__``) runs another ``Act`` instance on the GPU: the module's kernels
    (an extension's, cuDNN's) are loaded already (set 22, class B). Only where every call of the region's function
    sits in one scope and the earlier run comes before the first of them."""
    if "." in key or isinstance(r.scope.node, ast.Module):
        return False
    cls = _instance_of(ctx, r.scope, key, r.lo)
    name = getattr(r.scope.node, "name", None)
    if cls is None or name is None:
        return False
    sites = [c for c in call_sites(ctx, name) if isinstance(c.func, ast.Name) and c.func.id == name]
    if not sites or len({id(c._wp_stmt._wp_scope) for c in sites}) != 1:  # type: ignore[attr-defined]
        return False
    first = min(sites, key=lambda c: c._wp_stmt._wp_idx)  # type: ignore[attr-defined]
    st = first._wp_stmt  # type: ignore[attr-defined]
    return _runs_instance(ctx, st._wp_scope, cls, st._wp_idx)
