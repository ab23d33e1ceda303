"""Timed regions of timer objects: ``with T(...):`` bodies and ``t.start()`` ... ``t.stop()`` spans.

A timer is a class or ``@contextmanager`` function of the file (or of a module of the project it imports) that reads
a clock (or records events) on entry and on exit, ``codetiming.Timer``, a library timing class named for timing, or a
name that says it is a timer. Split from :mod:`._regions`, which asks :func:`with_regions` and
:func:`method_timer_regions`.
"""

from __future__ import annotations

import ast
import re

from ._context import Context, dotted
from ._regions import Region, _common_loop, _samples_of


_TIMER_NAME = re.compile(r"(?i)timer|stopwatch|^timed?$|^timing$|^timeit$|^measure$|^cuda_time$")
_LIBRARY_TIMER = re.compile(r"^(Benchmark|Timer|Timing|Stopwatch|StopWatch)$")
_DEVICE_WORDS = re.compile(r"(?i)cuda|gpu|sync|event|device")
# a library base class whose name says it times its body (`TimeitContextManager`, `Timer`, `Stopwatch`)
_INHERITED_LIBRARY_TIMER = re.compile(r"^(Timeit|Timer|Timing|Stopwatch|StopWatch)")
_KNOWN_TIMERS = {"codetiming.Timer": ("host", False), "contexttimer.Timer": ("host", False)}


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
    if enter and exit_ and not (_calls_super(enter) or _calls_super(exit_)):
        return _classify(ctx, ctx.calls_in_function(enter), ctx.calls_in_function(exit_))
    if not cls.bases:
        return None
    before, after = _side(ctx, cls, "__enter__", 0), _side(ctx, cls, "__exit__", 0)
    if before is None or after is None:
        return None
    if before[0] and after[0]:
        return ("host", after[1], False)
    if before[2] and after[2]:
        return ("event", True, False)
    return None


def _calls_super(fn: ast.AST) -> bool:
    return any(isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Call)
               and isinstance(c.func.value.func, ast.Name) and c.func.value.func.id == "super" for c in ast.walk(fn))


def _side(ctx: Context, cls: ast.ClassDef, name: str, depth: int) -> tuple[bool, bool, bool] | None:
    """What a context manager's ``name`` (``__enter__``/``__exit__``) does, with what it inherits (no method of
    its own, or a call of ``super().__exit__(...)``): (reads a clock, synchronizes, records an event); a base class
    of the file or of the project is read where it is defined, a library base named for timing (``TimerBase``,
    ``TimeitContextManager``) reads a host clock. None when unknown."""
    own = next((f for f in cls.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                f.name in (name, name.replace("__", "__a", 1))), None)
    calls = ctx.calls_in_function(own) if own is not None else []
    mine = (any(ctx.is_clock(c) for c in calls), any(ctx.is_sync(c) for c in calls),
            any(ctx.method(c) == "record" for c in calls))
    if own is not None and not _calls_super(own):
        return mine
    if depth >= 3:
        return None
    for base in cls.bases:
        bname = dotted(base)
        if bname is None:
            continue
        local = ctx.classes.get(bname)
        if local is not None and local is not cls:
            up = _side(ctx, local, name, depth + 1)
        elif (d := ctx.imported_def(base)) is not None and isinstance(d.node, ast.ClassDef):
            up = _side(d.ctx, d.node, name, depth + 1)
        elif bname.split(".")[0] in ctx.imports and _INHERITED_LIBRARY_TIMER.search(bname.rsplit(".", 1)[-1]) and \
                not _DEVICE_WORDS.search(bname):
            up = (True, False, False)
        else:
            continue
        if up is not None:  # the parent's reads run where `super()` is called: a sync of ours before it counts
            return (mine[0] or up[0], mine[1] or up[1], mine[2] or up[2])
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


def with_regions(ctx: Context) -> list[Region]:
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


def method_timer_regions(ctx: Context) -> list[Region]:
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
