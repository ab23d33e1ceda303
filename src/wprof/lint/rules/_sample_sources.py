"""WP105's sample containers: which names of a file hold per-call timing samples (a list appended per iteration,
an array written by index, a comprehension repeating a timed call, a helper's returned samples, a timer object's
list, a library's per-sample arrays), and which bindings of such a name only reach samples made elsewhere (unpacked
from a helper, a view of itself). :mod:`.mean_only` judges their uses; :mod:`._sample_flow` follows them."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import base_key
from .._regions import _samples_of
from ._sample_uses import _classify_use


def _sample_lists(ctx: Context, *, returned: bool = True) -> set[str]:
    """``returned``: also names bound to the list a helper returns (needs the helpers' own lists first)."""
    keys = {r.samples for r in ctx.regions if r.samples}
    for c in ctx.calls:
        if ctx.method(c) in ("elapsed_time", "time_till", "time_since") or \
                (ctx.call_name(c) or "").endswith(("get_elapsed_time", "event_elapsed_time")):  # CuPy, Numba
            parent = getattr(c, "_wp_parent", None)
            while isinstance(parent, (ast.BinOp, ast.Call)) and not (
                    isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute)
                    and parent.func.attr == "append"):
                parent = getattr(parent, "_wp_parent", None)
            if isinstance(parent, ast.Call):
                key = base_key(parent.func.value)  # type: ignore[union-attr]
                if key:
                    keys.add(key)
            else:  # through a temporary: `ms = s.elapsed_time(e) / n; times.append(ms)`
                key = _samples_of(ctx, c)
                if key:
                    keys.add(key)
            stmt = c._wp_stmt  # type: ignore[attr-defined]
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.ListComp) and len(stmt.targets) == 1:
                key = base_key(stmt.targets[0])
                if key:
                    keys.add(key)
    for c in _helper_samples(ctx):  # `ttft = time_forward(model, ids); ttfts.append(ttft)`
        key = _samples_of(ctx, c)
        if key:
            keys.add(key)
    keys |= _attribute_samples(ctx)  # `self.samples.append(time.perf_counter() - self.t0)` in a timer's stop()
    from ._tuple_samples import tuple_sample_lists

    keys |= tuple_sample_lists(ctx)  # `result, t = run(x)` of a function returning `result, end - start`
    from ._sample_idioms import record_sample_lists

    keys |= record_sample_lists(ctx)  # `stats = run(x)`; `ts.append(stats["latency"])`: a returned record's interval
    returned = _returned_samples(ctx) if returned else {}  # `times = benchmark(f, args)`: a helper's samples
    keys |= {base_key(t) for c in returned.values() for t in _targets(c)} - {None}  # type: ignore[operator]
    # only plain lists and preallocated arrays: a meter object's `.avg` is its own design
    repeats = {id(r.start) for r in ctx.regions if r.outer is not None}  # runs = timeit.repeat(...)
    out = _perf_case_arrays(ctx)
    for k in keys:
        values = ctx.assigns.get(k, []) or _list_argument(ctx, k)  # `def bench(fn, samples)` handed `[]`
        kinds = [_container(ctx, v, repeats, returned) for v in values]
        if kinds and all(kinds) and any(x is True for x in kinds):
            out.add(k)
    return out


def _attribute_samples(ctx: Context) -> set[str]:
    """Lists held by an object (``self.samples``) that a method fills with intervals whose start another method
    read (``self.samples.append(time.perf_counter() - self.t0)``): a timer object's samples, one per stop."""
    out: set[str] = set()
    for c in ctx.calls:
        if ctx.method(c) == "append" and len(c.args) == 1 and isinstance(c.func.value, ast.Attribute):  # type: ignore
            key = dotted(c.func.value)  # type: ignore[attr-defined]
            st = c._wp_stmt  # type: ignore[attr-defined]
            if key and key not in out and _is_interval(ctx, c.args[0], st._wp_scope, st):
                out.add(key)
    return out


_DEQUES = frozenset({"collections.deque", "deque"})


def _container(ctx: Context, v: ast.AST, repeats: set[int], returned: dict[int, ast.Call]) -> bool | str:
    """True for a value that starts a sample container (``[]``, a comprehension of samples, a preallocated array,
    a helper's returned samples); "unpacked" for the result of a function of the file unpacked into several names
    (``out, times = bench(...)``: the same name bound to what a helper returns, reached through the helper's
    return by :mod:`._sample_flow`); False otherwise."""
    if id(v) in repeats or id(v) in returned or isinstance(v, (ast.List, ast.ListComp)) or \
            (isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "list") or \
            _preallocated(ctx, v) or (isinstance(v, ast.Call) and (ctx.call_name(v) or "") in _DEQUES) or \
            (isinstance(v, ast.BinOp) and isinstance(v.op, ast.Mult) and isinstance(v.left, ast.List) and
             len(v.left.elts) == 1 and isinstance(v.left.elts[0], ast.Constant)):  # `[0.0] * n`, written by index
        return True
    st = getattr(v, "_wp_parent", None)
    if _view_of_itself(ctx, v, st):
        return "unpacked"  # `ts = ts[5:]`, `ts = np.array(ts)`: the same samples, reached by `_sample_flow`
    if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in ctx.functions and \
            isinstance(st, ast.Assign) and st.value is v and isinstance(st.targets[0], (ast.Tuple, ast.List)):
        return "unpacked"
    return False


def _list_argument(ctx: Context, name: str) -> list[ast.AST]:
    """What a parameter ``name`` that the file never binds receives: at every call of its function in the file, a
    list literal (``bench(fn, [])``, or a name bound only to one), else its default when the function is never
    called (``samples=[]``); [] when that is not shown or the name is a parameter of several functions."""
    from ._tensor_sizes import _param_default, _site_args

    fns = [fn for fn in ctx.functions.values() if name in fn._wp_own_scope.params]  # type: ignore[attr-defined]
    if len(fns) != 1:
        return []
    sites = _site_args(ctx, fns[0], name) or _param_default(fns[0], name)
    out: list[ast.AST] = []
    for a in sites:
        if isinstance(a, ast.Name) and a.id in ctx.assigns:
            out.extend(ctx.assigns[a.id])
        elif a is not None:
            out.append(a)
        else:
            return []
    return out


_PERF_TIMES = ("gpu_times", "cpu_times")


def _perf_case_arrays(ctx: Context) -> set[str]:
    """The per-sample arrays of ``cupyx.profiler.benchmark``: ``t = benchmark(f, (x,), n_repeat=20).gpu_times``
    (the name ``t``), or ``res = benchmark(...)`` read only as ``res.gpu_times``/``res.cpu_times`` (those keys;
    ``print(res)`` shows the spread itself)."""
    out: set[str] = set()
    for c in ctx.calls:
        if ctx.call_name(c) != "cupyx.profiler.benchmark":
            continue
        parent = getattr(c, "_wp_parent", None)
        if isinstance(parent, ast.Attribute) and parent.attr in _PERF_TIMES:
            st = getattr(parent, "_wp_parent", None)
            if isinstance(st, ast.Assign) and st.value is parent and len(st.targets) == 1 and \
                    isinstance(st.targets[0], ast.Name) and len(ctx.assigns.get(st.targets[0].id, [])) == 1:
                out.add(st.targets[0].id)
        elif isinstance(parent, ast.Assign) and parent.value is c and len(parent.targets) == 1 and \
                isinstance(parent.targets[0], ast.Name) and all(
                    isinstance(v, ast.Call) and ctx.call_name(v) == "cupyx.profiler.benchmark"
                    for v in ctx.assigns.get(parent.targets[0].id, [])):  # (one result per loop, per sweep: each)
            name = parent.targets[0].id
            uses = ctx.loads(name)
            if uses and all(isinstance(getattr(u, "_wp_parent", None), ast.Attribute) and
                            u._wp_parent.attr in _PERF_TIMES for u in uses):  # type: ignore[attr-defined]
                out.update(f"{name}.{a}" for a in _PERF_TIMES if ctx.loads(f"{name}.{a}"))
    return out


def inline_perf_means(ctx: Context) -> list[ast.AST]:
    """``benchmark(f, (x,), n_repeat=20).gpu_times.mean()`` (and ``np.mean(...)`` of it): a harness's per-sample
    array reduced to its mean where it is made, never named."""
    out = []
    for c in ctx.calls:
        parent = getattr(c, "_wp_parent", None)
        if ctx.call_name(c) == "cupyx.profiler.benchmark" and isinstance(parent, ast.Attribute) and \
                parent.attr in _PERF_TIMES and not isinstance(getattr(parent, "_wp_parent", None), ast.Assign) and \
                _classify_use(ctx, parent) == "mean":
            out.append(parent)
    return out


def _own_sample_lists(ctx: Context) -> set[str]:
    """The file's lists of samples it fills itself (once per file: an imported module is asked too)."""
    cached = ctx.__dict__.get("_wp_own_sample_lists")
    if cached is None:
        cached = ctx._wp_own_sample_lists = _sample_lists(ctx, returned=False)  # type: ignore[attr-defined]
    return cached


def _returned_samples(ctx: Context) -> dict[int, ast.Call]:
    """Calls (by id) of a function, of this file or imported from the project, that returns a list of timing samples
    it took (``times = []; ... times.append(get_elapsed_time(s, e)); return times``), assigned to a name."""
    out = {}
    averaged: dict[str, bool] = {}  # per name, once (a long file assigns the same few names many times)
    for c in ctx.calls:
        if not isinstance(c.func, (ast.Name, ast.Attribute)) or not _targets(c):
            continue
        target = _targets(c)[0].id  # type: ignore[attr-defined]
        if target not in averaged:
            averaged[target] = any(_classify_use(ctx, u) == "mean" for u in ctx.loads(target))
        if not averaged[target]:
            continue  # never averaged: whatever the helper returns, there is nothing to report
        name = c.func.id if isinstance(c.func, ast.Name) else None
        if name is not None and name in ctx.functions:
            if _returns_samples(ctx, ctx.functions[name]):
                out[id(c)] = c
            continue
        d = ctx.imported_function(c)
        if d is not None and _returns_samples(d.ctx, d.node):
            out[id(c)] = c
    return out


def _unnamed_returned_samples(ctx: Context) -> list[ast.Call]:
    """Calls of a function (of the file or the project) that returns the samples it took, whose result goes straight
    into a mean (``np.mean(bench(fn))``, ``statistics.mean(run(...))``)."""
    out = []
    for c in ctx.calls:
        parent = getattr(c, "_wp_parent", None)
        if not (isinstance(parent, ast.Call) and parent.args and parent.args[0] is c and
                (ctx.call_name(parent) or "").rsplit(".", 1)[-1] in _MEAN_CALLS):
            continue
        if isinstance(c.func, ast.Name) and c.func.id in ctx.functions:
            if _returns_samples(ctx, ctx.functions[c.func.id]):
                out.append(c)
            continue
        d = ctx.imported_function(c) if isinstance(c.func, (ast.Name, ast.Attribute)) else None
        if d is not None and _returns_samples(d.ctx, d.node):
            out.append(c)
    return out


_MEAN_CALLS = frozenset({"mean", "average", "fmean", "nanmean"})


def _targets(c: ast.Call) -> list[ast.AST]:
    st = getattr(c, "_wp_stmt", None)
    if isinstance(st, ast.Assign) and st.value is c and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        return [st.targets[0]]
    return []


def _returns_samples(ctx: Context, fn: ast.AST) -> bool:
    """Every ``return`` of ``fn`` hands back a name that is one of its module's sample lists, bound in ``fn``."""
    cache = ctx.__dict__.setdefault("_wp_returns_samples", {})
    if id(fn) not in cache:
        cache[id(fn)] = False
        scope = fn._wp_own_scope  # type: ignore[attr-defined]
        returns = [st.value for st in scope.stmts if isinstance(st, ast.Return) and st.value is not None]
        lists = _own_sample_lists(ctx) if returns else set()
        cache[id(fn)] = bool(returns) and all(
            isinstance(v, ast.Name) and v.id in lists and ctx.scope_assigns(v.id, scope) for v in returns)
    return cache[id(fn)]


_PREALLOC = frozenset({"empty", "zeros", "ones", "full"})


def _preallocated(ctx: Context, v: ast.AST) -> bool:
    """``np.empty(iters)``, ``torch.zeros(n)``: an array of samples written by index (``lat[i] = t1 - t0``)."""
    if not isinstance(v, ast.Call):
        return False
    q = ctx.call_name(v) or ""
    head, _, last = q.rpartition(".")
    return last in _PREALLOC and (head in ("numpy", "torch") or (head == "np" and "np" not in ctx.imports))


def _helper_samples(ctx: Context) -> list[ast.Call]:
    """Calls of a function of the file that returns one interval (``return time.perf_counter() - t0``,
    ``return start.elapsed_time(end)``, or a name assigned one of them): each call is a sample."""
    helpers = set()
    for name, fn in ctx.functions.items():
        scope = fn._wp_own_scope  # type: ignore[attr-defined]
        returns = [st for st in scope.stmts if isinstance(st, ast.Return) and st.value is not None]
        if returns and all(_is_interval(ctx, st.value, scope, st) for st in returns):
            helpers.add(name)
    if not helpers:
        return []
    return [c for c in ctx.calls if isinstance(c.func, ast.Name) and c.func.id in helpers]


def _is_interval(ctx: Context, v: ast.AST, scope, at: ast.stmt, depth: int = 0) -> bool:
    if isinstance(v, ast.Name) and depth < 3:
        binds = [st for st in ctx.assign_stmts.get(v.id, []) if st._wp_scope is scope and  # type: ignore
                 st._wp_idx < at._wp_idx and isinstance(st, ast.Assign) and len(st.targets) == 1 and  # type: ignore
                 isinstance(st.targets[0], ast.Name)]
        if not binds:
            return False
        latest = max(binds, key=lambda st: st._wp_idx)  # type: ignore[attr-defined]
        return _is_interval(ctx, latest.value, scope, latest, depth + 1)
    while isinstance(v, ast.BinOp) and not isinstance(v.op, ast.Sub):
        v = v.left  # (t1 - t0) * 1e3
    if isinstance(v, ast.Name) and depth < 3:  # `total / steps`, `total` an interval: a per-step time
        return _is_interval(ctx, v, scope, at, depth + 1)
    if isinstance(v, ast.Call):
        return ctx.method(v) == "elapsed_time"
    if not (isinstance(v, ast.BinOp) and isinstance(v.op, ast.Sub)):
        return False
    if ctx.is_clock(v.left) or ctx.is_clock(v.right):
        return True
    clocks = set()
    for side in (v.left, v.right):
        if isinstance(side, ast.Name):
            vals = [st.value for st in ctx.assign_stmts.get(side.id, [])  # type: ignore[attr-defined]
                    if st._wp_scope is scope and isinstance(st, ast.Assign)]  # type: ignore[attr-defined]
            clocks.add(bool(vals) and all(ctx.is_clock(x) for x in vals))
    return clocks == {True}


def _view_of_itself(ctx: Context, v: ast.AST, st: ast.AST | None) -> bool:
    """``ts = ts[5:]`` or ``ts = np.asarray(ts)``: a name rebound to a view or conversion of its own samples."""
    from ._sample_flow import _carried

    if not (isinstance(st, ast.Assign) and st.value is v and len(st.targets) == 1 and
            isinstance(st.targets[0], ast.Name)):
        return False
    name = st.targets[0].id
    for n in ast.walk(v):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load):
            return _carried(ctx, n)[0] is v
    return False


def _unpacked(ctx: Context, binding: ast.stmt | None) -> bool:
    """A binding of a sample list's name that is not a new list: the unpacked result of a helper, or a view of the
    list itself; its reads are reached from the list's own binding."""
    return isinstance(binding, ast.Assign) and len(binding.targets) == 1 and \
        _container(ctx, binding.value, set(), {}) == "unpacked"
