"""Timed regions: the statements a measurement covers.

A region is the span of statements, in one scope, between a start reading and an end reading of a clock:

- **host**: two reads of a host clock (``time.perf_counter()``, ``time.time()``, ``time.monotonic()``,
  ``timeit.default_timer()``...) paired by a subtraction: ``t0 = perf_counter()`` ... ``perf_counter() - t0`` (or
  ``t1 = perf_counter()`` ... ``t1 - t0``). The start is the latest assignment of ``t0`` before the end read;
- **event**: ``S.record()`` ... ``E.record()`` where the file reads ``S.elapsed_time(E)`` (subscripts are matched
  by their container, so ``starts[i]`` pairs with ``starts``);
- **with**: the body of ``with T(...):`` where ``T`` is a context manager defined in the file that reads a clock
  (or records events) on entry and on exit, ``codetiming.Timer``, or a name that says it is a timer.

Statements strictly between the two readings are in the region (for loops between them, their whole body). A region
whose two readings sit in the same loop body is *per iteration* (``loop``); one that encloses a loop times the loop.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from ._context import Context, dotted
from ._walk import Scope, alias_key, base_key, stmt_calls, stmt_nodes

_TIMER_NAME = re.compile(r"(?i)timer|stopwatch|^timed?$|^timing$|^timeit$|^measure$|^cuda_time$")
_LIBRARY_TIMER = re.compile(r"^(Benchmark|Timer|Timing|Stopwatch|StopWatch)$")
_DEVICE_WORDS = re.compile(r"(?i)cuda|gpu|sync|event|device")
_KNOWN_TIMERS = {"codetiming.Timer": ("host", False), "contexttimer.Timer": ("host", False)}


@dataclass
class Region:
    kind: str  # "host" | "event" | "with"
    clock: str  # qualname of the host clock, "cuda-event", or the timer's name
    scope: Scope
    lo: int  # statement index of the start reading (exclusive bound)
    hi: int  # statement index of the end reading (exclusive bound)
    start: ast.AST
    end: ast.AST
    loop: ast.stmt | None = None  # innermost loop holding both readings: one sample per iteration
    samples: str | None = None  # container the interval is appended to, if any
    synced: bool | None = None  # host: a device sync after the last GPU work (None: no GPU work seen)
    nvtx: bool = False  # the region's span is an NVTX range's span
    timer: str | None = None  # name of the with-timer
    interval: ast.stmt | None = None  # host: the statement that subtracts the readings (`first = t1 - t0`)
    outer: ast.stmt | None = None  # a `timeit` measurement: the caller's statement (the region is a copy of the
    # timed code, in a scope of its own; what ran before it in the caller is warmup)

    def stmts(self) -> list[ast.stmt]:
        return self.scope.stmts[self.lo + 1:self.hi]

    def calls(self) -> list[ast.Call]:
        out: list[ast.Call] = []
        for s in self.stmts():
            out.extend(stmt_calls(s))
        return out

    def contains(self, node: ast.AST) -> bool:
        stmt = node if isinstance(node, ast.stmt) else getattr(node, "_wp_stmt", None)
        return stmt is not None and getattr(stmt, "_wp_scope", None) is self.scope and \
            self.lo < stmt._wp_idx < self.hi  # type: ignore[attr-defined]

    def inner_loops(self) -> list[ast.stmt]:
        return [s for s in self.stmts() if isinstance(s, (ast.For, ast.AsyncFor, ast.While))]

    def in_loop(self, node: ast.AST) -> bool:
        """``node`` runs once per iteration of a timed loop (per-iteration region, or a loop inside the region)."""
        if self.loop is not None:
            return True
        stmt = node if isinstance(node, ast.stmt) else node._wp_stmt  # type: ignore[attr-defined]
        return any(self.contains(lp) for lp in stmt._wp_loops)

    @property
    def line(self) -> int:
        return self.start.lineno  # type: ignore[attr-defined]


def find_regions(ctx: Context) -> list[Region]:
    from ._library_timers import library_timer_regions

    timed_calls = library_timer_regions(ctx, Region)
    for r in timed_calls:  # `times.append(timeit.timeit(...))`, `runs = timeit.repeat(...)`
        r.samples = _samples_of(ctx, r.start) or _repeat_samples(r)
    regions = _host_regions(ctx) + _event_regions(ctx) + _with_regions(ctx) + _method_timer_regions(ctx) + \
        timed_calls
    seen: set[tuple[int, int, int]] = set()
    out = []
    for r in regions:
        key = (id(r.scope), r.lo, r.hi)
        if key not in seen and r.hi > r.lo + 1:
            seen.add(key)
            out.append(r)
    for r in out:
        if r.kind == "host" and r.synced is None:
            r.synced = _synced_after_work(ctx, r)
        if r.kind == "host" and not r.nvtx:
            r.nvtx = _nvtx_span(ctx, r)
    out.sort(key=lambda r: (r.start.lineno, r.start.col_offset))  # type: ignore[attr-defined]
    return out


def _repeat_samples(r: Region) -> str | None:
    """``runs = timeit.repeat(...)``: the list ``runs`` holds one sample per repeat."""
    st = r.outer
    if r.timer is not None and isinstance(st, ast.Assign) and st.value is r.start and len(st.targets) == 1 and \
            isinstance(st.targets[0], ast.Name) and ((dotted(r.start.func) or "").endswith("repeat")):  # type: ignore
        return st.targets[0].id
    return None


def covered(ctx: Context, node: ast.AST) -> bool:
    """``node`` lies inside some region (strictly between its readings); a per-scope coverage table built once,
    linear in the number of statements and regions."""
    stmt = node if isinstance(node, ast.stmt) else getattr(node, "_wp_stmt", None)
    if stmt is None:
        return False
    tables = ctx.__dict__.get("_coverage")
    if tables is None:
        tables = {}
        diff: dict[int, list[int]] = {}
        for r in ctx.regions:
            d = diff.setdefault(id(r.scope), [0] * (len(r.scope.stmts) + 1))
            if r.hi > r.lo + 1:
                d[r.lo + 1] += 1
                d[min(r.hi, len(r.scope.stmts))] -= 1
        for key, d in diff.items():
            run, out = 0, []
            for v in d:
                run += v
                out.append(run > 0)
            tables[key] = out
        ctx._coverage = tables  # type: ignore[attr-defined]
    table = tables.get(id(stmt._wp_scope))  # type: ignore[attr-defined]
    return bool(table) and table[stmt._wp_idx]  # type: ignore[attr-defined,index]


def _common_loop(a: ast.stmt, b: ast.stmt) -> ast.stmt | None:
    loop = None
    for x, y in zip(a._wp_loops, b._wp_loops):  # type: ignore[attr-defined]
        if x is not y:
            break
        loop = x
    return loop


def _clock_assign_stmts(ctx: Context) -> dict[str, list[ast.stmt]]:
    out: dict[str, list[ast.stmt]] = {}
    for key, values in ctx.assigns.items():
        stmts = ctx.assign_stmts[key]
        for v, s in zip(values, stmts):
            if ctx.is_clock(v):
                out.setdefault(key, []).append(s)
                s._wp_clock = v  # type: ignore[attr-defined]  # the reading (`t0, n = perf_counter(), 0`)
    return out


def _latest(stmts: list[ast.stmt], scope: Scope, before: int, inclusive: bool = False,
            ctx: Context | None = None) -> ast.stmt | None:
    """The statement of ``stmts`` in ``scope`` with the largest index before ``before`` (at it too when
    ``inclusive``): an index per list, by scope and sorted, bisected (a long module reads ``t0`` thousands of
    times)."""
    import bisect

    cache = ctx.__dict__.setdefault("_wp_latest", {}) if ctx is not None else {}
    entry = cache.get(id(stmts))
    if entry is None or entry[0] is not stmts:
        by_scope: dict[int, list[ast.stmt]] = {}
        for s in stmts:
            by_scope.setdefault(id(s._wp_scope), []).append(s)  # type: ignore[attr-defined]
        table = {}
        for k, lst in by_scope.items():
            lst.sort(key=lambda s: s._wp_idx)  # type: ignore[attr-defined]
            table[k] = ([s._wp_idx for s in lst], lst)  # type: ignore[attr-defined]
        entry = cache[id(stmts)] = (stmts, table)
    idxs, lst = entry[1].get(id(scope), ([], []))
    k = bisect.bisect_right(idxs, before) if inclusive else bisect.bisect_left(idxs, before)
    return lst[k - 1] if k else None


def _helper_subtractions(ctx: Context) -> list[ast.BinOp]:
    """``secs(start, stop)`` with ``def secs(a, b): return b - a`` (a function of the file whose body subtracts one
    parameter from another): the call is the interval, as ``stop - start`` written at the call would be."""
    out: list[ast.BinOp] = []
    helpers: dict[str, tuple[int, int]] = {}
    for name, fn in ctx.functions.items():
        params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
        for n in ast.walk(fn):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and isinstance(n.left, ast.Name) and \
                    isinstance(n.right, ast.Name) and n.left.id in params and n.right.id in params and \
                    n.left.id != n.right.id:
                helpers[name] = (params.index(n.left.id), params.index(n.right.id))
                break
    for c in ctx.calls:
        if not (isinstance(c.func, ast.Name) and c.func.id in helpers) or c.keywords or \
                getattr(c, "_wp_stmt", None) is None:
            continue
        hi, lo = helpers[c.func.id]
        if max(hi, lo) >= len(c.args) or not all(isinstance(c.args[i], ast.Name) for i in (hi, lo)):
            continue
        sub = ast.BinOp(left=c.args[hi], op=ast.Sub(), right=c.args[lo])
        ast.copy_location(sub, c)
        sub._wp_stmt = c._wp_stmt  # type: ignore[attr-defined]
        sub._wp_parent = getattr(c, "_wp_parent", None)  # type: ignore[attr-defined]
        out.append(sub)
    return out


def _host_regions(ctx: Context) -> list[Region]:
    clock_assigns = _clock_assign_stmts(ctx)
    out = []
    for sub in [*ctx.subtractions, *_helper_subtractions(ctx)]:
        rkey = dotted(sub.right)
        if rkey not in clock_assigns:
            continue
        stmt = sub._wp_stmt  # type: ignore[attr-defined]
        scope = stmt._wp_scope
        if ctx.is_clock(sub.left):
            end_stmt, end_node = stmt, sub.left
        else:
            lkey = dotted(sub.left)
            if lkey not in clock_assigns:
                continue
            end_stmt = _latest(clock_assigns[lkey], scope, stmt._wp_idx, inclusive=True, ctx=ctx)
            if end_stmt is None:
                continue
            end_node = end_stmt._wp_clock  # type: ignore[attr-defined]
        start_stmt = _latest(clock_assigns[rkey], scope, end_stmt._wp_idx, ctx=ctx)
        if start_stmt is None:
            continue
        start_node = start_stmt._wp_clock  # type: ignore[attr-defined]
        out.append(Region(
            kind="host", clock=ctx.call_name(start_node) or "", scope=scope, lo=start_stmt._wp_idx,
            hi=end_stmt._wp_idx, start=start_node, end=end_node, loop=_common_loop(start_stmt, end_stmt),
            samples=_samples_of(ctx, sub), interval=stmt,
        ))
    return out


def _samples_of(ctx: Context, expr: ast.AST, depth: int = 0) -> str | None:
    """The container an interval ends up in: ``times.append(t1 - t0)``, ``lat[i] = t1 - t0`` (a preallocated
    array written by index), or through temporaries, ``dt = t1 - t0; ms = dt * 1e3; times.append(ms)`` (the first
    such use after each assignment, up to three temporaries deep)."""
    node = expr
    parent = getattr(node, "_wp_parent", None)
    if isinstance(parent, ast.Attribute) and parent.attr == "total_seconds" and \
            isinstance(getattr(parent, "_wp_parent", None), ast.Call):  # (datetime.now() - t0).total_seconds()
        node = parent._wp_parent  # type: ignore[attr-defined]
        parent = getattr(node, "_wp_parent", None)
    while isinstance(parent, (ast.BinOp, ast.UnaryOp, ast.Call, ast.List, ast.ListComp)):
        up = getattr(parent, "_wp_parent", None)
        if isinstance(parent, ast.List):  # `durs += [t1 - t0]`
            ok = len(parent.elts) == 1 and isinstance(up, ast.AugAssign) and isinstance(up.op, ast.Add)
            return base_key(up.target) if ok else None  # type: ignore[union-attr]
        if isinstance(parent, ast.ListComp):  # `times = [once() for _ in range(n)]`: one sample per element
            ok = parent.elt is node and isinstance(up, ast.Assign) and len(up.targets) == 1 and _repeats(parent)
            return base_key(up.targets[0]) if ok else None  # type: ignore[union-attr]
        if isinstance(parent, ast.Call):
            if isinstance(parent.func, ast.Attribute) and parent.func.attr in ("append", "update", "add"):
                return base_key(parent.func.value)
            if not (isinstance(parent.func, ast.Name) and parent.func.id in ("float", "round", "int", "abs")):
                return None
        node, parent = parent, getattr(parent, "_wp_parent", None)
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        target = parent.targets[0]
        if isinstance(target, ast.Subscript):
            return base_key(target)
        name = dotted(target)
        if name is None or depth >= 3:
            return None
        scope = parent._wp_scope  # type: ignore[attr-defined]
        later = sorted((ld for ld in ctx.loads(name) if getattr(ld, "_wp_stmt", None) is not None and
                        ld._wp_stmt._wp_scope is scope and ld._wp_stmt._wp_idx > parent._wp_idx),  # type: ignore
                       key=lambda ld: ld._wp_stmt._wp_idx)  # type: ignore[attr-defined]
        for load in later:  # `dt = ...; times.append(dt)`: the first sample container after the assignment
            rebound = any(st._wp_scope is scope and parent._wp_idx < st._wp_idx <= load._wp_stmt._wp_idx  # type: ignore
                          for st in ctx.assign_stmts.get(name, []) if st is not parent)
            if rebound:
                break
            key = _samples_of(ctx, load, depth + 1)
            if key is not None:
                return key
    return None


def _repeats(comp: ast.ListComp) -> bool:
    """A comprehension that repeats one measurement: one generator over ``range(...)`` whose variable the element
    does not read (``[once() for _ in range(n)]``; ``[bench(n) for n in sizes]`` is one sample per configuration)."""
    if len(comp.generators) != 1 or comp.generators[0].ifs:
        return False
    gen = comp.generators[0]
    names = {n.id for n in ast.walk(gen.target) if isinstance(n, ast.Name)}
    return isinstance(gen.iter, ast.Call) and isinstance(gen.iter.func, ast.Name) and gen.iter.func.id == "range" \
        and not any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(comp.elt))


def _event_regions(ctx: Context) -> list[Region]:
    pairs: set[tuple[str, str]] = set()
    local: dict[tuple[str, str], set[int]] = {}  # pairs read only in these scopes
    records: list[tuple[str, ast.Call]] = []
    for c in ctx.calls:
        m = ctx.method(c)
        if m in ("elapsed_time", "time_till", "time_since") and len(c.args) == 1:  # PyCUDA: `s.time_till(e)`,
            s, e = alias_key(c.func.value), alias_key(c.args[0])  # type: ignore[union-attr]  # `e.time_since(s)`
            if s and e:
                pairs.add((e, s) if m == "time_since" else (s, e))
        elif m == "record":
            key = base_key(c.func.value)  # type: ignore[union-attr]
            if key:
                records.append((key, c))
        elif (ctx.call_name(c) or "").endswith("get_elapsed_time") and len(c.args) == 2:
            s, e = alias_key(c.args[0]), alias_key(c.args[1])
            if s and e:
                pairs.add((s, e))
        elif (ctx.call_name(c) or "").endswith("event_elapsed_time") and len(c.args) == 2:  # Numba
            s, e = alias_key(c.args[0]), alias_key(c.args[1])
            if s and e:
                pairs.add((s, e))
                local.setdefault((s, e), set()).add(id(c._wp_stmt._wp_scope))  # type: ignore[attr-defined]
    out = []
    for skey, ekey in pairs:
        starts = [c._wp_stmt for k, c in records if k == skey]  # type: ignore[attr-defined]
        for k, c in records:
            if k != ekey or ((skey, ekey) in local and id(c._wp_stmt._wp_scope) not in local[(skey, ekey)]):
                continue  # Numba's pairs: read where they are recorded (a reading elsewhere is of some later call)
            end_stmt = c._wp_stmt  # type: ignore[attr-defined]
            start_stmt = _latest(starts, end_stmt._wp_scope, end_stmt._wp_idx, ctx=ctx)
            if start_stmt is None:
                continue
            start_call = next(x for x in stmt_calls(start_stmt) if ctx.method(x) == "record")
            out.append(Region(kind="event", clock="cuda-event", scope=end_stmt._wp_scope, lo=start_stmt._wp_idx,
                              hi=end_stmt._wp_idx, start=start_call, end=c,
                              loop=_common_loop(start_stmt, end_stmt)))
    return out


def _timer_contexts(ctx: Context) -> dict[str, tuple[str, bool, bool]]:
    """Context managers defined in the file that time their body: name -> (kind, synced, nvtx)."""
    out: dict[str, tuple[str, bool, bool]] = {}
    for name, cls in ctx.classes.items():
        info = _context_class_timer(ctx, cls)
        if info:
            out[name] = info
    for name, fn in ctx.functions.items():
        info = _context_function_timer(ctx, fn)
        if info:
            out[name] = info
    return out


def _context_class_timer(ctx: Context, cls: ast.ClassDef) -> tuple[str, bool, bool] | None:
    methods = {f.name: f for f in cls.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    enter = methods.get("__enter__") or methods.get("__aenter__")
    exit_ = methods.get("__exit__") or methods.get("__aexit__")
    if enter and exit_:
        return _classify(ctx, ctx.calls_in_function(enter), ctx.calls_in_function(exit_))
    return None


def _context_function_timer(ctx: Context, fn: ast.AST) -> tuple[str, bool, bool] | None:
    if not any((dotted(d) or "").endswith("contextmanager") for d in fn.decorator_list):  # type: ignore
        return None
    yields = [n for n in ast.walk(fn) if isinstance(n, (ast.Yield, ast.YieldFrom))]
    if not yields:
        return None
    y = yields[0].lineno
    calls = ctx.calls_in_function(fn)
    return _classify(ctx, [c for c in calls if c.lineno < y], [c for c in calls if c.lineno > y])


def _imported_timer(ctx: Context, func: ast.AST, kind: str):
    """A timer class (``kind`` "method": start/stop, tic/toc) or context manager (``kind`` "with") imported from a
    module of the project, classified in the module that defines it (its clocks and syncs read there)."""
    d = ctx.imported_def(func)
    if d is None:
        return None
    if kind == "method":
        return _method_timer(d.ctx, d.node) if isinstance(d.node, ast.ClassDef) else None
    if isinstance(d.node, ast.ClassDef):
        return _context_class_timer(d.ctx, d.node)
    return _context_function_timer(d.ctx, d.node)


def _classify(ctx: Context, before: list[ast.Call], after: list[ast.Call]) -> tuple[str, bool, bool] | None:
    nvtx = any(ctx.is_nvtx(c) for c in before + after)
    synced = any(ctx.is_sync(c) for c in after)
    if any(ctx.is_clock(c) for c in before) and any(ctx.is_clock(c) for c in after):
        return ("host", synced, nvtx)
    if any(ctx.method(c) == "record" for c in before) and any(ctx.method(c) == "record" for c in after):
        return ("event", True, nvtx)
    return None


def _with_regions(ctx: Context) -> list[Region]:
    timers = _timer_contexts(ctx)
    out = []
    for scope in ctx.scopes:
        for stmt in scope.stmts:
            if not isinstance(stmt, (ast.With, ast.AsyncWith)):
                continue
            for item in stmt.items:
                expr = item.context_expr
                func = expr.func if isinstance(expr, ast.Call) else expr
                name = dotted(func)
                if name is None:
                    continue
                q = ctx.qualname(func) or name
                last = name.rsplit(".", 1)[-1]
                if last in timers and (name == last or name.startswith("self.")):
                    kind, synced, nvtx = timers[last]
                elif (imported := _imported_timer(ctx, func, "with")) is not None:
                    kind, synced, nvtx = imported  # `with Timer("fwd"):` of the project's timing module
                elif q in _KNOWN_TIMERS:
                    kind, synced = _KNOWN_TIMERS[q]
                    nvtx = False
                elif _LIBRARY_TIMER.match(last) and name.split(".")[0] in ctx.imports and \
                        not _DEVICE_WORDS.search(ast.unparse(expr)):
                    # `with d2l.Benchmark("torch"):`: a timing class of a library, named for timing, with no word of
                    # a device in its call; a host clock around the body (a CUDA-aware timer says so: CudaTimer)
                    kind, synced, nvtx = "host", None, False  # type: ignore[assignment]
                elif _TIMER_NAME.search(last) and ctx.is_nvtx(expr if isinstance(expr, ast.Call) else
                                                               ast.Call(func=func, args=[], keywords=[])) is None:
                    kind, synced, nvtx = "with", None, False  # type: ignore[assignment]
                else:
                    continue
                region = Region(kind="host" if kind == "host" else ("event" if kind == "event" else "with"),
                                clock=last, scope=scope, lo=stmt._wp_idx,  # type: ignore[attr-defined]
                                hi=stmt._wp_end + 1, start=expr, end=expr,  # type: ignore[attr-defined]
                                loop=None, synced=None, nvtx=nvtx, timer=last)
                if kind == "host" and synced:
                    region.synced = True
                if isinstance(item.optional_vars, ast.Name):  # `with Timer() as t: ...; times.append(t.elapsed)`
                    region.samples = _timer_samples(ctx, item.optional_vars.id, stmt)
                out.append(region)
                break
    return out


def _timer_samples(ctx: Context, name: str, stmt: ast.stmt) -> str | None:
    """The container a timer object's reading goes to after its block (``times.append(t.elapsed)``, the first
    such use before the end of the loop holding the block, or in the next few statements)."""
    loop = stmt._wp_loops[-1] if stmt._wp_loops else None  # type: ignore[attr-defined]
    last = loop._wp_end if loop is not None else stmt._wp_end + 5  # type: ignore[attr-defined]
    for ld in ctx.scope_loads(name, stmt._wp_scope):  # type: ignore[attr-defined]
        if stmt._wp_end < ld._wp_stmt._wp_idx <= last and isinstance(ld._wp_parent, ast.Attribute):  # type: ignore
            key = _samples_of(ctx, ld._wp_parent)  # type: ignore[attr-defined]
            if key is not None:
                return key
    return None


_TIMER_STARTS = ("start", "tic", "begin")
_TIMER_STOPS = ("stop", "toc", "end", "pause")


def _method_timers(ctx: Context) -> dict[str, tuple[str, bool, bool, str, str]]:
    """Classes of the file whose start method (``start``/``tic``/``begin``) and stop method (``stop``/``toc``/
    ``end``/``pause``) both read a host clock (or both record an event): name -> (kind, synced, nvtx, start, stop)."""
    out: dict[str, tuple[str, bool, bool, str, str]] = {}
    for name, cls in ctx.classes.items():
        info = _method_timer(ctx, cls)
        if info:
            out[name] = info
    return out


def _method_timer(ctx: Context, cls: ast.ClassDef) -> tuple[str, bool, bool, str, str] | None:
    methods = {f.name: f for f in cls.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    start = next((m for m in _TIMER_STARTS if m in methods), None)
    stop = next((m for m in _TIMER_STOPS if m in methods), None)
    if start and stop:
        info = _classify(ctx, ctx.calls_in_function(methods[start]), ctx.calls_in_function(methods[stop]))
        if info:
            return (*info, start, stop)
    return None


def _method_timer_regions(ctx: Context) -> list[Region]:
    """``timer = CumulativeTimer(); timer.start(); work(); timer.stop()`` with a timing class of the file (set 23):
    the statements between the start and the next stop call on the same instance, in one scope, are timed like a
    ``with`` timer's body."""
    timers = _method_timers(ctx) if ctx.classes else {}
    instances: dict[str, str] = {}  # `timer = CumulativeTimer()` -> class
    started = {c.func.value.id for c in ctx.calls if isinstance(c.func, ast.Attribute) and  # type: ignore
               c.func.attr in _TIMER_STARTS and isinstance(c.func.value, ast.Name)}
    for scope in ctx.scopes:
        for stmt in scope.stmts:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and \
                    isinstance(stmt.value, ast.Call):
                cls = dotted(stmt.value.func)
                if cls is not None and cls not in timers and cls not in ctx.classes and \
                        stmt.targets[0].id in started:  # (only a name whose start method is called is looked up)
                    imported = _imported_timer(ctx, stmt.value.func, "method")  # `Timer()` of the project
                    if imported is not None:
                        timers[cls] = imported
                if cls in timers:
                    instances[stmt.targets[0].id] = cls  # type: ignore[assignment]
    if not timers:
        return []
    out = []

    def method_call(stmt: ast.stmt) -> tuple[str, str, ast.Call] | None:
        v = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None  # `elapsed = timer.toc()` too
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and isinstance(v.func.value, ast.Name) and \
                v.func.value.id in instances:
            return v.func.value.id, v.func.attr, v
        return None
    for scope in ctx.scopes:
        open_: dict[str, tuple[ast.stmt, ast.Call]] = {}
        for stmt in scope.stmts:
            m = method_call(stmt)
            if m is None:
                continue
            inst, meth, call = m
            kind, synced, nvtx, start, stop = timers[instances[inst]]
            if meth == start:
                open_[inst] = (stmt, call)
            elif meth == stop and inst in open_:
                s_stmt, s_call = open_.pop(inst)
                region = Region(kind="host" if kind == "host" else "event", clock=instances[inst], scope=scope,
                                lo=s_stmt._wp_idx, hi=stmt._wp_idx, start=s_call, end=call,  # type: ignore
                                loop=_common_loop(s_stmt, stmt), synced=None, nvtx=nvtx, timer=instances[inst])
                if kind == "host" and synced:
                    region.synced = True
                out.append(region)
    return out


def _settles(ctx: Context, call: ast.AST, depth: int = 0) -> bool:
    """A call of a function of this file that synchronizes after its own last GPU work (``validate(...)`` whose
    loop ends each step with ``loss.item()``, a ``train_one_epoch`` with ``torch.cuda.synchronize()`` per step):
    when it returns, the work it launched is done, so it leaves nothing pending for a clock read after it."""
    from ._walk import stmt_nodes

    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or depth > 2:
        return False
    fn = ctx.functions.get(call.func.id)
    if fn is None:  # a function imported from the project's modules: read where it is defined
        d = ctx.imported_function(call)
        if d is None:
            return False
        ctx, fn = d.ctx, d.node
    if not getattr(fn, "body", None):
        return False
    cache = ctx.__dict__.setdefault("_settles", {})
    if id(fn) in cache:
        return bool(cache[id(fn)])
    cache[id(fn)] = False  # recursion: not shown to settle
    scope = fn.body[0]._wp_scope  # type: ignore[attr-defined]
    stmts = [st for st in scope.stmts if fn.lineno <= st.lineno <= (fn.end_lineno or st.lineno)]
    last = -1
    for st in stmts:
        work = ctx.gpu_work_in(stmt_nodes(st))
        if work and not all(_settles(ctx, w, depth + 1) for w in work):
            last = st._wp_idx  # type: ignore[attr-defined]
    out = last >= 0 and any(
        st._wp_idx >= last and not periodic(st) and any(ctx.is_sync(c) for c in stmt_calls(st))  # type: ignore
        for st in stmts)
    cache[id(fn)] = out
    return out


def _synced_after_work(ctx: Context, r: Region) -> bool | None:
    last_work = -1
    stmts = r.stmts()
    settled = False
    for s in stmts:
        work = ctx.gpu_work_in(stmt_nodes(s))
        if work and all(_settles(ctx, w) for w in work):
            settled = True  # helpers of this file that wait for their own work: nothing left pending
        elif work:
            last_work = s._wp_idx  # type: ignore[attr-defined]
    if last_work < 0 and settled:
        return True
    if last_work < 0:
        return None
    end = r.scope.stmts[r.hi] if r.kind == "host" and r.hi < len(r.scope.stmts) else None
    for s in stmts:
        if s._wp_idx >= last_work and (not periodic(s) or same_block_before(s, end)) and \
                (any(ctx.is_sync(c) for c in stmt_calls(s)) or ctx.stmt_waits(s) or  # type: ignore
                 ctx.branches_on_device(s)):  # `if tok == eos: break`
            return True  # (a sync under `if step % N == 0:` leaves the other N - 1 readings unsynchronized,
            # unless the end reading sits in the same block: then every reading there is synchronized)
    # a loop-carried interval (started before the loop, read inside it, restarted each time): a synchronize
    # anywhere in the loop body runs every iteration, so the host never runs more than one iteration ahead and each
    # reading covers an iteration of device work (the nanoGPT / ImageNet pattern with `loss.item()` every step)
    if r.kind != "host" or r.hi >= len(r.scope.stmts):
        return False
    end_stmt = r.scope.stmts[r.hi]
    start_stmt = r.scope.stmts[r.lo]
    for lp in end_stmt._wp_loops:  # type: ignore[attr-defined]
        if lp in start_stmt._wp_loops and (not _conditional_in(start_stmt, lp) or  # type: ignore[attr-defined]
                                           _same_guard(start_stmt, end_stmt, lp)):
            continue  # restarted every iteration: a per-iteration interval (also `if epoch >= 3: t0 = ...` ...
            # `if epoch >= 3: dur.append(time.time() - t0)`: whenever the end runs, the start ran in that iteration)
        body = r.scope.stmts[lp._wp_idx + 1:lp._wp_end + 1]  # type: ignore[attr-defined]
        if any(ctx.is_sync(c) for s in body for c in stmt_calls(s)):
            return True
    return _syncs_before_read(ctx, r)


def _syncs_before_read(ctx: Context, r: Region) -> bool:
    """The end statement waits before it reads the clock: an argument evaluated before the reading's
    (``print("{:.2f} {:.1f}".format(loss.item(), n / (time.time() - t0)))``: ``loss.item()`` runs first), never
    one only run on some paths (a lambda, a comprehension, a branch of ``a if c else b``, the right of ``and``)."""
    end = r.end
    stmt = getattr(end, "_wp_stmt", None)
    if r.kind != "host" or stmt is None or not hasattr(end, "lineno"):
        return False
    at = (end.lineno, end.col_offset)  # type: ignore[attr-defined]
    for c in stmt_calls(stmt):
        if c is end or (getattr(c, "end_lineno", 0), getattr(c, "end_col_offset", 0)) > at or \
                not ctx.is_sync(c) or _conditional_path(c, stmt):
            continue
        return True
    from ._formatted import formats_device_before  # f"acc {acc:.3f} in {time.time() - t0:.1f}s": each field is
    return formats_device_before(ctx, stmt, at, lambda n: _conditional_path(n, stmt))  # formatted in turn


def _conditional_path(node: ast.AST, stmt: ast.stmt) -> bool:
    child, parent = node, getattr(node, "_wp_parent", None)
    while parent is not None and parent is not stmt:
        if isinstance(parent, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) or \
                (isinstance(parent, ast.IfExp) and child is not parent.test) or \
                (isinstance(parent, ast.BoolOp) and child is not parent.values[0]):
            return True
        child, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def periodic(stmt: ast.stmt, ctx: Context | None = None) -> bool:
    """``stmt`` runs under ``if step % N == 0`` (and not in a loop inside that ``if``): once every N steps. With
    ``ctx``, only an ``if`` whose body does no GPU work counts (logging, a checkpoint name): the optimizer step
    under ``if (i + 1) % accumulation_steps == 0:`` is the training step itself, not something occasional."""
    loops = stmt._wp_loops  # type: ignore[attr-defined]
    node = getattr(stmt, "_wp_parent", None)
    while isinstance(node, ast.stmt) and getattr(node, "_wp_loops", None) == loops and \
            not isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        if isinstance(node, ast.If) and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod)
                                            for n in ast.walk(node.test)):
            if ctx is None:
                return True
            scope = node._wp_scope  # type: ignore[attr-defined]
            body = scope.stmts[node._wp_idx + 1:node._wp_end + 1]  # type: ignore[attr-defined]
            if not any(ctx.gpu_work_in(stmt_nodes(b)) for b in body):
                return True
        node = getattr(node, "_wp_parent", None)
    return False


def same_block_before(stmt: ast.stmt, end: ast.stmt | None) -> bool:
    """``stmt`` comes before ``end`` in the same block (the same branch of the same ``if``): whenever the end
    reading runs, ``stmt`` has just run (`loss = running.compute().item(); t1 = perf_counter()` under a logging
    ``if``)."""
    parent = getattr(stmt, "_wp_parent", None)
    if end is None or parent is None or parent is not getattr(end, "_wp_parent", None) or \
            stmt._wp_idx >= end._wp_idx:  # type: ignore[attr-defined]
        return False
    if isinstance(parent, ast.If):
        return any(x is stmt for x in parent.body) == any(x is end for x in parent.body)
    return True


def _conditional_in(stmt: ast.stmt, loop: ast.stmt) -> bool:
    """``stmt`` sits under an ``if`` inside ``loop``: it does not run every iteration (a clock restarted only after
    validation spans several iterations)."""
    node = getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop:
        if isinstance(node, ast.If):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


def _guards(stmt: ast.stmt, loop: ast.stmt) -> list[tuple[str, bool]]:
    """The conditions ``stmt`` runs under inside ``loop``: (the test's text, in the ``if`` branch), innermost first."""
    out = []
    child, node = stmt, getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop:
        if isinstance(node, ast.If):
            out.append((ast.dump(node.test), any(x is child for x in node.body)))
        child, node = node, getattr(node, "_wp_parent", None)
    return out


def _same_guard(start: ast.stmt, end: ast.stmt, loop: ast.stmt) -> bool:
    """The start reading comes before the end reading in the loop body and both sit under the same conditions (the
    same test, written twice): the end never reads a start from an earlier iteration."""
    return start._wp_idx < end._wp_idx and _guards(start, loop) == _guards(end, loop)  # type: ignore[attr-defined]


def _nvtx_span(ctx: Context, r: Region) -> bool:
    stmts = r.scope.stmts
    def kind_at(i: int) -> set[str]:
        if not 0 <= i < len(stmts):
            return set()
        return {k for c in stmt_calls(stmts[i]) if (k := ctx.is_nvtx(c))}

    # the clock is read inside the range, at its edges (pushed just before the start read, popped just after the
    # end read, or the with-body is the region): the range's host span is what is timed. A clock around code that
    # merely contains a range (`t0 = ...; with nvtx.range("fwd"): y = f(x); t1 = ...`) times the code: WP102's
    # (set 33: WP113 there named the wrong mistake)
    push_near = "push" in kind_at(r.lo - 1) | kind_at(r.lo)
    pop_near = "pop" in kind_at(r.hi + 1) | kind_at(r.hi)
    if push_near and pop_near:
        return True
    i = r.lo - 1
    if 0 <= i < len(stmts) and isinstance(stmts[i], (ast.With, ast.AsyncWith)):
        w = stmts[i]
        if any(isinstance(it.context_expr, ast.Call) and ctx.is_nvtx(it.context_expr) == "range"
               for it in w.items) and w._wp_end == r.hi:  # type: ignore[attr-defined]
            return True
    return False
