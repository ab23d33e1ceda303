"""The body of a sample: the code that runs once per measurement, wherever the measurement is taken.

A timed region (:mod:`._regions`) holds its samples in the file's own statements. A benchmark harness holds them in a
callable: ``triton.testing.do_bench(lambda: f(x))``, ``do_bench(run)`` with ``def run(): ...`` beside it,
``timeit.Timer(fn)``, or a helper of the file that calls its callable parameter between two readings of a clock
(``def bench(fn): t0 = ...; fn(); ... - t0``) handed ``lambda: ...`` or a local function by name. Each of these
runs the callable's body once per sample, so what that body does (allocations, synchronizes, host copies) is timed
with every sample. :func:`harness_bodies` finds those bodies once per file; WP101, WP104 and WP114 read them as
they read a region's statements.
"""

from __future__ import annotations

import ast
import bisect
from dataclasses import dataclass, field

from ._names import SYNCING_LAST_NAMES, dotted

_HARNESS_CALLS = frozenset({
    "triton.testing.do_bench", "triton.testing.do_bench_cudagraph", "wprof.bench", "timeit.timeit", "timeit.repeat",
    "timeit.Timer", "cupyx.profiler.benchmark",
})
_CALLABLE_KEYWORDS = ("fn", "func", "stmt", "f", "kernel_fn")


@dataclass
class SampleBody:
    """A callable run once per sample by ``harness`` (a call of the file)."""

    harness: ast.Call  # the call that runs the samples (`do_bench(...)`, `bench(fn, ...)`)
    fn: ast.AST  # the ast.Lambda or function definition whose body is the sample
    label: str  # how the harness is named in messages (`do_bench`, `timeit.Timer`, `bench`)
    exprs: list[ast.AST] = field(default_factory=list)  # the lambda's body, or the def's statements

    def nodes(self) -> list[ast.AST]:
        """Every node of the body, nested functions and lambdas excluded (they run only when called)."""
        out: list[ast.AST] = []
        todo = list(self.exprs)
        while todo:
            n = todo.pop()
            out.append(n)
            for child in ast.iter_child_nodes(n):
                if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                    todo.append(child)
        out.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        return out

    def calls(self) -> list[ast.Call]:
        return [n for n in self.nodes() if isinstance(n, ast.Call)]

    def bound(self) -> set[str]:
        """Names the body binds itself (assignments, loop targets; a def's parameters)."""
        out: set[str] = set()
        if isinstance(self.fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = self.fn.args
            out.update(x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs))
        comp_targets = {id(t) for n in self.nodes() if isinstance(n, ast.comprehension) for t in ast.walk(n.target)}
        for n in self.nodes():  # a comprehension's variable runs over an outside value: `[x.clone() for x in args]`
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and id(n) not in comp_targets:
                out.add(n.id)
        return out


def harness_bodies(ctx) -> list[SampleBody]:
    """Every callable the file hands to a benchmark harness, once per (harness call, callable); cached per file."""
    cached = ctx.__dict__.get("_wp_sample_bodies")
    if cached is not None:
        return cached
    out: list[SampleBody] = []
    helpers = _timing_helpers(ctx)
    for call in ctx.calls:
        found = _harness(ctx, call, helpers)
        if found is None:
            continue
        arg, label = found
        for fn in _callables(ctx, call, arg):
            exprs = [fn.body] if isinstance(fn, ast.Lambda) else list(fn.body)  # type: ignore[attr-defined]
            out.append(SampleBody(call, fn, label, exprs))
    seen = {id(b.fn) for b in out}
    for r in ctx.regions:  # `t0 = ...; fn(); ... - t0` with `fn = lambda: ...` or a local def: the region runs it
        if r.outer is not None:
            continue  # a `timeit` copy: its callable is read above
        for c in r.calls():
            if isinstance(c.func, ast.Name) and c.func.id not in r.scope.params:
                for fn in _callables(ctx, c, c.func):
                    if id(fn) not in seen and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        seen.add(id(fn))
                        out.append(SampleBody(c, fn, f"the timed calls of `{c.func.id}`", [fn.body]))
    ctx._wp_sample_bodies = out
    return out


def _harness(ctx, call: ast.Call, helpers: dict[str, int]) -> tuple[ast.AST, str] | None:
    """(the callable argument, a label) when ``call`` runs its callable once per sample: a harness of a library,
    a timing helper of the file, or one of a project module the file imports (``cxgc.prof("gcn", fn)``)."""
    q = ctx.call_name(call) or ""
    last = q.rpartition(".")[2] or (call.func.attr if isinstance(call.func, ast.Attribute) else "")
    if q in _HARNESS_CALLS or last in SYNCING_LAST_NAMES:
        arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg in _CALLABLE_KEYWORDS),
                                                   None)
        return (arg, last or q) if arg is not None else None
    fn, pos = None, None
    if isinstance(call.func, ast.Name) and call.func.id in helpers:
        fn, pos = ctx.functions[call.func.id], helpers[call.func.id]
    elif isinstance(call.func, (ast.Name, ast.Attribute)) and ctx.import_view is not None and any(
            isinstance(a, ast.Lambda) or (isinstance(a, ast.Name) and a.id in ctx.functions)
            for a in (*call.args, *(k.value for k in call.keywords))):  # a callable handed in: worth a lookup
        d = ctx.imported_function(call)
        if d is not None:
            pos = _timing_helpers(d.ctx).get(d.node.name)
            fn = d.node if pos is not None else None
    if fn is None or pos is None:
        return None
    name = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)][pos]
    arg = call.args[pos] if len(call.args) > pos else next((k.value for k in call.keywords if k.arg == name), None)
    return (arg, fn.name) if arg is not None else None


def _timing_helpers(ctx) -> dict[str, int]:
    """Functions of the file that run one of their parameters once per sample (the position of that parameter):
    they call it inside a timed region of their own body (``def bench(fn, n): t0 = perf_counter(); for _ in
    range(n): fn() ...``), or hand it to a harness or to another such function (``def prof(name, fn): return
    do_bench(fn)``). Cached per file."""
    cached = ctx.__dict__.get("_wp_timing_helpers")
    if cached is not None:
        return cached
    out: dict[str, int] = {}
    ctx._wp_timing_helpers = out  # recursion through imports
    fns = [(name, fn, [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]) for name, fn in ctx.functions.items()
           if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))]
    by_scope: dict[int, list] = {}
    for r in ctx.regions:
        if r.outer is None:
            by_scope.setdefault(id(r.scope), []).append(r)
    for name, fn, params in fns:
        if not params:
            continue
        for r in by_scope.get(id(getattr(fn, "_wp_own_scope", None)), ()):
            for c in r.calls():
                if isinstance(c.func, ast.Name) and c.func.id in params:
                    out.setdefault(name, params.index(c.func.id))
                    break
            if name in out:
                break
    changed = True
    while changed:  # handing the parameter on: to a harness, or to a helper already found (a fixed point)
        changed = False
        for name, fn, params in fns:
            if name in out or not params:
                continue
            for c in ctx.calls_in_function(fn):
                found = _harness(ctx, c, out) if c is not None else None
                if found is not None and isinstance(found[0], ast.Name) and found[0].id in params:
                    out[name] = params.index(found[0].id)
                    changed = True
                    break
    return out


def _callables(ctx, call: ast.Call, arg: ast.AST) -> list[ast.AST]:
    """The lambda, or the function definitions and lambdas a name may refer to where ``call`` runs: every ``def``
    or lambda binding of that name before the call in the nearest scope (of the call's, then the enclosing ones)
    that binds it (``fn = lambda: op(*clones)`` under an ``if``, ``fn = lambda: op(*args)`` under its ``else``)."""
    if isinstance(arg, ast.Lambda):
        return [arg]
    if not isinstance(arg, ast.Name):
        return []
    stmt = getattr(call, "_wp_stmt", None)
    while stmt is not None:
        scope = stmt._wp_scope  # type: ignore[attr-defined]
        binds = _bindings(ctx, scope).get(arg.id, [])
        k = bisect.bisect_left(binds, stmt._wp_idx, key=lambda b: b[0])  # type: ignore[attr-defined]  # before it
        if k:
            out = []
            for i, v, unconditional in reversed(binds[max(0, k - 8):k]):  # back to the last unconditional one
                if v is not None:
                    out.append(v)
                if unconditional:
                    break
            return out
        stmt = _enclosing_stmt(scope.node)
    fn = ctx.functions.get(arg.id)  # a module-level function defined after the function that calls it
    return [fn] if fn is not None and fn._wp_scope.node is ctx.tree else []  # type: ignore[attr-defined]


def _bindings(ctx, scope) -> dict[str, list[tuple[int, ast.AST | None, bool]]]:
    """name -> (statement index, the ``def`` or lambda bound or None, unconditional) for every binding in
    ``scope``, in order: an index built once per scope (a long module binds thousands of names)."""
    table = ctx.__dict__.setdefault("_wp_scope_bindings", {})
    out = table.get(id(scope))
    if out is None:
        out = {}
        for s in scope.stmts:
            top = getattr(s, "_wp_parent", None) is scope.node  # not under an `if`, a loop or a `try`
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.setdefault(s.name, []).append((s._wp_idx, s, top))  # type: ignore[attr-defined]
            elif isinstance(s, (ast.Assign, ast.AnnAssign)):
                for t in _targets(s):
                    if isinstance(t, ast.Name):
                        value = s.value if isinstance(s.value, ast.Lambda) else None
                        out.setdefault(t.id, []).append((s._wp_idx, value, top))  # type: ignore[attr-defined]
        table[id(scope)] = out
    return out


def _targets(s: ast.stmt) -> list[ast.AST]:
    return list(s.targets) if isinstance(s, ast.Assign) else [s.target]  # type: ignore[attr-defined]


def _enclosing_stmt(node: ast.AST) -> ast.stmt | None:
    """The statement of the enclosing scope that defines ``node`` (a function's ``def``), None at module level."""
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and \
        hasattr(node, "_wp_scope") else None


def receiver_name(call: ast.Call) -> str | None:
    """The name at the root of a method call's receiver: ``x`` of ``x.detach().clone()``."""
    e: ast.AST = call.func
    while isinstance(e, (ast.Attribute, ast.Call, ast.Subscript)):
        e = e.func if isinstance(e, ast.Call) else e.value  # type: ignore[attr-defined]
    return e.id if isinstance(e, ast.Name) else None


__all__ = ["SampleBody", "harness_bodies", "receiver_name", "dotted"]
