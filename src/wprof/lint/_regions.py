"""Timed regions: the statements a measurement covers.

A region is the span of statements, in one scope, between a start reading and an end reading of a clock:

- **host**: two reads of a host clock (``time.perf_counter()``, ``time.time()``, ``time.monotonic()``,
  ``timeit.default_timer()``...) paired by a subtraction: ``t0 = perf_counter()`` ... ``perf_counter() - t0`` (or
  ``t1 = perf_counter()`` ... ``t1 - t0``). The start is the latest assignment of ``t0`` before the end read.
  A call of a clock helper (``def get_time(): sync(); return time.time()``, of the file or the project) is a
  reading, and a helper that subtracts the start it is handed (``show(label, t0)``) is an end read
  (:mod:`._clock_helpers`);
- **event**: ``S.record()`` ... ``E.record()`` where the file reads ``S.elapsed_time(E)`` (subscripts are matched
  by their container, so ``starts[i]`` pairs with ``starts``);
- **with**: the body of ``with T(...):`` where ``T`` is a context manager defined in the file that reads a clock
  (or records events) on entry and on exit, ``codetiming.Timer``, a name that says it is a timer, or a library
  context manager whose bound value's duration is kept as a sample after the block (``times.append(m.duration)``).

Statements strictly between the two readings are in the region (for loops between them, their whole body). A region
whose two readings sit in the same loop body is *per iteration* (``loop``); one that encloses a loop times the loop.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ._context import Context, dotted
from ._region_syncs import _nvtx_span, _synced_after_work, periodic, same_block_before  # noqa: F401 (re-exported)
from ._walk import Scope, alias_key, base_key, stmt_calls, subtree



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
    from ._clock_helpers import syncing_clock
    from ._timer_regions import decorator_regions, method_timer_regions, with_regions

    regions = _host_regions(ctx) + _event_regions(ctx) + with_regions(ctx) + method_timer_regions(ctx) + \
        timed_calls + (decorator_regions(ctx, Region) if ctx.functions else [])
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
            if r.synced is False and syncing_clock(ctx, r.end):
                r.synced = True  # the end read is a helper that synchronizes before it reads the clock
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


def _scaled_clock(ctx: Context, v: ast.AST) -> ast.AST | None:
    """The clock reading of ``v``: the reading itself, or one scaled by a number (``time.time() * 1000``, in
    milliseconds; ``1e6 * time.perf_counter()``; ``time.time() / 1e-3``)."""
    if ctx.is_clock(v):
        return v
    if isinstance(v, ast.BinOp) and isinstance(v.op, (ast.Mult, ast.Div)):
        for a, b in ((v.left, v.right), (v.right, v.left)) if isinstance(v.op, ast.Mult) else ((v.left, v.right),):
            if isinstance(b, ast.Constant) and type(b.value) in (int, float) and b.value and ctx.is_clock(a):
                return a
    return None


def _clock_assign_stmts(ctx: Context) -> dict[str, list[ast.stmt]]:
    out: dict[str, list[ast.stmt]] = {}
    for key, values in ctx.assigns.items():
        stmts = ctx.assign_stmts[key]
        for v, s in zip(values, stmts):
            if (clock := _scaled_clock(ctx, v)) is not None:
                out.setdefault(key, []).append(s)
                s._wp_clock = clock  # type: ignore[attr-defined]  # the reading (`t0, n = perf_counter(), 0`)
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
        for n in subtree(fn):
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
    from ._clock_helpers import elapsed_helper_subtractions

    for sub in [*ctx.subtractions, *_helper_subtractions(ctx), *elapsed_helper_subtractions(ctx)]:
        rkey = dotted(sub.right)
        if rkey not in clock_assigns:
            continue
        stmt = sub._wp_stmt  # type: ignore[attr-defined]
        scope = stmt._wp_scope
        if (clock := _scaled_clock(ctx, sub.left)) is not None:
            end_stmt, end_node = stmt, clock
        else:
            lkey = dotted(sub.left)
            if lkey not in clock_assigns:
                continue
            end_stmt = _latest(clock_assigns[lkey], scope, stmt._wp_idx, inclusive=True, ctx=ctx)
            if end_stmt is None:
                continue
            end_node = end_stmt._wp_clock  # type: ignore[attr-defined]
        from ._branch_regions import other_branch_end

        ends = [end_stmt]
        alt = other_branch_end(clock_assigns.get(dotted(sub.left) or "", []), end_stmt, stmt)
        if alt is not None:
            ends.append(alt)  # `if a: t0 = ...; f(); t1 = ... else: t0 = ...; g(); t1 = ...` then `t1 - t0`
        for end_stmt in ends:
            start_stmt = _latest(clock_assigns[rkey], scope, end_stmt._wp_idx, ctx=ctx)
            if start_stmt is None:
                continue
            start_node = start_stmt._wp_clock  # type: ignore[attr-defined]
            out.append(Region(
                kind="host", clock=ctx.call_name(start_node) or "", scope=scope, lo=start_stmt._wp_idx,
                hi=end_stmt._wp_idx, start=start_node, end=end_stmt._wp_clock if end_stmt is not stmt else end_node,
                loop=_common_loop(start_stmt, end_stmt), samples=_samples_of(ctx, sub), interval=stmt,
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


def _recorded_event(c: ast.Call) -> str | None:
    """The event a record call marks: ``start.record()`` records the event ``start``; a stream's record returns the
    event it records (CuPy's ``start = stream.record()``, torch's ``start = stream.record_event()``), so an assigned
    result names the event (the receiver is then a stream, read at both ends)."""
    parent = getattr(c, "_wp_parent", None)
    if isinstance(parent, ast.Assign) and parent.value is c and len(parent.targets) == 1:
        return base_key(parent.targets[0])
    if isinstance(c.func, ast.Attribute) and c.func.attr == "record_event":
        return None  # a stream's event recorded and thrown away: nothing to read
    return base_key(c.func.value)  # type: ignore[union-attr]


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
        elif m in ("record", "record_event"):
            key = _recorded_event(c)
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
            start_call = next(x for x in stmt_calls(start_stmt) if ctx.method(x) in ("record", "record_event"))
            out.append(Region(kind="event", clock="cuda-event", scope=end_stmt._wp_scope, lo=start_stmt._wp_idx,
                              hi=end_stmt._wp_idx, start=start_call, end=c,
                              loop=_common_loop(start_stmt, end_stmt)))
    return out
