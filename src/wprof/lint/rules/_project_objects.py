"""The first-run walk (:mod:`._first_run`) crossing into the user's own modules: objects of project classes, context
managers, kernels compiled at import and timed regions of project functions.

The walk expands a call of a function of the file or of a project module at its call site. These calls into
project code were not followed, so what they did on the GPU was invisible to the walk's state (whether the CUDA
context exists, what ran, what is placed on the GPU):

- an instance of a class imported from the project (``tracker = JDETracker(opt)`` with ``JDETracker`` defined in
  ``tracker/multitracker.py``): its ``__init__`` runs at the call (``self.model.cuda()`` there opens the GPU), and its
  methods run where they are called (``tracker.update(blob)``, ``timer("label")`` of a ``__call__``, a context
  manager); the object's class is remembered by the object's identity, in whatever module it was made, so a method
  call is expanded in the class's own module;
- the import of a project module whose Numba kernels are given their signatures (``@cuda.jit("void(float32[:],
  ...)")``): Numba compiles them when the module is imported, so their first launch in the importing file compiles
  nothing (WP112; the signature read in the kernel's own module: :func:`.._infer.eager_imported_kernel`). That
  compile creates the CUDA context, as a kernel of the same file given its signature does (measured: the primary
  context is active after the import in 3 of 3 fresh processes on an H200, benchmarks/eager_jit_context.py; set 174
  judged it so, set 156 the opposite), so a later timed call is not the program's first GPU use
  (:func:`.._infer.import_compiles_kernels`);
- a timed region of a project function the walk enters from a call of the linted file (``measure_generation(model,
  ...)`` of ``metrics.py``): reached with the caller's state, reported at the caller's call when its GPU work never
  ran (:func:`project_region_findings`).

Each is read with the analysis of the module that defines them; the walk stays bounded by its own depth and budget
(a method is expanded as a function of the file is, at most ``_DEPTH`` calls deep, never recursively)."""

from __future__ import annotations

import ast
from typing import Any

from .._walk import defined_method


def project_class(ctx: Any, c: ast.Call) -> tuple[Any, ast.ClassDef] | None:
    """(the defining module's context, the class) when ``c`` builds an instance of a class imported from the user's
    project (``JDETracker(opt)``, ``trk.JDETracker(opt)``); None otherwise (a class of the file is the walk's own)."""
    if not isinstance(c.func, (ast.Name, ast.Attribute)) or getattr(ctx, "import_view", None) is None:
        return None
    if isinstance(c.func, ast.Name) and (c.func.id in ctx.classes or c.func.id in ctx.functions):
        return None
    d = ctx.imported_def(c.func)
    if d is None or not isinstance(d.node, ast.ClassDef):
        return None
    return d.ctx, d.node


def own_method(cls: tuple[Any, ast.ClassDef] | None, name: str) -> tuple | None:
    """(context, def) of the method ``name`` the class defines itself (inherited ones are not followed)."""
    m = defined_method(cls[1], name) if cls is not None else None
    return (cls[0], m) if m is not None else None


def object_of(key: str) -> str | None:
    """The instance identity a callee key starts with (``Timer()#3`` of ``Timer()#3._cuda_sync``)."""
    head, sep, rest = key.partition("()#")
    if not sep:
        return None
    return f"{head}()#{rest.split('.', 1)[0]}"


def method_of(walker: Any, key: str, name: str) -> tuple | None:
    """The method ``name`` of the project class the instance named by ``key`` was made of (``_method`` of
    :mod:`._first_run` answers for the classes of the module being walked)."""
    classes = getattr(walker, "obj_classes", None)
    if not classes:
        return None
    obj = object_of(key)
    return own_method(classes.get(obj), name) if obj is not None else None


# ---------------------------------------------------------------- context managers of the project
def _before_yield(body: list) -> list:
    """The statements of a generator context manager's body that run on entry (up to the first ``yield``)."""
    out = []
    for s in body:
        if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(s)):
            if isinstance(s, ast.If):  # `if off: yield; return` then the timing path: the entry's own test only
                out.append(s.test)
                continue
            break
        out.append(s)
    return out


def _opens_gpu(mctx: Any, cls: tuple | None, nodes: list, depth: int = 0) -> bool:
    """Some call among ``nodes`` uses the GPU and creates the CUDA context (``torch.cuda.synchronize()``; not a
    context-free query such as ``is_available()``), directly or through a method of the same class
    (``self._cuda_sync()``), two calls deep at most."""
    from ._walk_calls import gpu_use
    from ._cold_walk import _context_free_query

    for node in nodes:
        for c in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            if gpu_use(mctx, c, direct=True) and not _context_free_query(mctx, c):
                return True
            f = c.func
            if depth < 2 and cls is not None and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and \
                    f.value.id == "self" and (m := own_method(cls, f.attr)) is not None and \
                    _opens_gpu(mctx, cls, m[1].body, depth + 1):
                return True
    return False


def enter_opens_gpu(walker: Any, s: ast.stmt, env: dict) -> bool:
    """``with <manager>:`` of an object of a project class (``with timer("PYG"):`` whose ``__call__`` is a generator
    context manager, or whose ``__enter__`` runs) or of a project function decorated ``@contextmanager``: the code
    that runs on entry, before the body (a timer's start reading), uses the GPU (``torch.cuda.synchronize()``), so
    the CUDA context exists when the timed body starts."""
    if not isinstance(s, (ast.With, ast.AsyncWith)):
        return False
    for it in s.items:
        e = it.context_expr
        call = e if isinstance(e, ast.Call) else None
        key = walker.ident(call.func if call is not None else e, env)
        obj = object_of(key) if isinstance(key, str) else None
        cls = walker.obj_classes.get(obj) if obj is not None else None
        if cls is not None:
            name = "__call__" if call is not None and isinstance(call.func, ast.Name) else \
                call.func.attr if call is not None and isinstance(call.func, ast.Attribute) else None
            if _object_entry_opens_gpu(cls, (name, "__enter__"), enter_whole=True):
                return True
        elif call is not None and isinstance(call.func, (ast.Name, ast.Attribute)) and \
                walker.cur.imported_function(call) is not None:
            d = walker.cur.imported_function(call)
            if _opens_gpu(d.ctx, None, _before_yield(d.node.body)):
                return True
    return False


def _entry_body(fn: ast.AST) -> list:
    """What runs when ``fn`` is called: its whole body, or up to the first ``yield`` for a generator context manager
    (the entry of ``with fn(...):``)."""
    gen = any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(fn))
    return _before_yield(fn.body) if gen else fn.body  # type: ignore[attr-defined]


def _object_entry_opens_gpu(cls: tuple, names: tuple, enter_whole: bool) -> bool:
    """What runs on entry of one of the methods ``names`` of a project class (a ``__call__`` up to its first
    ``yield``) opens the GPU. ``enter_whole``: an ``__enter__``'s whole body runs even when it holds a ``yield``
    (the ``with`` check reads it so; the call check reads every method as :func:`_entry_body` does)."""
    for name in names:
        m = own_method(cls, name) if name else None
        if m is None:
            continue
        body = m[1].body if enter_whole and m[1].name == "__enter__" else _entry_body(m[1])
        if _opens_gpu(m[0], cls, body):
            return True
    return False


def project_call_opens_gpu(ctx: Any, c: ast.Call) -> bool:
    """A call into the user's project code whose own body opens the GPU (a ``torch.cuda`` call, a copy to the GPU,
    a launch), read in its module: a project class built (its ``__init__``: ``self.model.cuda()``), a project
    function, or the entry of a project object called or used as a context manager (``timer("x")`` whose
    ``__call__`` synchronizes before its ``yield``). For the script-level first-use check (``_cold_array_lib``), the
    counterpart of what the first-run walk sees by expanding the call."""
    if getattr(ctx, "import_view", None) is None or not isinstance(c.func, (ast.Name, ast.Attribute)):
        return False
    memo = ctx.__dict__.setdefault("_wp_project_opens_gpu", {})
    if id(c) in memo:
        return memo[id(c)]
    memo[id(c)] = False
    found = False
    cls = project_class(ctx, c)
    if cls is not None:
        m = own_method(cls, "__init__")
        found = m is not None and _opens_gpu(m[0], cls, m[1].body)
    elif (d := ctx.imported_function(c)) is not None:
        found = _opens_gpu(d.ctx, None, _entry_body(d.node))
    elif isinstance(c.func, ast.Name):  # `timer("x")` of `timer = SyncedTimer()`: its __call__
        values = ctx.assigns.get(c.func.id, [])
        classes = [project_class(ctx, v) if isinstance(v, ast.Call) else None for v in values]
        if values and all(k is not None for k in classes) and len({id(k[1]) for k in classes}) == 1:
            found = _object_entry_opens_gpu(classes[0], ("__call__", "__enter__"), enter_whole=False)
    else:
        d = ctx.imported_method(c)  # `tracker.update(x)` of an instance of a project class
        if d is not None:
            found = _opens_gpu(d.ctx, None, _entry_body(d.node))
    memo[id(c)] = found
    return found


# ---------------------------------------------------------------- timed regions of project functions
def region_starts(mctx: Any, fn: ast.AST) -> list:
    """The outermost timed regions of the project function ``fn`` (in its module ``mctx``): the first-run walk,
    entering ``fn`` at a call of the linted file, arrives at their starts with the caller's state."""
    return [r for r in getattr(mctx, "regions", ()) if r.outer is None and r.scope.node is fn]


def _in_loop(node: ast.AST, stop: ast.AST | None = None) -> bool:
    """``node`` sits inside a ``for``/``while`` (or a comprehension) below ``stop`` (its function's body when None)."""
    p = getattr(node, "_wp_parent", None)
    while p is not None and p is not stop and not isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                 ast.Lambda, ast.ClassDef, ast.Module)):
        if isinstance(p, (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp,
                          ast.GeneratorExp)):
            return True
        p = getattr(p, "_wp_parent", None)
    return False


def project_region_findings(ctx: Any) -> list[tuple[ast.AST, str]]:
    """(the linted file's call, message) for a timed region of a project function (``measure_generation`` in
    ``metrics.py``) that the first-run walk reached from that call with its timed GPU work never run before: a
    model the file loaded (``load_model()`` putting it on the GPU) handed to a helper whose region holds its first
    ``generate``. Reported at the file's call, where the user times it (the helper is only cold through this
    caller). One-shot only: the call, the region and the cold work are not inside loops (a loop's first pass among
    many is the amortization the file-local analysis judges), and neither module labels a warm-up or a first call."""
    from ._first_run import visits
    from ._common import _times_first_call, mentions_warmup

    if getattr(ctx, "import_view", None) is None or not ctx.import_view.project.enabled:
        return []
    visits(ctx)
    by_site: dict[tuple[int, int], list] = {}
    for mctx, r, v in ctx.__dict__.get("_wp_foreign_visits", ()):
        if not v.sites:
            continue
        by_site.setdefault((id(r), id(v.sites[0])), []).append((mctx, r, v))
    own_calls = {id(c) for c in ctx.calls}
    out: list[tuple[ast.AST, str]] = []
    seen: set[int] = set()
    for group in by_site.values():
        mctx, r, v = group[0]
        site = v.sites[0]
        if not (mctx.uses_gpu or getattr(ctx, "uses_gpu", False)):
            continue  # (the helper's module or the file shows the GPU)
        if id(site) not in own_calls or id(site) in seen or (scope := getattr(getattr(site, "_wp_stmt", None), "_wp_scope", None)) is None or \
                mentions_warmup(ctx, scope):
            continue
        from ._cold_walk import _dropped
        from ._warm_comments import labelled_warmup

        if _dropped(ctx, site) or labelled_warmup(ctx, site):
            continue  # `measure(model, ...)` as a statement of its own, its measurement thrown away: a warm-up
        if any(w.entry or w.later or w.unknown or not w.cold for _, _, w in group):
            continue  # (a caller the walk could not follow, or a visit that found the work warm)
        if r.loop is not None or any(_in_loop(s) for s in v.sites) or \
                mentions_warmup(mctx, r.scope) or _times_first_call(mctx, r):
            continue
        cold = [(n, k) for n, k in v.cold if isinstance(k, str) and not _in_loop(n, r.scope.node)]
        if not cold or len(cold) != len(v.cold):
            continue
        n, k = cold[0]
        from .._imported import _shown

        where = f"{_shown(mctx.path)}:{getattr(n, 'lineno', r.scope.stmts[r.lo].lineno)}"
        name = getattr(r.scope.node, "name", "?")
        what = mctx.text(n.func) if isinstance(n, ast.Call) else mctx.text(n)
        seen.add(id(site))
        out.append((site, f"`{what}` is timed without a warmup call (it never ran before this timed region; in "
                          f"`{name}`, {where}, called here)"))
    return out
