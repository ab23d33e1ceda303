'''WP105 mean-only: per-sample timings are collected, then only their mean is reported.

On by default only for a mean of a few samples whose number the code gives: at most 10 (`for _ in range(5)`,
`N_TRIALS = 5`, a `--runs` argparse default of 5, a parameter's default or the value every call hands it), counted
from the loops between the list's binding and the statements that store its samples (for samples never named, the
comprehension's `range` or the length of the event lists it zips). One slow sample (a cold first call, a clock ramp,
another process) then moves the mean by a tenth of its excess or more, and nothing printed shows it; the message
gives the count. Every other mean-only finding is opt-in (`--extend-select WP105`), as the whole rule was since the
thirteenth session: a mean over many steady samples, a rolling FPS monitor or a helper's mean whose caller reports
percentiles rarely changes a decision (on the held-out sets 54-57 its 20 default findings were judged 0 true, 5
false, 15 borderline by the readers). On sets 77-124 the readers' mean-only rows were on a few counted samples as
often as on a hundred, while the findings nobody wrote a row for were, but for two files, on a hundred samples or
more, a loader's batches or a training run's epochs.

## What it does
Checks for lists of timing samples (intervals appended in a loop, or `elapsed_time()` values) whose only use is a
mean: `statistics.mean(times)`, `np.mean(times)`, `sum(times) / len(times)`, `torch.tensor(times).mean()`.

(Twenty-second session, counts, sets 77-164) The count of samples is read by one resolver shared with WP103 and
WP101: through a field of a config class held by the object (`range(self.config.num_runs)` with
`self.config = config`, `config: BenchConfig` and `num_runs: int = 3`, the largest value any `BenchConfig(...)`
call gives), a harness's count keyword or default (`timeit.repeat(timer, repeat=REPETITIONS)`, 5 when not told),
and samples kept only after a warm-up (`for i in range(warm_up + repeat): ... if i >= warm_up: ts.append(...)`
keeps `repeat`).

(Twenty-first session, regionforms, sets 77-136) The samples of a library context manager that measures its block
count as timings: `with tv.measure_duration() as m: ...` followed by `times.append(m.duration)` (a bound value's
`duration`, `elapsed`, `interval`... kept as a sample after the block) is a timed region like `with Timer() as t`.

## Why is this bad?
GPU timings are skewed and often bimodal: a few slow samples (a clock drop, another process, a page fault, a
garbage collection) move the mean while the typical run does not change. The mean alone hides the spread, so two
runs cannot be compared and a noisy measurement looks as precise as a clean one. You already have the samples:
report the median and the spread (min, p5/p95 or IQR) and n.

Totals divided by a count (`(t1 - t0) / n` over a loop) are not reported: no per-sample data exists there. Samples
that reach the list through temporaries (`ms = start.elapsed_time(end); times.append(ms)`, up to three deep) count,
as do lists bound in a tuple assignment (`losses, times = [], []`), arrays preallocated with `np.empty`/`np.zeros`/
`torch.zeros` and written by index (`lat[i] = ms`), lists converted and named before their mean
(`dur = torch.tensor(times); dur.mean()`), and durations returned by a function of the file (`return
time.perf_counter() - t0`) and appended; a name bound to a new list for each measurement (`times = []` before each
benchmark) is judged list by list. A dict of sample lists (`d[k] = d.get(k, []) + [dt]`, `d[k].append(dt)`,
`setdefault`) is judged like a list, as are the per-sample arrays of `cupyx.profiler.benchmark` (`.gpu_times`,
`.cpu_times`), event times converted and named (`ms = torch.tensor([s.elapsed_time(e) ...]); ms.mean()`), a
helper's returned samples averaged in place (`np.mean(bench(fn))`), a conversion averaged in place
(`torch.mean(torch.tensor(times))`), and so is a named total only ever divided by a count
(`total = sum(times) * 1000; avg = total / n`). Samples that are never named count too: `sum([s.elapsed_time(e) for s, e in zip(starts, ends)]) / n`. A sum divided by a unit
(`sum(times) / 60`, minutes) is a total, not a mean; a total printed beside the mean (`f"{sum(ts):.2f} s in all,
{sum(ts) / n:.4f} s per run"`, `res.gpu_times.sum()`) shows no spread either, so the mean is still the only
summary, and a total divided by another total is a ratio (a speed-up), not a mean. A count
divided by the samples' total (`len(ts) / sum(ts)`, `frames / sum(frame_times)`) is a throughput, total work over
total time, the right figure for FPS or tokens/s: not reported. Not reported either: samples each printed or logged where
they are taken (`times.append(dt); print(i, dt)` in the same loop, not under an `if` such as `if verbose:`): the
reader sees every sample, and the mean is not the only number reported. A running mean printed in every
iteration of the loop that takes the samples (`dur = []`; `for epoch ...: dur.append(dt); print(epoch, loss,
np.mean(dur))`) is reported too: its last line is the result, and no line shows the spread; a mean printed only
under a test of the step count modulo an interval (`if step % 100 == 0:`) is a periodic progress log, silent. Nor one sample (a loop
`for i in range(1):`, a list appended to once outside any loop of its own, or a harness told to take one:
`cupyx.profiler.benchmark(f, args, n_repeat=1)`, `timeit.repeat(stmt, repeat=1)`). Nor a CPU baseline: a list
named for the CPU or NumPy (`cpu_times`, `numpy_times`, or filled in a `def measure_cpu_time(fn)`) whose timed code
does no GPU work the linter sees (calls of the function's own parameters aside). A test of the list before its
mean (`if not times: raise ...`) and a one-sample fallback beside it (`np.mean(t[1:]) if len(t) > 1 else t[0]`)
report nothing more than the mean; a dict built as an empty list per category (`{k: [] for k in variants}`) is a
dict of sample lists, judged in the function that binds it.

The samples are followed wherever they are handed on whole, and judged where they end up: an alias or a view
(`rec = ts`, `rec = ts[1:]`, `ts = ts[5:]`, `arr = np.asarray(ts) * 1e3`), a return (`return out, ts` unpacked by the
caller, `np.mean(bench())`), a parameter of a function of the file, a comprehension or generator that rescales them
(`statistics.fmean(t * 1e3 for t in ts)`), a list an object fills in one method and averages in another
(`self.samples.append(time.perf_counter() - self.t0)`), a collection whose elements hold them (`table.append({"name":
n, "times": ts})` read back row by row), and a dict the list is stored in that nobody reads. Samples
kept as records, one dict per measured call with a field computed from its interval (`{"tps": n / dt}`), collected
per iteration and reduced by a mean over that field (`statistics.mean(r["tps"] for r in runs)`), count too; another
field (`max(r["mem"] for r in runs)`) is neither a mean nor a spread, and the records printed or saved whole show
the samples.

Samples returned inside a tuple by a function of the file (`return result, end - start`, or a per-step time
`total / steps` of an interval) and unpacked at each call (`result, t = run(pipe)`; `times.append(t)`) count as
samples, as do spreads computed in a tuple assignment and never read (`m, sd = np.mean(ts), np.std(ts)`, only `m`
printed: the spread is not reported). A sample printed in both branches of an `if`/`else` of the loop that takes it
is shown whichever branch runs: not reported.

(Twenty-first session, precision137, set 143) A sample printed under a test that also guards the mean's report, a
test of names the loop never assigns (`if is_master: print(epoch, dt)` in the loop, `if is_master:
print(sum(ts) / len(ts))` after it: the reporting process of a distributed run), is shown whenever the mean is:
not reported. A print under a test the mean does not share (`if verbose:`) still leaves the mean alone.

Since the twenty-first session the samples a timing helper of the file hands back count in three more shapes: a
helper that returns one interval, called in a comprehension or generator that goes straight into a mean
(`sum(time_fn(f) for _ in range(runs)) / runs`, `np.mean([bench() for _ in range(n)])`, the count the
comprehension's `range`); a helper whose every return is a dict literal with an interval field (`return {"latency":
latency, ...}`), its result named and that field stored per run (`latencies.append(stats["latency"])`); and
`cupyx.profiler.benchmark(..., n_repeat=5)`, whose sample count is its `n_repeat` (a literal, a name, a parameter's
default or call-site value; 10,000 when not given), so a mean of its `.gpu_times` over a few samples is in the
default tier.

## Example
```python
times = []
for _ in range(100):
    start.record(); fn(); end.record()
    end.synchronize()
    times.append(start.elapsed_time(end))
print(f"{statistics.mean(times):.3f} ms")
```

## Use instead
```python
q = statistics.quantiles(times, n=20)
print(f"median {statistics.median(times):.3f} ms, p5 {q[0]:.3f}, p95 {q[-1]:.3f}, n={len(times)}")
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import stmt_nodes, within
from ._few_samples import appended_count, comprehension_count, few
from ._number_purpose import cpu_baseline
from ._counts import harness_count
from ._sample_idioms import helper_sample_comps
from ._sample_flow import follow
from ._sample_sources import _is_interval, _sample_lists, _unnamed_returned_samples, _unpacked, inline_perf_means
from ._sample_uses import _classify_use, sample_uses_of
from ._shown_with_mean import shown_under_mean_test

CODE = "WP105"
NAME = "mean-only"
GROUP = "default"  # only a mean of a few counted samples (`_few_samples`); the rest opt-in since the thirteenth
# session: sets 54-57 default verdicts 0 true, 5 false, 15 borderline
FIX = "none"


def _dict_samples(ctx: Context) -> dict[str, list[tuple[ast.AST, ast.stmt]]]:
    """Dicts of sample lists, one list per category, each sample an interval: ``d[k] = d.get(k, []) + [dt]``,
    ``d[k].append(dt)``, ``d.setdefault(k, []).append(dt)``, with ``d`` bound only to ``{}``/``dict()``/
    ``defaultdict(list)``. Returns each dict's name and its (sample, statement) pairs."""
    out: dict[str, list[tuple[ast.AST, ast.stmt]]] = {}
    for scope in ctx.scopes:
        for st in scope.stmts:
            key, sample = None, None
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Subscript) \
                    and isinstance(st.value, ast.BinOp) and isinstance(st.value.op, ast.Add) and \
                    isinstance(st.value.right, ast.List) and len(st.value.right.elts) == 1:
                left = st.value.left
                d = dotted(st.targets[0].value)
                if isinstance(left, ast.Call) and ctx.method(left) == "get" and d is not None and \
                        dotted(left.func.value) == d:  # type: ignore[attr-defined]
                    key, sample = d, st.value.right.elts[0]
            elif isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and ctx.method(st.value) == "append" \
                    and len(st.value.args) == 1:
                box = st.value.func.value  # type: ignore[attr-defined]
                if isinstance(box, ast.Subscript):
                    key = dotted(box.value)
                elif isinstance(box, ast.Call) and ctx.method(box) == "setdefault":
                    key = dotted(box.func.value)  # type: ignore[attr-defined]
                sample = st.value.args[0]
            if key is None or sample is None or not _is_interval(ctx, sample, scope, st):
                continue
            out.setdefault(key, []).append((sample, st))
    return {k: v for k, v in out.items() if ctx.assigns.get(k) and all(_empty_dict(ctx, x) for x in ctx.assigns[k])}


def _empty_dict(ctx: Context, v: ast.AST) -> bool:
    if isinstance(v, ast.Dict):
        return not v.keys
    if isinstance(v, ast.DictComp):  # `{k: [] for k in ops}`: an empty list per category
        return isinstance(v.value, ast.List) and not v.value.elts
    q = (ctx.call_name(v) or "") if isinstance(v, ast.Call) else ""
    return q in ("dict", "collections.defaultdict", "defaultdict") and \
        (q == "dict" or (len(v.args) == 1 and isinstance(v.args[0], ast.Name) and v.args[0].id == "list"))


def _dict_use(ctx: Context, node: ast.AST, samples: list[tuple[ast.AST, ast.stmt]]) -> str:
    """A use of a dict of sample lists: a category's list (``d[k]``) is used like a sample list; its keys
    (``for k in d``, ``k in d``, ``d.keys()``) and the statements that store samples are neither mean nor spread."""
    parent = getattr(node, "_wp_parent", None)
    stmt = getattr(node, "_wp_stmt", None)
    if any(stmt is st for _, st in samples):
        return "neutral"
    if isinstance(parent, ast.Subscript) and parent.value is node:
        return _classify_use(ctx, node)
    if isinstance(parent, ast.Attribute) and parent.attr in ("keys", "get", "__contains__"):
        return "neutral" if parent.attr != "get" else _classify_use(ctx, parent._wp_parent)  # type: ignore
    if isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node:
        return "neutral"
    if isinstance(parent, ast.Compare) and node in parent.comparators:
        return "neutral"
    return "other"


def _check_dicts(ctx: Context) -> None:
    for key, all_samples in sorted(_dict_samples(ctx).items()):
        by_scope: dict[int, list[tuple[ast.AST, ast.stmt]]] = {}
        for sample, st in all_samples:  # a dict bound in a function is judged in that function (a name reused by
            local = ctx.scope_assigns(key, st._wp_scope)  # type: ignore[attr-defined]  # another benchmark)
            by_scope.setdefault(id(st._wp_scope) if local else 0, []).append((sample, st))  # type: ignore
        for sid, samples in by_scope.items():
            loads = ctx.loads(key) if sid == 0 else ctx.scope_loads(key, samples[0][1]._wp_scope)  # type: ignore
            kinds = [(n, _dict_use(ctx, n, samples)) for n in loads]
            means = [n for n, k in kinds if k == "mean"]
            if means and not any(k == "other" for _, k in kinds) and not _each_sample_shown(ctx, samples):
                ctx.report(means[0], f"Only the mean of the lists in `{key}` is reported",
                           "Report the median and the spread (min, p5/p95 or IQR) and n too", opt_in=True)


def check(ctx: Context) -> None:
    from ._sample_count import one_sample_harness
    from ._sample_records import check_records

    _check_dicts(ctx)
    check_records(ctx)
    lists = _sample_lists(ctx)
    _check_whole_list_dicts(ctx, lists)
    reported: set[int] = set()  # a helper's mean that several lists reach (`rmean(a), rmean(b)`): one finding
    for node in inline_perf_means(ctx):  # benchmark(f, args).gpu_times.mean()
        if one_sample_harness(ctx, node.value):  # type: ignore[attr-defined]
            continue  # `benchmark(f, args, n_repeat=1).gpu_times.mean()`: one sample, its own mean
        n = harness_count(ctx, node.value)  # type: ignore[attr-defined]
        ctx.report(node, f"Only the mean of `{node.attr}` is reported{_few_note(n)}",  # type: ignore[attr-defined]
                   "Report the median and the spread (min, p5/p95 or IQR) and n too", opt_in=not few(n))
    for call in _unnamed_returned_samples(ctx):  # np.mean(bench(fn)): a helper's sample list, never named
        reported.add(id(call))  # (also reached from the helper's list through its return: reported once, here)
        ctx.report(call._wp_parent, f"Only the mean of the samples `{ctx.text(call.func)}` returns is reported",
                   "Report the median and the spread (min, p5/p95 or IQR) and n too", opt_in=True)
    for key in sorted(lists):
        groups = _uses_by_binding(ctx, key)
        every_append = [a for g in groups for a in g[2]]  # (a list emptied in the loop: its appends are the old one's)
        for means, others, appends, binding in groups:
            if _unpacked(ctx, binding):
                continue  # `out, times = bench()`: judged as the helper's own list, through its return
            others = [o for o in others if not _never_read(ctx, o)]
            if means and not others and not _each_sample_shown(ctx, appends) and id(means[0]) not in reported and \
                    not shown_under_mean_test(ctx, appends, means, lambda a, st: _shown_uses(ctx, a, st)) and \
                    not _one_sample(appends, binding, ctx) and not _one_sample_binding(ctx, binding) and \
                    not _object_running_mean(ctx, means, appends) and not _periodic_log(means, every_append) and \
                    not cpu_baseline(ctx, key, appends):
                if binding is not None and "." in key and not ctx.assign_stmts.get(key):
                    if id(binding) in reported:
                        continue  # `res.cpu_times` and `res.gpu_times` of one `res = benchmark(...)`: one finding
                    reported.add(id(binding))
                reported.add(id(means[0]))
                n = appended_count(ctx, appends, binding)
                ctx.report(means[0], f"Only the mean of `{key}` is reported{_few_note(n)}",
                           "Report the median and the spread (min, p5/p95 or IQR) and n too", opt_in=not few(n))
    seen: set[int] = set()
    for comp in _inline_samples(ctx):  # `[s.elapsed_time(e) for ...]`, maybe converted and named first
        means, others = sample_uses_of(ctx, follow(ctx, comp))
        if id(comp) not in seen and means and not others and id(means[0]) not in reported:
            seen.add(id(comp))
            reported.add(id(means[0]))
            n = comprehension_count(ctx, comp)
            ctx.report(means[0], f"Only the mean of the `elapsed_time()` samples is reported{_few_note(n)}",
                       "Report the median and the spread (min, p5/p95 or IQR) and n too", opt_in=not few(n))
    for comp, call in helper_sample_comps(ctx):  # `sum(time_fn(f) for _ in range(runs)) / runs`
        means, others = sample_uses_of(ctx, follow(ctx, comp))
        if id(comp) in seen or not means or others or id(means[0]) in reported:
            continue
        seen.add(id(comp))
        reported.add(id(means[0]))
        n = comprehension_count(ctx, comp)
        ctx.report(means[0], f"Only the mean of the samples `{ctx.text(call.func)}()` returns is reported"
                   f"{_few_note(n)}", "Report the median and the spread (min, p5/p95 or IQR) and n too",
                   opt_in=not few(n))


def _few_note(n: int | None) -> str:
    """What a default-tier finding adds: the samples are a few, so one slow one moves the mean."""
    return f" (a mean of {n} samples: one slow sample moves it, and nothing printed shows it)" if few(n) else ""


def _check_whole_list_dicts(ctx: Context, lists: set[str]) -> None:
    """``results[name] = times`` per configuration, then only means of ``results``'s lists reported."""
    from ._sample_dicts import dict_use, loads_by_binding, whole_list_dicts

    for key, stores in sorted(whole_list_dicts(ctx, lists).items()):
        for group in loads_by_binding(ctx, key):
            kinds = [(n, dict_use(ctx, n, stores)) for n in group]
            means = [n for n, k in kinds if k == "mean"]
            if not means or any(k == "other" for _, k in kinds):
                continue
            mine = [st for st in stores if any(getattr(n, "_wp_stmt", None) is st for n in group)]
            if not mine:
                continue  # no list stored into this dict here
            shown = False
            for st in mine:  # each stored list's samples printed where taken: the spread is seen
                for _, _, appends, _ in _uses_by_binding(ctx, st.value.id):  # type: ignore[attr-defined]
                    shown = shown or _each_sample_shown(ctx, appends)
            if not shown:
                ctx.report(means[0], f"Only the mean of the sample lists in `{key}` is reported",
                           "Report the median and the spread (min, p5/p95 or IQR) and n too", opt_in=True)


def _never_read(ctx: Context, node: ast.AST) -> bool:
    """A use whose value is stored in a name the file never reads (``std_syn = np.std(timings)`` computed, then only
    the mean printed): the spread is not reported."""
    n = node
    while True:
        parent = getattr(n, "_wp_parent", None)
        if isinstance(parent, (ast.Call, ast.Attribute, ast.BinOp, ast.Subscript, ast.UnaryOp)):
            n = parent
            continue
        break
    if isinstance(parent, ast.Tuple) and isinstance(getattr(parent, "_wp_parent", None), ast.Assign):
        st = parent._wp_parent  # type: ignore[attr-defined]  # `m, sd = np.mean(ts), np.std(ts)`: `sd` unread
        if st.value is parent and len(st.targets) == 1 and isinstance(st.targets[0], ast.Tuple) and \
                len(st.targets[0].elts) == len(parent.elts):
            t = st.targets[0].elts[parent.elts.index(n)]
            return isinstance(t, ast.Name) and not ctx.loads(t.id) and t.id not in _string_names(ctx)
        return False
    if not (isinstance(parent, ast.Assign) and parent.value is n and len(parent.targets) == 1 and
            isinstance(parent.targets[0], ast.Name)):
        return False
    name = parent.targets[0].id
    return not ctx.loads(name) and name not in _string_names(ctx)


def _string_names(ctx: Context) -> set[str]:
    """Names read inside strings (``"{std_syn}".format(**locals())``, a ``%(std)s`` template): taken as reads."""
    cached = ctx.__dict__.get("_wp_string_names")
    if cached is None:
        import re

        cached = {m for n in ctx.all_nodes() if isinstance(n, ast.Constant) and isinstance(n.value, str)
                  for pair in re.findall(r"\{([A-Za-z_]\w*)|%\(([A-Za-z_]\w*)\)", n.value) for m in pair if m}
        ctx._wp_string_names = cached  # type: ignore[attr-defined]
    return cached


def _inline_samples(ctx: Context) -> list[ast.AST]:
    """Samples that never get a name: ``sum([s.elapsed_time(e) for s, e in zip(starts, ends)]) / n``."""
    out = []
    for c in ctx.calls:
        if ctx.method(c) != "elapsed_time":
            continue
        node, parent = c, getattr(c, "_wp_parent", None)
        while parent is not None and not isinstance(parent, (ast.ListComp, ast.GeneratorExp, ast.stmt)):
            node, parent = parent, getattr(parent, "_wp_parent", None)
        if isinstance(parent, (ast.ListComp, ast.GeneratorExp)) and parent.elt is node:
            out.append(parent)
    return out


_SHOW = frozenset({"print", "info", "debug", "warning", "log", "write", "set_postfix", "set_description",
                   "add_scalar", "add_scalars", "pprint", "echo", "secho"})


def _one_sample(appends: list[tuple[ast.AST, ast.stmt]], binding: ast.stmt | None,
                ctx: Context | None = None) -> bool:
    """One sample, no spread to report: every sample is taken in a loop that runs once (``for i in range(1):``, or
    ``range(n_runs)`` with ``n_runs = 1`` the file's only value: set 28), or
    the list is bound (``times = []``) and appended to once, in no loop of its own (``times.append(dt)`` after the
    loop that took the samples: an indentation slip keeps only the last one)."""
    if binding is not None and len(appends) == 1:
        _, st = appends[0]
        if st._wp_scope is binding._wp_scope and len(st._wp_loops) <= len(binding._wp_loops):  # type: ignore
            return True
    def once(loop: ast.stmt) -> bool:
        it = getattr(loop, "iter", None)
        if ctx is not None:
            from ._warm_sources import single_pass

            if single_pass(ctx, loop):
                return True
        return isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and \
            1 <= len(it.args) <= 2 and all(isinstance(a, ast.Constant) for a in it.args) and \
            it.args[-1].value - (it.args[0].value if len(it.args) == 2 else 0) == 1  # type: ignore[attr-defined]
    return bool(appends) and all(st._wp_loops and once(st._wp_loops[-1]) for _, st in appends)  # type: ignore


def _one_sample_binding(ctx: Context, binding: ast.stmt | None) -> bool:
    """The binding takes its samples from a harness told to take one (``res = benchmark(f, args, n_repeat=1)``,
    ``t = benchmark(...).gpu_times``, ``runs = timeit.repeat(stmt, repeat=1)``): one value, no spread to hide."""
    from ._sample_count import one_sample_harness

    v = getattr(binding, "value", None)
    if isinstance(v, ast.Attribute):
        v = v.value
    return one_sample_harness(ctx, v)


def _periodic_log(means: list[ast.AST], appends: list[tuple[ast.AST, ast.stmt]]) -> bool:
    """A periodic progress line, not a result: every mean is taken inside the loop that takes the samples, under a
    test of the iteration count modulo an interval (``if step % log_every == 0: print(tok / np.mean(step_times))``,
    whether the list is kept or emptied after each line): the mean of the recent steps, logged as training goes on."""
    if not means or not appends:
        return False
    for m in means:
        stmt = getattr(m, "_wp_stmt", None)
        loops = [lp for lp in getattr(stmt, "_wp_loops", []) if all(
            st._wp_scope is stmt._wp_scope and any(lp is x for x in st._wp_loops)  # type: ignore[attr-defined]
            for _, st in appends)]
        if not loops:
            return False
        node, periodic = getattr(stmt, "_wp_parent", None), False
        while node is not None and node is not loops[-1]:
            if isinstance(node, ast.If) and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod)
                                                for n in ast.walk(node.test)):
                periodic = True
            node = getattr(node, "_wp_parent", None)
        if not periodic or node is None:
            return False
    return True


def _reset_in(loop: ast.stmt, binding: ast.stmt) -> bool:
    """The list's name is bound again inside ``loop`` (``times = []`` at the end of each epoch): one list per
    iteration, whose mean is that iteration's result, not a mean so far."""
    targets = [t for t in getattr(binding, "targets", []) if isinstance(t, ast.Name)]
    if not targets:
        return False
    name = targets[0].id
    lo, hi = loop._wp_idx, loop._wp_end  # type: ignore[attr-defined]
    return any(isinstance(st, ast.Assign) and st is not binding and lo < st._wp_idx <= hi and  # type: ignore
               any(isinstance(t, ast.Name) and t.id == name for t in st.targets)
               for st in binding._wp_scope.stmts[lo + 1:hi + 1])  # type: ignore[attr-defined]


def _object_running_mean(ctx: Context, means: list[ast.AST], appends: list[tuple[ast.AST, ast.stmt]]) -> bool:
    """A timer object's progress log: its list is filled by one method (``stop``) and averaged by another
    (``avg``), and every call of the averaging method in the file sits in a loop that also calls the filling one
    (``for step ...: t.start(); ...; t.stop(); print(step, t.avg())``): the mean so far, not a result."""
    def method_of(node: ast.AST) -> str | None:
        st = node if isinstance(node, ast.stmt) else getattr(node, "_wp_stmt", None)
        fn = getattr(getattr(st, "_wp_scope", None), "node", None)
        return fn.name if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    fills = {method_of(st) for _, st in appends} - {None}
    averages = {method_of(m) for m in means}
    if not fills or None in averages or averages & fills:
        return False
    calls = [c for c in ctx.calls if isinstance(c.func, ast.Attribute) and c.func.attr in averages]
    def in_filling_loop(c: ast.Call) -> bool:
        st = c._wp_stmt  # type: ignore[attr-defined]
        for loop in st._wp_loops:  # type: ignore[attr-defined]
            lo, hi = loop._wp_idx, loop._wp_end  # type: ignore[attr-defined]
            if any(isinstance(k.func, ast.Attribute) and k.func.attr in fills and
                   k._wp_stmt._wp_scope is st._wp_scope and lo < k._wp_stmt._wp_idx <= hi  # type: ignore
                   for k in ctx.calls):
                return True
        return False
    return bool(calls) and all(in_filling_loop(c) for c in calls)


def _shown_uses(ctx: Context, arg: ast.AST, stmt: ast.stmt) -> list[ast.AST]:
    """The uses of the sample ``arg`` (appended at ``stmt``) that print or log it in its loop."""
    loop = stmt._wp_loops[-1]  # type: ignore[attr-defined]
    lo, hi = loop._wp_idx, loop._wp_end  # type: ignore[attr-defined]
    scope = stmt._wp_scope  # type: ignore[attr-defined]
    if isinstance(arg, ast.Name):
        uses = [ld for ld in ctx.scope_loads(arg.id, scope)
                if lo < ld._wp_stmt._wp_idx <= hi and ld is not arg]  # type: ignore[attr-defined]
    else:
        text = ctx.text(arg)
        uses = [n for st in scope.stmts[lo + 1:hi + 1] for n in stmt_nodes(st)
                if type(n) is type(arg) and n is not arg and ctx.text(n) == text]
    return [u for u in uses if _shown(ctx, u)]


def _each_sample_shown(ctx: Context, appends: list[tuple[ast.AST, ast.stmt]]) -> bool:
    """Every sample is also printed or logged where it is taken (``times.append(dt); print(i, "t =", dt)`` in the
    same loop): the reader sees the spread, the mean is not the only number reported."""
    for arg, stmt in appends:
        loop = stmt._wp_loops[-1] if stmt._wp_loops else None
        if loop is None:
            continue
        lo, hi = loop._wp_idx, loop._wp_end  # type: ignore[attr-defined]
        scope = stmt._wp_scope
        shown = _shown_uses(ctx, arg, stmt)
        if any(not _conditional(u._wp_stmt, loop) for u in shown):  # type: ignore[attr-defined]
            return True  # (a print under `if args.verbose:` is not shown by default)
        if _both_branches(shown, loop):
            return True  # `if ok: print(i, dt, gap) else: print(i, dt, status)`: shown whichever branch runs
        if not _conditional(stmt, loop) and _producer_shows(ctx, arg, scope.stmts[lo + 1:hi + 1]):
            return True
    return False


def _producer_shows(ctx: Context, arg: ast.AST, body: list[ast.stmt]) -> bool:
    """The sample is what a function of the file returns (``times.append(run(x))``, or ``t = run(x)`` in the loop,
    then ``times.append(t)``), and that function prints or logs the value it returns before returning it, in its own
    body and under no condition (``elapsed = t1 - t0; print(f"{elapsed:.4f} s"); return elapsed``): every sample is
    shown where it is taken, the mean is a summary."""
    call = arg if isinstance(arg, ast.Call) else None
    if isinstance(arg, ast.Name):
        binds = [st for st in body if isinstance(st, ast.Assign) and len(st.targets) == 1 and
                 isinstance(st.targets[0], ast.Name) and st.targets[0].id == arg.id]
        if len(binds) == 1 and isinstance(binds[0].value, ast.Call):
            call = binds[0].value
    fn = ctx.functions.get(call.func.id) if call is not None and isinstance(call.func, ast.Name) else None
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    returns = [st for st in fn.body if isinstance(st, ast.Return)]
    if len(returns) != 1 or fn.body[-1] is not returns[0] or not isinstance(returns[0].value, ast.Name) or \
            any(isinstance(n, ast.Return) and n is not returns[0] for n in ast.walk(fn)):
        return False  # one way out, at the end, of a name
    name = returns[0].value.id

    def shows(st: ast.stmt) -> bool:
        if not isinstance(st, ast.Expr) or not isinstance(st.value, ast.Call):
            return False
        c = st.value
        if (ctx.call_name(c) or "").rsplit(".", 1)[-1] not in _SHOW and ctx.method(c) not in _SHOW:
            return False
        return any(isinstance(n, ast.Name) and n.id == name for a in [*c.args, *(k.value for k in c.keywords)]
                   for n in ast.walk(a))
    return any(shows(st) for st in fn.body)


def _both_branches(shown: list[ast.AST], loop: ast.stmt) -> bool:
    """Uses that show the sample in both branches of one ``if``/``else`` of the loop, each under no other condition
    below it: the sample is printed whichever branch runs."""
    for u in shown:
        st = u._wp_stmt  # type: ignore[attr-defined]
        parent = getattr(st, "_wp_parent", None)
        if not isinstance(parent, ast.If) or not parent.orelse or _conditional(parent, loop):
            continue
        sides = [any(any(v._wp_stmt is b for v in shown) for b in branch)  # type: ignore[attr-defined]
                 for branch in (parent.body, parent.orelse)]
        if all(sides):
            return True
    return False


def _conditional(stmt: ast.stmt, loop: ast.stmt) -> bool:
    return within(stmt, (ast.If, ast.Try, ast.ExceptHandler), loop)


def _shown(ctx: Context, node: ast.AST) -> bool:
    parent = getattr(node, "_wp_parent", None)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Call) and node is not parent.func and \
                ((ctx.call_name(parent) or "").rsplit(".", 1)[-1] in _SHOW or ctx.method(parent) in _SHOW):
            return True
        node, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def _uses_by_binding(ctx: Context, key: str) -> list[tuple[list[ast.AST], list[ast.AST], list, ast.stmt | None]]:
    """The uses of each list a name is bound to: ``times = []`` starts a new list, so one benchmark's
    ``sum(times)`` says nothing about the next one's ``np.mean(times)``. Uses with no binding before them in their
    function are grouped together (the file-wide view)."""
    import bisect

    by_scope: dict[int, list[tuple[int, int]]] = {}  # scope -> sorted (statement index, binding id)
    owner = key if ctx.assign_stmts.get(key) or "." not in key else key.split(".", 1)[0]  # `res.gpu_times`: `res`'s
    for b in ctx.assign_stmts.get(owner, []):
        by_scope.setdefault(id(b._wp_scope), []).append((b._wp_idx, id(b)))  # type: ignore[attr-defined]
    for lst in by_scope.values():
        lst.sort()
    groups: dict[int, tuple[list[ast.AST], list[ast.AST], list[ast.Call]]] = {}
    for node in ctx.loads(key):
        stmt = getattr(node, "_wp_stmt", None)
        if stmt is None:
            continue
        lst = by_scope.get(id(stmt._wp_scope), [])  # type: ignore[attr-defined]
        k = bisect.bisect_left(lst, (stmt._wp_idx, -1))  # type: ignore[attr-defined]  # the latest binding before
        gid = lst[k - 1][1] if k else 0
        means, others, appends = groups.setdefault(gid, ([], [], []))
        parent = getattr(node, "_wp_parent", None)
        if isinstance(parent, ast.Attribute) and parent.value is node and parent.attr == "append" and \
                isinstance(getattr(parent, "_wp_parent", None), ast.Call):
            call = parent._wp_parent  # type: ignore[attr-defined]
            if call.args:
                appends.append((call.args[0], stmt))
        written = _index_write(node)
        if written is not None:  # `lat[i] = t1 - t0`: a sample stored, not a use
            appends.append((written, stmt))
            continue
        for use in follow(ctx, node):  # `rec = ts[1:]`, `return ts`, `summarize(ts)`: where the samples go
            m, o = sample_uses_of(ctx, [use])
            means.extend(m)
            others.extend(o)
    if 0 in groups and len(groups) > 1:  # file-wide uses count against every list
        m0, o0, a0 = groups.pop(0)
        for means, others, appends in groups.values():
            means.extend(m0)
            others.extend(o0)
            appends.extend(a0)
    binds = {id(b): b for b in ctx.assign_stmts.get(owner, [])}
    return [(*g, binds.get(gid)) for gid, g in groups.items()]


def _index_write(node: ast.AST) -> ast.AST | None:
    """``lat[i] = value`` (or ``lat[i, j] = value``): the value written by index into the container ``node``."""
    parent = getattr(node, "_wp_parent", None)
    if isinstance(parent, ast.Subscript) and parent.value is node and isinstance(parent.ctx, ast.Store):
        st = getattr(parent, "_wp_parent", None)
        if isinstance(st, ast.Assign) and parent in st.targets:
            return st.value
        if isinstance(st, ast.AugAssign):
            return st.value
    return None
