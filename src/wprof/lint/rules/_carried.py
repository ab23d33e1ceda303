"""Questions the warm-up walk's policy (``_cold_walk``) asks about a cold region, answered for every shape of code:

- is the first, cold sample carried into the figure the code reports? (:func:`accumulated_total`: a running total
  of the per-iteration intervals, ``s += time.time() - t0``, whatever the total is divided by or printed as);
- is an object the work runs on shown to be on the GPU through where it was made? (:func:`identity_on_gpu`: the
  walk's identity of a parameter, ``pipe`` bound to ``pipe_fp16``, a pipeline built on a model loaded with
  ``device_map=...``);
- does the file put a hub model or pipeline on an accelerator although it never names CUDA?
  (:func:`hub_on_gpu`: ``pipeline(..., device_map="auto")``, ``from_pretrained(..., device_map="auto")``);
- is a call whose result is dropped a warm-up run? (:func:`warm_up_run`: only when the same function is called
  again after it; the last call of a benchmark that prints its own figure is the measurement itself)."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from ._self_placing import builds_self_placing, run_methods, self_placing

_HUB_LOADERS = ("from_pretrained", "pipeline")  # a hub model's or pipeline's constructor (transformers, diffusers)


def accumulated_total(ctx: Context, r) -> bool:
    """A per-iteration host region whose interval is added to a running total made before the loop
    (``s += time.time() - start``, or ``dt = end - start; total += dt``): the total holds every sample, the cold
    first one with them, whatever it is later divided by or printed as."""
    if r.kind != "host":
        return False
    loops = getattr(r.scope.stmts[r.lo], "_wp_loops", ())
    loop = r.loop if r.loop is not None else (loops[-1] if loops else None)
    if loop is None or getattr(loop, "_wp_scope", None) is not r.scope:
        return False
    from ._cold_helpers import _walks_data

    if any(_walks_data(ctx, lp) for lp in loops):
        return False  # a run over a dataset's batches: the first batch's start-up is a small share of the total
    end = r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None
    body = r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]  # type: ignore[attr-defined]
    if end is None or not any(end is s for s in body):
        return False
    temps: set[str] = set()
    first = end  # (from the end reading, not the region's first subtraction: `total = total + t1 - t0`, parsed
    # `(total + t1) - t0`, holds no `t1 - t0` of its own, so a later `print(t1 - t0)` is taken as the interval; set 62)
    for st in body[next((i for i, s in enumerate(body) if s is first), 0):]:
        if isinstance(st, (ast.Continue, ast.Break)):
            return False  # `if i == 0: continue` between the reading and the sum: the first sample is left out
        if isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and _reads(st.value, r, temps):
            target = dotted(st.target)
            return target is not None and not _reset_in(body, target)
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.value, ast.BinOp) and \
                (target := dotted(st.targets[0])) is not None and _adds_to(st.value, target) and \
                _reads(st.value, r, temps):
            return not any(isinstance(s2, ast.Assign) and s2 is not st and any(dotted(t) == target for t in s2.targets)
                           for s2 in body)  # `total = total + (t1 - t0)`: the same running total
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
                _reads(st.value, r, temps):
            temps.add(st.targets[0].id)
    return False


def _adds_to(value: ast.BinOp, target: str) -> bool:
    """``total + (t1 - t0)``, ``dt + total``, ``total + t1 - t0`` (parsed ``(total + t1) - t0``): a sum that adds
    to ``target`` itself, the first term of its chain of ``+``/``-`` or a term of a plain ``+``."""
    if isinstance(value.op, ast.Add) and target in (dotted(value.left), dotted(value.right)):
        return True
    v: ast.AST = value
    while isinstance(v, ast.BinOp) and isinstance(v.op, (ast.Add, ast.Sub)):
        v = v.left
    return dotted(v) == target and v is not value


def _reads(value: ast.AST, r, temps: set) -> bool:
    """``value`` is the region's interval: it reads the end clock (a ``- start`` difference) or a name bound to it."""
    for n in ast.walk(value):
        if isinstance(n, ast.Name) and n.id in temps:
            return True
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and (
                any(x is r.end for x in ast.walk(n.left)) or
                (isinstance(n.right, ast.Name) and isinstance(r.start, ast.Call) and _bound_to(r, n.right.id))):
            return True
    return False


def _bound_to(r, name: str) -> bool:
    """``name`` holds the region's start reading (``start = time.time()``)."""
    st = r.scope.stmts[r.lo]
    return isinstance(st, ast.Assign) and st.value is r.start and any(
        isinstance(t, ast.Name) and t.id == name for t in st.targets)


def _reset_in(body: list, target: str) -> bool:
    """``target`` is bound anew inside the loop (``t = 0`` per iteration): a per-iteration sum, not a running
    total over the samples."""
    return any(isinstance(st, ast.Assign) and any(dotted(t) == target for t in st.targets) for st in body) or any(
        isinstance(n, ast.Assign) and any(dotted(t) == target for t in n.targets)
        for st in body if isinstance(st, (ast.For, ast.While, ast.If, ast.With)) for n in ast.walk(st))


def identity_on_gpu(ctx: Context, key: str) -> bool:
    """The walk's identity ``key`` (``pipe_fp16#16``, ``model#13.generate``) names an object made by an assignment
    of a plain name that the file shows on the GPU (``model_on_gpu``: moved there, loaded with ``device_map=``, a
    pipeline built on such a model or with ``device=0``): a parameter bound to it (``run(pipe, prompt)``) runs
    there too."""
    from ._evidence import model_on_gpu

    head = key.split(".", 1)[0]
    name, sep, _ = head.partition("#")
    return bool(sep) and name.isidentifier() and model_on_gpu(ctx, name)


def hub_on_gpu(ctx: Context) -> bool:
    """The file loads a hub model or pipeline onto an accelerator (``device_map=`` other than the CPU, ``device=``
    a CUDA device or ordinal) though it never names CUDA: ``pipeline("text-generation", model=m,
    device_map="auto")``."""
    memo = ctx.__dict__.get("_wp_hub_on_gpu")
    if memo is None:
        memo = any(isinstance(c.func, (ast.Name, ast.Attribute)) and
                   (dotted(c.func) or "").rsplit(".", 1)[-1] in _HUB_LOADERS and any(
                       (k.arg == "device_map" and ctx._device_value(k.value) != "cpu" and
                        not (isinstance(k.value, ast.Constant) and k.value.value is None)) or
                       (k.arg == "device" and ctx._device_value(k.value) == "cuda") for k in c.keywords)
                   for c in ctx.calls) or builds_self_placing(ctx)
        ctx._wp_hub_on_gpu = memo  # type: ignore[attr-defined]
    return memo


def warm_up_run(ctx: Context, site: ast.Call, shows: bool) -> bool:
    """A call whose result is dropped (``_ = bench(model, N=3)``, ``bench(model)`` as a statement) is a warm-up run
    unless it is the last call of its function and the measurement is shown on the way (``shows``: the timed
    function, or one between it and this call, prints or logs): the only, or last, call of a benchmark that prints
    its own figure is the measurement itself. Called again after it (or in a loop, each iteration calling it
    again), the later call is the measurement."""
    from ._evidence import call_sites

    name = (dotted(site.func) or "").rsplit(".", 1)[-1]
    if not name or not shows:
        return True
    st = getattr(site, "_wp_stmt", None)
    if getattr(st, "_wp_loops", ()):
        return True
    here = (site.lineno, site.col_offset)
    return any(c is not site and (c.lineno, c.col_offset) > here for c in call_sites(ctx, name))


_SHOWN = frozenset({"print", "pprint", "info", "log", "write", "writerow", "warning", "debug", "dump", "add_scalar",
                    "set_postfix", "echo", "secho", "log_metrics"})


def shows_result(ctx: Context, fn: ast.AST | None) -> bool:
    """``fn`` (a function of the program) prints, logs or writes something itself."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    memo = ctx.__dict__.setdefault("_wp_shows_result", {})
    if id(fn) not in memo:
        memo[id(fn)] = any((dotted(c.func) or "").rsplit(".", 1)[-1] in _SHOWN for c in ctx.calls_in_function(fn))
    return memo[id(fn)]


_CUDA_WAITS = ("torch.cuda.", "cupy.cuda.", "numba.cuda.", "pycuda.")


def cuda_synced(ctx: Context, r) -> bool:
    """The region waits for a CUDA device around its work (``torch.cuda.synchronize(device)``, directly or in a
    function of the file it calls: ``_synchronize(device)``), or is timed with CUDA events: the measurement is
    written for the GPU, so an object the program built and runs there (on a device chosen at run time,
    ``get_device()``, ``args.device``) is GPU work."""
    if r.kind == "event":
        return True
    memo = ctx.__dict__.setdefault("_wp_cuda_synced", {})
    if id(r) not in memo:
        memo[id(r)] = any(_cuda_wait(ctx, c) or (
            isinstance(c.func, ast.Name) and isinstance(fn := ctx.functions.get(c.func.id), ast.FunctionDef) and
            any(_cuda_wait(ctx, c2) for c2 in ctx.calls_in_function(fn))) for c in r.calls())
    return memo[id(r)]


def _cuda_wait(ctx: Context, c: ast.Call) -> bool:
    q = ctx.call_name(c) or ""
    return q.startswith(_CUDA_WAITS) and q.rsplit(".", 1)[-1].lower().endswith("synchronize")


def device_built(ctx: Context, name: str, scope=None, at: ast.AST | None = None) -> bool:
    """``name`` is bound to an object a library builds on the GPU (``SentenceTransformer(m, device="cuda")``,
    ``whisper.load_model("base", device="cuda")``): its methods run there. A library object that places itself
    (``LlamaCpp(..., n_gpu_layers=25)``) counts at a call ``at`` only where it is the binding that reaches it: a
    name bound in turn to a hosted API client (``llm = ChatOpenAI(...)``) and to a local GPU model is the client
    before the model is built."""
    memo = ctx.__dict__.setdefault("_wp_device_built", {})
    if at is not None and _self_placed_rebound(ctx, name, at) is False:
        return _device_kw_built(ctx, name) or (scope is not None and _factory_made(ctx, name, scope))
    if name not in memo:
        memo[name] = _device_kw_built(ctx, name) or any(self_placing(ctx, v) for v in ctx.assigns.get(name, ()))
        # (or a library object whose device defaults to CUDA when there is one: `SentenceTransformer(name)`)
    return memo[name] or (scope is not None and _factory_made(ctx, name, scope))


def _self_placed_rebound(ctx: Context, name: str, at: ast.AST) -> bool | None:
    """Whether the binding of ``name`` last made before ``at`` in its scope (``name`` bound more than once, one of
    them a self-placing library object) is such an object; None when that is not the question."""
    memo = ctx.__dict__.setdefault("_wp_self_placed_bindings", {})
    if name not in memo:
        stmts = [(st, self_placing(ctx, st.value)) for st in ctx.assign_stmts.get(name, [])
                 if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets)]
        memo[name] = stmts if len(stmts) >= 2 and any(p for _, p in stmts) else None  # (computed once per name)
    stmts = memo[name]
    line = getattr(at, "lineno", None)
    if stmts is None or line is None:
        return None
    here = getattr(getattr(at, "_wp_stmt", None), "_wp_scope", None)
    before = [(st, p) for st, p in stmts if getattr(st, "_wp_scope", None) is here and st.lineno < line]
    return max(before, key=lambda sp: sp[0].lineno)[1] if before else None


def _device_kw_built(ctx: Context, name: str) -> bool:
    memo = ctx.__dict__.setdefault("_wp_device_kw_built", {})
    if name not in memo:
        memo[name] = any(
            isinstance(v, ast.Call) and isinstance(v.func, (ast.Name, ast.Attribute)) and
            (head := dotted(v.func)) is not None and head.split(".")[0] in ctx.imports and
            not head.rsplit(".", 1)[-1].startswith("from_") and  # (a hub loader places by `device_map`: its
            # `device=` may be no argument at all)
            not (ctx.call_name(v) or "").startswith(("torch.", "numpy.", "cupy.", "jax.")) and
            any(k.arg == "device" and ctx._device_value(k.value) == "cuda" for k in v.keywords)
            for v in ctx.assigns.get(name, ()))
    return memo[name]


def _factory_made(ctx: Context, name: str, scope) -> bool:
    """``name`` is bound in ``scope`` (the region's function) only to what a factory handed the CUDA device returns:
    ``model, args = make(device)`` with ``device`` a CUDA device there."""
    local = ctx._local_bindings(scope) or {}
    vals = [v for st, v in local.get(name, []) if st is not None]
    return bool(vals) and len(vals) == len(local.get(name, [])) and all(_made_for_device(ctx, v) for v in vals)


_RUNS = frozenset({"encode", "transcribe", "predict", "generate", "forward", "infer", "inference", "embed", "detect",
                   "track", "translate", "synthesize", "tts", "segment", "classify", "__call__"})  # what runs a model


def device_object_calls(ctx: Context, r) -> set[int]:
    """The calls of region ``r`` that run an object a library built on the GPU (``model.encode(texts)``,
    ``model.transcribe(path)``, ``model(x)``): GPU work whose first call is cold, whatever its arguments are."""
    out = set()
    for c in r.calls():
        f = c.func
        base = f.value if isinstance(f, ast.Attribute) else f
        if isinstance(f, ast.Attribute) and f.attr not in _RUNS and not (
                isinstance(base, ast.Name) and f.attr in run_methods(ctx, base.id)):
            continue  # (a set-up or a lazy method: `quantize`, `text_completion_stream`, is not the model's run)
        if isinstance(base, ast.Name) and device_built(ctx, base.id, r.scope, at=c):
            out.add(id(c))
        elif isinstance(f, ast.Name) and _moved_in_place(ctx, f.id):
            out.add(id(c))  # `pipe(prompt)` after `pipe = Pipeline.from_pretrained(...)`, `pipe = pipe.to("cuda")`
        elif isinstance(f, ast.Attribute) and isinstance(base, ast.Name) and f.attr in ("generate", "forward") and \
                base.id not in ctx.imports:
            out.add(id(c))  # `m.generate(**batch)` of a model (a parameter, a loader's result): the model's run,
            # whatever its arguments show (the walk reads which object it is)
    return out


def wraps_warm(ctx: Context, c: ast.AST, k: str | None, v) -> bool:
    """A cold ``obj.generate(...)`` / ``obj.forward(...)`` that is a run only by its name (not GPU work the file shows
    otherwise) of an object made from another object that already ran (``gen = KVGenerator(model)`` after
    ``model(x)``): its run is mostly the warm model's."""
    if k is None or not (isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and
                         c.func.attr in ("generate", "forward") and not ctx.is_gpu_work(c)):
        return False
    made = ctx.__dict__.get("_wp_made_from", {}).get(k.rsplit(".", 1)[0], ())
    return any(m in v.ran for m in made)


def _moved_in_place(ctx: Context, name: str) -> bool:
    """``name = name.to("cuda")`` (or ``.cuda()``) rebinds a model or pipeline a loader or constructor made
    (``Pipeline.from_pretrained(...)``, ``Net(cfg)``) to itself on the GPU: calling it runs the model there."""
    vals = ctx.assigns.get(name, ())
    moved = any(isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in ("to", "cuda") and
                isinstance(v.func.value, ast.Name) and v.func.value.id == name and ctx.placement(v) == "cuda"
                for v in vals)
    return moved and (any(isinstance(v, ast.Call) and isinstance(v.func, (ast.Name, ast.Attribute)) and (
        (last := (dotted(v.func) or "").rsplit(".", 1)[-1]) == "from_pretrained" or last in ctx.classes or
        (last[:1].isupper() and not last.isupper())) for v in vals) or imported_object(ctx, vals))


def imported_object(ctx: Context, vals) -> bool:
    """(fresh103) The name's binding before the move reads an object another module made (``model = item.model``
    of a module the program imported, ``model = cfg_module.model``): a model built elsewhere, handed over whole, that
    ``model = model.to("cuda")`` puts on the GPU as any constructed one."""
    return any(isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and
               (v.value.id in ctx.imports or _module_bound(ctx, v.value.id)) for v in vals)


def _module_bound(ctx: Context, name: str) -> bool:
    """``item = importlib.import_module(...)``: a name bound to a module the program imports at run time."""
    return any(isinstance(v, ast.Call) and (dotted(v.func) or "").endswith("import_module")
               for v in ctx.assigns.get(name, ()))


def returned_then_averaged(ctx: Context, r) -> bool:
    """The region's per-iteration samples are returned by its function (``ts.append(dt)`` ... ``return ts``) and
    every call of that function in the file hands them to a mean only (``times = run(...); np.mean(times)``, or
    ``np.mean(run(...))``): the cold first sample is carried into the figure, one function up."""
    from ._evidence import call_sites
    from ._sample_uses import MEAN_FUNCS, drops_first, sample_uses_of

    fn = r.scope.node
    if r.samples is None or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    rets = [n.value for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None]
    where = {_position(v, r.samples) for v in rets}  # the samples returned alone (None) or at a tuple's index
    if len(where) != 1 or -1 in where:
        return False
    at = where.pop()
    sites = [c for c in call_sites(ctx, fn.name) if isinstance(c.func, ast.Name) and c.func.id == fn.name]
    if not sites:
        return False
    for c in sites:
        parent = getattr(c, "_wp_parent", None)
        if isinstance(parent, ast.Call) and parent.args and parent.args[0] is c and \
                (ctx.call_name(parent) or "").rsplit(".", 1)[-1] in MEAN_FUNCS:
            continue  # np.mean(run(...))
        st = getattr(c, "_wp_stmt", None)
        if not (isinstance(st, ast.Assign) and st.value is c and len(st.targets) == 1):
            return False
        target = st.targets[0] if at is None else (
            st.targets[0].elts[at] if isinstance(st.targets[0], ast.Tuple) and len(st.targets[0].elts) > at and
            not any(isinstance(e, ast.Starred) for e in st.targets[0].elts) else None)
        if not isinstance(target, ast.Name):
            return False
        loads = [ld for ld in ctx.loads(target.id) if getattr(ld._wp_stmt, "_wp_scope", None) is st._wp_scope]
        means, others = sample_uses_of(ctx, loads)  # (its uses in the caller)
        if not means or others or any(drops_first(m) for m in means):
            return False
    return True


def _position(value: ast.AST, name: str) -> int | None:
    """Where ``return value`` hands back ``name``: None for ``return name``, the index for ``return out, name``,
    -1 when it does not."""
    if isinstance(value, ast.Name) and value.id == name:
        return None
    if isinstance(value, ast.Tuple):
        hits = [i for i, e in enumerate(value.elts) if isinstance(e, ast.Name) and e.id == name]
        if len(hits) == 1 and not any(isinstance(e, ast.Starred) for e in value.elts):
            return hits[0]
    return -1


def waiting_method_runs(ctx: Context, r) -> set[int]:
    """The calls of region ``r`` of a method of the file's classes that runs GPU work and waits for it itself
    (``self.greedy(ids)`` around ``self.model.generate(...)``): a wait for WP102, but the model's run for the warm-up
    walk, cold on its first call."""
    from .._call_sites import instance_method

    out = set()
    for c in r.calls():
        if not isinstance(c.func, ast.Attribute) or ctx.is_gpu_work(c):
            continue
        own = ctx.own_method(c) or instance_method(ctx, c)
        if own is not None and ctx.method_does_gpu_work(own):
            out.add(id(c))
    return out


def _made_for_device(ctx: Context, v: ast.AST) -> bool:
    """``make(device)`` / ``build(cfg, device=dev)`` with the device a CUDA one (a name bound to ``"cuda"``, or to
    ``"cuda" if torch.cuda.is_available() else "cpu"``): a factory that is handed the device places what it makes
    there. Not a tensor factory of an array library (its result is data, not a model), not a move (``.to``)."""
    if not isinstance(v, ast.Call) or not isinstance(v.func, (ast.Name, ast.Attribute)):
        return False
    q = ctx.call_name(v) or ""
    last = (dotted(v.func) or "").rsplit(".", 1)[-1]
    if q.startswith(("torch.", "numpy.", "cupy.", "jax.")) or last in ("to", "cuda", "device", "get", "getattr") or \
            last.startswith("from_"):
        return False  # (a hub loader places by `device_map`: its `device=` may be no argument at all)
    args = [*v.args, *(k.value for k in v.keywords if k.arg in ("device", "dev"))]
    scope = getattr(getattr(v, "_wp_stmt", None), "_wp_scope", None)
    local = (ctx._local_bindings(scope) or {}) if scope is not None else {}

    def cuda(a: ast.AST) -> bool:  # the device as bound in the factory call's own function (else the file's)
        vals = [val for st, val in local.get(a.id, []) if st is not None] if isinstance(a, ast.Name) else []
        return all(ctx._device_value(val) == "cuda" for val in vals) if vals else ctx._device_value(a) == "cuda"
    return any(isinstance(a, ast.Name) and re.search(r"dev", a.id, re.I) and cuda(a) for a in args)


def restarted_in_loop(r) -> bool:
    """The region's start is read inside a loop that its end read is not in (``for chunk ...: start = time.time();
    launch(...)`` then ``print(time.time() - start)`` after the loop): the interval runs from the last iteration's
    start, so the first iterations' calls, the first call among them, are not in it."""
    if r.loop is not None or r.kind != "host":
        return False
    start = r.scope.stmts[r.lo]
    end = r.scope.stmts[r.hi] if r.hi < len(r.scope.stmts) else None
    inner = [lp for lp in getattr(start, "_wp_loops", ()) if lp not in getattr(end, "_wp_loops", ())]
    return bool(inner) and end is not None
