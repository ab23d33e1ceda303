"""WP103 for a model whose first call is timed although the generic warmup analysis sees it run, or does not see it
at all: a model built anew by the timing function on each call, a timing function handed a freshly loaded model,
and a few timed training steps whose backward is the first of the script (split from ``_cold_helpers``)."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from .._walk import Scope, stmt_calls
from ._cold_helpers import _SETUP, _bound, _used, helper_regions
from ._common import (_times_first_call, callee_key, called_before, end_to_end, enclosing_params, is_library,
                      mentions_warmup, work_items)
from ._enclosing_models import enclosing_fresh_model
from ._evidence import call_sites, cpu_only, on_gpu


def fresh_model_first_calls(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """A function that builds its model anew (``model = whisper.load_model(name)``, ``model = Llama(args);
    model.to("cuda")``, then perhaps ``model = model.half()``) and times the model's first call, once (``model.x(...)``
    or a function handed the model, ``generate(model, ...)``): every call of the function (one per model name,
    precision or configuration) times a cold first call (sets 22 and 24: whisper_bench, mini_llm, ml-systems-llama).
    The generic analysis leaves a function called again alone, as warmed by its earlier calls; a fresh model is not.
    The model is shown on the GPU: moved there, loaded in a ``try`` that catches ``torch.cuda.OutOfMemoryError``,
    loaded with a ``device`` argument and timed between CUDA synchronizes, or built by a library constructor that
    places itself on the GPU (``WhisperModel(size, device="cuda")``, ``ort.InferenceSession(path,
    providers=["CUDAExecutionProvider"])``: ``_self_placing``; sets 56 and 61). (call, key, the loader's text)."""
    from ._evidence import model_on_gpu
    from ._self_placing import self_placing
    from ._warm_sources import loader_runs_model

    out: list[tuple[ast.Call, str, str]] = []
    done: set[int] = set()
    for r, fn in helper_regions(ctx, done):
        if r.inner_loops() or not r.scope.params:
            continue
        from ._common import mentions_warmup_for

        if mentions_warmup_for(ctx, r) or _times_first_call(ctx, r) or end_to_end(ctx, r) or \
                cpu_only(ctx, r.scope.stmts[r.lo]):
            continue
        for c in r.calls():
            key = callee_key(c)
            if not key or ctx.method(c) in _SETUP:
                continue
            head = key.split(".")[0]
            names = [head]  # `model.generate(...)`; a function handed the model: `generate(model, tok, ...)`
            if isinstance(c.func, ast.Name) or head in ctx.imports:  # (`lib.decode(model, ...)` too)
                names += [a.id for a in [*c.args, *(k.value for k in c.keywords if k.arg)] if isinstance(a, ast.Name)]
            hit = None
            if ctx.is_compiled(key) or ctx.is_compiled(head):
                continue  # compiled: WP112's
            if _started_in_later_iteration(r, c):
                continue
            for name in names:
                if name in r.scope.params or name == "self" or ctx.is_compiled(name):
                    continue
                loader = _fresh_model(ctx, name, r)
                outer = None
                if loader is None and (loader := enclosing_fresh_model(ctx, name, r, _fresh_model, _used)) is not None:
                    outer = fn._wp_scope.node.name  # type: ignore[attr-defined]  # a thread target's free model
                if loader is not None and not _used(name, r.scope, r.lo) and not loader_runs_model(ctx, loader) and \
                        (model_on_gpu(ctx, name) or _oom_guarded(ctx, loader._wp_stmt) or  # type: ignore
                         _synced_with_device(ctx, r, loader) or self_placing(ctx, loader)):
                    hit = loader
                    break
            if hit is not None:
                done.add(id(fn))
                out.append((c, key, ctx.text(hit.func) + (f"`, in the enclosing `{outer}" if outer else "")))
                break
    return out


def _started_in_later_iteration(r, call: ast.Call) -> bool:
    """The timer starts inside a loop that also runs ``call`` (``for i in range(60): if i == 10: since = time.time()``
    ... ``net(x)``): the iterations before the start ran it untimed, a warm-up."""
    start = r.scope.stmts[r.lo]
    st = getattr(call, "_wp_stmt", None)
    loops = getattr(start, "_wp_loops", ()) or ()
    return st is not None and any(lp in (getattr(st, "_wp_loops", ()) or ()) for lp in loops)


def _fresh_model(ctx: Context, name: str, r) -> ast.Call | None:
    """``name`` is built in the region's function before the region by a call (a constructor or a loader of a model,
    not of a tensor), possibly re-bound by set-up chains of itself (``model = model.half()``): the loader call."""
    binds = [st for st in r.scope.stmts if isinstance(st, ast.Assign) and len(st.targets) == 1 and
             isinstance(st.targets[0], ast.Name) and st.targets[0].id == name]
    if not binds or any(b._wp_idx >= r.lo for b in binds) or not isinstance(binds[0].value, ast.Call):  # type: ignore
        return None
    first = binds[0].value
    root = first
    while isinstance(root, ast.Call) and isinstance(root.func, ast.Attribute) and isinstance(root.func.value, ast.Call):
        root = root.func.value
    if isinstance(root, ast.Call) and (dotted(root.func) or "").split(".")[0] in r.scope.params:
        return None  # `inputs = tokenizer(prompt).to(device)`: made by a handed-in object, data rather than a model
    for b in binds[1:]:
        v = b.value
        if not (isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _SETUP and
                isinstance(v.func.value, ast.Name) and v.func.value.id == name):
            return None
    if ctx.is_tensorish(ast.Name(id=name, ctx=ast.Load())) or (ctx.call_name(first) or "").startswith(
            ("torch.", "numpy.", "cupy.")) and not (ctx.call_name(first) or "").startswith("torch.nn."):
        return None  # a tensor (`x = torch.randn(...)`), not a model
    return first


def _synced_with_device(ctx: Context, r, loader: ast.Call) -> bool:
    """The loader is handed a device (``load_model(ckpt, device)``) and a CUDA synchronize comes right before the
    region (``if device.type == "cuda": torch.cuda.synchronize()``): the timed model runs on the GPU."""
    if not any(isinstance(n, (ast.Name, ast.Attribute)) and "device" in (dotted(n) or "").lower()
               for a in [*loader.args, *(k.value for k in loader.keywords)] for n in ast.walk(a)):
        return False
    return any(ctx.call_name(c) == "torch.cuda.synchronize"
               for st in r.scope.stmts[max(0, r.lo - 2):r.lo] for c in stmt_calls(st))


def _oom_guarded(ctx: Context, st: ast.stmt) -> bool:
    """``st`` sits in a ``try`` one of whose handlers catches a CUDA out-of-memory error: what it builds goes to the
    GPU."""
    node = getattr(st, "_wp_parent", None)
    while isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if isinstance(node, ast.Try) and any(
                h.type is not None and any((ctx.qualname(n) or "").endswith("OutOfMemoryError")
                                           for n in ast.walk(h.type) if isinstance(n, (ast.Attribute, ast.Name)))
                for h in node.handlers):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


def cold_model_params(ctx: Context) -> list[tuple[ast.AST, str, str]]:
    """A timing function whose timed work is a call of its model parameter (``model.generate(**inputs)``), never run
    before in it, called with a model its caller has just built (``model, tok = load(prec)`` in the same loop
    iteration, or ``timed(load(dt), ids)``) and not run before the call: every call times a fresh model's first call
    (set 25: SwastikP ``run_benchmark``, Rana, cby). The model is shown on the GPU (its name, the loader moving it
    there, or the call's own evidence). (timed call, key, the caller's argument)."""
    from ._common import mentions_warmup_for
    from ._evidence import model_on_gpu
    from ._warm_sources import loader_runs_model

    out: list[tuple[ast.AST, str, str]] = []
    done: set[int] = set()
    for r, fn in helper_regions(ctx, done):
        if mentions_warmup_for(ctx, r) or _times_first_call(ctx, r) or end_to_end(ctx, r) or \
                cpu_only(ctx, r.scope.stmts[r.lo]):
            continue
        params = [a.arg for a in fn.args.args]
        work = work_items(ctx, r)
        cold = next(((c, k) for c in work if (k := callee_key(c)) and k.split(".")[0] in params and
                     k.rsplit(".", 1)[-1] not in _SETUP), None)
        if cold is None or any(called_before(ctx, k, r.scope, r.lo) for c in work if (k := callee_key(c))):
            continue
        c, key = cold
        p = key.split(".")[0]
        if _used(p, r.scope, r.lo):
            continue  # the helper runs (or hands on) its model before the clock starts
        sites = [s for s in call_sites(ctx, fn.name) if isinstance(s.func, ast.Name) and s.func.id == fn.name]
        if not sites:
            continue
        fresh = []
        for site in sites:
            arg = _bound(site, fn, params.index(p))
            st = site._wp_stmt  # type: ignore[attr-defined]
            caller: Scope = st._wp_scope
            if mentions_warmup(ctx, caller):
                break
            if isinstance(arg, ast.Call) and loader_runs_model(ctx, arg):
                break  # the loader runs the model before returning it: warm
            if isinstance(arg, ast.Call) and (ctx.placement(arg) == "cuda" or on_gpu(ctx, c)):
                fresh.append(ctx.text(arg))  # `timed(load(dt), ids)`: built for this call
                continue
            if not isinstance(arg, ast.Name) or arg.id in enclosing_params(caller):
                break
            binds = [b for b in caller.stmts[:st._wp_idx] if isinstance(b, ast.Assign) and
                     any(isinstance(n, ast.Name) and n.id == arg.id for t in b.targets for n in ast.walk(t))]
            if not binds or not isinstance(binds[-1].value, ast.Call) or \
                    tuple(getattr(binds[-1], "_wp_loops", ())) != tuple(st._wp_loops) or \
                    _used_between(arg.id, caller, binds[-1]._wp_idx, st._wp_idx):  # type: ignore[attr-defined]
                break  # not freshly built for this call (in the same loop iteration), or run in between
            v = binds[-1].value
            if loader_runs_model(ctx, v):
                break
            if not (model_on_gpu(ctx, arg.id) or ctx.placement(v) == "cuda" or on_gpu(ctx, c) or (
                    isinstance(v.func, ast.Name) and v.func.id in ctx.functions and
                    ctx._moves_to_gpu(ctx.functions[v.func.id]))):
                break
            fresh.append(arg.id)
        else:
            done.add(id(fn))
            out.append((c, key, fresh[0]))
    return out


def _used_between(name: str, scope: Scope, lo: int, hi: int) -> bool:
    """``name`` is called, has a non-setup method called, or is handed to a call, strictly between ``lo`` and
    ``hi``."""
    return _used(name, scope, hi, lo=lo + 1)


def cold_backward_sites(ctx: Context) -> list[ast.Call]:
    """A timed benchmark of training steps (a repeat loop with a literal count, ``for _ in range(10):``, a few steps
    counted otherwise whose total becomes a rate or a mean, ``_few_per_step``, or one step)
    whose ``.backward()`` is the first backward of its scope: the forward may have run before (a no-grad forward
    benchmark), but autograd's start-up, the backward kernels' lazy loading and cuDNN's backward algorithm choice,
    and the optimizer's first step land in the timed steps (set 28, kiselevart ``benchmark_gpu.py``). Not a training
    run over data (a loader, a dataset), nor a compiled model (WP112's)."""
    from ._common import data_driven, mentions_warmup_for
    from ._reach import reachable_before

    out: list[ast.Call] = []
    if not ctx.uses_gpu or is_library(ctx):
        return out
    done: set[int] = set()
    for r in ctx.regions:
        capped = _few_loader_steps(ctx, r)
        if id(r.scope) in done or r.outer is not None or r.kind == "with" or (data_driven(ctx, r) and not capped) or \
                mentions_warmup_for(ctx, r) or _times_first_call(ctx, r) or cpu_only(ctx, r.scope.stmts[r.lo]):
            continue
        calls = r.calls()
        back = next((c for c in calls if ctx.method(c) == "backward"), None)
        if back is None or r.loop is not None:
            continue
        loops = [s for s in r.stmts() if isinstance(s, (ast.For, ast.AsyncFor, ast.While))]
        if not loops or not (capped or all(_literal_repeat(ctx, lp) or _few_per_step(ctx, r, lp)
                                           for lp in loops)) or \
                not any(ctx.method(c) == "step" for c in calls):
            continue  # a few steps counted in the code, each a full step (forward, backward, optimizer step)
        if any(isinstance(s, (ast.Assign, ast.AnnAssign)) and not s._wp_loops[len(r.scope.stmts[r.lo]._wp_loops):]
               for s in r.stmts()):  # type: ignore[attr-defined]
            continue  # the model or optimizer built inside the interval: a program's wall time, not timed steps
        if any(re.search(r"batch|load|data|sample", (dotted(c.func) or "").rsplit(".", 1)[-1], re.I) for c in calls):
            continue  # `x, y = get_batch()`: a training run over data, not synthetic steps
        work = work_items(ctx, r)
        if not any(on_gpu(ctx, c) for c in work) or any(ctx.is_compiled(callee_key(c)) for c in work):
            continue
        if any(ctx.method(c) == "backward" or dotted(c.func) == "torch.autograd.backward"
               for st in reachable_before(ctx, r.scope, r.lo) for c in stmt_calls(st)):
            continue
        if not isinstance(r.scope.node, ast.Module) and call_sites(ctx, getattr(r.scope.node, "name", "")):
            from ._common import helper_called_again

            if helper_called_again(ctx, r.scope) and not _later_calls_off_by_default(ctx, r.scope):
                continue
        done.add(id(r.scope))
        out.append(back)
    return out


def _few_per_step(ctx: Context, r, loop: ast.stmt) -> bool:
    """A loop of a few steps counted otherwise than by a literal (``range(args.steps)``, ``--steps`` defaulting to
    100), its total made a per-step figure (``tokens / total``, ``total / steps``): an average over the steps, the
    first one's start-up in it (85.35, 85.39). A total shown as such stays a run's wall time (set 20)."""
    from ._few_steps import few_steps, made_per_step

    return few_steps(ctx, loop) and made_per_step(r)


def _few_loader_steps(ctx: Context, r) -> bool:
    """The region's only loop walks a loader but leaves it after a handful of steps on a test of its ``enumerate``
    counter (``for n, batch in enumerate(loader): ...; if n == 5: break``: six steps, at most 10), with no
    ``next(...)`` and no other loop: a few steps from the very first, not a run over the data (set 51, a
    checkpointing-vs-not comparison over six steps of a fresh model)."""
    from ._host_timer_weak import capped_steps

    loops = [s for s in r.stmts() if isinstance(s, (ast.For, ast.AsyncFor, ast.While))]
    if r.loop is not None or len(loops) != 1 or not isinstance(loops[0], ast.For) or \
            any(isinstance(c.func, ast.Name) and c.func.id == "next" for c in r.calls()):
        return False
    loop = loops[0]
    body = [b for b in r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]  # type: ignore[attr-defined]
            if b._wp_loops and b._wp_loops[-1] is loop]  # type: ignore[attr-defined]
    n = capped_steps(ctx, loop, body)
    return n is not None and 0 < n <= 10


def _later_calls_off_by_default(ctx: Context, scope: Scope) -> bool:
    """The timing function's first call runs unconditionally, outside any loop, and every later call sits under an
    ``if`` on a command-line switch that is off unless given (``parser.add_argument("--res_check",
    action="store_true")``; ``if args.res_check:`` or a name bound once to it): as the script runs by default,
    the first call is the only one, and its steps are the measurement."""
    sites = sorted(call_sites(ctx, getattr(scope.node, "name", "")), key=lambda c: (c.lineno, c.col_offset))
    if len(sites) < 2 or any(getattr(c._wp_stmt, "_wp_loops", ()) for c in sites):  # type: ignore[attr-defined]
        return False
    return _switched(ctx, sites[0]) is False and all(_switched(ctx, c) for c in sites[1:])


def _switched(ctx: Context, c: ast.Call) -> bool:
    """``c`` runs under an ``if`` (its body, no ``else`` part taken) on a ``store_true`` switch without a default."""
    node, child = getattr(c._wp_stmt, "_wp_parent", None), c._wp_stmt  # type: ignore[attr-defined]
    while isinstance(node, ast.stmt):
        if isinstance(node, ast.If) and child in node.body and _off_switch(ctx, node.test):
            return True
        node, child = getattr(node, "_wp_parent", None), node
    return False


def _off_switch(ctx: Context, t: ast.AST, false_default: bool = False) -> bool:
    """``t`` is a ``store_true`` command-line switch given no default (with ``false_default``, also one whose
    default is written ``default=False``): off as the script runs unless the switch is given."""
    if isinstance(t, ast.Name):
        values = ctx.assigns.get(t.id, [])
        if len(values) != 1 or not isinstance(values[0], ast.Attribute):
            return False
        t = values[0]
    if not (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)):
        return False
    parsed = ctx.assigns.get(t.value.id, [])
    if not parsed or not all(isinstance(v, ast.Call) and ctx.method(v) == "parse_args" for v in parsed):
        return False
    found = []
    for c in ctx.calls:
        if ctx.method(c) != "add_argument":
            continue
        kw = {k.arg: k.value for k in c.keywords if k.arg}
        dest = kw.get("dest")
        flags = [a.value for a in c.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        names = {dest.value} if isinstance(dest, ast.Constant) else {f.lstrip("-").replace("-", "_") for f in flags}
        if t.attr in names:
            found.append(kw)
    return len(found) == 1 and isinstance(found[0].get("action"), ast.Constant) and \
        found[0]["action"].value == "store_true" and \
        ("default" not in found[0] or (false_default and isinstance(found[0]["default"], ast.Constant) and
                                       found[0]["default"].value is False))


def _literal_repeat(ctx: Context, loop: ast.stmt) -> bool:
    """``for _ in range(10):`` (a literal count, or a name every assignment of which is a literal), at most 100."""
    if not (isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and dotted(loop.iter.func) == "range" and
            len(loop.iter.args) == 1):
        return False
    n = loop.iter.args[0]
    values = [n] if isinstance(n, ast.Constant) else ctx.assigns.get(n.id, []) if isinstance(n, ast.Name) else []
    return bool(values) and all(isinstance(v, ast.Constant) and type(v.value) is int and 0 < v.value <= 100
                                for v in values)
