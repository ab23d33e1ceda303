"""WP104's allocator flushes: the caching allocator emptied between timed samples, or just before a timed region.

``torch.cuda.empty_cache()`` (and CuPy's ``pool.free_all_blocks()``) hands every cached block back to the driver.
The next allocation of the work then goes through ``cudaMalloc`` (a synchronizing driver call, milliseconds for large
blocks) instead of the allocator's cache, and when that allocation falls inside a timed region the sample times the
driver's allocations with the work. The question asked: does a flush run after the last untimed run that could
have filled the cache again and before a timed region whose work allocates? Three places show it:

- inside the region, before its GPU work, in every repetition (a loop timed as a whole that flushes in its body);
- in the loop that takes one sample per iteration, outside the region, when a sample holds no loop of its own (a
  training epoch's flush reaches only its first step): the next sample pays (read around the loop, from the flush
  to the end of the body and from the top of the body to the region's start);
- before a region that takes one sample (no loop inside it), in the same function or the same loop iteration,
  with no allocating GPU work between them (``torch.cuda.empty_cache(); t0 = perf_counter(); model(x)``). Before
  a loop timed as a whole, only the first of its iterations pays: not reported.

A flush one call deep (a function of the file whose body flushes: ``cleanup()``) counts, except inside the region
(a helper called there does other work too). Work in between that
allocates nothing (an in-place ``cache.zero_()``, a kernel launch ``k[grid](...)``, synchronizes, event records,
memory statistics) does not fill the cache again; any other GPU work does, and the flush before it is silent.
A move or a load that places data on the device (``model.to(device)``, ``from_pretrained``) between the flush and
the region counts as work that allocates. A region whose GPU work allocates nothing of its own (only launches and
in-place ops) is not reported; between the records of CUDA events, a call whose result the region binds
(``out = model.generate(x)``) counts as allocating work even when the linter cannot tell the object is on the GPU.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import stmt_calls, stmt_nodes

_FLUSH_NAMES = frozenset({"torch.cuda.empty_cache", "torch.cuda.memory.empty_cache"})
_FLUSH_METHODS = frozenset({"free_all_blocks"})  # CuPy memory pools (`cp.get_default_memory_pool()`)
_QUIET_METHODS = frozenset({"record", "synchronize", "elapsed_time", "query", "wait", "wait_event",
                            "wait_stream", "item", "tolist", "cpu", "numpy"})
_QUIET_PREFIXES = ("torch.cuda.", "cupy.cuda.", "torch.mps.")


def is_flush(ctx: Context, call: ast.Call) -> bool:
    return (ctx.call_name(call) or "") in _FLUSH_NAMES or ctx.method(call) in _FLUSH_METHODS


def _flushing_functions(ctx: Context) -> set[str]:
    """Functions of the file whose own body flushes the allocator (``def cleanup(): gc.collect();
    torch.cuda.empty_cache()``)."""
    cached = ctx.__dict__.get("_wp_flushing_fns")
    if cached is None:
        cached = set()
        for name, fn in ctx.functions.items():
            body = getattr(fn, "body", None)
            if body and any(isinstance(n, ast.Call) and is_flush(ctx, n) for st in body for n in ast.walk(st)
                            if not isinstance(n, (ast.FunctionDef, ast.Lambda))) and \
                    not _allocating_work(ctx, [s for st in body for s in ast.walk(st) if isinstance(s, ast.stmt)]):
                cached.add(name)  # a clean-up helper; not a benchmark that flushes and then runs its own work
        ctx.__dict__["_wp_flushing_fns"] = cached
    return cached


def _flush_in(ctx: Context, st: ast.stmt, direct: bool = False) -> ast.Call | None:
    """The flush a statement runs itself (not in a nested block: those are statements of their own), directly or
    (unless ``direct``) through a function of the file."""
    from ._helper_warmups import in_handler

    if in_handler(st):
        return None  # `except torch.OutOfMemoryError: torch.cuda.empty_cache()`: a recovery, not every iteration's
    fns = set() if direct else _flushing_functions(ctx)
    for n in stmt_nodes(st):
        if isinstance(n, ast.Call) and (is_flush(ctx, n) or (isinstance(n.func, ast.Name) and n.func.id in fns) or (
                isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) and
                n.func.value.id == "self" and n.func.attr in fns)):  # `self.clear_cache()`, a method of the class
            return n
    return None


def _allocates(ctx: Context, node: ast.AST) -> bool:
    """GPU work that may take memory from the allocator: not an in-place method (``x.zero_()``), not a kernel
    launch by subscript (``kernel[grid](...)``, ``k[blocks, threads](...)``), not an event, a synchronize or a
    memory statistic."""
    if not isinstance(node, ast.Call):
        return True  # arithmetic on device arrays makes a new array
    q = ctx.call_name(node) or ""
    if q.startswith(_QUIET_PREFIXES) or is_flush(ctx, node):
        return False
    m = ctx.method(node)
    if m in _QUIET_METHODS or (m and m.endswith("_") and not m.startswith("_")):
        return False
    return not _subscript_launch(node)


def _subscript_launch(call: ast.Call) -> bool:
    """``kernel[grid](...)``, ``k[blocks, threads](...)``: a launch by subscript. Not a call of an element of a
    list of modules (``layers[i](x)``, ``experts[0](x)``), indexed by a whole number or by the variable of a loop
    over a ``range``: a grid is a tuple, a callable or a name bound to one, never a bare index."""
    f = call.func
    if not isinstance(f, ast.Subscript):
        return False
    idx = f.slice
    if isinstance(idx, ast.Constant) and type(idx.value) is int:
        return False
    if isinstance(idx, ast.Name):
        node = getattr(call, "_wp_parent", None)
        while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            if isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.target, ast.Name) and \
                    node.target.id == idx.id and isinstance(node.iter, ast.Call) and \
                    isinstance(node.iter.func, ast.Name) and node.iter.func.id == "range":
                return False
            node = getattr(node, "_wp_parent", None)
    return True


def _allocating_compute(ctx: Context, stmts: list[ast.stmt]) -> bool:
    """GPU work that takes memory from the allocator (the region's work: loads and moves are not the work a
    flush slows down, they fill the cache again)."""
    return any(_allocates(ctx, w) for s in stmts for w in ctx.gpu_work_in(stmt_nodes(s)) if not (
        isinstance(w, ast.Call) and (ctx.method(w) in ("to", "cuda") or
                                     (ctx.call_name(w) or "").endswith("from_pretrained"))))


def _conditional(st: ast.stmt, r) -> bool:
    """``st`` sits under an ``if`` that does not also hold the region (``if i == compile_iter: compile_util(m)``)."""
    node = getattr(st, "_wp_parent", None)
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        idx = getattr(node, "_wp_idx", None)
        if isinstance(node, ast.If) and not r.contains(node) and not (
                idx is not None and idx < r.lo and getattr(node, "_wp_end", idx) >= r.lo):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


def _bound_results(ctx: Context, stmts: list[ast.stmt]) -> bool:
    """A call whose result the region binds (``out = model.generate(x)``, ``_ = run(q, k, v)``) between the records
    of CUDA events: what the events time is device work, and a result is memory it takes."""
    for s in stmts:
        if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and not is_flush(ctx, s.value):
            q = ctx.call_name(s.value) or ""
            if not q.startswith(_QUIET_PREFIXES) and ctx.method(s.value) not in _QUIET_METHODS and \
                    not _subscript_launch(s.value):
                return True
    return False


def _allocating_work(ctx: Context, stmts: list[ast.stmt]) -> bool:
    """GPU work that takes memory, or a move or load that places data on the device (``model.to(device)``,
    ``from_pretrained(...)``): after it the flush no longer holds for what follows."""
    from .alloc_in_timed_region import _makes_tensor

    for s in stmts:
        nodes = stmt_nodes(s)
        if _makes_tensor(ctx, s) and not any(isinstance(n, ast.Call) and ctx.method(n) in ("to", "cuda")
                                             for n in nodes):
            continue  # `x = torch.randn(n, n, device="cuda")`: a new input made on the device stays in use; it
            # returns no block to the cache for the timed work's own allocations
        if any(_allocates(ctx, w) for w in ctx.gpu_work_in(nodes)):
            return True
        if any(isinstance(n, ast.Call) and (ctx.method(n) in ("to", "cuda") or
                                            (ctx.call_name(n) or "").endswith("from_pretrained")) for n in nodes):
            return True
    return False


def flush_findings(ctx: Context) -> list[tuple[ast.Call, str, bool]]:
    """(flush call, where, undoes a warm-up) for every flush that empties the cache before a timed region's
    allocations: ``where`` is "inside", "between samples" or "before"; the flag says the timed work ran before, as
    a warm-up that the flush undoes (:func:`_undoes_warmup`)."""
    out: list[tuple[ast.Call, str]] = []
    seen: set[int] = set()
    from ._number_purpose import whole_run
    from ._declared_subject import declared_setup

    for r in ctx.regions:
        if r.outer is not None or whole_run(ctx, r) or declared_setup(ctx, r):
            continue  # a `timeit` copy of the timed code; a whole run, meant to include its allocations; a region
            # labelled set-up or a cold first call (`first_call_wall_ms`: its cudaMalloc is part of what it says)
        body = r.stmts()
        if not _allocating_compute(ctx, body) and not (r.kind == "event" and _bound_results(ctx, body)) and \
                not _harness_result(ctx, r):
            continue
        stmts = r.scope.stmts
        found: tuple[ast.Call, str] | None = None
        inner = r.inner_loops()
        for i, st in enumerate(body):  # inside the region, before its last allocating work, in every repetition
            c = _flush_in(ctx, st, direct=True)
            if c is not None and _allocating_compute(ctx, body[i + 1:]) and \
                    (not inner or any(r.contains(lp) for lp in st._wp_loops)):  # type: ignore[attr-defined]
                found = (c, "inside")
                break
        if found is None and r.loop is not None and not inner:  # between samples (each one op or call, not a
            # loop of its own such as a training epoch): around the loop, back to the region
            lo, hi = r.loop._wp_idx, r.loop._wp_end  # type: ignore[attr-defined]
            for k in range(r.hi + 1, hi + 1):
                c = _flush_in(ctx, stmts[k])
                if c is not None and not _allocating_work(ctx, stmts[k + 1:hi + 1]) and \
                        not _allocating_work(ctx, stmts[lo + 1:r.lo]):
                    found = (c, "between samples")
                    break
        if found is None and not inner:  # just before a one-sample region (or before it in the same iteration; a
            # loop timed as a whole pays the flush in its first iteration only)
            first = r.loop._wp_idx + 1 if r.loop is not None else 0  # type: ignore[attr-defined]
            for k in range(r.lo - 1, first - 1, -1):
                st = stmts[k]
                if isinstance(st, (ast.For, ast.AsyncFor, ast.While)) and st._wp_end >= r.lo:  # type: ignore
                    break  # an enclosing loop's header: earlier statements run before the loop
                c = _flush_in(ctx, st)
                if c is not None:
                    found = found or (c, "before")
                    if not _conditional(st, r):
                        found = (c, "before")  # the flush that runs every time, rather than one under an `if`
                        break
                    continue
                if _allocating_work(ctx, [st]):
                    break
        if found is not None and id(found[0]) not in seen:
            seen.add(id(found[0]))
            out.append((*found, _undoes_warmup(ctx, r, found[0])))
    return out


def _harness_result(ctx: Context, r) -> bool:
    """``output = func(*args, **kwargs)`` between the readings of a synchronized region, ``func`` a parameter of the
    function that holds it (a harness timing the callable it is handed): its result is memory the sample takes."""
    if not (r.synced or r.kind == "event"):
        return False
    return any(isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Name)
               and s.value.func.id in r.scope.params for s in r.stmts())


_NOT_WORK_CALLS = frozenset({"print", "len", "range", "int", "float", "str", "list", "dict", "tuple", "min", "max",
                             "sum", "abs", "round", "enumerate", "zip", "isinstance", "getattr", "setattr"})


def _undoes_warmup(ctx: Context, r, flush: ast.Call) -> bool:
    """The work the region times ran before the loop that holds the flush and the region (or, outside a loop,
    before the flush): a warm-up, whose cached blocks the flush hands back, so that every timed sample allocates
    through the driver again (``estimate(10); for n in sizes: pool.free_all_blocks(); t0 = ...; estimate(n)``).
    A flush before a first call that was never run (a cold start timed on purpose, a one-shot run) is not one."""
    keys = set()
    for c in r.calls():
        key = dotted(c.func)
        if key is None and (key := _element_key(c)) is not None:
            keys.add(key)  # `experts[j](x)`: an element of a list of modules; `experts[7](x)` before ran the same
            continue
        if key is None or is_flush(ctx, c) or key in _NOT_WORK_CALLS:
            continue
        if key in ctx.functions or key in r.scope.params or (  # (a function of the file may synchronize itself)
                ctx.is_gpu_work(c) and not ctx.is_clock(c) and not ctx.is_sync(c)):
            keys.add(key)
    if not keys:
        return False
    st = getattr(flush, "_wp_stmt", None)
    if st is None or getattr(st, "_wp_scope", None) is not r.scope:
        return False
    limit = st._wp_idx  # type: ignore[attr-defined]
    for lp in st._wp_loops:  # type: ignore[attr-defined]  (outermost first)
        if lp._wp_idx < r.lo <= lp._wp_end:  # type: ignore[attr-defined]
            limit = lp._wp_idx  # type: ignore[attr-defined]
            break
    return any((dotted(c.func) or _element_key(c)) in keys for s in r.scope.stmts[:limit] for c in stmt_calls(s))


def _element_key(call: ast.Call) -> str | None:
    """``model.layers[i].experts[j]`` -> ``"model.layers[].experts[]"``: a call of an element of a list of modules,
    any element (each is built alike, so one warms the kernels of all), keyed by the path with its indices left
    out. ``None`` for anything else (a kernel launch by subscript, a call of a call)."""
    if _subscript_launch(call):
        return None
    f = call.func
    parts: list[str] = []
    indexed = False
    while True:
        if isinstance(f, ast.Attribute):
            parts.append("." + f.attr)
            f = f.value
        elif isinstance(f, ast.Subscript):
            parts.append("[]")
            indexed = True
            f = f.value
        elif isinstance(f, ast.Name):
            parts.append(f.id)
            break
        else:
            return None
    return "".join(reversed(parts)) if indexed else None
