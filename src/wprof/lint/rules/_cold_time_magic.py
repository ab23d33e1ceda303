"""WP103/WP112 for ``%time`` / ``%%time``: one run of the timed code, its wall time reported as is.

A notebook's ``%time z = gemm(x_gpu, y_gpu)`` runs the statement once: when the GPU work in it never ran before in
the notebook, that one sample is the cold first call (a cuBLAS handle, a kernel loaded or JIT-compiled), reported
as the op's speed. Only short work shown on the GPU in so many words counts:

- the timed code and the file's functions it calls hold no loop (a sampler of 1000 steps, a training epoch: the
  cold start is a small part of a long run), no backward pass, no ``generate``/``fit``/``train`` call (a cell's wall
  time shown for a generation or a training run is not a benchmark claim);
- the work is the first GPU call of the timed code, shown on the GPU (``on_gpu``: data placed there, a CuPy call, a
  kernel launch); for a function of the file, the GPU calls its body makes in so many words (a notebook rebinds
  names, so a parameter's placement read through the notebook's other cells is not enough), none of which ran
  before (at the top level, or in another function of the file called earlier).

A compiled callee (a JIT kernel, ``@triton.jit``, ``torch.compile``) is WP112's, the rest WP103's."""

from __future__ import annotations

import ast
import bisect

from .._context import Context, dotted
from ._common import callee_key, called_before

_RUNS = frozenset({"backward", "generate", "fit", "train", "train_model", "evaluate"})
# copies and allocations: their first call is not a cold start of their own (the context aside)
_MOVES = frozenset({"to_device", "asarray", "array", "asnumpy", "get", "copy_to_host", "to", "cuda", "cpu", "zeros",
                    "empty", "ones", "full", "device_array", "device_array_like", "to_gpu", "empty_like", "zeros_like",
                    "synchronize"})
_GPU_LIBS = ("cupy.", "cupyx.", "numba.cuda.", "pycuda.", "torch.cuda.")


def _top_level(ctx: Context) -> tuple:
    """(the module scope, its top-level statements, their first lines): where a magic sits among the cells' code."""
    scope = ctx.scopes[0]
    body = [st for st in scope.stmts if isinstance(getattr(st, "_wp_parent", None), ast.Module)]
    return scope, body, [st.lineno for st in body]


def _magic_sites(ctx: Context, magics, body: list, lines: list):
    """(magic, its parsed code, k, before) for each magic of ``magics`` with code and a top-level statement at or
    after it: ``body[:k]`` is the cells' code before it, ``before`` the index of the statement that follows it."""
    from .timeit_magic_on_gpu_work import magic_tree

    for m in magics:
        tree = magic_tree(ctx, m)
        k = bisect.bisect_left(lines, m.line)
        if tree is not None and k < len(body):
            yield m, tree, k, body[k]._wp_idx  # type: ignore[attr-defined]


def cold_time_magics(ctx: Context) -> list:
    """(magic, key, compiled) for each ``%time``/``%%time`` whose single run is the first call of its GPU work."""
    cached = ctx.__dict__.get("_wp_cold_time_magics")
    if cached is not None:
        return cached
    out: list = []
    ctx._wp_cold_time_magics = out  # type: ignore[attr-defined]
    if not ctx.magics or not ctx.scopes or not any(m.name == "time" for m in ctx.magics):
        return out
    from .._waits import _blocking_host_copy
    from .timeit_magic_on_gpu_work import _gpu_work, _host_bound_here, _nodes

    scope, body, lines = _top_level(ctx)
    for m, tree, k, before in _magic_sites(ctx, [m for m in ctx.magics if m.name == "time"], body, lines):
        nodes = _nodes(tree)
        if _runs(ctx, nodes):
            if (launched := _own_launches(ctx, tree, nodes)) is not None:
                out.append((m, launched, True))
            continue
        cold = []  # (key, compiled) for each GPU call of the timed code whose work never ran before
        host = frozenset(_host_bound_here(ctx, nodes))
        fresh = own_kernels(ctx, tree)
        for c in nodes:
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Subscript) and \
                    isinstance(c.func.value, ast.Name) and c.func.value.id in fresh:
                cold.append((c.func.value.id, True))  # a kernel the timed cell defines: compiled on this launch
                continue
            if not isinstance(c, ast.Call) or (key := callee_key(c)) is None or key.rpartition(".")[2] in _MOVES or \
                    _blocking_host_copy(ctx, c, host):
                continue  # (a copy or an allocation: no cold start of its own, the context aside)
            fn = ctx.functions.get(c.func.id) if isinstance(c.func, ast.Name) else None
            if fn is not None:  # a function of the file: the GPU calls its body makes in so many words
                inner = [n for n in ast.walk(fn) if isinstance(n, ast.Call) and ctx.is_gpu_work(n) and
                         _shown(ctx, n, placed=False)]
                if _runs(ctx, list(ast.walk(fn))):
                    cold = []
                    break  # a run (a loop in it): not one sample of an op
                keys = [key, *(k2 for k2 in (callee_key(n) for n in inner) if k2 is not None)]
                if not inner or any(_ran_before(ctx, k2, scope, before, fn) for k2 in keys):
                    continue
            elif not (ctx.is_gpu_work(c, fn_scope=True) and _shown(ctx, c)) or \
                    _ran_before(ctx, key, scope, before, None):
                continue
            else:
                keys = [key]
            cold.append((key, any(ctx.is_compiled(k2) for k2 in keys)))
        if not cold or _gpu_work(ctx, nodes, m.line) is None:
            continue
        key, compiled = next((x for x in cold if x[1]), cold[0])  # a compiled kernel's first launch first
        if compiled and _retimed(ctx, scope, tree, nodes, key, m):
            continue  # the first run timed on purpose, the same call timed again later as the warm figure
        out.append((m, key, compiled))
    return out


def own_kernels(ctx: Context, tree: ast.AST) -> frozenset[str]:
    """Kernels the timed code defines itself (``@cuda.jit def foo`` inside a ``%%time`` cell, launched there as
    ``foo[blocks, threads](...)``): a new function object, so its first launch JIT-compiles it inside the timing,
    whatever an earlier cell launched under that name."""
    from .._infer import _cpu_jit
    from .._names import COMPILERS

    out = set()
    for d in ast.walk(tree):
        if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for dec in d.decorator_list:
                target = dec.func if isinstance(dec, ast.Call) else dec
                q = ctx.qualname(target) or ""
                if (q in COMPILERS or q.endswith(".jit")) and not _cpu_jit(q, dec) and \
                        not (isinstance(dec, ast.Call) and (dec.args or any(k.arg in ("argtypes", "signature")
                                                                            for k in dec.keywords))):
                    out.add(d.name)  # (with a signature Numba compiles it at the `def`, outside the launch)
    return frozenset(out)


def _own_launches(ctx: Context, tree: ast.AST, nodes: list) -> str | None:
    """The first kernel the timed cell defines (``@cuda.jit`` with no signature) and launches itself, outside any
    function of the cell, in a cell that is a run (a time-stepping loop): the kernel is a new object, compiled on that
    launch, whatever the loop's length; a fixed cost inside the reported time. Not with a training or generation
    call (the cell's wall time of a whole job)."""
    fresh = own_kernels(ctx, tree)
    if not fresh or any(isinstance(n, ast.Call) and (ctx.method(n) or getattr(n.func, "id", "")) in _RUNS
                        for n in nodes):
        return None
    inside = {id(n) for d in ast.walk(tree) if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
              for n in ast.walk(d)}
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript) and id(n) not in inside and \
                isinstance(n.func.value, ast.Name) and n.func.value.id in fresh:
            return n.func.value.id
    return None


def _shown(ctx: Context, call: ast.Call, placed: bool = True) -> bool:
    """The call runs on the GPU in so many words: a kernel launch (``kern[grid, block](...)``) of a compiled
    kernel, a call of a GPU library, or (``placed``) a call on data shown placed there: inside a function of the
    file, where the data are its parameters, only the first two."""
    from ._evidence import on_gpu

    if isinstance(call.func, ast.Subscript):
        return ctx.is_compiled(callee_key(call))
    return (ctx.call_name(call) or "").startswith(_GPU_LIBS) or (placed and on_gpu(ctx, call))


def _runs(ctx: Context, nodes: list) -> bool:
    """A loop, a backward pass, a generation or a training call: a run, not one sample of an op."""
    return any(isinstance(n, (ast.For, ast.While, ast.AsyncFor, ast.comprehension)) or
               (isinstance(n, ast.Call) and (ctx.method(n) or getattr(n.func, "id", "")) in _RUNS) for n in nodes)


def _ran_before(ctx: Context, key: str, scope, before: int, own: ast.AST | None) -> bool:
    if called_before(ctx, key, scope, before):
        return True
    for name, fn in ctx.functions.items():  # a function of the file that makes the same call and ran before
        if fn is own or not called_before(ctx, name, scope, before):
            continue
        if any(isinstance(n, ast.Call) and callee_key(n) == key for n in ast.walk(fn)):
            return True
    return False


_INLINE_COMPILERS = frozenset({"jax.jit", "jax.pmap", "numba.jit", "numba.njit", "numba.cuda.jit"})


def cold_timeit_magics(ctx: Context) -> list:
    """(magic, key) for a ``%timeit -n N`` / ``%%timeit -n N`` (a loop count given: no autorange, whose calibration
    runs would take the first call and be discarded) whose timed code calls a compiled callable never called before
    in the notebook (``loss_jit = jit(loss)`` then ``%timeit -n 5 -r 5 loss_jit(p, b)``; ``pmap(jnp.dot)(x, x)``
    written inline): its first loop compiles, and that loop's time is one of the runs the mean and the spread are
    taken over. ``-n 1 -r 1`` is ``no_warmup.cold_single_run_magics``'s."""
    cached = ctx.__dict__.get("_wp_cold_timeit_magics")
    if cached is not None:
        return cached
    out: list = []
    ctx._wp_cold_timeit_magics = out  # type: ignore[attr-defined]
    if not ctx.magics or not ctx.scopes or not any(m.name == "timeit" for m in ctx.magics):
        return out
    from .no_warmup import _option
    from .timeit_magic_on_gpu_work import _nodes

    def counted(m) -> bool:  # `-n N` given (no autorange), not the `-n 1 -r 1` single run
        n = _option(m.args, "-n")
        return m.name == "timeit" and n is not None and n.isdigit() and not (n == "1" and _option(m.args, "-r") == "1")

    scope, body, lines = _top_level(ctx)
    for m, tree, k, before in _magic_sites(ctx, [m for m in ctx.magics if counted(m)], body, lines):
        nodes = _nodes(tree)
        for c in nodes:
            if not isinstance(c, ast.Call):
                continue
            if isinstance(c.func, ast.Call) and (ctx.qualname(c.func.func) or "") in _INLINE_COMPILERS and \
                    c.func.args and not c.func.keywords:
                key = dotted(c.func.func) or ""  # `pmap(jnp.dot)(x, x)`: compiled once per function, here
                what = ast.dump(c.func)
                if not any(isinstance(n2, ast.Call) and isinstance(n2.func, ast.Call) and
                           ast.dump(n2.func) == what for st in body[:k] for n2 in ast.walk(st)):
                    out.append((m, f"{key}({dotted(c.func.args[0]) or '...'})"))
                    break
                continue
            key = callee_key(c)
            if key is None or not isinstance(c.func, ast.Name) or not _compiled_itself(ctx, key) or \
                    _ran_before(ctx, key, scope, before, None) or _handed_before(body[:k], key):
                continue
            out.append((m, key))
            break
    return out


def _handed_before(stmts: list, name: str) -> bool:
    """``name`` handed to a call in an earlier statement (``jax.block_until_ready(f(x))`` aside, a library that may
    run it: ``bench(f)``)."""
    return any(isinstance(n, ast.Call) and any(isinstance(a, ast.Name) and a.id == name for a in n.args)
               for st in stmts for n in ast.walk(st))


def _compiled_itself(ctx: Context, name: str) -> bool:
    """``name`` is a compiled callable itself: a function of the file under a JIT decorator (``@jax.jit``,
    ``@cuda.jit``), or a name bound only by compile calls (``f_jit = jit(f)``); not a plain function that launches
    one (its kernels may have run before under another caller)."""
    from ._first_run import _compile_call

    fn = ctx.functions.get(name)
    if fn is not None:
        return name in own_kernels(ctx, fn) or ctx.is_compiled(name) and any(
            (ctx.qualname(d.func if isinstance(d, ast.Call) else d) or "").startswith(("numba.", "jax."))
            for d in fn.decorator_list)
    values = ctx.assigns.get(name, [])
    return bool(values) and all(_compile_call(ctx, v) for v in values)


def cold_autorange_magics(ctx: Context) -> dict:
    """{id(magic): name} for a ``%timeit`` / ``%%timeit`` with no ``-n`` (IPython picks the loop count) whose timed
    code calls a callable compiled on its first call (a Numba ``@cuda.jit`` kernel or CUDA ufunc with no signature,
    a Triton kernel, a ``jax.jit`` or ``torch.compile`` function) that no earlier cell nor earlier timing magic called:
    IPython's first try holds the compile, lasts more than 0.2 s, so it settles on 1 call per run. Which timed code
    is GPU work, synchronized or not, is the caller's (WP115)."""
    cached = ctx.__dict__.get("_wp_cold_autorange_magics")
    if cached is not None:
        return cached
    out: dict = {}
    ctx._wp_cold_autorange_magics = out  # type: ignore[attr-defined]
    if not ctx.magics or not ctx.scopes or not any(m.name == "timeit" for m in ctx.magics):
        return out
    from .._notebook import TIMING_MAGICS, timeit_number
    from .timeit_magic_on_gpu_work import _nodes, magic_tree

    scope, body, lines = _top_level(ctx)
    magics = sorted((m for m in ctx.magics if m.name in TIMING_MAGICS), key=lambda x: x.line)
    timed_before: set[str] = set()  # names an earlier timing magic called (its code is not in the program)
    for m in magics:
        tree = magic_tree(ctx, m)
        if tree is None:
            continue
        nodes = _nodes(tree)
        calls = [c for c in nodes if isinstance(c, ast.Call)]
        k = bisect.bisect_left(lines, m.line)
        if m.name == "timeit" and timeit_number(m.args) is None and k < len(body):
            before = body[k]._wp_idx  # type: ignore[attr-defined]
            for c in calls:
                key = callee_key(c)
                if key is None or not isinstance(c.func, (ast.Name, ast.Subscript)) or \
                        (isinstance(c.func, ast.Subscript) and not isinstance(c.func.value, ast.Name)):
                    continue
                if key in timed_before or not _lazily_compiled(ctx, key) or \
                        _ran_before(ctx, key, scope, before, None) or _handed_before(body[:k], key):
                    continue
                out[id(m)] = key
                break
        timed_before.update(k2 for c in calls if (k2 := callee_key(c)) is not None)
    return out


def _lazily_compiled(ctx: Context, name: str) -> bool:
    """``name`` is compiled on its first call: a compiled callable itself (``_compiled_itself``) that is not given its
    signature (``@vectorize(["float32(float32)"], target="cuda")`` and ``@cuda.jit("void(f4[:])")`` compile at the
    ``def``), nor a CPU-only ``@jit``."""
    from .._infer import _cpu_jit, eager_numba_kernel

    if not _compiled_itself(ctx, name):
        return False
    fn = ctx.functions.get(name)
    for d in getattr(fn, "decorator_list", ()):
        q = ctx.qualname(d.func if isinstance(d, ast.Call) else d) or ""
        if eager_numba_kernel(q, d) or _cpu_jit(q, d):
            return False
        if q.rpartition(".")[2] in ("vectorize", "guvectorize") and isinstance(d, ast.Call) and d.args and (
                q.endswith(".vectorize") or len(d.args) > 1 or isinstance(d.args[0], (ast.List, ast.Tuple))):
            return False  # signatures given: built when defined
    return True


def _retimed(ctx: Context, scope, tree: ast.AST, nodes: list, key: str, m) -> bool:
    """The ``%time`` cell's cold call of ``key`` is timed again by the next later timing of it (see
    :mod:`._retimed`)."""
    from ._retimed import retimed_later

    call = next((n for n in nodes if isinstance(n, ast.Call) and callee_key(n) == key), None)
    if call is None or any(isinstance(n, (ast.For, ast.While, ast.AsyncFor)) for n in nodes):
        return False
    end = max((getattr(n, "end_lineno", 0) or 0 for n in ast.walk(tree)), default=m.line)
    return retimed_later(ctx, scope, call, key, max(end, m.line))
