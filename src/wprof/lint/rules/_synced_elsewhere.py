"""Work the file itself shows to be asynchronous device work: the same call, timed in another region of the file,
is followed by an explicit synchronize before that region's end reading (``self.run_once(backend, args)`` then
``backend.synchronize()`` in one benchmark method, and the same ``self.run_once(backend, args)`` read with
``time.time()`` and no synchronize in another). The linter may not see what the call runs (an executor object of
a framework, a backend chosen at run time), but the author's own synchronize says the call returns before its work
is done: a region that times it without one measures the launch (WP102; set 64, a framework's per-shape timings
beside its synchronized all-iterations timing)."""

from __future__ import annotations

import ast

from .._context import Context
from .._names import dotted
from .._walk import stmt_calls
from ._common import callee_key


def synced_elsewhere(ctx: Context, r) -> str | None:
    """For a host region with no GPU work seen and no wait inside it: the key of a call it makes that another host
    region of the file (in the same file, any function) follows with an explicit synchronize before its end
    reading, else None. Only calls of the file's functions or methods and of objects' methods count (not clocks,
    printing, or list appends)."""
    index = _synced_calls(ctx)
    if not index:
        return None
    calls = r.calls()
    hits = [c for c in calls if (k := callee_key(c)) is not None and k in index and index[k] is not r]
    if not hits or any(ctx.is_sync(c) or ctx.is_clock(c) for c in calls):
        return None  # (a wait in the region may cover the end read: not this model's business)
    keys = [callee_key(c) for c in hits if _unknown_device(ctx, c)]
    return keys[-1] if keys else None


def _unknown_device(ctx: Context, c: ast.Call) -> bool:
    """What the call runs on is not shown: a function of the file or a method of an object (not a library
    module's function such as ``torch.matmul``, whose device its operands show), with no operand shown on the host
    (``popcount(cpu_tensor)`` beside a synchronized ``popcount(cuda_tensor)`` is the CPU path)."""
    f = c.func
    base = f
    while isinstance(base, ast.Attribute):
        base = base.value
    if isinstance(base, ast.Name) and base.id in ctx.imports:
        return False
    if isinstance(f, ast.Name) and f.id not in ctx.functions:
        return False
    from ._host_timer_weak import _blocking_h2d

    if _blocking_h2d(ctx, c) or _host_library_object(ctx, f) or _result_sent_to_device(ctx, c):
        return False  # `x.to(device)` from host memory returns once copied; `KMeans(...).fit(X)` runs on the CPU;
        # `batch = fetcher.get(key)` then `batch.to(device)`: a host batch popped from a queue
    return not ctx.on_cpu(c) and not any(ctx.placement(a) == "cpu" or (
        isinstance(a, ast.Constant) and ctx._device_value(a) == "cpu")  # run(net, "cpu"): the host path
        for a in [*c.args, *(k.value for k in c.keywords)])


def _result_sent_to_device(ctx: Context, c: ast.Call) -> bool:
    """The call's value is bound to a name (``batch = fetcher.get(f"train-{i}")``) whose next use in the same function
    is its copy to the GPU (``batch = batch.to(device)``, ``batch.cuda()``): the call handed back host data (a batch
    popped from a multiprocessing queue, a sample read from disk), host work whatever another region's synchronize
    follows (set 101: a queue read timed on its own, beside a synchronized region around the whole training step)."""
    st = getattr(c, "_wp_stmt", None)
    if not (isinstance(st, ast.Assign) and st.value is c and len(st.targets) == 1 and
            isinstance(st.targets[0], ast.Name)):
        return False
    name, scope = st.targets[0].id, getattr(st, "_wp_scope", None)
    later = [ld for ld in ctx.scope_loads(name, scope) if ld._wp_stmt._wp_idx > st._wp_idx]  # type: ignore[attr-defined]
    if not later:
        return False
    first = min(later, key=lambda ld: (ld.lineno, ld.col_offset))
    use = getattr(first, "_wp_parent", None)
    call = getattr(use, "_wp_parent", None) if isinstance(use, ast.Attribute) and use.value is first else None
    if not (isinstance(call, ast.Call) and call.func is use and use.attr in ("cuda", "to")):
        return False
    if use.attr == "cuda":
        return True
    dev = next((k.value for k in call.keywords if k.arg == "device"), call.args[0] if call.args else None)
    return dev is not None and not ctx.is_tensorish(dev) and (ctx._device_value(dev) == "cuda" or (
        ctx._device_value(dev) != "cpu" and isinstance(dev, (ast.Name, ast.Attribute)) and
        not (dotted(dev) or "").startswith(("torch.", "np.", "numpy."))))  # `.to(device)`, not `.to(torch.float16)`


_HOST_COMPUTE_LIBS = frozenset({"sklearn", "scipy", "numpy", "pandas", "statsmodels", "networkx"})


def _host_library_object(ctx: Context, f: ast.AST) -> bool:
    """``model.fit`` where every binding of ``model`` in the call's function is an object a CPU-only library builds
    (``model = KMeans(...)`` imported from scikit-learn): its methods compute on the host and return done, whatever a
    GPU library's object of the same name does in another function of the file (set 80: cuML's ``KMeans`` beside
    scikit-learn's)."""
    if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)):
        return False
    stmt = getattr(f, "_wp_stmt", None)
    scope = getattr(stmt, "_wp_scope", None)
    from ._evidence import _reaching_values

    values = _reaching_values(ctx, f.value)  # the bindings that reach the call (fresh102: `bg = cv2.bgsegm...`
    if values is None or any(v is None for v in values):  # before the CPU loop, `bg = cv2.cuda...` before the GPU one)
        values = [st.value for st in ctx.assign_stmts.get(f.value.id, [])
                  if getattr(st, "_wp_scope", None) is scope and isinstance(st, ast.Assign)]
    return bool(values) and all(isinstance(v, ast.Call) and _host_built(ctx.qualname(v.func) or "") for v in values)


def _host_built(q: str) -> bool:
    """A constructor of a CPU-only library, or of OpenCV outside its CUDA module (``cv2.bgsegm.createBackground
    SubtractorMOG()`` computes on the host; ``cv2.cuda.createBackgroundSubtractorMOG()`` on the GPU; set 159)."""
    root = q.split(".", 1)[0]
    return root in _HOST_COMPUTE_LIBS or (root == "cv2" and not q.startswith("cv2.cuda"))


def _synced_calls(ctx: Context) -> dict[str, object]:
    """Callee keys -> the region that calls them and then synchronizes explicitly (``x.synchronize()``,
    ``torch.cuda.synchronize()``) before its end reading, computed once per file."""
    cached = ctx.__dict__.get("_wp_synced_calls")
    if cached is not None:
        return cached
    cached = {}
    for q in ctx.regions:
        if q.kind != "host" or q.loop is not None:
            continue
        stmts = q.stmts()
        syncs = [i for i, st in enumerate(stmts) if any(_explicit_sync(ctx, c) for c in stmt_calls(st))]
        last_sync = syncs[-1] if syncs else None
        if last_sync is None or any(ctx.gpu_work_in([n for s in stmts[last_sync + 1:] for n in ast.walk(s)]) or []):
            continue
        # (a synchronize speaks only for the work queued since the one before it: a call made before an earlier
        # synchronize of the region, `chunks = chunk_audio(audio, ...)` before a `torch.cuda.synchronize()` ahead
        # of the inference loop, was drained by that one, set 190)
        for st in stmts[syncs[-2] + 1 if len(syncs) > 1 else 0:last_sync]:
            for c in stmt_calls(st):
                k = callee_key(c)
                if k is None or "." not in k and k not in ctx.functions or ctx.is_clock(c) or ctx.is_sync(c):
                    continue
                if ctx.method(c) in ("append", "extend", "update", "format") or k in ("print", "len", "range"):
                    continue
                cached.setdefault(k, q)
    ctx._wp_synced_calls = cached  # type: ignore[attr-defined]
    return cached


def _explicit_sync(ctx: Context, c: ast.Call) -> bool:
    """A synchronize written as one (``torch.cuda.synchronize()``, ``backend.synchronize()``), not a hidden wait."""
    from .._names import SYNC_ATTRS, SYNC_FUNCS

    return (ctx.call_name(c) or "") in SYNC_FUNCS or (isinstance(c.func, ast.Attribute) and c.func.attr in SYNC_ATTRS)
