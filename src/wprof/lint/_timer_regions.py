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
from ._walk import stmt_calls, stmt_nodes, subtree


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
        def calls(fn):  # with the methods it calls on self (`__enter__` calling `self.start()`)
            return [c for n in _self_calls(ctx, methods, fn.name) for c in ctx.calls_in_function(methods[n])]
        return _classify(ctx, calls(enter), calls(exit_))
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
                elif _reads_duration_after(ctx, item, stmt):
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


_DURATION_ATTRS = frozenset({"duration", "elapsed", "elapsed_time", "elapsed_s", "elapsed_ms", "interval",
                             "seconds", "secs", "ms", "time_taken"})


def _reads_duration_after(ctx: Context, item: ast.withitem, stmt: ast.stmt) -> bool:
    """``with tv.measure_duration() as m: ...`` then ``times.append(m.duration)``: a context manager of a library
    (called, not defined in the file) whose bound value's duration attribute is read after the block, kept as a
    sample (:func:`_timer_samples`): the block is what the duration measures."""
    expr = item.context_expr
    if not isinstance(expr, ast.Call) or not isinstance(item.optional_vars, ast.Name):
        return False
    root = dotted(expr.func)
    if root is None or root.split(".")[0] not in ctx.imports or root.split(".")[0] in ctx.functions:
        return False
    return _timer_samples(ctx, item.optional_vars.id, stmt, _DURATION_ATTRS) is not None


def _timer_samples(ctx: Context, name: str, stmt: ast.stmt, attrs: frozenset[str] | None = None) -> str | None:
    """The container a timer object's reading goes to after its block (``times.append(t.elapsed)``, the first
    such use before the end of the loop holding the block, or in the next few statements); with ``attrs``, only a
    reading of one of those attributes."""
    loop = stmt._wp_loops[-1] if stmt._wp_loops else None  # type: ignore[attr-defined]
    last = loop._wp_end if loop is not None else stmt._wp_end + 5  # type: ignore[attr-defined]
    for ld in ctx.scope_loads(name, stmt._wp_scope):  # type: ignore[attr-defined]
        par = getattr(ld, "_wp_parent", None)
        if stmt._wp_end < ld._wp_stmt._wp_idx <= last and isinstance(par, ast.Attribute) and \
                (attrs is None or par.attr in attrs):  # type: ignore[attr-defined]
            key = _samples_of(ctx, par)
            if key is not None:
                return key
    return None


_TIMER_STARTS = ("start", "tic", "begin")
_INIT_TIMER_NAME = re.compile(r"(?i)tim(er|ing)|watch|clock|elapsed|tictoc")
_TIMER_STOPS = ("stop", "toc", "end", "pause")


def _method_timers(ctx: Context) -> dict[str, tuple]:
    """Classes of the file whose methods mark a start on a clock and read the interval since (see
    :func:`_method_timer`): name -> its model."""
    out: dict[str, tuple] = {}
    for name, cls in ctx.classes.items():
        info = _method_timer(ctx, cls)
        if info:
            out[name] = info
    return out


def _method_timer(ctx: Context, cls: ast.ClassDef) -> tuple | None:
    """(kind, nvtx, starts, stops, init_starts) of a timer class: its start method (``start``/``tic``/``begin``)
    and stop method (``stop``/``toc``/``end``/``pause``) both read a host clock (or both record an event); or, read
    from what its methods do, a method that stores a host clock reading on ``self`` (``reset()``, ``restart()``,
    ``__init__``) and one that reads the clock and subtracts (``elapsed()``, ``lap()``, ``stop()`` returning or
    storing the difference). ``stops`` maps each stop method to whether it synchronizes the device first (itself
    or through another method of the class); ``init_starts``: constructing it starts it."""
    methods = {f.name: f for f in cls.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    start = next((m for m in _TIMER_STARTS if m in methods), None)
    stop = next((m for m in _TIMER_STOPS if m in methods), None)
    named = None
    if start and stop:
        info = _classify(ctx, ctx.calls_in_function(methods[start]), ctx.calls_in_function(methods[stop]))
        if info:
            kind, synced, nvtx = info
            if kind == "event":
                return (kind, nvtx, frozenset({start}), {stop: True}, False, frozenset(), False)
            named = (start, stop, synced, nvtx)
    calls = {n: _self_calls(ctx, methods, n) for n in methods}
    if named is None and (tagged := _tagged_timer(ctx, cls, methods, calls)) is not None:
        return tagged
    marks = {n for n in methods if n not in ("__enter__", "__exit__") and
             any(_marks_clock(ctx, methods[m]) for m in calls[n])}
    reads = {n for n in methods if n != "__init__" and (any(_reads_interval(ctx, methods[m]) for m in calls[n]) or
                                                        _reads_interval_across(ctx, [methods[m] for m in calls[n]]))}
    starts = {n for n in marks - reads if n != "__init__"}
    stops = {n: _syncs_before_read(ctx, methods, n) for n in reads}
    if named is not None:  # start() and stop() both read a host clock (the interval kept or read elsewhere)
        starts.add(named[0])
        starts.discard(named[1])  # (`end()` storing its own reading on `self` marks the clock too: a stop still)
        stops[named[1]] = stops.get(named[1], False) or named[2]
    # a timer started when built (`t = Stopwatch(); ...; t.elapsed()`) only when its name says it is one: a logger
    # or a trainer that keeps its start time reads a run's wall time, on purpose
    init = "__init__" in marks and bool(_INIT_TIMER_NAME.search(cls.name))
    if not stops or not (starts or init):
        return None
    nvtx = (named is not None and named[3]) or \
        any(ctx.is_nvtx(c) for m in methods.values() for c in ctx.calls_in_function(m))
    props = frozenset(n for n in stops if any(dotted(d) == "property" for d in methods[n].decorator_list))
    return ("host", nvtx, frozenset(starts), stops, init, props, False)  # props: stops read as attributes
    # (`t.elapsed`); the last: a tagged timer (`sw.start("fwd")` ... `sw.pause("fwd")`, :func:`_tagged_timer`)


def _tagged_timer(ctx: Context, cls: ast.ClassDef, methods: dict, calls: dict) -> tuple | None:
    """A stopwatch of named clocks: ``__init__`` keeps a ``defaultdict`` of a timer class of the same module
    (``self.clocks = defaultdict(lambda: _Clock())``), and its methods start or stop the clock a tag names
    (``def start(self, tag=None): self.clocks[tag].start()``, ``stop`` calling ``self.pause(tag)``). Its model is the
    inner timer's, tagged: a span runs from ``sw.start("fwd")`` to the next ``sw.pause("fwd")`` on the same tag."""
    init = methods.get("__init__")
    if init is None:
        return None
    inner = {}
    for st in ast.walk(init):
        if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Attribute) and
                isinstance(st.targets[0].value, ast.Name) and st.targets[0].value.id == "self"):
            continue
        v = st.value
        if not (isinstance(v, ast.Call) and dotted(v.func) in ("defaultdict", "collections.defaultdict") and
                len(v.args) == 1):
            continue
        f = v.args[0].body if isinstance(v.args[0], ast.Lambda) else v.args[0]
        f = f.func if isinstance(f, ast.Call) and not f.args and not f.keywords else f
        other = ctx.classes.get(f.id) if isinstance(f, ast.Name) else None
        if other is not None and other is not cls and (model := _method_timer(ctx, other)) is not None and \
                not model[6]:
            inner[st.targets[0].attr] = model
    if len(inner) != 1:
        return None
    (attr, model), = inner.items()
    kind, nvtx, in_starts, in_stops, _, _, _ = model
    starts, stops = set(), {}
    for n in methods:
        if n == "__init__":
            continue
        for m in calls[n]:
            for c in ctx.calls_in_function(methods[m]):
                f = c.func
                if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Subscript) and
                        isinstance(f.value.value, ast.Attribute) and f.value.value.attr == attr and
                        isinstance(f.value.value.value, ast.Name) and f.value.value.value.id == "self"):
                    continue
                if f.attr in in_starts:
                    starts.add(n)
                elif f.attr in in_stops:
                    stops[n] = in_stops[f.attr] or any(ctx.is_sync(x) for k in calls[n]
                                                       for x in ctx.calls_in_function(methods[k]))
    if not starts or not stops:
        return None
    return (kind, nvtx, frozenset(starts), stops, False, frozenset(), True)


def _self_calls(ctx: Context, methods: dict, name: str) -> list[str]:
    """``name`` and the methods of its class it calls on ``self`` (``__init__`` calling ``self.reset()``), two
    levels deep."""
    out, todo = [name], [name]
    for _ in range(2):
        nxt = []
        for n in todo:
            for c in ctx.calls_in_function(methods[n]):
                f = c.func
                if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self" and \
                        f.attr in methods and f.attr not in out:
                    out.append(f.attr)
                    nxt.append(f.attr)
        todo = nxt
    return out


def _syncs_before_read(ctx: Context, methods: dict, name: str) -> bool:
    """The stop method ``name`` synchronizes the device before it reads the clock: itself, or through a method of
    its class it calls first (two levels deep, as :func:`_self_calls`). A wait after the read (``end_fwd()``
    reading ``time.time()`` and then logging the interval through a helper that calls ``.item()``) covers nothing
    of the timed work (set 60). A method that reads no clock itself (it asks another method for the time) is judged
    by every wait of the methods it calls."""
    own = ctx.calls_in_function(methods[name])
    reads = [(c.lineno, c.col_offset) for c in own if ctx.is_clock(c)]
    if not reads:
        return any(ctx.is_sync(c) for m in _self_calls(ctx, methods, name) for c in ctx.calls_in_function(methods[m]))
    first = min(reads)
    for c in own:
        if (c.lineno, c.col_offset) >= first:
            continue
        if ctx.is_sync(c):
            return True
        f = c.func
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self" and \
                f.attr in methods and f.attr != name and any(
                    ctx.is_sync(k) for m in _self_calls(ctx, methods, f.attr) for k in ctx.calls_in_function(methods[m])):
            return True
    return False


def _is_self_target(t: ast.AST) -> bool:
    while isinstance(t, (ast.Attribute, ast.Subscript)):
        t = t.value
    return isinstance(t, ast.Name) and t.id == "self"


def _marks_clock(ctx: Context, fn: ast.AST) -> bool:
    """``self.t0 = time.perf_counter()`` (also ``self.starts[name] = ...``)."""
    for st in subtree(fn):
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Call) and ctx.is_clock(st.value) and \
                any(isinstance(t, (ast.Attribute, ast.Subscript)) and _is_self_target(t) for t in st.targets):
            return True
        if _appends_reading(ctx, st):
            return True
    return False


def _appends_reading(ctx: Context, node: ast.AST) -> bool:
    """``self.t.append(time.perf_counter())``: a reading kept in a list on ``self`` (a timer of marks)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr == "append" and _is_self_target(node.func.value) and len(node.args) == 1 and \
        isinstance(node.args[0], ast.Call) and ctx.is_clock(node.args[0])


def _reads_interval_across(ctx: Context, fns: list) -> bool:
    """A stop method that keeps a new reading on ``self`` through one method (``self.evt()`` appending
    ``perf_counter()``) and subtracts two kept readings through another (``self.t[-1] - self.t[0]``)."""
    if not any(_appends_reading(ctx, n) for fn in fns for n in subtree(fn)):
        return False
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and
               all(isinstance(x, (ast.Attribute, ast.Subscript)) and _is_self_target(x) for x in (n.left, n.right))
               for fn in fns for n in subtree(fn))


def _reads_interval(ctx: Context, fn: ast.AST) -> bool:
    """The method reads a host clock and subtracts a reading kept on ``self`` (``return time.perf_counter() -
    self.t0``, ``self.total += now - self.start``)."""
    if not any(ctx.is_clock(c) for c in ctx.calls_in_function(fn)):
        return False
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and
               any(isinstance(x, (ast.Attribute, ast.Subscript)) and _is_self_target(x) for x in (n.left, n.right))
               for n in ast.walk(fn))


def _receiver(expr: ast.AST) -> tuple[str, str | None] | None:
    """The text naming a timer instance (``t``, ``self.timer``, ``timers["fwd"]``) and, for an item of a
    container, the container's ``name[*]``."""
    d = dotted(expr)
    if d is not None:
        return d, None
    if isinstance(expr, ast.Subscript) and (base := dotted(expr.value)) is not None:
        return ast.unparse(expr), base + "[*]"
    if isinstance(expr, ast.Call) and (base := dotted(expr.func)) is not None and len(expr.args) == 1 and \
            isinstance(expr.args[0], ast.Constant):
        return ast.unparse(expr), base + "()"  # `timers("forward")` of a group of named timers (Megatron's shape)
    return None


def _group_timer(ctx: Context, cls: ast.ClassDef) -> tuple | None:
    """A group of named timers (``timers("fwd").start()``): a class whose ``__call__`` returns, or stores on
    ``self`` and returns, an instance of a timer class of the same module; that timer's model."""
    call = next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__call__"), None)
    if call is None:
        return None
    for n in ast.walk(call):
        v = n.value if isinstance(n, (ast.Assign, ast.Return)) else None
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and (inner := ctx.classes.get(v.func.id)) \
                is not None and inner is not cls:
            return _method_timer(ctx, inner)
    return None


def method_timer_regions(ctx: Context) -> list[Region]:
    """``timer = CumulativeTimer(); timer.start(); work(); timer.stop()`` with a timing class of the file or of
    the project (set 23; ``t.tic()`` ... ``t.toc()``, ``timer.reset()`` ... ``timer.elapsed()``, ``t = Timer()``
    ... ``t.elapsed()`` of a timer started when built, ``self.timer``, ``timers["fwd"]`` of a dict of timers): the
    statements between the start and the next stop call on the same instance, in one scope, are timed like a
    ``with`` timer's body; the stop call is the end read."""
    timers = _method_timers(ctx) if ctx.classes else {}
    # receivers on which a method is called: only their classes are looked up in the project's modules
    called = set()
    for c in ctx.calls:
        if isinstance(c.func, ast.Attribute) and (rec := _receiver(c.func.value)) is not None:
            called.add(rec[1] or rec[0])

    def timer_class(call: ast.AST) -> str | None:
        if isinstance(call, ast.Call) and call.args and isinstance(call.func, ast.Name) and call.func.id == \
                "defaultdict":
            call = ast.Call(func=call.args[0], args=[], keywords=[])  # defaultdict(Timer): its items
        if not isinstance(call, ast.Call):
            return None
        cls = dotted(call.func)
        if cls is None:
            return None
        if cls not in timers and cls not in ctx.classes:
            imported = _imported_timer(ctx, call.func, "method")  # `Timer()` of the project
            if imported is not None:
                timers[cls] = imported
            elif _library_method_timer(ctx, call, cls):
                timers[cls] = _LIBRARY_METHOD_TIMER
        if timers.get(cls) is _LIBRARY_METHOD_TIMER and _DEVICE_WORDS.search(ast.unparse(call)):
            return None  # this instance names the device (`Timer(sync=True)`): it may wait itself
        return cls if cls in timers else None

    def group_class(call: ast.AST) -> str | None:
        cls = dotted(call.func) if isinstance(call, ast.Call) else None
        if cls is None:
            return None
        if cls + "()" not in timers:
            local = ctx.classes.get(cls)
            d = ctx.imported_def(call.func) if local is None else None  # type: ignore[attr-defined]
            info = _group_timer(ctx, local) if local is not None else \
                (_group_timer(d.ctx, d.node) if d is not None and isinstance(d.node, ast.ClassDef) else None)
            if info is None:
                return None
            timers[cls + "()"] = info
        return cls + "()"

    instances: dict[str, str] = {}  # `timer = CumulativeTimer()` -> class; `timers[*]` for a dict of timers
    other: set[str] = set()  # names also bound to something else (`self.timer` of two classes): not followed
    local: dict[tuple[int, str], str | None] = {}  # what a name is bound to in a scope (None: not a timer)
    for scope in ctx.scopes:
        for stmt in scope.stmts:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                local.setdefault((id(scope), stmt.targets[0].id), None)
            if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
                continue
            rec = _receiver(stmt.targets[0])
            if rec is None:
                continue
            key, _ = rec
            v = stmt.value
            if key in called or (rec[1] in called if rec[1] else False):
                if isinstance(v, ast.Call) and (cls := timer_class(v)) is not None:
                    if isinstance(v.func, ast.Name) and v.func.id == "defaultdict":
                        instances[key + "[*]"] = cls
                    else:
                        instances[key] = cls
                        local[(id(scope), key)] = cls
                    continue
            if key + "()" in called and (grp := group_class(v)) is not None:
                instances[key + "()"] = grp  # timers = Timers(); timers("fwd").start()
                continue
            if key in called and isinstance(v, ast.Call):
                other.add(key)
            if key + "[*]" not in called:
                continue
            if isinstance(v, ast.Dict):  # timers = {"fwd": Timer(), "bwd": Timer()}
                for k, val in zip(v.keys, v.values):
                    if isinstance(k, ast.Constant) and (cls := timer_class(val)) is not None:
                        instances[f"{key}[{k.value!r}]"] = cls
            elif isinstance(v, ast.DictComp) and (cls := timer_class(v.value)) is not None:
                instances[key + "[*]"] = cls  # {name: Timer() for name in names}
    for key in other:
        instances.pop(key, None)
    if not instances and not any(local.values()):
        return []
    out = []

    def instance(expr: ast.AST, scope) -> tuple[str, str] | None:
        rec = _receiver(expr)
        if rec is None:
            return None
        if (id(scope), rec[0]) in local:  # a name bound in this function: what it is bound to here
            cls = local[(id(scope), rec[0])]
        else:
            cls = instances.get(rec[0]) or (instances.get(rec[1]) if rec[1] else None)
        return (rec[0], cls) if cls is not None else None

    for scope in ctx.scopes:
        open_: dict[str, tuple[ast.stmt, ast.Call]] = {}
        for stmt in scope.stmts:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Call) and \
                    (inst := instance(stmt.targets[0], scope)) is not None and timers[inst[1]][4] and \
                    dotted(stmt.value.func) == inst[1]:
                open_[inst[0]] = (stmt, stmt.value)  # `t = Timer()` of a timer started when it is built
                continue
            for call in _timer_uses(stmt):
                attr = call.func if isinstance(call, ast.Call) else call
                if not isinstance(attr, ast.Attribute) or (inst := instance(attr.value, scope)) is None:
                    continue
                key, cls = inst
                kind, nvtx, starts, stops, _, props, tagged = timers[cls]
                meth = attr.attr
                if tagged and isinstance(call, ast.Call):  # `sw.start("fwd")`: the clock of that tag
                    tag = call.args[0] if call.args else None
                    if tag is not None and not isinstance(tag, ast.Constant):
                        continue  # a tag the code computes: which span it closes is not shown
                    key = f"{key}[{tag.value if tag is not None else None!r}]"
                if not isinstance(call, ast.Call) and meth not in props:
                    continue
                if meth in starts and isinstance(call, ast.Call):
                    open_[key] = (stmt, call)
                elif meth in stops and key in open_:
                    s_stmt, s_call = open_.pop(key)
                    region = Region(kind="host" if kind == "host" else "event", clock=cls, scope=scope,
                                    lo=s_stmt._wp_idx, hi=stmt._wp_idx, start=s_call, end=call,  # type: ignore
                                    loop=_common_loop(s_stmt, stmt), synced=None, nvtx=nvtx,
                                    timer=cls[:-2] if cls.endswith("()") else cls)
                    if kind == "host" and stops[meth]:
                        region.synced = True
                    out.append(region)
    return out


# a library's timing class started and stopped by its methods: a host clock read by each, no synchronize
_LIBRARY_METHOD_TIMER = ("host", False, frozenset({"start"}), {"stop": False}, False, frozenset(), False)


def _library_method_timer(ctx: Context, call: ast.Call, cls: str) -> bool:
    """``timer = d2l.Timer(); timer.start(); ...; timer.stop()``: a timing class of an imported library that is not
    a module of the project, named for timing (as ``with d2l.Benchmark():`` is read), with no word of a device in its
    call (a CUDA-aware timer says so: ``CudaTimer``, ``Timer(sync=True)``); its ``start()`` and ``stop()`` read a
    host clock."""
    last = cls.rsplit(".", 1)[-1]
    root = cls.split(".")[0]
    return bool(_LIBRARY_TIMER.match(last)) and last != "Benchmark" and root in ctx.imports and \
        ctx.imported_def(call.func) is None and not _DEVICE_WORDS.search(ast.unparse(call)) and \
        ctx.imports[root].split(".")[0] not in _SYNCING_TIMER_LIBRARIES


# training frameworks whose `Timer` synchronizes the device in `start()`/`stop()` (Megatron's, DeepSpeed's, Colossal-AI's)
_SYNCING_TIMER_LIBRARIES = frozenset({"megatron", "deepspeed", "colossalai", "apex"})


def _timer_uses(stmt: ast.stmt) -> list[ast.AST]:
    """The method calls of a statement and its attribute reads that are not called (a property: ``t.elapsed``), in
    source order."""
    nodes = [n for n in stmt_calls(stmt) if isinstance(n.func, ast.Attribute)]
    called = {id(n.func) for n in nodes}
    nodes += [n for n in stmt_nodes(stmt) if isinstance(n, ast.Attribute) and id(n) not in called and
              isinstance(n.ctx, ast.Load)]
    nodes.sort(key=lambda n: (n.lineno, n.col_offset))
    return nodes


def _timing_wrapper(ctx: Context, fn: ast.AST) -> tuple[str, bool, bool] | None:
    """A decorator (``def timeit(fn): def wrapper(*a, **k): t0 = time.perf_counter(); out = fn(*a, **k); print(
    time.perf_counter() - t0)``, also a factory ``@timeit("fwd")`` one level up): its wrapper reads a host clock
    before and after calling the function it wraps. (kind, synced after the call, nvtx) as :func:`_classify`."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    outer_params = {a.arg for a in fn.args.args + fn.args.posonlyargs + fn.args.kwonlyargs}
    for inner in ast.walk(fn):
        if inner is fn or not isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = set(outer_params)
        for mid in ast.walk(fn):  # a factory's decorator: `def timeit(label): def deco(fn): def wrapper(...)`
            if mid is not fn and mid is not inner and isinstance(mid, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    any(n is inner for n in ast.walk(mid)):
                params |= {a.arg for a in mid.args.args + mid.args.posonlyargs}
        params -= {a.arg for a in inner.args.args + inner.args.posonlyargs + inner.args.kwonlyargs}
        calls = ctx.calls_in_function(inner)
        wrapped = next((c for c in calls if isinstance(c.func, ast.Name) and c.func.id in params), None)
        if wrapped is None:
            continue
        pos = (wrapped.lineno, wrapped.col_offset)
        info = _classify(ctx, [c for c in calls if (c.lineno, c.col_offset) < pos],
                         [c for c in calls if (c.lineno, c.col_offset) > pos])
        if info is not None and info[0] == "host":
            return info
    return None


def decorator_regions(ctx: Context, region_cls) -> list[Region]:
    """``@timeit`` of the file or of the project's modules on a function of the file: each call of the function
    is timed by the wrapper's host clock, a region of its own around a copy of the call (as a ``timeit``
    measurement, see :mod:`._library_timers`); the finding's place is the decorator."""
    from ._library_timers import _copy, _region

    decorated: dict[str, tuple[ast.AST, str, tuple[str, bool, bool]]] = {}
    for fn in list(ctx.functions.values()):
        for dec in fn.decorator_list:
            func = dec.func if isinstance(dec, ast.Call) else dec
            name = dotted(func)
            if name is None or name.rsplit(".", 1)[-1] in ("contextmanager", "property", "staticmethod",
                                                              "classmethod", "wraps", "cache", "lru_cache"):
                continue
            local = ctx.functions.get(name)
            if local is not None:
                info = _timing_wrapper(ctx, local)
            elif (d := ctx.imported_def(func)) is not None:
                info = _timing_wrapper(d.ctx, d.node)
            else:
                info = None
            if info is not None:
                decorated[fn.name] = (dec, name, info)
                break
    if not decorated:
        return []
    out = []
    for call in list(ctx.calls):
        f = call.func
        fname = f.id if isinstance(f, ast.Name) else (f.attr if isinstance(f, ast.Attribute) and
                                                     isinstance(f.value, ast.Name) and f.value.id == "self" else None)
        if fname not in decorated or getattr(call, "_wp_stmt", None) is None:
            continue
        dec, name, (kind, synced, nvtx) = decorated[fname]
        body = [ast.copy_location(ast.Expr(value=_copy(call)), call)]
        region = _region(ctx, region_cls, call, call._wp_stmt, body, ast.Constant(1), False,  # type: ignore
                         name.rsplit(".", 1)[-1])
        if region is None:
            continue
        region.end, region.nvtx = dec, nvtx
        if synced:
            region.synced = True
        out.append(region)
    return out
