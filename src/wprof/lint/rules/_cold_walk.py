"""WP103 and WP112 from the execution-order warmup model (``_first_run``): a timed region whose GPU work never ran
before its start in the program's first run, reported at the cold call (or, where only some of a helper's callers
hand it a cold object, at the call site that does).

Policy on top of the model (precision first):
- a region that says it measures the first call (``_times_first_call``), a program's wall time (``end_to_end``), or
  runs only on the CPU is left alone;
- WP103 needs every timed item cold (one already-run item means the code was exercised), WP112 one compiled item;
- a per-iteration region counts only when its samples are averaged (the cold one carried into the mean);
- a cold call among >= ``AMORTIZED`` samples (a loop of a known count) is amortized: not reported;
- an item whose identity is not known (a parameter of a function no caller reaches) is not reported."""

from __future__ import annotations

import ast
import re

from .._context import Context, dotted
from ._first_run import HOST_RUN, amortized, cold_regions
from ._walk_devices import device_pass, handed_gpu_device, host_only, moved_to_gpu
from ._warm_handed import own_method_def


def walk_findings(ctx: Context, *, compiled: bool) -> list[tuple[ast.AST, str, bool]]:
    """(node to report, the cold work's text, weak) for WP103 (``compiled`` False) or WP112, computed once per
    file (both rules ask)."""
    cache = ctx.__dict__.setdefault("_wp_walk_findings", {})
    if compiled not in cache:
        cache[compiled] = _walk_findings(ctx, compiled)
    return cache[compiled]


def _walk_findings(ctx: Context, compiled: bool) -> list[tuple[ast.AST, str, bool]]:
    from ._common import is_library
    from ._evidence import returns_aot_executable
    from ._carried import cuda_synced, warm_up_run
    from ._warm_comments import labelled_warmup

    out: list[tuple[ast.AST, str, bool]] = []
    library = is_library(ctx)
    by_region: dict[int, list] = {}
    for r, v in cold_regions(ctx):
        by_region.setdefault(id(r), []).append((r, v))
    for group in by_region.values():
        r = group[0][0]
        if region_skipped(ctx, r):
            continue
        hits = []
        for _, v in group:
            if host_only(v):
                continue  # this call of the function ran its work on the CPU: no GPU run to judge
            # a work item the walk could not name (a call reached through a star import of a module whose
            # function it could not resolve) is judged by its call's text: no identity to match earlier runs by
            cold = [(c, k if k is not None else _short(ctx, c)) for c, k in v.cold]
            if (v.later and not (compiled and v.row)) or not cold or v.unknown:
                hits.append(None)  # (a later row of a list of configurations: its compiled objects' first calls)
                continue
            if any(_repeated_site(ctx, site) and not _config_row(ctx, site) and not device_pass(ctx, site) and
                   not (compiled and v.row and _row_site(ctx, site)) and
                   not (compiled and _printed_row(ctx, r, v.sites, i)) for i, site in enumerate(v.sites)) and \
                    not (compiled and _built_here(r, v)):
                hits.append(None)  # called once per iteration of a loop, each result kept apart: the user sees
                continue  # the first one (`_accumulated`: summed or averaged is another matter)
            if any((_dropped(ctx, site) and warm_up_run(ctx, site, _shown_after(ctx, r, v.sites, i))) or
                   labelled_warmup(ctx, site) for i, site in enumerate(v.sites)):
                hits.append(None)  # `_ = bench(model, N=3)`: a warm-up run, its measurement thrown away
                continue
            if v.entry and (v.sites or v.entry == "unreached" or (library and not getattr(r.scope.node, "name", "").startswith("test_"))) \
                    and not (v.entry is True and not v.sites and _built_here(r, v)):  # (a model a root function
                # builds itself is cold whoever calls it; one called where the walk could not follow may be warmed
                # by the calls it missed)
                # a function no caller in the file reaches: who calls it (and what ran before) is unknown; its
                # own regions are judged from its body alone, not those of the helpers it calls
                hits.append(None)
                continue
            from ._cold_host_models import host_model_call

            if any(host_model_call(ctx, c, r) for c, _ in cold):
                hits.append(None)  # a model the code rebuilt on the host under a name a GPU model had: CPU work
                continue
            from ._aot_bound import aot_bound

            if any(returns_aot_executable(ctx, k) or aot_bound(ctx, k, c) for c, k in cold):
                hits.append(None)  # a JAX ahead-of-time compile: host work, the compile itself timed
                continue
            from ._carried import wraps_warm

            from ._library_runs import run_by_library

            if any(run_by_library(ctx, k, r.scope, r.lo) and not moved_to_gpu(k) for _, k in cold):
                hits.append(None)  # `get_model_complexity_info(model, ...)` earlier: the FLOP counter ran it
                continue
            if any(wraps_warm(ctx, c, k, v) for c, k in cold):
                hits.append(None)  # `gen.generate(...)` of a wrapper built around a model that already ran
                continue
            from ._built_in_region import built_in_region
            from ._fit_fallbacks import in_fallback

            if any(in_fallback(ctx, site) for site in v.sites):
                hits.append(None)  # reached through the arm a device too small takes (`else: return batched()`)
                continue

            if not compiled and all(built_in_region(ctx, r, c) for c, _ in cold):
                hits.append(None)  # `llm = Llama(path)` after the clock started: a load-and-run time by design
                continue
            if compiled and _retimed(ctx, r, cold):
                hits.append(None)  # "First run" then "Second run" of the same call: the compile cost shown on
                continue  # purpose, the warm figure timed after it
            comp = [(c, k) for c, k in cold if _compiled(ctx, c) or ctx.is_compiled(k.split("#")[0]) or
                    id(c) in v.compiles]
            from ._whole_runs import whole_training_run

            if all(whole_training_run(ctx, r, c) and not _compiled(ctx, c) and not ctx.is_compiled(k.split("#")[0])
                   for c, k in (comp if compiled else cold)):
                hits.append(None)  # `trainer.train_model(..., num_epochs=200)`: a whole training run of a plain
                continue  # method, its steps' one-off compile a small part of it
            if compiled:
                hits.append((v, comp[0]) if comp else None)
            elif not comp and not v.warm:
                hits.append((v, cold[0]))
            else:
                hits.append(None)
        found = [h for h in hits if h is not None]
        if not found:
            continue
        emitted: set[int] = set()
        for v, (c, k) in found:  # each visit: a call site handing in another cold object is a finding of its own
            node = c
            handed = isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in r.scope.params
            if (len(found) < len(hits) or handed) and v.sites:
                node = _origin_site(ctx, v.sites) or node  # some callers warm it, or the cold callable is handed
                # in: the call site that hands it over shows it
            if id(node) in emitted or (emitted and (node is c or "#" not in k)):
                continue  # (after the first: only another object the program built, a fresh model or pipeline
                # handed in; a library op first run after another op of the same library shares its start-up)
            weak = amortized(ctx, r, c, v.env, _site_repeats(ctx, v.sites)) or \
                (not compiled and not _shown_on_gpu(ctx, c, v) and not ("#" in k and cuda_synced(ctx, r)) and
                 not (handed_gpu_device(v) and any(host_only(v2) for _, v2 in group)))  # (the same region run on
            # the CPU by another call, and handed the CUDA device by this one: `bench("cpu")`, `bench("cuda")`)
            if not compiled and not weak:
                from ._common import callee_key
                from .no_warmup import _timed_again_later

                from ._step_samples import epoch_samples

                weak = _timed_again_later(ctx, r, callee_key(c) or "@", c) or \
                    epoch_samples(ctx, r)  # a deliberate cold-vs-warm pair; an averaged epoch (weak)
            if not weak:  # (weak cold calls stay with the older finders' weak tier: nothing new is shown by guess)
                name = k.removesuffix(HOST_RUN) if "#" not in k and "()" not in k else _short(ctx, c)
                out.append((node, ctx.text(c) if isinstance(c, ast.BinOp) else name, weak))
                ctx.__dict__.setdefault("_wp_walk_region", {})[id(node)] = r  # (for one finding per region)
                emitted.add(id(node))
                if node is c:
                    break  # the cold call itself: one finding per region
    return out


def region_skipped(ctx: Context, r) -> bool:
    """The region's own code says its cold work is no mistake: it measures the first call (by its labels), a
    program's wall time, or CPU work; a warm-up the walk cannot follow is named; its loop drops the first samples;
    or its per-iteration samples are never averaged (one cold sample among many, summarized robustly or not at
    all)."""
    from ._common import (_event_list_mean, _mean_of_per_iteration, _summed_then_divided, _times_first_call,
                          end_to_end, mentions_warmup_for)
    from ._evidence import cpu_only
    from ._carried import accumulated_total, restarted_in_loop, returned_then_averaged
    from ._warm_sources import single_pass

    from ._reported import interval_unread

    if interval_unread(ctx, r):
        return True  # `manual_time = end - start`, never read: no reported number holds the cold call
    if _times_first_call(ctx, r) or _labelled_first(ctx, r) or end_to_end(ctx, r) or restarted_in_loop(r) or \
            cpu_only(ctx, r.scope.stmts[r.lo]) or \
            (mentions_warmup_for(ctx, r) and not _warmup_seen(ctx, r.scope)):
        return True
    looped = r.loop is not None or bool(getattr(r.scope.stmts[r.lo], "_wp_loops", ()))
    if looped and first_samples_left_out(r):
        return True  # `if i > 0: total += dt`: the first iteration runs the work and its sample is not kept
    if looped and _config_rows(ctx, r):
        looped = False  # one row per configuration of a written-out list: the first row is a sample of its own
    if looped and not (_mean_of_per_iteration(ctx, r, followed=True) or _summed_then_divided(ctx, r) or
                       (r.loop is not None and single_pass(ctx, r.loop)) or _event_list_mean(ctx, r) or
                       accumulated_total(ctx, r) or returned_then_averaged(ctx, r)):
        return True  # one cold sample among many, summarized by a robust statistic (or not at all)
    return False


def _shown_after(ctx: Context, r, sites: tuple, i: int) -> bool:
    """The region's function, or a function called from call site ``i`` on down to the region, prints or logs: the
    measurement is shown without the caller's help."""
    from ._carried import shows_result

    if shows_result(ctx, r.scope.node):
        return True
    return any(isinstance(d := ctx.callee_def(s), tuple) and shows_result(d[0], d[1]) for s in sites[i:]
               if isinstance(s.func, (ast.Name, ast.Attribute)))


def _config_rows(ctx: Context, r) -> bool:
    """Every loop around region ``r`` walks a list of configurations the file writes out (a list or tuple literal,
    or a name bound only to one), and no sample list of the region is averaged: each configuration's interval is a
    row of its own (``results[name] = dt``, ``print(name, dt)``)."""
    from ._common import _mean_of_per_iteration, _summed_then_divided

    loops = list(getattr(r.scope.stmts[r.lo], "_wp_loops", ()))
    if r.loop is not None and r.loop not in loops:
        loops.append(r.loop)
    if not loops or _mean_of_per_iteration(ctx, r) or _summed_then_divided(ctx, r):
        return False
    for lp in loops:
        it = getattr(lp, "iter", None)
        if isinstance(it, ast.Name):
            vals = ctx.assigns.get(it.id, [])
            if not vals or not all(isinstance(v, (ast.List, ast.Tuple)) for v in vals):
                return False
        elif not isinstance(it, (ast.List, ast.Tuple)):
            return False
    return True


def _row_site(ctx: Context, site: ast.Call) -> bool:
    """Every loop around ``site`` walks a written-out list of configurations (``_first_run._rows``): in a later
    row's visit the site is handed that row's own object, first called there (not a repeat of the first row's)."""
    from ._first_run import _rows

    loops = getattr(getattr(site, "_wp_stmt", None), "_wp_loops", ())
    return bool(loops) and all(_rows(ctx, lp) for lp in loops)


def _printed_row(ctx: Context, r, sites: tuple, i: int) -> bool:
    """``run_comparison(image, ksize)`` as a statement in ``for ksize in [9, 13, 21]:`` (every enclosing loop walks a
    written-out list of configurations), the timed function (or one between it and this call) printing its own
    figure: one printed row per configuration, the first one holding the compiled callable's first call."""
    site = sites[i]
    st = getattr(site, "_wp_stmt", None)
    loops = getattr(st, "_wp_loops", ())
    if not loops or not (isinstance(st, ast.Expr) and st.value is site) or not _shown_after(ctx, r, sites, i):
        return False
    for lp in loops:
        it = getattr(lp, "iter", None)
        vals = ctx.assigns.get(it.id, []) if isinstance(it, ast.Name) else [it]
        if not vals or not all(isinstance(v, (ast.List, ast.Tuple)) for v in vals):
            return False
    return True


def _config_row(ctx: Context, site: ast.Call) -> bool:
    """``t = run(l, model)`` in ``for l in TARGET_LENS:`` (every enclosing loop of the call walks a list of
    configurations the file writes out: a list or tuple literal, or a name bound only to one), its result kept: one
    row per configuration, the first one the cold object's first call. A ``range``, a progress bar or a loader is
    a repeat or a run over data, not a list of configurations."""
    from .no_warmup import _sweep_site

    st = getattr(site, "_wp_stmt", None)
    loops = getattr(st, "_wp_loops", ())
    if not loops or not _sweep_site(st, site):
        return False
    for lp in loops:
        it = lp.iter
        if isinstance(it, ast.Name):
            vals = ctx.assigns.get(it.id, [])
            if not vals or not all(isinstance(v, (ast.List, ast.Tuple, ast.ListComp)) for v in vals):
                return False
        elif not isinstance(it, (ast.List, ast.Tuple)):
            return False
    return True


def _compiled(ctx: Context, c: ast.AST) -> bool:
    from ._common import callee_key

    return isinstance(c, ast.Call) and ctx.is_compiled(callee_key(c))


def _short(ctx: Context, c: ast.AST) -> str:
    from ._common import callee_key

    return callee_key(c) or ctx.text(c)


def _in_file(ctx: Context, node: ast.AST) -> bool:
    st = getattr(node, "_wp_stmt", None)
    return st is not None and any(st._wp_scope is s for s in ctx.scopes)  # type: ignore[attr-defined]


def _warmup_seen(ctx: Context, scope) -> bool:
    """Every mention of a warm-up in the region's function is a count of a loop the walk runs (``warmup = 10``,
    ``for _ in range(warmup):``): the walk saw what the warm-up ran. A warm-up word anywhere else (a call of
    ``warmup(model)``, a flag, a message) may stand for work the walk cannot follow."""
    memo = ctx.__dict__.setdefault("_wp_warmup_seen", {})  # one answer per scope (the module's is asked per region)
    if id(scope) not in memo:
        memo[id(scope)] = _warmup_seen_in(scope)
    return memo[id(scope)]


def _warmup_seen_in(scope) -> bool:
    from .._walk import stmt_nodes

    counts, other = set(), False
    for st in scope.stmts:
        if isinstance(st, ast.For) and isinstance(st.iter, ast.Call) and dotted(st.iter.func) == "range":
            counts |= {n.id for a in st.iter.args for n in ast.walk(a) if isinstance(n, ast.Name)}
            counts |= {n.attr for a in st.iter.args for n in ast.walk(a) if isinstance(n, ast.Attribute)}
    from ._carried import _SHOWN

    said = {id(x) for st in scope.stmts for n in stmt_nodes(st) if isinstance(n, ast.Call) and
            (dotted(n.func) or "").rsplit(".", 1)[-1] in (*_SHOWN, "add_argument")
            for a in [*n.args, *(k.value for k in n.keywords)] for x in ast.walk(a)
            if isinstance(x, ast.Constant)}  # a message (`print("GPU warmed up.")`) or an option's declaration
    # (`add_argument("--warmup", ...)`, read where the walk runs the loop it counts) runs nothing the walk misses
    for st in scope.stmts:
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant) and isinstance(st.value.value, str):
            other = other or "warm" in st.value.value.lower()  # a docstring: text, no work
            continue
        for n in stmt_nodes(st):
            if id(n) in said:
                other = other or "warm" in str(n.value).lower()  # type: ignore[attr-defined]
                continue
            w = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else \
                n.value if isinstance(n, ast.Constant) and isinstance(n.value, str) else ""
            if "warm" in w.lower() and not (isinstance(n, (ast.Name, ast.Attribute)) and w in counts):
                return False
            other = other or "warm" in w.lower()
    return other


def _dropped(ctx: Context, site: ast.Call) -> bool:
    """The call's result is thrown away: assigned to ``_`` names, or a statement of its own while the function
    returns a value (its measurement)."""
    st = getattr(site, "_wp_stmt", None)
    if isinstance(st, ast.Assign) and st.value is site:
        return all(isinstance(n, ast.Name) and n.id.startswith("_") for t in st.targets for n in ast.walk(t)
                   if isinstance(n, ast.Name))
    if isinstance(st, ast.Expr) and st.value is site:
        d = ctx.callee_def(site) if isinstance(site.func, (ast.Name, ast.Attribute)) else None
        if d is None and (m := own_method_def(ctx, site)) is not None:
            d = (ctx, m)  # `bench.run(5)` as a statement, `bench` an instance of a class of the file
        if d is None and isinstance(site.func, ast.Name):  # `softmax_v3(x, 0)` with `softmax_v3 = lambda x, s: run(...)`
            vals = ctx.assigns.get(site.func.id, [])
            if vals and all(isinstance(v, ast.Lambda) and isinstance(v.body, ast.Call) for v in vals):
                return not isinstance(getattr(st, "_wp_parent", None), ast.Lambda)
        return d is not None and any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(d[1]))
    return False


def _repeated_site(ctx: Context, site: ast.Call) -> bool:
    """``site`` runs in a loop of its function and its result is not summed or averaged with the others (or the
    loop walks a dataset)."""
    from ._cold_helpers import _accumulated

    st = getattr(site, "_wp_stmt", None)
    loops = getattr(st, "_wp_loops", ())
    from ._first_run import loop_count

    from ._cold_helpers import _walks_data

    loops = [lp for lp in loops if loop_count(ctx, lp) != 1]  # (`for _ in range(1):` runs once)
    if not loops:
        return _robust_comprehension(ctx, site)
    if any(_walks_data(ctx, lp) for lp in loops):
        return True  # a run over a dataset's batches: the first batch's start-up is a small share of the total
    return bool(loops) and not _accumulated(ctx, site, st, loops[0])


_ROBUST = ("median", "min", "sorted", "percentile", "quantile", "nanmedian")


def _robust_comprehension(ctx: Context, site: ast.Call) -> bool:
    """``statistics.median(once() for _ in range(5))``: the site is repeated by a comprehension whose samples go
    straight to a robust summary (a median, a minimum, a sort), which leaves the cold first one out."""
    from ._common import _repeated_by_comprehension

    if not _repeated_by_comprehension(site):
        return False
    node = site
    while not isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        node = getattr(node, "_wp_parent", None)
        if node is None or isinstance(node, ast.stmt):
            return False
    parent = getattr(node, "_wp_parent", None)
    return isinstance(parent, ast.Call) and node in parent.args and \
        (ctx.call_name(parent) or dotted(parent.func) or "").rsplit(".", 1)[-1] in _ROBUST


def _shown_on_gpu(ctx: Context, c: ast.AST, v) -> bool:
    """The cold work is shown to run on the GPU: an operand, argument or receiver known to be there, a kernel
    launch, a model the file put there, or (through a call site) a GPU tensor handed in."""
    from ._evidence import model_on_gpu, on_gpu
    from ._warm_sources import gpu_module_arg

    if on_gpu(ctx, c) or (isinstance(c, ast.Call) and gpu_module_arg(ctx, c)):
        return True
    if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and (
            c.func.id in ctx._cuda_ufuncs or _body_on_gpu(ctx, ctx.functions.get(c.func.id), 2)):
        return True  # a Numba GPU ufunc (`@vectorize([...], target="cuda")`), or a function of the file whose body
        # runs work shown on the GPU (`make(n)` returning `ufunc(np.arange(n))`)
    head = c.func if isinstance(c, ast.Call) else None
    while isinstance(head, (ast.Attribute, ast.Subscript)):
        head = head.value
    from ._carried import device_built

    if isinstance(head, ast.Name) and (model_on_gpu(ctx, head.id) or device_built(
            ctx, head.id, getattr(getattr(c, "_wp_stmt", None), "_wp_scope", None), at=c)):
        return True
    from ._carried import identity_on_gpu

    if any(isinstance(k, str) and k in ctx.functions and _body_on_gpu(ctx, ctx.functions[k], 2)
           for c2, k in v.cold if c2 is c):
        return True  # `fn(texts)` in `benchmark(embed, ...)`: the function handed in runs GPU work
    if any(identity_on_gpu(ctx, k) for c2, k in v.cold if c2 is c and isinstance(k, str)):
        return True  # `pipe(prompt)` in `run(pipe, ...)`, bound to a pipeline built on a model loaded on the GPU
    return any(isinstance(site, ast.Call) and any(ctx.placement(a) == "cuda" for a in site.args) for site in v.sites)


def _body_on_gpu(ctx: Context, fn: ast.AST | None, depth: int) -> bool:
    """A function of the file whose body launches a compiled kernel of the file (``k[grid, block](...)``) or calls
    a Numba GPU ufunc (directly or through the file's functions it calls, ``depth`` deep): GPU work whatever its
    arguments are. (Not ops on names the file puts on the GPU elsewhere: a name is not a value.)"""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or depth < 0:
        return False
    memo = ctx.__dict__.setdefault("_wp_body_on_gpu", {})
    if (id(fn), depth) not in memo:
        memo[(id(fn), depth)] = False
        memo[(id(fn), depth)] = any(
            (isinstance(n.func, ast.Name) and (n.func.id in ctx._cuda_ufuncs or
                                               _body_on_gpu(ctx, ctx.functions.get(n.func.id), depth - 1))) or
            (isinstance(n.func, ast.Subscript) and isinstance(n.func.value, ast.Name) and
             n.func.value.id in ctx.functions and ctx.is_compiled(n.func.value.id)) or
            _global_model_run(ctx, n, _local_names(fn))
            for n in ctx.calls_in_function(fn))
    return memo[(id(fn), depth)]


def _local_names(fn: ast.AST) -> frozenset:
    """The parameters of ``fn`` and the names it binds itself."""
    a = fn.args  # type: ignore[attr-defined]
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p is not None}
    return frozenset(params | {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)})


def _global_model_run(ctx: Context, n: ast.Call, local: frozenset) -> bool:
    """``model(**batch)`` / ``model.generate(...)`` inside a function, where ``model`` is not the function's own
    name but a module-level one the file puts on the GPU (bound only at the top level of the module)."""
    from ._evidence import model_on_gpu

    head = n.func.value if isinstance(n.func, ast.Attribute) else n.func
    if not isinstance(head, ast.Name) or head.id in local:
        return False
    binds = ctx.assign_stmts.get(head.id, ())
    return bool(binds) and all(getattr(st, "_wp_scope", None) is ctx.scopes[0] for st in binds) and \
        model_on_gpu(ctx, head.id)


def _origin_site(ctx: Context, sites: tuple) -> ast.Call | None:
    """The innermost call site of the file whose arguments name something other than its own function's parameters
    (``average(fast, data)``, not ``timed(lambda: fn(data))`` inside ``average``): where the work timed further in
    is handed over."""
    for site in reversed(sites):
        if not _in_file(ctx, site):
            continue
        scope = site._wp_stmt._wp_scope  # type: ignore[attr-defined]
        args = [*site.args, *(k.value for k in site.keywords)]
        names = [n.id for a in args for n in ast.walk(a) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
        if any(n not in scope.params and n not in ctx.imports for n in names):
            return site
    return None


_FIRST = re.compile(r"compil|\bcold|start.?up|\bload|first[- ](call|run|iter|pass|step|batch|inference|forward|"
                    r"launch|invocation|execution|request|generation)|jit\b|initiali[sz]|\bwarm[- ]?ups?\b|"
                    r"\bwarming\b")  # (a warm-up timed as such, "Warm-up run took ...")


def _labelled_first(ctx: Context, r) -> bool:
    """The region's reading is labelled as the first call, a cold start, a compile or a load (``print(f"compiled in
    {time.time() - start:.1f} s")``, the statement that reads the end clock or the one after it): measured on
    purpose."""
    from .._walk import stmt_nodes

    from ._on_purpose import printed_label

    stmts = [st for st in (r.interval, *r.scope.stmts[r.hi:r.hi + 2]) if st is not None]
    return any(isinstance(n, ast.Constant) and isinstance(n.value, str) and _FIRST.search(n.value.lower())
               for st in stmts for n in stmt_nodes(st)) or \
        bool(_LOADED.search(printed_label(ctx, r)))  # `dt = ...`, then `print(f"loaded in {dt:.1f}s")` further down


# a label that says the interval is a load, a compile or a start-up, right before the printed value ("loaded in",
# "load time:", "compiled in", "startup:") (a model's load time, its CUDA context included)
_LOADED = re.compile(r"(\bload|compil|start.?up|initiali[sz])\w*( \w+){0,2}\W*$")


def _site_repeats(ctx: Context, sites: tuple) -> int:
    """How many times the loops around the call sites that lead to a region repeat it (known counts only): the
    samples its first, cold visit is averaged with (``for _ in range(TIMES): t += bench(x)``)."""
    from ._first_run import loop_count

    n = 1
    for site in sites:
        for lp in getattr(getattr(site, "_wp_stmt", None), "_wp_loops", ()):
            n *= max(loop_count(ctx, lp) or 1, 1)
    return n


def _built_here(r, v) -> bool:
    """Every cold item is an object the region's function builds itself (``layer = TritonMixer(heads=h)``): each
    call of the function makes and first runs a new one, so every repeat of the call is cold, not only the first."""
    params = r.scope.params
    local = {val.split(".")[0] for name, val in v.env.items() if isinstance(val, str) and name not in params}
    return bool(v.cold) and all(isinstance(k, str) and k.split(".")[0] in local and "#" in k for _, k in v.cold)


def first_gpu_use(ctx: Context) -> list[tuple[ast.Call, str]]:
    """A region the walk reaches before anything used the GPU, whose first GPU call (``cuda.stream()``,
    ``cuda.to_device(a)``, ``gpuarray.to_gpu(x)``, ``x.cuda()``) is inside it: that call creates the CUDA context
    (hundreds of milliseconds), timed as if it were the work. (call, its text)."""
    from ._carried import restarted_in_loop
    from ._common import _times_first_call, end_to_end
    from ._evidence import cpu_only
    from ._project_gpu import moves_then_waits
    from ._first_run import cold_regions, gpu_use, visits
    from ._setup_interval import placement_only

    out = []
    seen: set[int] = set()
    for r, v in cold_regions(ctx):
        if id(r) in seen or v.gpu or v.later or v.entry or _times_first_call(ctx, r) or _labelled_first(ctx, r) or \
                cpu_only(ctx, r.scope.stmts[r.lo]) or restarted_in_loop(r) or r.kind == "event" \
                or placement_only(ctx, r):  # (a model's placement timed by itself: `_setup_interval`)
            continue  # (an event pair: recording the start event needs the context, so it exists before the span)
        from ._cold_array_lib import _program_clock

        from ._compared_runs import compared_runs

        compared = end_to_end(ctx, r) and compared_runs(ctx, r, visits(ctx).get(id(r), []))
        from ._reached_runs import reaches_run

        if _program_clock(ctx, r, r.stmts(), runs=not compared) or (not compared and reaches_run(ctx, r.calls())):
            continue  # a program's total time around its start-up, finer intervals inside (a run's wall time,
            # unless one of several runs compared: `_compared_runs`)
        if v.cold and not any(_compiled(ctx, c) for c, _ in v.cold) and not compared:
            continue  # the region's cold work is reported as WP103 (its start-up includes the context); next to
            # a compiled kernel's first launch (WP112) the context creation is a mistake of its own
        first = next((c for c in r.calls() if gpu_use(ctx, c) and not _context_free_query(ctx, c)), None)  # (through
        # a helper too)
        if first is not None and _compiled(ctx, first):
            continue  # a JIT kernel's first launch: WP112's
        if not (first is not None and gpu_use(ctx, first, direct=True)):
            first = next((c for c in r.calls() if id(c) in v.opens_gpu), None)  # `train(model, "cuda")` of a
            # function of the file whose body first names the GPU (`model.to(device)`, `device` bound to "cuda")
        if first is not None and (gpu_use(ctx, first, direct=True) or id(first) in v.opens_gpu) and \
                not (ctx.is_sync(first, hidden=False) and not moves_then_waits(ctx, first)) and \
                not any(_dropped(ctx, site) for site in v.sites):
            seen.add(id(r))
            out.append((first, ctx.text(first)))
    return out


# torch.cuda's allocator statistics answer from the host without creating the CUDA context (zeros before it exists;
# checked 2026-12-01 on an H200, torch 2.11: torch.cuda.is_initialized() stays False after memory_allocated,
# max_memory_allocated, memory_reserved, max_memory_reserved and memory_stats; mem_get_info does create it). Device
# queries and seeding do not either (checked the same day with the driver's cuDevicePrimaryCtxGetState: the primary
# context stays inactive after get_device_name, get_device_properties, get_device_capability, current_device,
# is_bf16_supported, get_arch_list, manual_seed, manual_seed_all, empty_cache and init, and the first `.cuda()`
# after each still takes 0.10-0.16 s; set_device, mem_get_info and synchronize create it)
_CONTEXT_FREE = frozenset({"memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved",
                           "memory_cached", "max_memory_cached", "memory_stats", "memory_summary", "is_available",
                           "device_count", "is_initialized", "get_device_name", "get_device_properties",
                           "get_device_capability", "current_device", "is_bf16_supported", "get_arch_list",
                           "manual_seed", "manual_seed_all", "empty_cache", "init"})


def _context_free_query(ctx: Context, c: ast.Call) -> bool:
    q = ctx.call_name(c) or ""
    return q.startswith("torch.cuda.") and q.rsplit(".", 1)[-1] in _CONTEXT_FREE



from ._dropped_first import first_samples_left_out  # noqa: E402  (the model moved; callers import it here)


def _retimed(ctx: Context, r, cold: list) -> bool:
    """Every cold call, made by a one-off region ``r`` itself (not in a loop), is timed again by the next later
    timing of its callable (see :mod:`._retimed`)."""
    from ._retimed import region_end_line, retimed_later

    if r.loop is not None or getattr(r.scope.stmts[r.lo], "_wp_loops", None):
        return False
    end = region_end_line(r)
    return bool(cold) and all(isinstance(c, ast.Call) and r.contains(c) and not r.in_loop(c) and
                              retimed_later(ctx, r.scope, c, k.split("#")[0], end) for c, k in cold)
