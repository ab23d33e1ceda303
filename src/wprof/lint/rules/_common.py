"""Helpers several rules share (warmup and sample-container analysis)."""

from __future__ import annotations

import ast
import bisect
import re

from .._context import Context, dotted
from .._walk import Scope, stmt_calls
from .._regions import Region
from ._composite_ops import PARTS, call_parts
from ._evidence import call_sites, cpu_only, returns_aot_executable
from ._aot_bound import aot_bound
from ._reach import _branches, exclusive, reachable_before
from ._sample_uses import _robust, _unit_divisor, drops_first, sample_uses


def callee_key(call: ast.AST) -> str | None:
    """``f`` for ``f(x)``, ``model.forward`` for ``model.forward(x)``, ``kernel`` for ``kernel[grid](...)``,
    ``@`` for a matrix product; ``kernel`` for Numba's ``kernel.forall(n)(...)`` too (a launch of ``kernel`` with
    a chosen configuration: it compiles and runs the same kernel as ``kernel[grid, block](...)``)."""
    if isinstance(call, ast.BinOp):
        return "@"
    func = call.func  # type: ignore[attr-defined]
    if isinstance(func, ast.Subscript):
        func = func.value
    elif isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "forall":
        func = func.func.value
    return dotted(func)


def file_function_calls(ctx: Context):
    """Every call of a function of the file by its name (``bench(f, x)``), with the function and the arguments bound
    to its positional parameters by position or keyword: (call, function, [(parameter, argument), ...])."""
    for c in ctx.calls:
        if not isinstance(c.func, ast.Name) or c.func.id not in ctx.functions:
            continue
        fn = ctx.functions[c.func.id]
        pos = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        yield c, fn, list(zip(pos, c.args)) + [(k.arg, k.value) for k in c.keywords if k.arg in pos]


def scope_words(ctx: Context, scope: Scope) -> set[str]:
    """Lower-cased identifiers, attribute names, parameters and short strings of a function (the file for the
    module scope)."""
    if isinstance(scope.node, ast.Module):
        return ctx.words
    cached = getattr(scope.node, "_wp_words", None)
    if cached is None:
        cached = {a.arg.lower() for a in ast.walk(scope.node.args) if isinstance(a, ast.arg)} \
            if hasattr(scope.node, "args") else set()
        for n in ctx.nodes_in(scope.node):
            if isinstance(n, ast.Name):
                cached.add(n.id.lower())
            elif isinstance(n, ast.Attribute):
                cached.add(n.attr.lower())
            elif isinstance(n, ast.arg):
                cached.add(n.arg.lower())
            elif isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) < 40:
                cached.add(n.value.lower())
        scope.node._wp_words = cached  # type: ignore[attr-defined]
    return cached


def mentions_warmup(ctx: Context, scope: Scope) -> bool:
    return any("warm" in w for w in scope_words(ctx, scope))


def mentions_warmup_for(ctx: Context, r: Region) -> bool:
    """``mentions_warmup`` of the region's scope, leaving out the mentions in branches of an ``if``/``elif`` chain
    the region's branch excludes (``elif kind == "image": print("Warmup GPU..."); pipe(p)``, set 22)."""
    if not mentions_warmup(ctx, r.scope):
        return False
    from .._walk import stmt_nodes

    start = r.scope.stmts[r.lo]
    if not _branches(start):
        return True
    for st in r.scope.stmts:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not exclusive(st, start) and ("warm" in st.name.lower() or any(
                    "warm" in (n.id if isinstance(n, ast.Name) else n.attr).lower() for n in ctx.nodes_in(st)
                    if isinstance(n, (ast.Name, ast.Attribute)))):
                return True
            continue
        for n in stmt_nodes(st):
            w = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else \
                n.value if isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) < 40 else \
                n.arg if isinstance(n, (ast.arg, ast.keyword)) and n.arg else ""
            if "warm" in w.lower() and not exclusive(st, start):
                return True
    return any("warm" in a.arg.lower() for a in ast.walk(getattr(r.scope.node, "args", ast.Pass()))
               if isinstance(a, ast.arg))


def called_before(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """``key`` is called in ``scope`` at a statement before index ``before`` (not on tensors known to be on the
    CPU: `torch.matmul(a, b)` on host tensors does not warm up the GPU matmul timed after `a = a.to(device)`; not
    in a branch the statement at ``before`` excludes: another ``elif``, an ``if`` part that returned)."""
    return _called_before(ctx, key, reachable_before(ctx, scope, before))


def _called_before(ctx: Context, key: str, stmts: list) -> bool:
    if key in _ELEMENTWISE.values():  # `x + y` on GPU tensors: any earlier GPU op of that kind warmed it
        from .._walk import stmt_nodes

        return any(isinstance(n, ast.BinOp) and _ELEMENTWISE.get(type(n.op)) == key and
                   "cpu" not in (ctx.placement(n.left), ctx.placement(n.right)) and
                   "cuda" in (ctx.placement(n), ctx.placement(n.left), ctx.placement(n.right))
                   for stmt in stmts for n in stmt_nodes(stmt))
    for stmt in stmts:
        if key == "@":
            from .._walk import stmt_nodes

            if any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) and ctx.placement(n) != "cpu"
                   for n in stmt_nodes(stmt)):
                return True
            continue
        for c in stmt_calls(stmt):
            if "(" in key and isinstance(c.func, ast.Call) and ctx.text(c.func) == key:
                return True  # `jax.grad(f)(x0)` before the timed `jax.grad(f)(x)`: that derivative compiled then
            if (callee_key(c) == key or (key in PARTS and key in call_parts(ctx, c))) and \
                    not (ctx._inferred and ctx.on_cpu(c) and not ctx.lazy_jit(key)) and \
                    not _scalar_arithmetic(ctx, c):
                return True
            if _compiled_ahead(ctx, c, key):
                return True
    return False


def _compiled_ahead(ctx: Context, c: ast.Call, key: str) -> bool:
    """``k.compile()`` of a CuPy kernel the file built (``k = cp.RawKernel(src, "f")``): RawKernel.compile
    compiles and loads it ahead of time, so its first launch after that is not a compile."""
    if not (isinstance(c.func, ast.Attribute) and c.func.attr == "compile") or callee_key(c) != key + ".compile" or \
            len(c.args) > 1 or any(k.arg != "log_stream" for k in c.keywords):
        return False
    values = ctx.assigns.get(key, [])
    return bool(values) and all(isinstance(v, ast.Call) and ctx.call_name(v) == "cupy.RawKernel" for v in values)


def _scalar_arithmetic(ctx: Context, c: ast.Call) -> bool:
    """``f(7)``: a function of the file made only of operators on its parameters and locals (``return x**3 + 2*x``:
    no call, attribute or global in its body), handed only number literals: Python arithmetic on the host, which warms no GPU kernel for a later
    ``f(x)`` on a GPU tensor (set 51, AndreasFurth)."""
    fn = ctx.functions.get(c.func.id) if isinstance(c.func, ast.Name) else None
    if not isinstance(fn, ast.FunctionDef) or fn.decorator_list or c.keywords or not c.args or not all(
            isinstance(a, ast.Constant) and type(a.value) in (int, float, complex) or
            isinstance(a, ast.UnaryOp) and isinstance(a.op, ast.USub) and isinstance(a.operand, ast.Constant) and
            type(a.operand.value) in (int, float, complex) for a in c.args):
        return False
    nodes = [n for st in fn.body for n in ast.walk(st)]
    own = {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)} | \
        {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return not any(isinstance(n, (ast.Call, ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                  ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await, ast.Subscript,
                                  ast.Attribute)) or isinstance(n, ast.Name) and n.id not in own
                   for n in nodes)  # (a global read, `x * W` with `W` a GPU tensor, would launch a kernel)


def loop_guarded(region: Region) -> bool:
    """Samples are taken under a condition on the loop variable (``if i >= warmup``), or the start read is."""
    loop = region.loop
    start_stmt = region.scope.stmts[region.lo]
    parent = getattr(start_stmt, "_wp_parent", None)
    if isinstance(parent, ast.If) and start_stmt._wp_loops and \
            not _fixed_flag(parent.test, start_stmt._wp_loops):  # type: ignore[attr-defined]
        return True  # `if i >= warmup: t0 = ...` in a loop (not `if __name__ == "__main__":`)
    if loop is None or not isinstance(loop, (ast.For, ast.AsyncFor)):
        return False
    targets = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    for stmt in region.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
        if isinstance(stmt, (ast.If, ast.While)) or isinstance(stmt, ast.Continue):
            test = getattr(stmt, "test", None)
            if test is not None and any(isinstance(n, ast.Name) and n.id in targets for n in ast.walk(test)):
                from ._config_branches import picks_configuration

                if picks_configuration(test, targets):
                    continue  # `if precision == "fp16":` over a loop of named configurations: no sample skipped
                return True
    return False


# CuPy's kernels, compiled on their first launch (once per source: CuPy caches the compiled code)
_LAZY_KERNEL_BUILDS = frozenset({"cupy.RawKernel", "cupy.ElementwiseKernel", "cupy.ReductionKernel"})
# and Chainer's memoized builders of them
_LAZY_KERNEL_BUILDERS = _LAZY_KERNEL_BUILDS | frozenset({
    "chainer.cuda.elementwise", "chainer.cuda.reduce", "chainer.cuda.raw", "chainer.backends.cuda.elementwise",
    "chainer.backends.cuda.reduce", "chainer.backends.cuda.raw",
})


def _factory_launches(ctx: Context, r: Region) -> dict[int, str]:
    """Launches in the region of a kernel that a function of the file builds and returns (``_binarize()(W, y)``
    where ``def _binarize(): return cuda.elementwise(...)``): id of the launch -> the function's name."""
    cache = ctx.__dict__.setdefault("_wp_kernel_factories", {})
    out: dict[int, str] = {}
    for c in r.calls():
        f = c.func
        if not (isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id in ctx.functions):
            continue
        name = f.func.id
        if name not in cache:
            rets = [n for n in ast.walk(ctx.functions[name]) if isinstance(n, ast.Return)]
            cache[name] = bool(rets) and all(isinstance(n.value, ast.Call) and
                                             (ctx.call_name(n.value) or "") in _LAZY_KERNEL_BUILDERS for n in rets)
        if cache[name]:
            out[id(c)] = name
    return out


_DIFF_TRANSFORMS = frozenset({"jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev", "jax.hessian"})


def _compiled_grads(ctx: Context, r: Region) -> dict[int, str]:
    """Calls in the region of a JAX derivative written inline over a ``jax.jit`` function (``jax.grad(f)(x)``,
    ``jax.value_and_grad(loss)(p, x)``): id of the call -> the transform's text (``jax.grad(f)``). Differentiating
    a jitted function traces it again under the JVP and compiles the derivative's own programs (forward and
    transposed) on the first call of that derivative, whatever calls of ``f`` itself ran before; later calls of
    the same derivative hit JAX's cache. (An earlier call written alike, ``jax.grad(f)(x0)``, is its warm-up.)"""
    if not ctx._compiled or "grad" not in ctx.source and "jac" not in ctx.source and "hessian" not in ctx.source:
        return {}
    out: dict[int, str] = {}
    for c in r.calls():
        f = c.func
        if isinstance(f, ast.Call) and len(f.args) >= 1 and isinstance(f.args[0], ast.Name) and \
                (ctx.call_name(f) or "") in _DIFF_TRANSFORMS and _jax_jitted(ctx, f.args[0].id):
            out[id(c)] = ctx.text(f)
    return out


def _jax_jitted(ctx: Context, name: str) -> bool:
    """``name`` is a function of the file under ``@jax.jit`` (``@partial(jax.jit, ...)``) or bound to
    ``jax.jit(...)``."""
    fn = ctx.functions.get(name)
    if fn is not None:
        for d in fn.decorator_list:
            q = ctx.qualname(d.func if isinstance(d, ast.Call) else d) or ""
            if q in ("functools.partial", "partial") and isinstance(d, ast.Call) and d.args:
                q = ctx.qualname(d.args[0]) or ""
            if q in ("jax.jit", "equinox.filter_jit"):
                return True
        return False
    values = ctx.assigns.get(name, [])
    return bool(values) and all(isinstance(v, ast.Call) and ctx.call_name(v) == "jax.jit" for v in values)


def _own_kernels(ctx: Context, r: Region) -> set[str]:
    """JIT functions (``@cuda.jit``, ``@njit`` with no signature) defined in the body of the function that holds the
    region and called in it: each call of that function defines them anew, so their first call in it compiles
    again, whatever its callers ran before (the names are bound once in the file, so the name is theirs)."""
    node = r.scope.node
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not ctx._compiled:
        return set()
    memo = ctx.__dict__.setdefault("_wp_own_kernels", {})
    if id(node) not in memo:
        from collections import Counter

        if "_wp_def_names" not in ctx.__dict__:  # names bound by a `def` once in the file
            ctx._wp_def_names = Counter(n.name for n in ctx.all_nodes()  # type: ignore[attr-defined]
                                        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
        memo[id(node)] = {st.name for st in ast.walk(node) if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))
                          and st is not node and st.name in ctx._compiled and
                          ctx._wp_def_names[st.name] == 1 and _defined_in(st, node)}  # type: ignore[attr-defined]
    defs = memo[id(node)]
    if not defs:
        return set()
    called = {c.func.id if isinstance(c.func, ast.Name) else c.func.value.id  # type: ignore[attr-defined]
              for c in r.calls() if isinstance(c.func, ast.Name) or
              (isinstance(c.func, ast.Subscript) and isinstance(c.func.value, ast.Name))}
    return defs & called


def _defined_in(st: ast.AST, fn: ast.AST) -> bool:
    """``st`` is a statement of ``fn``'s own body (not of a function nested deeper)."""
    p = getattr(st, "_wp_parent", None)
    while p is not None and p is not fn:
        if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return False
        p = getattr(p, "_wp_parent", None)
    return p is fn


def _fixed_flag(test: ast.AST, loops) -> bool:
    """The condition is the same in every iteration: names and attributes (``if report_time:``, ``if
    args.verbose and not quiet:``) none of which the loops bind or assign, and no call: it picks no iteration."""
    from ._config_branches import fixed_query

    names = set()
    if fixed_query(test):
        return True  # `if torch.cuda.is_available():`, the same answer in every iteration
    for n in ast.walk(test):
        if isinstance(n, (ast.Call, ast.Subscript, ast.Compare)):
            return False
        if isinstance(n, ast.Name):
            names.add(n.id)
    if not names:
        return False
    for lp in loops:
        for n in ast.walk(lp):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id in names:
                return False
    return True


def work_calls(ctx: Context, region: Region) -> list[ast.Call]:
    from .alloc_in_timed_region import is_factory

    from .._context import HIDDEN_SYNC_METHODS, SYNC_ATTRS, SYNC_FUNCS

    return [c for c in region.calls() if ctx.is_gpu_work(c)
            and not (ctx.call_name(c) in SYNC_FUNCS or ctx.method(c) in SYNC_ATTRS
                     or ctx.method(c) in HIDDEN_SYNC_METHODS)
            and not is_factory(ctx.call_name(c))
            and not (isinstance(c.func, ast.Attribute) and ctx.is_tensorish(c.func.value))]  # tensor methods


def work_items(ctx: Context, region: Region) -> list[ast.AST]:
    """GPU work calls of a region plus its matrix products (``a @ b``), in statement order."""
    from .._walk import in_lambda, stmt_nodes
    from ._dead_branches import in_dead_branch

    out: list[ast.AST] = []
    calls = {id(c) for c in work_calls(ctx, region)}
    for s in region.stmts():
        for n in stmt_nodes(s):
            if ((isinstance(n, ast.Call) and id(n) in calls) or ctx.is_matmul_on_gpu(n)) and not in_lambda(n) and \
                    not in_dead_branch(ctx, n) and not _optimizer_made(ctx, n):  # (`if device == "cuda":` with
                # `device = "cuda:0"`: never runs; `optim.SGD(net.parameters())` keeps references, launches nothing)
                out.append(_launch_of(n))
    return out


def _optimizer_made(ctx: Context, n: ast.AST) -> bool:
    """``torch.optim.SGD(params, lr=...)``: a constructor of a ``torch.optim`` optimizer (its state is made lazily by
    the first ``step()``; the constructor only keeps the parameters), not GPU work."""
    if not isinstance(n, ast.Call):
        return False
    q = ctx.qualname(n.func) or ""
    return q.startswith("torch.optim.") and q.count(".") == 2 and q.rsplit(".", 1)[1][:1].isupper()


def _launch_of(n: ast.AST) -> ast.AST:
    """Numba's ``kernel.forall(n)``: the launch it configures (``kernel.forall(n)(a, b)``), keyed ``kernel``."""
    parent = getattr(n, "_wp_parent", None)
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "forall" and \
            isinstance(parent, ast.Call) and parent.func is n:
        return parent
    return n


_ELEMENTWISE = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def elementwise_key(n: ast.AST) -> str | None:
    return _ELEMENTWISE.get(type(n.op)) if isinstance(n, ast.BinOp) else None


def _elementwise_items(ctx: Context, region: Region) -> list[ast.AST]:
    """A region whose only GPU work is elementwise operators on tensors both known to be on the GPU
    (``z = x + y``, set 23): those operators, so that the file's first one, timed once, is a cold launch (WP103)."""
    from .._walk import in_lambda, stmt_nodes

    items = [n for s in region.stmts() for n in stmt_nodes(s)
             if elementwise_key(n) and ctx.placement(n.left) == "cuda" and  # type: ignore[attr-defined]
             ctx.placement(n.right) == "cuda" and not in_lambda(n)]  # type: ignore[attr-defined]
    from ._indexed_sweeps import configuration_loop

    if items or region.loop is None or not configuration_loop(ctx, region.loop, region.scope) or not sweep_rows(ctx, region):
        return items
    # one row per configuration of a sweep (`for size in sizes:`), each timing `t * 2` on a GPU tensor: the first
    # row is the first launch of that operator's kernel when nothing of its kind ran before (set 84)
    return [n for s in region.stmts() for n in stmt_nodes(s)
            if elementwise_key(n) and not in_lambda(n) and any(  # type: ignore[attr-defined]
                ctx.placement(a) == "cuda" and _number(b) for a, b in ((n.left, n.right), (n.right, n.left)))]


def _number(n: ast.AST) -> bool:
    return isinstance(n, ast.Constant) and type(n.value) in (int, float)


def warmup_findings(ctx: Context, *, compiled: bool) -> list[tuple[Region, ast.Call, str]]:
    """Regions whose GPU work was never called before them: (region, first cold call, its key)."""
    from ._carried import restarted_in_loop
    from ._on_purpose import labelled_cold  # "Cold start latency", "first inference took ...": on purpose
    from ._warm_handed import ran_by_own_method
    from ._step_samples import averaged_training_samples
    from ._library_runs import run_by_library
    from ._retimed import region_end_line, retimed_later
    from ._dtype_kernels import first_reduced_product
    from ._redefined import redefined_cold
    from ._first_figure import first_figure_share
    from ._warm_sources import (_bound_by_warm_loader, _file_fn_on_gpu, _file_fn_ran_before, _instance_ran_before,
                                _module_call_before, _own_model, gpu_module_arg, host_helper, single_pass)

    out = []
    if not ctx.uses_gpu:
        return out
    library = is_library(ctx)
    for r in ctx.regions:
        own = _own_kernels(ctx, r) if compiled else set()  # kernels the timed function defines: new on every call
        if mentions_warmup_for(ctx, r) or loop_guarded(r) or _times_first_call(ctx, r) or \
                labelled_cold(ctx, r) or \
                (not own and helper_called_again(ctx, r.scope) and first_figure_share(ctx, r) is None) or \
                end_to_end(ctx, r) or \
                cpu_only(ctx, r.scope.stmts[r.lo]) or restarted_in_loop(r):
            continue
        outer = r.outer._wp_scope if r.outer is not None else None  # type: ignore[attr-defined]  # a `timeit` call
        if outer is not None and (mentions_warmup(ctx, outer) or helper_called_again(ctx, outer) or
                                  (library and not isinstance(outer.node, ast.Module))):
            continue
        if library and not own and not isinstance(r.scope.node, ast.Module) and \
                not getattr(r.scope.node, "name", "").startswith("test_"):
            continue  # (a pytest test function is an entry point: pytest calls it with no warmup)  # a library's function: its callers run it many times, and warm it up or not
        cold = []
        work = work_items(ctx, r)
        if not compiled:  # `black_scholes(cupy, s, x)`: a function of the file run on CuPy through its `xp`
            seen = {id(c) for c in work}
            work += [c for c in r.calls() if id(c) not in seen and (gpu_module_arg(ctx, c) or _file_fn_on_gpu(ctx, c))]
            from ._few_counted import few_step_calls

            work += few_step_calls(ctx, r, work)  # `loss = train_step(model, batch, opt)` in a few-step run
        fresh: set[int] = set()
        launches = _factory_launches(ctx, r) if compiled else {}  # `_binarize()(x, y)`: a CuPy kernel built by
        grads = _compiled_grads(ctx, r)  # `jax.grad(step)(x)` of a `jax.jit` function: its own compile
        if compiled:  # a function of the file, launched at once
            launches.update(grads)
            seen = {id(c) for c in work}  # (and a Numba `@jit` function: compiled on its first call, on the host,
            fresh = {id(c) for c in r.calls() if isinstance(c.func, (ast.Name, ast.Subscript)) and
                     redefined_cold(ctx, callee_key(c), r.scope, r.lo)}  # (a compiled function defined anew)
            extra = [c for c in r.calls() if id(c) not in seen and (id(c) in launches or id(c) in fresh or (
                isinstance(c.func, ast.Name) and ctx.lazy_jit(c.func.id)))]  # whatever it runs on)
            if extra:
                work = sorted(work + extra, key=lambda n: (n.lineno, n.col_offset))  # type: ignore[attr-defined]
        from ._cold_host_models import host_model_call

        work = [c for c in work if not host_model_call(ctx, c, r)]  # a model the code rebuilt on the host: CPU work
        ops = not work and not compiled  # the region's only GPU work is elementwise operators (`x + y`)
        if ops:
            work = _elementwise_items(ctx, r)
        from ._array_methods import method_items, method_key, method_ran_before

        if ops and not work:  # or methods of GPU arrays that launch kernels (`x.clone()`: `_array_methods`)
            work = method_items(ctx, r)
        params = enclosing_params(r.scope)
        for c in work:
            key = launches.get(id(c)) or ((elementwise_key(c) or method_key(ctx, c)) if ops else callee_key(c))
            if ops and key is not None and key.startswith("."):
                if not method_ran_before(ctx, key, r):
                    cold.append((c, key))
                continue
            if key is None or key in ("print",) or (key.split(".")[0] in params and not _own_model(ctx, key, r)) \
                    or _closure_over_params(ctx, key, params):
                continue  # a callable handed in (or a local wrapper of one): the caller may have warmed it up
            if (_built_ahead(ctx, key) and not _lone_waited_launch(ctx, r, c)) or returns_aot_executable(ctx, key) \
                    or aot_bound(ctx, key, c):  # (`f = f.lower(x).compile()` before the region: no compile here)
                continue  # `mod.get_function("k")` of a PyCUDA `SourceModule`: built ahead; a JAX AOT compile
            module = gpu_module_arg(ctx, c) if isinstance(c, ast.Call) and not ops else None
            if module is not None:
                if not _module_call_before(ctx, key, module, r.scope, r.lo) and \
                        not (outer is not None and _module_call_before(ctx, key, module, outer, r.outer._wp_idx)):
                    cold.append((c, key))  # (an earlier run with `numpy` does not load CuPy's kernels)
                continue
            if first_reduced_product(ctx, c):
                cold.append((c, key))  # `torch.mm(a16, b16)`: warm in float32 only, its half kernels load now
                continue
            if compiled and id(c) in fresh:
                cold.append((c, key))  # a compiled function defined anew: earlier calls ran the old object
                continue
            if called_before(ctx, key, r.scope, r.lo) or receiver_used_before(ctx, key, r.scope, r.lo) or \
                    ran_by_own_method(ctx, key, r.scope, r.lo) or \
                    (outer is not None and called_before(ctx, key, outer, r.outer._wp_idx)) or \
                    benchmarks_itself(ctx, key) or (key in ctx.functions and key in ctx._syncing_functions(False) and
                                                      (_harness(ctx, ctx.functions[key]) or
                                                       _body_ran_before(ctx, key, r, outer))) \
                    or _imported_harness(ctx, c) \
                    or warmed_by_callers(ctx, r.scope, key, across=not _specialized(ctx, c)) \
                    or _replays_warm_capture(ctx, key, r.scope, r.lo) or _instance_ran_before(ctx, key, r) \
                    or _file_fn_ran_before(ctx, key, r.scope, r.lo) or _bound_by_warm_loader(ctx, key, r.scope, r.lo) \
                    or run_by_library(ctx, key, r.scope, r.lo) or _same_call_by_helper(ctx, c, key, r, outer):
                continue  # a helper of the file that synchronizes is a harness: it runs its own warmup or not
            cold.append((c, key))
        if own:
            cold = [(c, k) for c, k in cold if k in own]
        if not cold:
            continue
        comp = [(c, k) for c, k in cold if ctx.is_compiled(k) or id(c) in launches or id(c) in fresh or
                (not compiled and id(getattr(c, "_wp_parent", None)) in grads)]  # (WP103's `jax.grad`: ours)
        if compiled:
            if not comp:
                continue
            c, key = comp[0]
        else:
            if comp:
                continue  # the compiled-function rule covers it
            # every timed callee must be cold: one already-run callee means the code was exercised before
            if len(cold) < len({k for c2 in work if (k := (elementwise_key(c2) or method_key(ctx, c2)) if ops else
                                                          callee_key(c2))}):
                continue
            c, key = next(((c2, k2) for c2, k2 in cold if not host_helper(k2)), cold[0])  # name the GPU call
            if r.loop is not None and any(ctx.method(b) == "backward" for b in r.calls()):
                from ._step_samples import trained_model

                c, key = trained_model(ctx, cold) or (c, key)  # a training step: name the model, not its loss
        from ._cold_walk import first_samples_left_out

        if r.loop is not None and first_samples_left_out(r):
            continue  # `if i > 0: total += dt`: the first iteration is the warm-up
        if r.loop is not None and not _mean_of_per_iteration(ctx, r) and not sweep_rows(ctx, r) and \
                not (compiled and printed_rows(ctx, r) and _repeats(r.loop) and _waits_in_loop(ctx, r.loop)) and \
                not _summed_then_divided(ctx, r) and not single_pass(ctx, r.loop, bool(own)) and not _event_list_mean(ctx, r) \
                and not averaged_training_samples(ctx, r):
            continue  # one cold sample among many, summarized by a robust statistic (or not at all)
        if compiled and r.loop is None and not getattr(r.scope.stmts[r.lo], "_wp_loops", None) and \
                retimed_later(ctx, r.scope, c, key, region_end_line(r)):
            continue  # "First run" then "Second run": the compile cost shown on purpose, the warm figure after it
        out.append((r, c, key))
    return out


def _same_call_by_helper(ctx: Context, c: ast.AST, key: str, r: Region, outer) -> bool:
    """A function of the file called before the region (a correctness check) calls ``key`` with the timed call's
    arguments: its warm-up (:func:`._helper_warmups.same_call_by_helper`)."""
    from ._helper_warmups import same_call_by_helper

    return isinstance(c, ast.Call) and (same_call_by_helper(ctx, c, key, r.scope, r.lo) or (
        outer is not None and same_call_by_helper(ctx, c, key, outer, r.outer._wp_idx)))  # type: ignore[union-attr]


def _repeats(loop: ast.AST) -> bool:
    """``for _ in range(n)``: a loop of repetitions of the same work (``n`` not known to be large)."""
    return isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and dotted(loop.iter.func) == "range" and \
        len(loop.iter.args) == 1


def _waits_in_loop(ctx: Context, loop: ast.AST) -> bool:
    """The loop's body synchronizes (also only under an option, ``if args.sync: cp.cuda.Device().synchronize()``):
    its rows are meant as the work's time; a loop that never waits prints launch times (Taichi's async test)."""
    from .._walk import stmt_calls

    return any(ctx.is_sync(c, hidden=False) for st in ast.walk(loop) if isinstance(st, ast.stmt) and st is not loop
               for c in stmt_calls(st))


def sweep_rows(ctx: Context, r: Region) -> bool:
    """A per-iteration region of a loop over configurations (``for bs in block_sizes:``, not ``range(n)``) whose
    sample is printed in the loop, one row per configuration, and never summarized by a robust statistic: the
    first configuration's row is the work's first call (a repeat loop summarized by its median, kernl's
    ``dot_perf.py``, stays silent). For WP112 since set 20, for WP103 since set 22 (kornia's
    ``test_imgwarp_speed.py``: ``print(shape, time() - t)`` per shape, no warmup anywhere)."""
    from ._indexed_sweeps import indexed_sweep

    loop = r.loop
    indexed = indexed_sweep(ctx, loop) if loop is not None else False  # for i in range(len(sizes)): n = sizes[i]
    if not isinstance(loop, ast.For) or (isinstance(loop.iter, ast.Call) and dotted(loop.iter.func) in (
            "range", "enumerate", "zip", "itertools.product", "tqdm", "tqdm.tqdm", "trange") and not indexed):
        return False
    if isinstance(loop.iter, ast.Call) and not isinstance(loop.iter.func, ast.Attribute) and not indexed:
        return False  # a generator of the file, `reversed(...)`: not known to be a list of configurations
    from ._indexed_sweeps import appended_rows_shown

    return printed_rows(ctx, r, indexed) or appended_rows_shown(ctx, r)  # `times.append(dt)`, then plotted


def printed_rows(ctx: Context, r: Region, indexed: bool = False) -> bool:
    """Region ``r`` of a loop prints its sample in the loop, row by row (or writes it to a results file), and no
    robust statistic summarizes the samples: every row is a figure the reader sees, the first one included."""
    from ._indexed_sweeps import rows_stored_by_index

    loop = r.loop
    if loop is None:
        return False
    st = r.interval
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and _row_out(ctx, st.value) and \
            r.samples is None:
        return True  # print(f"{shape}: {time.perf_counter() - t}"): the row is the sample itself (also written to
        # a results file, `out.write(f"time: {end - start}")`, set 61)
    if not isinstance(st, (ast.Assign, ast.AnnAssign)):
        return False
    names = {n.id for t in (st.targets if isinstance(st, ast.Assign) else [st.target]) for n in ast.walk(t)
             if isinstance(n, ast.Name)}
    if r.samples is not None:
        _, others = sample_uses(ctx, r.samples)
        if any(isinstance(getattr(o, "_wp_parent", None), ast.Call) and _robust(ctx, o) for o in others):
            return False
    from .._walk import stmt_nodes

    for b in r.scope.stmts[st._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
        if isinstance(b, ast.Assign) and len(b.targets) == 1 and isinstance(b.targets[0], ast.Name) and any(
                isinstance(n, ast.Name) and n.id in names for n in ast.walk(b.value)):
            names.add(b.targets[0].id)  # `bandwidth = nbytes / elapsed`: the row printed is computed from the time
        for c in stmt_nodes(b):
            if isinstance(c, ast.Call) and dotted(c.func) == "print" and any(
                    isinstance(n, ast.Name) and n.id in names for a in c.args for n in ast.walk(a)):
                return True
    return indexed and rows_stored_by_index(ctx, r, names)  # `times[i] = dt`, then `plt.plot(sizes, times)`


def _row_out(ctx: Context, call: ast.Call) -> bool:
    """``print(...)``, or ``f.write(...)`` of a file the code opened (``f = open(...)``, ``with open(...) as f``):
    a row of output."""
    if dotted(call.func) == "print":
        return True
    if ctx.method(call) != "write" or not isinstance(call.func.value, ast.Name):  # type: ignore[union-attr]
        return False
    name = call.func.value.id  # type: ignore[union-attr]
    vals = ctx.assigns.get(name, [])
    opened = [v for v in vals if isinstance(v, ast.Call) and dotted(v.func) == "open"]
    withs = ctx.__dict__.get("_wp_with_open")
    if withs is None:  # names bound by `with open(...) as f` (once per file)
        withs = ctx._wp_with_open = {  # type: ignore[attr-defined]
            it.optional_vars.id for w in ctx.all_nodes() if isinstance(w, (ast.With, ast.AsyncWith))
            for it in w.items if isinstance(it.optional_vars, ast.Name) and isinstance(it.context_expr, ast.Call)
            and dotted(it.context_expr.func) == "open"}
    return (bool(opened) and len(opened) == len(vals)) or (not vals and name in withs)


_FIRST_CALL = ("compile", "first", "cold", "startup", "init", "jit", "build", "load")
_COMP_ABBREV = re.compile(r"(^|_)comp(_|time)")  # comp_time, comptime_s: not compute_time
_FIRST_TOKEN = re.compile(r"first_?tok(en)?s?")  # `first_token_time`: a latency of every request (TTFT), not a
# first call measured on purpose
_COMPILED_VARIANT = re.compile(r"compiled")  # `compiled_matmul_time`: the compiled variant's time (beside the eager
# one's), not a compile time; `compile_s`, `compilation_time` say that (set 77)


def _times_first_call(ctx: Context, r: Region) -> bool:
    """The interval says it measures the first call on purpose: stored under a name such as ``compile_s``, started
    from a clock named ``compile_start``, or printed/logged with a message that says so ("Compile time: ...")."""
    end_stmt = r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None
    start_stmt = r.scope.stmts[r.lo] if r.kind == "host" else None
    names = []
    for stmt in (end_stmt, start_stmt, r.interval):
        if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names += [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
            names += [n.attr for t in targets for n in ast.walk(t) if isinstance(n, ast.Attribute)]
    if r.samples:
        names.append(r.samples)
    names = [_COMPILED_VARIANT.sub("", _FIRST_TOKEN.sub("", n.lower())) for n in names]
    if any(w in n for n in names for w in _FIRST_CALL if w != "jit") or any(_COMP_ABBREV.search(n) for n in names):
        return True
    if any("jit" in n for n in names) and not _repeats_work(ctx, r):
        return True
    fname = _FIRST_TOKEN.sub("", getattr(r.scope.node, "name", "").lower())  # def first_call_time(model, ...): the
    # function says so
    if isinstance(r.scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
            any(w in fname for w in ("first", "cold", "compile", "startup")):
        return True
    if end_stmt is not None and r.kind == "host":  # print(f"Compilation time: {time.perf_counter() - t0:.2f}")
        from .._walk import stmt_nodes

        said = [end_stmt] + ([r.interval] if r.interval is not None and r.interval is not end_stmt else [])
        texts = [n.value.lower() for st in said for n in stmt_nodes(st)
                 if isinstance(n, ast.Constant) and isinstance(n.value, str)]  # (and where the interval is taken:
        # `t1 = time.time()` then `print("codegen time", t1 - t0)`)
        if any(_SAYS_FIRST_CALL_NOT_JIT.search(t) for t in texts):
            return True
        return any(_SAYS_FIRST_CALL.search(t) for t in texts) and not _repeats_work(ctx, r)
    return False


def _repeats_work(ctx: Context, r: Region) -> bool:
    """The region runs its work many times: a loop inside it whose count is shown to be more than one (``for i in
    range(1000): fast(x)``). "jit" in its label then names the variant timed (``print("jax jit time", ...)`` beside
    "jax gpu time"), not a first call measured on purpose: a compile is measured by one call (set 59)."""
    from ._walk_values import loop_count

    return any((loop_count(ctx, lp) or 0) > 1 for lp in r.inner_loops())


_SAYS_FIRST_CALL = re.compile(r"(compil|code.?gen|\bjit|load|startup|warm.?up|first call|instantiat|initiali[sz])"
                              r".{0,20}tim|tim.{0,20}(compil|code.?gen|\bjit|load|startup|instantiat|initiali[sz])")
# ("Time to instantiate", "codegen time": code generation is the compiler's work)
_SAYS_FIRST_CALL_NOT_JIT = re.compile(_SAYS_FIRST_CALL.pattern.replace(r"|\bjit", ""))


def enclosing_params(scope: Scope) -> frozenset[str]:
    """Parameters of the scope and of the functions it is nested in (a closure's callable came from a caller)."""
    out = set(scope.params)
    node = scope.node
    parent = getattr(node, "_wp_scope", None)
    while parent is not None:
        out |= parent.params
        parent = getattr(parent.node, "_wp_scope", None)
    return frozenset(out)


def _closure_over_params(ctx: Context, key: str, params: frozenset[str]) -> bool:
    """``get_logits`` defined inside ``decode(model, ...)`` and calling ``model``: the caller's work, wrapped."""
    fn = ctx.functions.get(key)
    if fn is None or isinstance(getattr(fn, "_wp_scope", None) and fn._wp_scope.node, ast.Module):  # type: ignore
        return False
    return any((callee_key(c) or "").split(".")[0] in params for c in ctx.calls_in_function(fn))


def is_library(ctx: Context) -> bool:
    """A module that only defines things (imports, functions, classes, constants): no script body, no
    ``if __name__ == "__main__":``. Its functions are called by code the linter does not see."""
    cached = ctx.__dict__.get("_library")
    if cached is None:
        cached = True
        for st in ctx.tree.body:
            if isinstance(st, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                               ast.Pass)):
                continue
            if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
                continue  # a docstring
            if isinstance(st, (ast.Assign, ast.AnnAssign)) and not any(
                    isinstance(n, ast.Call) and ctx.is_gpu_work(n) for n in ast.walk(st)):
                continue  # constants, registries, logger = logging.getLogger(...)
            if isinstance(st, ast.Try) and all(isinstance(b, (ast.Import, ast.ImportFrom, ast.Assign, ast.Pass))
                                               for b in st.body):
                continue  # try: import x / except ImportError
            cached = False
            break
        ctx._library = cached  # type: ignore[attr-defined]
    return cached


def helper_called_again(ctx: Context, scope: Scope, _depth: int = 0) -> bool:
    """The region's function is called more than once in the file, or in a loop: its first call warms up the
    later ones (``run_benchmark(num_iters=3)`` then ``run_benchmark(num_iters=100)``); a call in a comprehension
    summarized by a median or a minimum counts as in a loop, and a nested function is called again when its enclosing function is."""
    if isinstance(scope.node, ast.Module):
        return False
    name = getattr(scope.node, "name", None)
    if name is None:
        return False
    sites = _sites_of_definition(ctx, scope.node, call_sites(ctx, name))
    from ._cold_walk import _robust_comprehension  # `median(once() for _ in range(5))`: repeated, the cold one
    # left out by the median (averaged, it stays in: the walk judges that)

    if len(sites) > 1 or any(c._wp_stmt._wp_loops or _robust_comprehension(ctx, c) for c in sites):  # type: ignore
        return True
    if len(sites) + len(_mapped_over(ctx, name)) > 1:
        return True  # `warm.map(step)` then `data.map(step)`: handed twice to a map that runs it on each batch
    # a function nested in another one runs again whenever its enclosing function does: `def median_of(n): def
    # once(): <timed>; return sorted(once() for ...)`, with `median_of` called twice (a warm-up call, then the kept one)
    outer = getattr(scope.node, "_wp_scope", None)
    return bool(sites) and _depth < 3 and outer is not None and not isinstance(outer.node, ast.Module) and \
        all(getattr(c._wp_stmt, "_wp_scope", None) is outer for c in sites) and \
        helper_called_again(ctx, outer, _depth + 1)


def _sites_of_definition(ctx: Context, fn: ast.AST, sites: list[ast.Call]) -> list[ast.Call]:
    """The calls that run this ``def`` of a module-level function defined more than once in the module (a script
    of pasted sections, each with its own ``def main():`` and ``if __name__ == "__main__": main()``): a call in the
    module body runs the latest ``def`` of the name above it, so the sections' calls are not repeats of one
    function (set 54). Calls inside functions, and names defined once, are kept as they are. Computed once per
    ``def`` (a file of many pasted copies has many defs of a name, each asked about once per region)."""
    if getattr(fn, "_wp_scope", None) is None or not isinstance(fn._wp_scope.node, ast.Module):  # type: ignore
        return sites
    memo = ctx.__dict__.setdefault("_wp_def_sites", {})
    if id(fn) in memo:
        return memo[id(fn)]
    table = ctx.__dict__.get("_wp_module_defs")
    if table is None:  # name -> the lines of its module-level defs, built once per file
        table = {}
        for n in getattr(ctx.tree, "body", ()):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                table.setdefault(n.name, []).append(n.lineno)
        ctx._wp_module_defs = table  # type: ignore[attr-defined]
    defs = table.get(fn.name, [])  # type: ignore[attr-defined]
    if len(defs) < 2:
        memo[id(fn)] = sites
        return sites
    split = ctx.__dict__.setdefault("_wp_split_sites", {})
    key = (fn.name, id(sites))  # type: ignore[attr-defined]
    if key not in split:  # the name's calls: inside functions, and in the module body sorted by line (once per name)
        inner, top = [], []
        for c in sites:
            st = getattr(c, "_wp_stmt", None)
            (top if isinstance(getattr(getattr(st, "_wp_scope", None), "node", None), ast.Module) else inner).append(c)
        top.sort(key=lambda c: c.lineno)
        split[key] = (inner, top, [c.lineno for c in top])
    inner, top, lines = split[key]
    i = bisect.bisect_left(lines, fn.lineno + 1)  # type: ignore[attr-defined]
    later = [d for d in defs if d > fn.lineno]  # type: ignore[attr-defined]
    j = bisect.bisect_left(lines, later[0]) if later else len(lines)
    memo[id(fn)] = out = inner + top[i:j]
    return out


_MAPS = frozenset({"map", "map_batches", "apply"})


def _mapped_over(ctx: Context, name: str) -> list[ast.Call]:
    """Calls that hand the function ``name`` (by name) to a map over data (``ds.map(step, batched=True)``, a
    DataFrame's ``apply``): each runs it, once per batch."""
    memo = ctx.__dict__.get("_wp_mapped")
    if memo is None:  # once per file: name -> the map calls handed it
        memo = {}
        for c in ctx.calls:
            if ctx.method(c) in _MAPS:
                for a in (*c.args, *(k.value for k in c.keywords)):
                    if isinstance(a, ast.Name):
                        memo.setdefault(a.id, []).append(c)
        ctx._wp_mapped = memo  # type: ignore[attr-defined]
    return memo.get(name, [])


def _repeated_by_comprehension(c: ast.AST) -> bool:
    """The call sits in the element (or a later clause) of a comprehension, which runs it once per item
    (``sorted(once() for _ in range(5))``), not in the iterable of its first ``for``."""
    node, parent = c, getattr(c, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)) and \
                node is not parent.generators[0].iter:
            return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return False
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def _built_ahead(ctx: Context, key: str) -> bool:
    """A kernel compiled and loaded when it was obtained, not on its first launch: every binding of ``key`` is a
    ``.get_function(...)`` (PyCUDA's ``SourceModule(src).get_function("k")``: nvcc ran at ``SourceModule``)."""
    values = ctx.assigns.get(key, [])
    return bool(values) and all(isinstance(v, ast.Call) and ctx.method(v) == "get_function" for v in values)


def _lone_waited_launch(ctx: Context, r: Region, c: ast.AST) -> bool:
    """A kernel built ahead (``mod.get_function("k")``) launched once in a region that waits for it (CUDA events,
    or a synchronize before the end reading), the region in no loop and holding nothing but such launches and its
    waits: its one sample is the kernel's first launch (the module's functions load lazily, the launch path's
    one-off set-up), the whole figure (set 80: event-timed PyCUDA launches read as cold first calls). A launch
    repeated, a region that does not wait (WP102's finding: the missing wait is the error that dominates), or one
    that also copies the data in or out stays as it was."""
    if not isinstance(c, ast.Call) or r.loop is not None or r.in_loop(c):
        return False
    start = r.scope.stmts[r.lo]
    if start._wp_loops:  # type: ignore[attr-defined]
        return False
    for st in r.stmts():  # the span holds launches of kernels built ahead and its waits, nothing else (not the
        # copies in and out, whose time the cold launch's one-off cost is small beside: sets 72, 75, borderline)
        x = st.value if isinstance(st, ast.Expr) else None
        if not isinstance(x, ast.Call):
            return False
        k = callee_key(x)
        if not ((k and _built_ahead(ctx, k)) or ctx.method(x) in ("record", "synchronize")):
            return False
    key = callee_key(c)
    texts = {ctx.text(v) for v in ctx.assigns.get(key, [])} if key else set()
    if any(k != key and any(ctx.text(v) in texts for v in vs) for k, vs in ctx.assigns.items()):
        return False  # `mm2 = mod.get_function("mm")` beside `mm`: one kernel, the other name's launch may warm it
    return r.kind == "event" or r.synced is True


def _specialized(ctx: Context, c: ast.AST) -> bool:
    """The call is specialized on a function it is handed (``parallel.reduce_into(it, out, add_op, ...)``: a JIT
    library compiles once per operator): a call of the same op elsewhere, on another function, does not warm it."""
    if not isinstance(c, ast.Call):
        return False
    return any(isinstance(a, ast.Lambda) or (isinstance(a, ast.Name) and a.id in ctx.functions)
               for a in [*c.args, *(k.value for k in c.keywords)])


def warmed_by_callers(ctx: Context, scope: Scope, key: str, across: bool = True) -> bool:
    """Every caller of the region's function (in this file) runs ``key`` before calling it: a timing helper whose
    caller does the warmup (``for _ in range(warmup): op(x)`` then ``_timed(op, ...)``)."""
    name = getattr(scope.node, "name", None)
    if name is None or isinstance(scope.node, ast.Module):
        return False
    sites = call_sites(ctx, name)
    return bool(sites) and all(
        called_before(ctx, key, c._wp_stmt._wp_scope, c._wp_stmt._wp_idx)  # type: ignore[attr-defined]
        or (across and _helper_ran_before(ctx, key, c._wp_stmt._wp_scope, c._wp_stmt._wp_idx))  # type: ignore
        for c in sites)


def _helper_ran_before(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """A function of the file that calls ``key`` itself (directly or through one more function of the file) runs
    in ``scope`` before ``before``: ``main()`` benchmarks ``torch.mm`` with a warmup, then ``quick_demo()`` times
    one ``torch.mm`` (the warmup ran in the other function)."""
    head = key.split(".")[0]
    if key == "@" or head not in ctx.imports:
        return False  # `model(x)` in two functions are two models; `torch.mm` is one op
    firsts = ctx.__dict__.setdefault("_wp_first_fn_call", {})
    if id(scope) not in firsts:  # per scope, once: the first statement index at which each file function is called
        first: dict[str, int] = {}
        for st in scope.stmts:
            for c in stmt_calls(st):
                if isinstance(c.func, ast.Name) and c.func.id in ctx.functions:
                    first.setdefault(c.func.id, st._wp_idx)  # type: ignore[attr-defined]
        firsts[id(scope)] = first
    return any(i < before and _fn_calls(ctx, name, key, 2) for name, i in firsts[id(scope)].items())


def _fn_calls(ctx: Context, name: str, key: str, depth: int) -> bool:
    memo = ctx.__dict__.setdefault("_wp_fn_calls", {})
    k = (name, key, depth)
    if k not in memo:
        memo[k] = False
        calls = ctx.calls_in_function(ctx.functions[name])
        memo[k] = any(callee_key(c) == key for c in calls) or (depth > 1 and any(
            isinstance(c.func, ast.Name) and c.func.id in ctx.functions and c.func.id != name and
            _fn_calls(ctx, c.func.id, key, depth - 1) for c in calls))
    return memo[k]


_BUILTIN_CALLS = frozenset({"range", "len", "print", "enumerate", "zip", "min", "max", "list", "tuple"})


def _replays_warm_capture(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """``g.replay()`` of a graph captured earlier in the function (``with torch.cuda.graph(g):``) whose captured
    calls had already run before the capture (the warmup a capture needs)."""
    head, _, method = key.rpartition(".")
    if method != "replay" or not head:
        return False
    for stmt in scope.stmts[:before]:
        if not isinstance(stmt, ast.With):
            continue
        for item in stmt.items:
            e = item.context_expr
            if isinstance(e, ast.Call) and (ctx.call_name(e) or "").endswith(".graph") and e.args and \
                    dotted(e.args[0]) == head:
                inner = [k for b in stmt.body for c in ast.walk(b) if isinstance(c, ast.Call) and
                         (k := callee_key(c)) and k not in _BUILTIN_CALLS]
                return bool(inner) and all(called_before(ctx, k, scope, stmt._wp_idx) for k in inner)  # type: ignore[attr-defined]
    return False


def receiver_used_before(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """``module.fn_out`` after ``module.fn(...)`` ran: the object (an extension module, a model) was exercised."""
    base, _, attr = key.rpartition(".")
    if not base or base == "self" or "." in base or base in ctx.imports:
        return False  # a module's other functions are other work
    if _is_object(ctx, key):
        return False  # `pipe.unet(...)` with `pipe.unet.config` read: a sub-model, not a method of `pipe`
    from ._walk_calls import runs_nothing  # (`model.resize_token_embeddings(n)`: new weights, no forward pass)

    for stmt in reachable_before(ctx, scope, before):
        for c in stmt_calls(stmt):
            k = callee_key(c)
            if k is not None and k.rpartition(".")[0] == base and ((ctx.is_gpu_work(c) and not runs_nothing(
                    k.rpartition(".")[2])) or any(w in k.rpartition(".")[2].lower() for w in ("capture", "warm"))):
                return True  # it ran device work (not `.eval()` or `.num_parameters()`), or captured a CUDA graph
                # of it (`runner.capture_model()` runs the model before `runner.execute_model(...)` replays it)
    return False


def _is_object(ctx: Context, key: str) -> bool:
    """``key`` (``pipe.unet``) has attributes of its own read somewhere in the file (``pipe.unet.config``,
    ``pipe.unet.dtype``): an object (a sub-model), not a function of its receiver."""
    prefixes = ctx.__dict__.get("_wp_attr_prefixes")
    if prefixes is None:
        prefixes = set()
        for a in ctx.attributes:
            d = dotted(a.value)
            if d is not None and "." in d:
                prefixes.add(d)
        ctx._wp_attr_prefixes = prefixes  # type: ignore[attr-defined]
    return key in prefixes


def data_driven(ctx: Context, r: Region) -> bool:
    """The region runs a loop over data (a loader, a dataset, ``next(...)``): a run's wall time over many steps."""
    from .._walk import stmt_nodes

    for s in r.stmts():
        if isinstance(s, (ast.For, ast.AsyncFor)) and not _range_like(ctx, s.iter) and any(
                ctx.gpu_work_in(stmt_nodes(b)) for b in r.scope.stmts[s._wp_idx + 1:s._wp_end + 1]):  # type: ignore
            return True  # (not `for group in optimizer.param_groups: group["lr"] = lr`)
        if any(isinstance(c.func, ast.Name) and c.func.id == "next" for c in stmt_calls(s)):
            return True
    return False


def end_to_end(ctx: Context, r: Region) -> bool:
    """The region runs a data-driven loop or trains (``.backward()``, a library trainer's ``train()``/``fit()``),
    directly or through a function of the file
    that does (an evaluation over a dataset, a quantization over a model's blocks): a run's wall time, where the
    first step is part of the workload, not a steady-state benchmark. Not a loop's per-epoch (or per-step) samples
    averaged (``_step_samples``): a typical epoch's time, the cold first one averaged in."""
    from ._step_samples import averaged_training_samples

    if averaged_training_samples(ctx, r):
        return False
    from ._few_counted import few_counted_run

    if few_counted_run(ctx, r):  # a training loop of a few steps the file counts: a few-step benchmark
        return False
    if data_driven(ctx, r):
        return True
    from ._first_figure import few_repeats

    if few_repeats(ctx, r):  # `for _ in range(10): f(x).backward(g)`: an op's benchmark of a few samples, no run
        return False
    from ._trainer_runs import trainer_run_call

    if any(ctx.method(c) in ("train", "fit") and trainer_run_call(ctx, c) for c in r.calls()):
        return True  # `trainer.train()` of a training library inside the clock: a training run's wall time
    if any(ctx.method(c) == "backward" for c in r.calls()):  # training: a run, unless one step timed once (set 20)
        return r.loop is not None or bool(r.inner_loops()) or any(r.in_loop(c) for c in r.calls()) or \
            not any(ctx.method(c) == "step" for c in r.calls())
    return any((d := ctx.callee_def(c)) is not None and _fn_data_driven(*d)  # (of the project's modules too)
               for c in r.calls() if isinstance(c.func, (ast.Name, ast.Attribute)) and
               not (isinstance(c.func, ast.Name) and (ctx.lazy_jit(c.func.id) or taichi_kernel(ctx, c.func.id))))
    # (a Numba `@njit` function's loops over its image are compiled code, one call: its first call compiles it, not a
    # run over a data set; so are a Taichi kernel's loops over its fields, `for i, j in field:`, run in parallel)


def taichi_kernel(ctx: Context, name: str) -> bool:
    """``name`` is a function of the file decorated ``@ti.kernel``: one compiled launch, its loops the kernel's."""
    fn = ctx.functions.get(name)
    return fn is not None and any((ctx.qualname(d.func if isinstance(d, ast.Call) else d) or "") == "taichi.kernel"
                                  for d in getattr(fn, "decorator_list", ()))


def _fn_data_driven(ctx: Context, fn: ast.AST) -> bool:
    cached = getattr(fn, "_wp_data_driven", None)
    if cached is None:
        cached = False
        for st in fn._wp_own_scope.stmts:  # type: ignore[attr-defined]
            if isinstance(st, (ast.For, ast.AsyncFor)) and not _range_like(ctx, st.iter) and \
                    any(stmt_calls(s) for s in fn._wp_own_scope.stmts[st._wp_idx + 1:st._wp_end + 1]):  # type: ignore
                cached = True
                break
            if any(ctx.method(c) == "backward" for c in stmt_calls(st)):
                cached = True
                break
        fn._wp_data_driven = cached  # type: ignore[attr-defined]
    return cached


def benchmarks_itself(ctx: Context, key: str) -> bool:
    """A function of this file that runs a benchmark harness (``do_bench``, ``Timer.timeit``...): it warms up."""
    fn = ctx.functions.get(key)
    if fn is None:
        return False
    from .._context import SYNCING_CALLS, SYNCING_LAST_NAMES, SYNCING_METHODS

    for c in ctx.calls_in_function(fn):
        q = ctx.call_name(c) or ""
        if q in SYNCING_CALLS or q.rsplit(".", 1)[-1] in SYNCING_LAST_NAMES or \
                (ctx.method(c) in SYNCING_METHODS and ctx.method(c) not in ("numpy", "generate")):
            # (a function around `model.generate(...)` is the work, waited for, not a harness: set 23)
            return True
    return False


def _range_like(ctx: Context, it: ast.AST) -> bool:
    while isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("enumerate", "tqdm",
                                                                                          "reversed") and it.args:
        it = it.args[0]
    if isinstance(it, ast.Call) and ctx.call_name(it) in ("tqdm.tqdm", "tqdm.auto.tqdm") and it.args:
        it = it.args[0]  # (`trange(n)` is `range(n)` with a bar: its arguments are the range's, read below)
    if isinstance(it, (ast.List, ast.Tuple)) and it.elts and all(isinstance(e, ast.Constant) for e in it.elts):
        return True  # `for prompt in ["a cat", "a horse"]:` a few inputs written out, not a dataset
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("range", "trange")):
        return False
    # range(0, data.shape[1], block) or range(len(dataset)) walks over data, not a repeat count; so does
    # range(rows) after `rows, cols = a.shape` (a hand-written matmul's loops, set 17)
    from ._capped_count import few

    def dim(e: ast.AST) -> bool:
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "min" and \
                any(few(ctx, a) for a in e.args):
            return False  # `min(N_PROMPTS, len(prompts))`, N_PROMPTS = 3: a few samples, not a walk over the data
        return any((isinstance(n, ast.Attribute) and n.attr in ("shape", "size")) or
                   (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "len")
                   for n in ast.walk(e))
    return not any(dim(a) or (isinstance(a, ast.Name) and bool(vs := ctx.assigns.get(a.id)) and all(map(dim, vs)))
                   for a in it.args)


def _harness(ctx: Context, fn: ast.AST, depth: int = 0) -> bool:
    """A synchronizing function of the file that may run its own warmup: it loops (a comprehension aside), reads
    a clock or records an event. One that only does its work and waits for it (``def torch_cc(m):
    r = gpu_cc(m); torch.cuda.synchronize(); return r``, a ``generate()`` around ``model.generate``) is the work
    itself, cold on its first call (set 23)."""
    if any(isinstance(n, (ast.For, ast.While, ast.AsyncFor)) for n in ast.walk(fn)):  # (not a comprehension)
        return True
    for c in ctx.calls_in_function(fn):
        if ctx.is_clock(c) or ctx.method(c) in ("record", "elapsed_time"):
            return True
        inner = c.func.id if isinstance(c.func, ast.Name) else None  # through a function of the file (do_bench)
        if inner in ctx.functions and ctx.functions[inner] is not fn and depth < 3 and \
                inner not in ctx._cuda_ufuncs and (  # (a Numba GPU ufunc's loops are its kernel's)
                benchmarks_itself(ctx, inner) or _harness(ctx, ctx.functions[inner], depth + 1)):
            return True
    return False


def _imported_harness(ctx: Context, c: ast.AST) -> bool:
    """A function of the project's modules that runs a benchmark harness, or synchronizes and may run its own warmup
    (loops, reads a clock): read where it is defined, it is a harness as a helper of the file would be."""
    from .._imported import function_syncs

    d = ctx.imported_function(c) if isinstance(c, ast.Call) else None
    if d is None:
        return False
    return benchmarks_itself(d.ctx, d.node.name) or (function_syncs(d.ctx, d.node, False) and
                                                     _harness(d.ctx, d.node))


def _body_ran_before(ctx: Context, key: str, r: Region, outer: Scope | None) -> bool:
    """A call of the function ``key`` (another function of the file, a model) ran before the region: the work
    inside the synchronizing wrapper is warm even though the wrapper itself was not called."""
    for c in ctx.calls_in_function(ctx.functions[key]):
        inner = callee_key(c)
        if inner is None or ctx.is_sync(c):
            continue
        if called_before(ctx, inner, r.scope, r.lo) or (outer is not None and r.outer is not None and
                                                         called_before(ctx, inner, outer, r.outer._wp_idx)):  # type: ignore
            return True
        if r.outer is not None and any(  # timed earlier by a timing library (`timeit.repeat("step(m, x)", ...)`)
                o.outer is not None and o.outer._wp_scope is outer and o.outer._wp_idx < r.outer._wp_idx and  # type: ignore
                any(callee_key(w) == inner for w in work_items(ctx, o)) for o in ctx.regions):
            return True
    return False


def _summed_then_divided(ctx: Context, r: Region) -> bool:
    """An event-timed loop whose per-iteration ``start.elapsed_time(end)`` is added to a running total
    (``total += s.elapsed_time(e) / 1000``) that is read after the loop only in divisions (``n / total``, a
    throughput, or ``total / n``, a mean; set 23): the cold first sample is averaged in."""
    from .._walk import base_key, stmt_nodes

    loop = r.loop
    if r.kind != "event" or loop is None:
        return False
    start = base_key(r.start.func.value) if isinstance(r.start.func, ast.Attribute) else None  # type: ignore
    totals, temps = set(), set()  # `curr = s.elapsed_time(e) / 1000; total += curr`

    def sample(st: ast.stmt) -> bool:
        return any((isinstance(n, ast.Call) and ctx.method(n) == "elapsed_time" and isinstance(n.func, ast.Attribute)
                    and base_key(n.func.value) == start) or (isinstance(n, ast.Name) and n.id in temps)
                   for n in stmt_nodes(st))
    for st in r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and sample(st):
            temps.add(st.targets[0].id)
        elif isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and isinstance(st.target, ast.Name) and \
                sample(st):
            totals.add(st.target.id)
    if len(totals) != 1:
        return False
    name = totals.pop()
    after = [ld for ld in ctx.loads(name) if ld._wp_stmt._wp_scope is r.scope and  # type: ignore[attr-defined]
             ld._wp_stmt._wp_idx > loop._wp_end]  # type: ignore[attr-defined]

    def divided(ld: ast.AST) -> bool:
        p = getattr(ld, "_wp_parent", None)
        return isinstance(p, ast.BinOp) and isinstance(p.op, ast.Div) and (p.right is ld or (
            p.left is ld and not _unit_divisor(p.right)))
    return bool(after) and all(divided(ld) for ld in after)


def _event_list_mean(ctx: Context, r: Region) -> bool:
    """An event-timed loop appending each ``start.elapsed_time(end)`` to a list (``times.append(...)``) that is
    summarized by its mean (``sum(times) / len(times)``), not by a robust statistic: the cold first sample is
    averaged in."""
    from .._walk import base_key
    from .mean_only import _uses_by_binding

    loop = r.loop
    if r.kind != "event" or loop is None or r.samples is not None:
        return False
    start = base_key(r.start.func.value) if isinstance(r.start.func, ast.Attribute) else None  # type: ignore
    for st in r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
        for c in stmt_calls(st):
            if ctx.method(c) == "append" and c.args and isinstance(c.func.value, ast.Name) and any(  # type: ignore
                    isinstance(n, ast.Call) and _reads_events_from(ctx, n, start)
                    for n in ast.walk(c.args[0])):  # type: ignore[attr-defined]
                return any(any(not drops_first(m) for m in means) and not any(_robust(ctx, o) for o in others)
                           for means, others, appends, _ in _uses_by_binding(ctx, c.func.value.id)  # type: ignore
                           if any(a is st for _, a in appends))
    return False


def _reads_events_from(ctx: Context, n: ast.Call, start: str | None) -> bool:
    """``n`` reads the time between the region's start event and another: torch's ``start.elapsed_time(end)``,
    PyCUDA's ``start.time_till(end)`` / ``end.time_since(start)``, CuPy's ``cp.cuda.get_elapsed_time(start, end)``."""
    from .._walk import base_key

    m = ctx.method(n)
    if m in ("elapsed_time", "time_till"):
        return base_key(n.func.value) == start  # type: ignore[attr-defined]
    if m == "time_since" or (ctx.call_name(n) or "") == "cupy.cuda.get_elapsed_time":
        return bool(n.args) and base_key(n.args[0]) == start
    return False


def _mean_of_per_iteration(ctx: Context, r: Region, followed: bool = False) -> bool:
    """The region's per-iteration samples end in a mean, not a robust statistic. With ``followed`` (the warm-up
    walk, which knows what ran before a helper's loop), read for the list the region's own function appends to
    (``_uses_by_binding``: that binding's uses, followed through returns, aliases and parameters, so a helper's
    ``return times`` averaged by its caller is a mean, and another function's list of the same name says nothing);
    otherwise, and when no append of the region's function is seen, the file-wide reading of the name."""
    if r.samples is None:
        return False
    if not followed:
        from ._sample_rows import printed_row

        means, others = sample_uses(ctx, r.samples)
        return any(not drops_first(m) for m in means) and not any(_robust(ctx, o) and not printed_row(o)
                                                                  for o in others)  # (a row: no statistic)
    from .mean_only import _uses_by_binding

    cache = ctx.__dict__.setdefault("_wp_uses_by_binding", {})  # (many regions, one name: linear, not quadratic)
    if r.samples not in cache:
        cache[r.samples] = _uses_by_binding(ctx, r.samples)
    groups = [(means, others) for means, others, appends, _ in cache[r.samples]
              if any(getattr(a, "_wp_scope", None) is r.scope for _, a in appends)]
    if not groups:
        groups = [sample_uses(ctx, r.samples)]
    return any(any(not drops_first(m) for m in means) and not any(_robust_shown(ctx, o) for o in others)
               for means, others in groups)  # (the samples also kept whole, saved or plotted, leave the printed
    # mean as biased by the cold first one: only a robust statistic of them shown beside it answers the question)


def _robust_shown(ctx: Context, node: ast.AST) -> bool:
    """``node`` (a read of the samples) is handed to a robust statistic (``np.median(ts)``, ``min(ts)``)."""
    parent = getattr(node, "_wp_parent", None)
    while isinstance(parent, ast.Subscript):
        parent = getattr(parent, "_wp_parent", None)
    return isinstance(parent, ast.Call) and _robust(ctx, node)
