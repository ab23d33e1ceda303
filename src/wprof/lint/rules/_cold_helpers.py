"""WP103 (and WP112) for a cold first call hidden behind a timing helper of the file, which the generic warmup
analysis (``warmup_findings``: the work of a region against the calls before it in the same function) does not see:

- a helper that times one call and returns the interval, called in a loop of samples that are summed or averaged
  (``t += matmul_time(n, gpu)`` then ``t /= reps``), or once per configuration of a sweep (``for n in sizes:
  t = matmul_time(n, gpu)``), with no warmup before the loop: the first sample holds the work's one-off start-up
  costs and the mean (or the first row) carries them (set 17, anak1st);
- a warmup iteration only one configuration has (``start = -1 if compile else 0``; gpt-fast copies).

Fresh models and timed training steps are in ``_cold_models``. Precision first: the timed work must be shown to run on the GPU (an operand on the GPU, or a model handed in that
the caller put there), every call site of the helper must sit in one function, and nothing before the loop (in
that function, or before that function's first call) may have run the work."""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import Scope, stmt_calls, stmt_nodes
from ._common import (_range_like, _times_first_call, callee_key, called_before, end_to_end, enclosing_params,
                      is_library, mentions_warmup, receiver_used_before, work_items)
from ._evidence import call_sites, cpu_only, on_gpu
from ._sample_uses import _robust, drops_first


def helper_regions(ctx: Context, done: set[int], *, in_timeit: bool = False):
    """(region, function) for each timed region directly in a function's body (not in a loop of its own; inside a
    ``timeit`` measurement only with ``in_timeit``) of a file that uses the GPU and is not a library, skipping the
    functions whose ids are in ``done`` (the caller adds those it reported)."""
    if not ctx.uses_gpu or is_library(ctx):
        return
    for r in ctx.regions:
        fn = r.scope.node
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and id(fn) not in done and r.loop is None and \
                (in_timeit or r.outer is None):
            yield r, fn


def cold_sample_helpers(ctx: Context) -> list[tuple[ast.AST, str, str, str]]:
    """(cold timed call, its key, the helper's name, where the sampling loop is)."""
    from ._warm_sources import host_helper

    out: list[tuple[ast.AST, str, str, str]] = []
    done: set[int] = set()
    for r, fn in helper_regions(ctx, done):
        if r.kind == "with":
            continue
        if mentions_warmup(ctx, r.scope) or _times_first_call(ctx, r) or end_to_end(ctx, r) or \
                cpu_only(ctx, r.scope.stmts[r.lo]) or not _returns_interval(ctx, r, fn):
            continue
        sites = [c for c in call_sites(ctx, fn.name) if isinstance(c.func, ast.Name) and c.func.id == fn.name]
        if not sites or len({id(c._wp_stmt._wp_scope) for c in sites}) != 1:  # type: ignore[attr-defined]
            continue
        site = min(sites, key=lambda c: (c._wp_stmt._wp_idx, c.col_offset))  # type: ignore[attr-defined]
        st = site._wp_stmt  # type: ignore[attr-defined]
        caller: Scope = st._wp_scope
        if not st._wp_loops or mentions_warmup(ctx, caller):
            continue
        loop = st._wp_loops[0]
        from ._loaded_models import interval_fields

        if not _accumulated(ctx, site, st, loop, interval_fields(r, fn)) or any(_walks_data(ctx, lp) for lp in st._wp_loops) or \
                _gpu_ran_first(ctx, st, loop):
            continue  # a run over a dataset; or other GPU work earlier in the iteration paid the start-up (set 25)
        params = [a.arg for a in fn.args.args]
        work = work_items(ctx, r)
        if not work or any(called_before(ctx, k, r.scope, r.lo) for c in work if (k := callee_key(c))):
            continue  # the helper runs its work before the clock starts: its own warmup
        cold = None
        for c in work:
            key = callee_key(c)
            if key is None:
                continue
            head = key.split(".")[0]
            if head in params:  # a model handed in: the argument must be one the caller put on the GPU, never run
                arg = _bound(site, fn, params.index(head))
                if not (isinstance(arg, ast.Name) and arg.id not in enclosing_params(caller) and
                        _gpu_object(ctx, arg.id, caller, loop._wp_idx, arg) and  # type: ignore[attr-defined]
                        not _used(arg.id, caller, loop._wp_idx)):  # type: ignore[attr-defined]
                    cold = None
                    break
                cold = cold or (c, key)
            elif head in enclosing_params(r.scope):
                cold = None
                break
            elif on_gpu(ctx, c) or _gpu_through_site(ctx, c, fn, site):
                cold = (c, key) if cold is None or (host_helper(cold[1]) and not host_helper(key)) else cold
        if cold is None:
            continue
        c, key = cold
        from ._cold_models import _started_in_later_iteration

        if _started_in_later_iteration(r, c):
            continue  # `for i in range(60): if i > 9: since = time.time()` ... `net(x)`: ten untimed runs first
        if ctx.is_compiled(key) or _ran_before(ctx, key, caller, loop._wp_idx):  # type: ignore[attr-defined]
            continue  # (a compiled one: WP112's)
        if not isinstance(caller.node, ast.Module) and not _first_call_cold(ctx, caller, key):
            continue
        done.add(id(fn))
        where = f"`{caller.node.name}`" if not isinstance(caller.node, ast.Module) else "the script"  # type: ignore
        out.append((c, key, fn.name, where))
    return out


def _returns_interval(ctx: Context, r, fn: ast.AST) -> bool:
    """The helper returns the measurement: a ``return`` of the interval's subtraction, of a name bound from it (one
    more step: ``ms = cost * 1000``), or of an ``elapsed_time()`` reading."""
    names: set[str] = set()
    st = r.interval
    if isinstance(st, (ast.Assign, ast.AnnAssign)):
        for t in (st.targets if isinstance(st, ast.Assign) else [st.target]):
            names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
    stmts = fn._wp_own_scope.stmts  # type: ignore[attr-defined]
    for _ in range(2):
        for s in stmts:
            if isinstance(s, ast.Assign) and any(
                    (isinstance(n, ast.Name) and n.id in names) or
                    (isinstance(n, ast.Call) and ctx.method(n) == "elapsed_time") for n in stmt_nodes(s)):
                names |= {n.id for t in s.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    for s in stmts:
        if not isinstance(s, ast.Return) or s.value is None:
            continue
        if s is st or any((isinstance(n, ast.Name) and n.id in names) or
                          (isinstance(n, ast.Call) and ctx.method(n) == "elapsed_time") for n in stmt_nodes(s)):
            return True
    return False


def _accumulated(ctx: Context, site: ast.Call, st: ast.stmt, loop: ast.stmt, fields: frozenset = frozenset()) -> bool:
    """The loop keeps every sample the helper returns in a sum (``t += helper(...)``, a total or a mean: the cold
    sample is in both) or in a list summarized by its mean (not by a median or a minimum, not a slice that leaves
    the first samples out), and no condition on the loop variable picks the samples (``if i > 0: total += t``)."""
    targets = {n.id for lp in st._wp_loops if isinstance(lp, (ast.For, ast.AsyncFor))  # type: ignore[attr-defined]
               for n in ast.walk(lp.target) if isinstance(n, ast.Name)}
    targets |= {n.target.id for lp in st._wp_loops for n in ast.walk(lp)  # type: ignore[attr-defined]
                if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and isinstance(n.target, ast.Name) and
                isinstance(n.value, ast.Constant) and n.value.value == 1}  # `i += 1` in a `while`: a counter too
    for s2 in st._wp_scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
        if isinstance(s2, ast.If) and any(isinstance(n, ast.Name) and n.id in targets for n in ast.walk(s2.test)):
            return False
    from ._loaded_models import kept_field

    def kept(name: str) -> bool:
        for s in st._wp_scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
            if isinstance(s, ast.AugAssign) and isinstance(s.op, ast.Add) and \
                    any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(s.value)):
                return True
            for c in stmt_calls(s):
                if ctx.method(c) == "append" and c.args and isinstance(c.args[0], ast.Name) and \
                        c.args[0].id == name and _mean_list(ctx, c):
                    return True
                if ctx.method(c) == "append" and c.args and kept_field(c.args[0], name, fields) and \
                        _mean_list(ctx, c):  # `lat.append(stats["latency"])`: the helper's returned record
                    return True
        return False

    if isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and st.value is site:
        return True
    if isinstance(st, ast.Assign) and st.value is site and all(  # a row per configuration: the first row is cold
            isinstance(lp, ast.For) and isinstance(lp.iter, (ast.Name, ast.Attribute, ast.Tuple, ast.List))
            for lp in st._wp_loops):  # type: ignore[attr-defined]
        return True
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and ctx.method(st.value) == "append" and \
            st.value.args and st.value.args[0] is site:
        return _mean_list(ctx, st.value)
    if isinstance(st, ast.Assign) and st.value is site:
        return any(kept(n.id) for t in st.targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return False


def _mean_list(ctx: Context, append: ast.Call) -> bool:
    from .mean_only import _uses_by_binding

    target = append.func.value  # type: ignore[attr-defined]
    if not isinstance(target, ast.Name):
        return False
    st = append._wp_stmt  # type: ignore[attr-defined]
    return any(any(not drops_first(m) for m in means) and not any(_robust(ctx, o) for o in others)
               for means, others, appends, _ in _uses_by_binding(ctx, target.id) if any(a is st for _, a in appends))


def _bound(call: ast.Call, fn: ast.AST, index: int) -> ast.AST | None:
    if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
        return call.args[index]
    name = fn.args.args[index].arg  # type: ignore[attr-defined]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _gpu_object(ctx: Context, name: str, scope: Scope, before: int, arg: ast.AST | None = None) -> bool:
    """``name = Model(...).cuda()`` (or ``.to(<a GPU device>)``) in ``scope`` before ``before``, bound once; with
    ``arg`` (a read of ``name``), also a name unpacked from a loader of the file that returns a GPU model."""
    binds = [s for s in scope.stmts if isinstance(s, ast.Assign) and
             any(isinstance(t, ast.Name) and t.id == name for t in s.targets)]
    if arg is not None and not binds:
        from ._loaded_models import loaded_on_gpu

        return loaded_on_gpu(ctx, arg)  # `model, tok = load_model(device)`: a loader of the file's GPU model
    if len(binds) != 1 or binds[0]._wp_idx >= before or not isinstance(binds[0].value, ast.Call):  # type: ignore
        return False
    v = binds[0].value
    return ctx.placement(v) == "cuda" or (isinstance(v.func, ast.Attribute) and v.func.attr == "cuda")


_SETUP = frozenset({"eval", "train", "to", "cuda", "cpu", "half", "float", "bfloat16", "requires_grad_",
                    "parameters", "named_parameters", "state_dict", "load_state_dict", "zero_grad"})


def _used(name: str, scope: Scope, before: int, lo: int = 0, skip: bool = False, whole: bool = False) -> bool:
    """``name`` is called, has a method other than a setup one called, or is handed to a call in ``scope``'s
    statements ``lo`` to ``before`` (with ``skip``, not counting a loop over a warmup count:
    ``for _ in range(warmup): fn(x)``; with ``whole``, handed whole: ``.to(model.device)`` reads an attribute of it,
    no run)."""
    for stmt in scope.stmts[lo:before]:
        if skip and any(isinstance(lp, ast.For) and "warm" in ast.dump(lp.iter).lower()
                        for lp in getattr(stmt, "_wp_loops", ()) or ()):
            continue
        for c in stmt_calls(stmt):
            f = c.func
            if isinstance(f, ast.Name) and f.id == name:
                return True
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == name and \
                    f.attr not in _SETUP:
                return True
            if any(isinstance(n, ast.Name) and n.id == name and
                   not (whole and isinstance(getattr(n, "_wp_parent", None), ast.Attribute))
                   for a in [*c.args, *(k.value for k in c.keywords)] for n in ast.walk(a)):
                return True
    return False


def _ran_before(ctx: Context, key: str, scope: Scope, before: int) -> bool:
    """``key`` ran in ``scope`` before ``before``: called there, its receiver used, or a function of the file that
    runs it (directly or through one more function; any matrix product for ``@``) called there."""
    if called_before(ctx, key, scope, before) or receiver_used_before(ctx, key, scope, before):
        return True
    for stmt in scope.stmts[:before]:
        for c in stmt_calls(stmt):
            if isinstance(c.func, ast.Name) and c.func.id in ctx.functions and _fn_runs(ctx, c.func.id, key, 2):
                return True
    return False


def _fn_runs(ctx: Context, name: str, key: str, depth: int, seen: frozenset = frozenset()) -> bool:
    memo = ctx.__dict__.setdefault("_wp_fn_runs", {})
    k = (name, key, depth)
    if k not in memo:
        memo[k] = False  # (a cycle reads as "does not run it")
        memo[k] = _fn_runs_uncached(ctx, name, key, depth, seen)
    return memo[k]


def _fn_runs_uncached(ctx: Context, name: str, key: str, depth: int, seen: frozenset) -> bool:
    fn = ctx.functions[name]
    if key == "@" and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) for n in ctx.nodes_in(fn)):
        return True
    calls = ctx.calls_in_function(fn)
    if any(callee_key(c) == key for c in calls):
        return True
    return depth > 1 and any(isinstance(c.func, ast.Name) and c.func.id in ctx.functions and c.func.id != name and
                             c.func.id not in seen and _fn_runs(ctx, c.func.id, key, depth - 1, seen | {name})
                             for c in calls)


def _first_call_cold(ctx: Context, fn_scope: Scope, key: str) -> bool:
    """The function holding the sampling loop is first called where nothing ran ``key`` before (and its caller does
    not mention a warmup): ``average(20, 4000, gpu)`` first in ``__main__``."""
    name = getattr(fn_scope.node, "name", None)
    sites = [c for c in call_sites(ctx, name) if isinstance(c.func, ast.Name) and c.func.id == name] if name else []
    if not sites or len({id(c._wp_stmt._wp_scope) for c in sites}) != 1:  # type: ignore[attr-defined]
        return False
    first = min(sites, key=lambda c: (c._wp_stmt._wp_idx, c.col_offset))  # type: ignore[attr-defined]
    st = first._wp_stmt  # type: ignore[attr-defined]
    return not mentions_warmup(ctx, st._wp_scope) and not _ran_before(ctx, key, st._wp_scope, st._wp_idx)


def _gpu_through_site(ctx: Context, c: ast.AST, fn: ast.AST, site: ast.Call) -> bool:
    """An operand of ``c`` is a parameter of the helper whose argument at ``site`` is on the GPU (``conv_time(x, w)``
    with ``x`` made on ``"cuda"``), or a tensor the helper makes on a device parameter (``torch.tensor(a,
    device=device)``) whose argument is a GPU device, followed through the callers' parameters (``average(20, n,
    gpu)`` then ``matmul_time(n, device)``)."""
    params = [a.arg for a in fn.args.args]  # type: ignore[attr-defined]
    if isinstance(c, ast.BinOp):
        operands = [c.left, c.right]
    elif isinstance(c, ast.Call):
        operands = [*c.args, *(k.value for k in c.keywords)]
        if isinstance(c.func, ast.Attribute):
            operands.append(c.func.value)
    else:
        return False
    local = ctx._local_bindings(fn._wp_own_scope) or {}  # type: ignore[attr-defined]
    for n in (n for o in operands for n in ast.walk(o) if isinstance(n, ast.Name)):
        if n.id in params:
            if _arg_on_gpu(ctx, _bound(site, fn, params.index(n.id)), site, device=False):
                return True
            continue
        st_n = getattr(n, "_wp_stmt", None)
        if st_n is None:
            continue
        here = st_n._wp_idx
        before = [(st, v) for st, v in local.get(n.id, []) if st is not None and st._wp_idx < here]  # type: ignore
        if not before:
            continue
        v = before[-1][1]  # the latest binding before the timed call (`a = torch.tensor(a, device=device)`)
        if not isinstance(v, ast.Call):
            continue
        devs = [k.value for k in v.keywords if k.arg == "device"]
        if isinstance(v.func, ast.Attribute) and v.func.attr == "to" and v.args:
            devs.append(v.args[0])
        if any(isinstance(d, ast.Name) and d.id in params and
               _arg_on_gpu(ctx, _bound(site, fn, params.index(d.id)), site, device=True) for d in devs):
            return True
    return False


def _arg_on_gpu(ctx: Context, arg: ast.AST | None, site: ast.Call, device: bool, depth: int = 0) -> bool:
    """``arg`` (a tensor, or with ``device`` a device) passed at ``site`` is on the GPU; a parameter of the function
    holding ``site`` is followed to that function's first call site (three steps at most)."""
    if arg is None:
        return False
    scope = site._wp_stmt._wp_scope  # type: ignore[attr-defined]
    holder = scope.node
    if isinstance(arg, ast.Name) and isinstance(holder, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
            arg.id in [a.arg for a in holder.args.args] and \
            all(st is None for st, _ in (ctx._local_bindings(scope) or {}).get(arg.id, [])):
        sites = [c for c in call_sites(ctx, holder.name) if isinstance(c.func, ast.Name) and c.func.id == holder.name]
        if depth >= 3 or not sites or len({id(c._wp_stmt._wp_scope) for c in sites}) != 1:  # type: ignore
            return False
        first = min(sites, key=lambda c: (c._wp_stmt._wp_idx, c.col_offset))  # type: ignore[attr-defined]
        index = [a.arg for a in holder.args.args].index(arg.id)
        return _arg_on_gpu(ctx, _bound(first, holder, index), first, device, depth + 1)
    if not device:
        return ctx.placement(arg) == "cuda"
    if isinstance(arg, (ast.Name, ast.Attribute, ast.Call)) or \
            (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
        return ctx._device_value(arg) == "cuda"
    return False


def _int_const(e: ast.AST) -> int | None:
    if isinstance(e, ast.Constant) and type(e.value) is int:
        return e.value
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub) and isinstance(e.operand, ast.Constant) and \
            type(e.operand.value) is int:
        return -e.operand.value
    return None


_HOLDS = {ast.Eq: lambda i, k: i == k, ast.Lt: lambda i, k: i < k, ast.LtE: lambda i, k: i <= k}


def flag_only_warmup(ctx: Context) -> list[tuple[ast.AST, str, str]]:
    """``start = -1 if compile else 0; for i in range(start, n): t0 = ...; generate(...); ...; if i == -1:
    continue``: the warmup iteration (the one the condition on ``i`` drops) exists only when the flag is set; with
    ``start`` 0 the first timed iteration is the work's first call (gpt-fast and its copies without ``--compile``;
    set 20, gws ``gpt-infer/main.py``). (cold call, key, the configuration in words)."""
    out: list[tuple[ast.AST, str, str]] = []
    if not ctx.uses_gpu or is_library(ctx):
        return out
    done: set[int] = set()
    for r in ctx.regions:
        loop = r.loop
        if not isinstance(loop, ast.For) or id(loop) in done or not isinstance(loop.target, ast.Name) or \
                not (isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name) and
                     loop.iter.func.id == "range" and len(loop.iter.args) >= 2) or _times_first_call(ctx, r):
            continue
        s = loop.iter.args[0]
        binds = [st for st in r.scope.stmts[:loop._wp_idx] if isinstance(st, ast.Assign) and  # type: ignore
                 any(isinstance(t, ast.Name) and isinstance(s, ast.Name) and t.id == s.id for t in st.targets)]
        if len(binds) != 1 or not isinstance(binds[0].value, ast.IfExp):
            continue
        alts = (_int_const(binds[0].value.body), _int_const(binds[0].value.orelse))
        if None in alts:
            continue
        var = loop.target.id
        guards = []
        for st in r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
            test = getattr(st, "test", None) if isinstance(st, (ast.If, ast.While)) else None
            if test is None or not any(isinstance(n, ast.Name) and n.id == var for n in ast.walk(test)):
                continue
            if isinstance(st, ast.If) and not any(isinstance(n, ast.Continue) for b in st.body for n in ast.walk(b)) \
                    and r.scope.stmts[r.lo] not in st.body and (r.interval is None or r.interval not in st.body):
                continue  # `if i >= 0 and interactive: prompt = input()`: not what decides which samples count
            if not (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == var and
                    len(test.ops) == 1 and type(test.ops[0]) in _HOLDS and _int_const(test.comparators[0]) is not None):
                guards = []
                break  # another condition on the loop variable: its meaning is not read here
            guards.append((_HOLDS[type(test.ops[0])], _int_const(test.comparators[0])))
        if not guards:
            continue
        warm = [a for a in alts if any(h(a, k) for h, k in guards)]
        cold = [a for a in alts if not any(h(a, k) for h, k in guards)]
        if not warm or not cold or id(r.scope.stmts[r.lo]._wp_parent) in {  # type: ignore[attr-defined]
                id(st) for st in r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1] if isinstance(st, ast.If)}:
            continue
        for c in work_items(ctx, r):
            key = callee_key(c)
            if key and on_gpu(ctx, c) and not called_before(ctx, key, r.scope, loop._wp_idx):  # type: ignore
                done.add(id(loop))
                out.append((c, key, f"when `{s.id}` is {cold[0]}, which skips the warmup iteration `{var} == "  # type: ignore
                                    f"{warm[0]}` (`{ctx.text(binds[0].value)}`)"))
                break
    return out


def _walks_data(ctx: Context, loop: ast.stmt) -> bool:
    """The sampling loop walks a dataset (``for i in tqdm(range(0, len(prompts), bsz))``, a loader), not a repeat
    count nor a list of configurations: a run's total, where the first batch's start-up is a small share."""
    it = loop.iter if isinstance(loop, (ast.For, ast.AsyncFor)) else None
    if it is None or isinstance(it, (ast.Name, ast.Attribute, ast.Tuple, ast.List)):
        return False
    return not _range_like(ctx, it)


def _gpu_ran_first(ctx: Context, st: ast.stmt, loop: ast.stmt) -> bool:
    """Earlier in the same loop iteration, before the helper's call, other GPU work runs (another timing helper of
    the file on a GPU model): the CUDA and library start-up is paid by then (cby ``main/benchmark.py``)."""
    for s2 in st._wp_scope.stmts[loop._wp_idx + 1:st._wp_idx]:  # type: ignore[attr-defined]
        for c in stmt_calls(s2):
            if on_gpu(ctx, c) or (isinstance(c.func, ast.Name) and c.func.id in ctx.functions and any(
                    isinstance(n, ast.Call) and on_gpu(ctx, n) for n in ctx.calls_in_function(ctx.functions[c.func.id]))):
                return True  # (shown on the GPU: `pytorch_cpu(size)` first does not count)
    return False


def dropped_result(stmt: ast.stmt, call: ast.Call) -> bool:
    """``helper(m, x)`` or ``_ = helper(m, x)``: a call whose measurement is dropped, a warmup."""
    if isinstance(stmt, ast.Expr) and stmt.value is call:
        return True
    return isinstance(stmt, ast.Assign) and stmt.value is call and all(
        isinstance(n, ast.Name) and n.id.startswith("_") for t in stmt.targets for n in ast.walk(t)
        if isinstance(n, ast.Name))
