'''WP112 compiled-without-warmup: a `torch.compile`d or JIT-compiled function is timed on its first call.

## What it does
Checks for timed regions that call a function compiled just in time (`torch.compile(...)`, `@torch.compile`,
`@triton.jit` / `@triton.autotune` kernels launched as `kernel[grid](...)`, `torch.jit.script`, `cupy.RawKernel`,
`numba.cuda.jit`, `jax.jit`) that is not called before the region in the same function. Also a compiled function
warmed up forward only and then timed with `.backward()` on its result, when no backward ran before the region:
AOTAutograd compiles the backward graph lazily, on the first backward call. And a function compiled at a call
site (`measure(torch.compile(net), x)`) and handed to a timing helper of the file that times it with no call before
and averages the samples (directly, or through another helper: `timed(lambda: fn(x))` in an averaged loop). Three
more forms: a loop over configurations (`for bs in sizes:`, not a `range` of repeats) whose per-configuration sample
is printed row by row with no robust summary (the first row compiles); a timing function called again and again
that builds its compiled work anew from its own parameters (`TritonLayer(heads=h)`) and times its single first
call; and `model = torch.compile(model)` before a loop of runs whose durations are averaged, the model first
called inside run 0's timed region (a skipped first run, `if run == 0: continue`, is fine). A class imported from a
`triton_*` module (or named `Triton...`) is a Triton layer: its instances compile on their first call. Since the
fifth session also: `timed(lambda: fast(model, x))` called once with `fast` compiled and never called before, and a
compiled callable (compiled here, or returned compiled by a set-up function of the file: `model, step = init()`)
handed to a function of the file that calls it (`generate(model, tok, step_fn=step)`) inside a one-off timed
region, never called or handed over before. Since the ninth session also: a GPU model compiled in place with the
method form `model.compile(mode=...)` (torch.compile's keywords only), and a one-off timed launch of a `@triton.jit`
kernel whose only earlier launches used other `tl.constexpr` values (`spin[g](x, REPS=1)` warms `REPS=1` only:
each constexpr value is a specialization of its own, compiled on its first launch). Since the eleventh session the
execution-order walk also follows a compiled object through the file's helpers when it is an attribute compiled by
a set-up method (`eng.compile()` binding `self.model = torch.compile(self.model)`: running that method does not run
the model), a method decorated `@torch.compile` run by calling its module, `m.forward = torch.compile(m.forward)`
(then `m(x)` or `m.generate(...)`), a compile call a builder returns (`return torch.compile(m, mode=...)`), a module
compiled in place inside a loader, a JIT kernel first launched by a method of an object handed to the timing helper
(`op.run()`), and a compiled function in a later row of a written-out list of configurations (`for name, fn in
{"eager": f, "compiled": g}.items()`, the compiled one named nowhere else in the file). Since the eleventh
session's measurement also: a build that compiles when it is called (PyCUDA `SourceModule(...)`,
`torch.utils.cpp_extension.load_inline`/`load`) executed between the readings (events bracket the host's compile
too; not when the number is labelled a compile or build time or a whole run's total, nor when the same build ran
before), a Numba `@jit`/`@njit` function (compiled on its first call, on the host, also with
`target_backend="cuda"`; not with a signature or `cache=True`) timed on its first call, JIT kernels defined inside
the function that times them (each call defines and compiles them again: its callers cannot warm them up), and a
CuPy kernel a function of the file builds and returns, launched at once (`_binarize()(x, y)`) before any launch of
it. Since the thirteenth session a JAX array copied from a NumPy array (`jnp.asarray(host)`, `jax.device_put(host)`)
is not taken for host data (it lives on JAX's default device, the GPU): a `jax.jit` function handed one is timed on
its first call too. Since lint68 also a notebook's `%timeit -n N` / `%%timeit -n N` (a loop count given, so no
calibration runs take the first call) over a compiled callable the notebook never called before (`loss_jit =
jit(loss)`, a `@jax.jit` or `@cuda.jit` function, `pmap(jnp.dot)(x, x)` written inline): its first loop compiles and
is one of the runs averaged. `%timeit` left to choose its loop count stays silent. A `%%time` cell that defines a
JIT kernel itself (`@cuda.jit`, no signature) and launches it outside the cell's functions is reported even when the
cell is a run (a time-stepping loop): the kernel is a new object, compiled inside the cell's time.
(lint77) A `@tf.function` (or `tf.function(f)`) is compiled too: TensorFlow traces it into a graph on its first call,
timed on the GPU (a `with tf.device("/GPU:0"):` scope, or a program that checks for a GPU) with no call before.
(lint72) Not reported: a first call inside a region labelled as a build or a compile time
(`artifact_build_seconds`, `compile_s`, "built in"): compile time measured on purpose, also inside a whole-run total
around it; a timing function handed to a dataset map twice (warm-up batches first) is called again.
Nor a first call whose reading is labelled as a warm-up or a cold run ("Warm-up run took", "cold",
"first launch", a result keyed "first"): measured on purpose.
(lint74) Not reported either: a compiled callable's first call timed once, outside any loop, when the next later
timing of that callable in the same file or notebook (a timed region, `%time`, `%timeit`) makes the same call (the
callee and its arguments written alike) and no name of the call is bound again in between: a "first run" shown on
purpose, beside its warm "second run". A single cold timing, or one whose next timing calls it on other arguments
(another shape compiles again) or after it is defined anew, stays reported. WP103 keeps such pairs: a library op's
first run is not a compile the code set up itself.
(lint80) Also: the first throughput window of a training loop (the clock started before the loop, read and
restarted under `if step % every == 0:`) around the first calls of a compiled model or of a step function that
calls `jax.jit` functions (`@partial(jax.jit, ...)` is `jax.jit`): that window's tokens/s, step time and MFU include
the compilation; not when the step ran before the window opened, nor when the logging block leaves the first window
out (`if step > every:`) or labels it. A sweep over the indices of a written-out list of sizes (`for k in
range(len(sizes)):` ... `sizes[k]`), its samples stored by index and plotted or printed whole, is a sweep like
`for n in sizes:`: its first point holds the first call. "jit" in a label names the variant timed, not a compile
measured on purpose, when the region runs its work in a loop of many calls ("jax jit time" beside "jax gpu time").
Calls in the module body of a function defined more than once (pasted sections, each with `def main()` and its own
`if __name__ == "__main__": main()`) run the latest definition above them: they are not one function called twice.
(lint81, set 67) A row of a sweep over shapes whose first call of the `jax.jit` function is stored as a figure of its
own (`first_call_ms`, `compile_s`: the names `_times_first_call` reads) is compile time measured on purpose, not a
row's latency: not reported as a retrace.
(lint82) A Numba `@jit`/`@njit` function whose loops walk its image (`for y in prange(h)`) is one compiled call, not a
run over a data set: its first call is timed compile work, also as the CPU baseline of a GPU comparison and when a
per-size helper that prints its own row is called as a statement over a written-out list of sizes (the first row
compiles). A program that does no GPU work at all is not linted for it.
(lint86, sets 71-76) A `cupy.RawKernel` compiled explicitly with `k.compile()` before the timed region (an earlier
statement or notebook cell) is compiled and loaded then: its first timed launch is not a compile. A `.compile()`
only after the timed launch, or of another kernel, warms nothing.
(lint87, sets 71-76) `@jax.pmap` compiles on its first call as `jax.jit` does, and so does a Taichi `@ti.kernel` in a
program initialized on a GPU (`ti.init(arch=ti.gpu)`, `ti.cuda`...; `ti.sync()` is its synchronize, and the kernel's
loop over its field is one launch, not a run over a data set). A compiled kernel timed in a loop of repetitions
(`for _ in range(10):`) whose every sample is printed as a row, no robust summary, and whose loop waits for the device
(also only under an option): the first printed row is the compile. A loop that never waits prints launch times
(Taichi's own async test): not reported.
(lint91, set 79) A program that does no GPU work at all is not linted for its compiles, and a compiled callable handed
to a timing helper with data all known to live on the CPU (`timer(traced, tokens)`, `tokens = torch.tensor([...])`)
is the CPU row of a comparison: not reported. A first run averaged only past a slice (`np.mean(times[10:])`) is left
out of the mean.
Also: a counted loop (``for epoch in range(n):``, not inside another loop) whose
per-iteration time is printed or logged by a statement of the loop body in every iteration, its region around the
first calls of a compiled callable never called before the loop (epoch 1's time, update 1's steps per second: the
first row is the compilation's). A burn-in stage in a written-out list (``for stage, n in enumerate([10, 20]):``),
a report under a condition that can be false at the first iteration or a skipped first iteration stay silent.
(Eighteenth session, set 109) A report every `k` steps (`if step % k == 0 or step == steps - 1:` of a counter from 0:
`range(n)`, `enumerate(...)`, `zip(range(n), loader)`) shows step 0 and so the first row; so does such a loop inside
one outer loop of training phases. Equinox's `@eqx.filter_jit` (and `filter_pmap`) compiles on its first call as
`jax.jit` does. A name that says ``compiled``
(``compiled_mm_time``) names the compiled variant timed, not a compile time measured on purpose (``compile_s``,
``compilation_time``); and a model handed to a helper before ``model = torch.compile(model, mode=...)`` ran nothing
compiled.
Two warm-ups that do not reach the timed run, facts of torch (torch 2.13's
`_inductor/cudagraph_trees.py`, `_dynamo/guards.py`): a function compiled with `mode="reduce-overhead"` or
`"max-autotune"` runs through CUDA graph trees, which run its first call eagerly and record the graph on a later
call, so one warm-up call (one statement outside any loop) before a one-off timed region leaves the recording to the
first timed call (also inside a helper of the file handed the compiled callable, `bench(fast, x)`, that calls its
parameter so once before its one-off region); and a `torch.compile`d module handed to a library trainer's run inside a timed region
(`trainer.fit(model)`, `Trainer(model=model).train()`), never called before or called only on CPU tensors (Dynamo's
guards check the device: the trainer's GPU run compiles it again, and its backward compiles), in a program that uses
the GPU or whose compile mode records CUDA graphs; not when the module was moved, handed elsewhere or run by a
trainer before, nor for a trainer told to run on the CPU (`accelerator="cpu"`).

(Seventeenth session, sets 89-101.) Also Numba's CPU `jit` applied by a call (`f_par = jit(f,
parallel=True)`, the decorator's call form: compiled on the first call of `f_par`), a `@njit` function imported from
another module of the project (its decorator read there), a Numba kernel defined in a class body and launched as
`self.k[grid](...)` (the attribute is the kernel itself: a constructor that launches it, timed, times the compile),
and a JAX derivative written inline over a `jax.jit` function, `jax.grad(f)(x)` (also `value_and_grad`, `jacfwd`,
`jacrev`, `hessian`): differentiating traces `f` again and compiles the derivative's own programs on its first call,
whatever calls of `f` ran before; an earlier call written alike warms it. A TensorFlow program that picks its GPU by
index in its module body (`os.environ["CUDA_VISIBLE_DEVICES"] = "1"`) runs on that GPU: its `tf.function` timed on
its first call (inside `timeit` too) is reported like one under `with tf.device("/GPU:0"):`.

(Seventeenth session) A compiled callable handed to a timing helper (`_cuda_time_ms(do_prefill)`, a
closure over a model compiled outside) by a function that runs more than once (warm-up calls `for _ in
range(warmup): bench_once()` before the kept ones) is warm after that function's first run: not reported, unless
the function compiles something itself (a compile call or a decorated closure in its body: new on every run).

(Nineteenth session, sets 110-113) A region timed once around a call of a plain (not compiled) method or function of
the file that runs a `range` loop shown to run 100 epochs or more (`trainer.train_model(train_loader, val_loader,
num_epochs=200)`, also through `tqdm(range(...))`), each epoch a pass over data (a loop over something other than a
`range`, in the loop or in a method of the file it calls), is a whole training run: the one-off compile or start-up
of its steps is a small, legitimate part of the total and is not reported (set 112). A run of a few epochs, or of a
count the code does not show, stays reported.

(Nineteenth session, helperwarm, sets 114-117) In a training loop's first logging window, a plain function of the
file handed a compiled object (`run_microbatches(model, data_iter, ...)` calling its `model` parameter, with `model =
torch.compile(model)`) is not compiled itself: the finding names the object it is handed, and a function of the file
called before the window that is handed the same object and calls it (`_compile_warmup(model, dl, device)` running
one forward and backward) is its warm-up. A parameter named like a compiled object of the file is whatever the
caller hands in: handed an eager module, the function compiles nothing.

(Twentieth session, jitrecall, sets 77-124) Numba's `@cuda.reduce` is compiled on its first call too (its reduction
kernel is built when the `Reduce` object is first called, whatever the arguments, host arrays included). A cold first
run re-timed by the same call is shown on purpose only when the two figures are told apart: both printed under one
and the same label (`print('time for cuda reduce:', ...)` twice) stays reported, the cold figure passed off as the
warm one. And an interval read after an `if`/`else` whose branches each take both readings (`start = time.time();
slow[1, g](a, b, c); end = time.time()` in one branch, the same with `fast` in the other) times each branch: the
`if` branch's cold kernel is reported as the `else` branch's is.

(Twenty-first session, jitfirst, sets 77-136) A compiled function defined again before its timed call (a notebook
cell that redefines `kernel_1` or `Add` under `@cuda.jit`, `@jit`, `@vectorize(target="cuda")`, or binds the name to
a new compile call) is a new object with an empty cache: calls of the name before that definition ran the old object
and warm nothing, so its first call after the definition, timed, is reported (not when the name is read between the
definition and the region, nor for a Numba `@jit` given a signature or `cache=True`). PyCUDA compiles on first use:
an `ElementwiseKernel` on its first call (not where it is built), and a `GPUArray` operator (`d * np.float32(2)`,
`a_gpu + b_gpu`) the first time the program uses it (its elementwise kernel is generated and built with
`SourceModule` then); a one-off region around the program's first operator of its kind on GPU arrays, in a file that
uses PyCUDA's arrays (not CuPy's or torch's), is reported. And a `timeit` string that imports a GPU library
(`import pycuda.autoinit` in `code_to_test`) makes the program a GPU one: its `SourceModule(...)` compiles in every
run of the statement.
(held145, sets 77-148) A name bound, at its latest assignment before the timed call, to a JAX ahead-of-time
executable is compiled already: `f.lower(x).compile()` written at once or in steps over rebindings or other names
(`f = jax.jit(f)`; `f = f.lower(x)`; `f = f.compile()`, or `lowered = jitted.lower(x)`; `run = lowered.compile()`).
Its timed call is not reported (a missing wait is WP102's). A clock difference that only steers the program (a
time limit, a pacing sleep: see WP102) is not a reported interval: its region is not reported.
(libtable, sets 77-164) The libraries' compilers are read from one table (`_lib_table`: Taichi, Warp, Numba,
CuPy and `cupyx.jit.rawkernel`, PyCUDA, JAX, TensorFlow, torch, Triton, TileLang, KeOps `Genred`, Paddle `to_static`,
MLX). A kernel defined as a method of a class of the project (`@ti.kernel` of a `@ti.data_oriented` class, a
`@torch.compile`'d method) is compiled on its first call from the file that builds the object (`sim = Solver(...)`;
`sim.step(i)` timed from its first call).

Since the twenty-third session (crossmod): a Numba kernel imported from a project module that gives it its
signature (`@cuda.jit("void(float32[:,:], ...)")` there) is compiled when that module is imported, so its first
timed launch compiles nothing (the signature is read in the kernel's own module, not guessed from the launch).

## Why is this bad?
The first call compiles: Dynamo tracing and Inductor code generation take seconds, a Triton kernel is compiled to
PTX and cubin (and `@triton.autotune` runs every config). The timed number is then compile time, thousands of times
the kernel, and a later recompilation (a new shape, a new dtype) will do it again.

## Example
```python
f = torch.compile(model)
start.record()
y = f(x)
end.record()
```

## Use instead
```python
f = torch.compile(model)
for _ in range(3):  # compile, autotune, settle
    f(x)
torch.cuda.synchronize()
start.record()
y = f(x)
end.record()
```

## Fix safety
No automatic fix.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import stmt_calls
from ._common import callee_key, called_before, data_driven, loop_guarded, mentions_warmup, warmup_findings

CODE = "WP112"
NAME = "compiled-without-warmup"
FIX = "none"


def _build_timed(ctx: Context, call: ast.AST) -> bool:
    """A region around ``call`` says it times a build or a compilation (``artifact_build_seconds = perf_counter() -
    t0``): the compiled callable's first call is measured on purpose, as compile time (by that region, and by a
    whole-run total around it that includes it)."""
    from ._declared_subject import declared_build

    return any(q.contains(call) and declared_build(ctx, q) for q in ctx.regions)


def check(ctx: Context) -> None:
    from ._graph_warmup import one_graph_warmup, one_graph_warmup_in_helper, trainer_cold_compiles

    report = _once(ctx)
    for call, key, cpu_warm in trainer_cold_compiles(ctx):  # (its own GPU test: a CUDA-graph mode says GPU)
        run = f"`{ctx.text(call.func)}`"
        if cpu_warm:
            report(call, f"Compiled `{key}` was warmed up only on CPU tensors: {run} runs it on the GPU inside the "
                   "timed region, where it compiles again for the new device (and compiles its backward)",
                   "Run a training step on the GPU before the timed region, or time the steps after the first")
        else:
            report(call, f"Compiled `{key}` is first run inside {run}, in the timed region: its compilation "
                   "(forward and backward) is timed with the training", "Run a training step on the GPU before "
                   "the timed region, or time the steps after the first")
    if not ctx.uses_gpu:
        return  # a program that does no GPU work: its compiles are CPU timings, not GPU timing mistakes (set 79)
    for call, key in one_graph_warmup(ctx):
        report(call, f"Compiled `{key}` (a CUDA-graph mode) was called once before the timed region: CUDA graph "
               "trees run the first call as a warm-up and record the graph on a later call, inside the timed region",
               "Call it two or three times before the timed region")
    for site, key, helper in one_graph_warmup_in_helper(ctx):
        report(site, f"Compiled `{key}` (a CUDA-graph mode) is handed to `{helper}`, which calls it once before its "
               "timed region: CUDA graph trees run that call as a warm-up and record the graph on a later call, "
               "inside the timed region", "Warm it up two or three times (in the helper, or before handing it over)")
    from ._common import _own_kernels

    for r, call, key in warmup_findings(ctx, compiled=True):
        if _build_timed(ctx, call):
            continue
        if key in _own_kernels(ctx, r):
            report(call, f"Compiled `{key}` is timed on its first call: it is defined inside "
                   f"`{r.scope.node.name}`, so every call of that function compiles it again, inside the "  # type: ignore
                   "timed region", "Define the kernel at module level (compiled once) and call it once before the "
                   "timed region")
            continue
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Call) and dotted(call.func.func) == key:
            report(call, f"The kernel `{key}()` builds is timed on its first launch, which compiles it (inside the "
                   "timed region)", "Launch it once or more before the timed region")
            continue
        report(call, f"Compiled `{key}` is timed on its first call (includes compilation)",
               "Call it once or more before the timed region")
    from ._cold_walk import walk_findings

    for node, what, _weak in walk_findings(ctx, compiled=True):
        if _build_timed(ctx, node):
            continue
        report(node, f"Compiled `{what}` is timed on its first call (it never ran before this timed region; "
               "includes compilation)", "Call it once or more before the timed region")
    for site, key, param in _compiled_into_helper(ctx):
        if _fed_host_tensors(ctx, site):
            continue  # `timer(traced_model, tokens)` with `tokens = torch.tensor([...])`: the CPU model's timing
        report(site, f"Compiled `{key}` is timed on its first call inside `{dotted(site.func)}` (its `{param}` "
               "is never called before the timed region; includes compilation)",
               "Call it once or more before handing it to the timing helper")
    for call, key in _compiled_once_averaged(ctx):
        report(call, f"Compiled `{key}` is first called inside the first timed iteration, whose sample is "
               "averaged with the warm ones (includes compilation)",
               "Call it once or more before the timed loop, or leave the first sample out")
    from .no_warmup import cold_single_run_magics

    for m, key in cold_single_run_magics(ctx):
        if ctx.is_compiled(key):
            magic = ("%%" if m.kind == "cell" else "%") + m.name
            ctx.report_at(m.line, m.col, m.line, m.end_col, f"`{magic} -n 1 -r 1` times compiled `{key}` once, on "
                          "its first call (includes compilation)", "Run it once before the timed cell, or let "
                          "`%timeit` repeat it")
    from ._cold_time_magic import cold_time_magics

    for m, key, compiled in cold_time_magics(ctx):
        if compiled:
            ctx.report_at(m.line, m.col, m.line, m.end_col, f"`{'%%' if m.kind == 'cell' else '%'}time` times "
                          f"compiled `{key}` once, on its first call (includes compilation)",
                          "Run it once before the timed cell, or use `%timeit`")
    from ._cold_time_magic import cold_timeit_magics

    for m, key in cold_timeit_magics(ctx):
        ctx.report_at(m.line, m.col, m.line, m.end_col, f"`{'%%' if m.kind == 'cell' else '%'}timeit` with a set "
                      f"loop count times compiled `{key}` from its first call: the first loop compiles, and its "
                      "time is one of the runs averaged", "Call it once before the timed cell, or let `%timeit` "
                      "choose the loop count (its calibration takes the first call)")
    from ._retrace import respecialized, retraced_rows

    for call, key, what in respecialized(ctx):
        report(call, f"Triton kernel `{key}` is timed on the first call of its specialization {what}: each new "
               "`tl.constexpr` value compiles the kernel again, inside the timed region",
               "Warm it up with the same constexpr values as the timed launch")
    for call, key in retraced_rows(ctx):
        report(call, f"Compiled `{key}` is timed on the first call with each new input shape (it is traced and "
               "compiled again for every shape: each row includes compilation)",
               "Call it once on each row's input before timing it")
    from ._compile_inside import compiled_inside

    for call, what in compiled_inside(ctx):
        report(call, f"`{what}(...)` compiles inside the timed region: the reading includes the compilation (and "
               "the module load)", "Build the kernel before the timed region and time only its launches")
    from ._first_window import first_window_compiles

    for call, key in first_window_compiles(ctx):
        report(call, f"Compiled `{key}` is first called inside the first logging window: that window's time (and "
               "its throughput, step time, MFU) includes the compilation", "Call it once before the window opens, "
               "or restart the window's clock after the first steps (or leave the first window out)")
    from ._first_window import first_row_compiles

    for call, key in first_row_compiles(ctx):
        report(call, f"Compiled `{key}` is first called inside the first iteration's timed region, whose time is "
               "reported like every other iteration's: the first row includes the compilation",
               "Call it once before the loop, or leave the first iteration out of what is reported")
    from ._pycuda_ops import first_gpuarray_ops

    for op, sym in first_gpuarray_ops(ctx):
        report(op, f"The program's first `{sym}` on PyCUDA GPU arrays is timed: PyCUDA generates and compiles its "
               "elementwise kernel (nvcc, or its disk cache) and loads the module on first use, inside the timed "
               "region", "Run the same operation once before the timed region")
    for call, key in _cold_backward(ctx):
        report(call, f"Compiled `{key}` is timed on its first backward call (the backward graph compiles "
               "lazily, on the first `.backward()`)", "Run forward and backward once or more before the timed "
               "region")


def _once(ctx: Context):
    """``ctx.report`` that reports a node once (two finders can see the same first call: a one-off region's and
    the averaged loop's)."""
    seen: dict[tuple[int, int], bool] = {}  # position -> reported weak
    weak_shown: dict[tuple[int, int], object] = {}  # position -> the weak diagnostic shown there

    def report(node, *args, **kw):
        k = (getattr(node, "lineno", -1), getattr(node, "col_offset", -1))
        weak = bool(kw.get("weak", False))
        if k not in seen or (seen[k] and not weak):  # (a strong finding is not hidden by an earlier weak one)
            seen[k] = weak
            n = len(ctx.diagnostics)
            ctx.report(node, *args, **kw)
            if weak and len(ctx.diagnostics) > n:
                weak_shown[k] = ctx.diagnostics[-1]
            elif not weak and k in weak_shown:  # (and replaces it: one finding per call)
                gone = weak_shown.pop(k)
                ctx.diagnostics[:] = [d for d in ctx.diagnostics if d is not gone]
    return report


def _compiled_once_averaged(ctx: Context) -> list[tuple[ast.Call, str]]:
    """``model = torch.compile(model)`` before a loop of runs, each run timed (one sample per iteration) and the
    samples averaged: the compiled model (called, or handed to a function of the file) first runs inside run 0's
    timed region, so one sample holds the compilation and the mean carries it. A first call or a use before the
    loop, a skipped first run (``if run == 0: continue``, a condition on the loop variable around the readings) or
    a robust summary (median, min) leave it alone."""
    from .._names import COMPILERS
    from .mean_only import _uses_by_binding
    from ._sample_uses import _robust, drops_first

    out: list[tuple[ast.Call, str]] = []
    for r in ctx.regions:
        loop, scope = r.loop, r.scope
        if loop is None or r.samples is None or r.outer is not None or mentions_warmup(ctx, scope) or \
                _skips_first(r) or data_driven(ctx, r):
            continue
        compiled = {}
        for st in scope.stmts[:loop._wp_idx]:  # type: ignore[attr-defined]
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
                    isinstance(st.value, ast.Call) and ctx.call_name(st.value) in COMPILERS:
                compiled[st.targets[0].id] = st
        if not compiled:
            continue
        hit = None
        for c in r.calls():
            for key in compiled:
                if callee_key(c) == key or (isinstance(c.func, ast.Name) and c.func.id in ctx.functions and any(
                        isinstance(a, ast.Name) and a.id == key for a in c.args)):
                    hit = (c, key)
                    break
            if hit:
                break
        if hit is None or _used_between(ctx, hit[1], scope, compiled[hit[1]]._wp_idx, r.lo):  # type: ignore
            continue
        groups = _uses_by_binding(ctx, r.samples)
        if any(means and not all(drops_first(m) for m in means) and not any(_robust(ctx, o) for o in others)
               for means, others, _, _ in groups):  # (`np.mean(times[10:])` leaves the compiled first run out)
            out.append(hit)
    return out


def _skips_first(r) -> bool:
    """A condition on the loop variable decides whether a run is timed or kept: ``if i == 0: continue``,
    ``if run > 0: times.append(...)``, the readings under ``if i >= warmup:``."""
    loop = r.loop
    if not isinstance(loop, (ast.For, ast.AsyncFor)):
        return True
    targets = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    start = r.scope.stmts[r.lo]
    for st in r.scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
        if not isinstance(st, ast.If) or not any(isinstance(n, ast.Name) and n.id in targets
                                                 for n in ast.walk(st.test)):
            continue
        body = [b for part in (st.body, st.orelse) for b in part]
        inside = {id(n) for b in body for n in ast.walk(b)}
        if _shows_first(st, loop, body):
            continue  # `if step % print_every == 0: print(end - start)`: step 0 is printed, nothing skipped
        if any(isinstance(n, ast.Continue) for b in body for n in ast.walk(b)) or id(start) in inside or \
                (r.interval is not None and id(r.interval) in inside) or any(
                    isinstance(n, ast.Attribute) and n.attr == "append" and isinstance(n.value, ast.Name) and
                    n.value.id == r.samples for b in body for n in ast.walk(b)):
            return True
    return False


def _shows_first(st: ast.If, loop: ast.For, body: list[ast.stmt]) -> bool:
    """``st`` holds at the loop counter's first value (``step % k == 0``, ``_cold_first_row``), has no ``else`` and
    skips nothing (no ``continue``, ``break``): what it guards runs in the first iteration."""
    from ._cold_first_row import counter_from_zero, true_at_zero

    counter = counter_from_zero(loop)
    return counter is not None and not st.orelse and true_at_zero(st.test, counter) and \
        not any(isinstance(n, (ast.Continue, ast.Break)) for b in body for n in ast.walk(b))


def _used_between(ctx: Context, key: str, scope, lo: int, hi: int) -> bool:
    """``key`` is called, or handed to a function, at a statement strictly between ``lo`` and ``hi``."""
    for st in scope.stmts[lo + 1:hi]:
        for c in stmt_calls(st):
            if callee_key(c) == key or any(isinstance(a, ast.Name) and a.id == key for a in c.args):
                return True
    return False


def _cold_backward(ctx: Context) -> list[tuple[ast.Call, str]]:
    """A compiled function warmed up forward only, then timed with ``.backward()``: AOTAutograd compiles the
    backward graph on the first backward call, inside the timed region (``f(q, k, v)`` once, then
    ``for _ in range(100): f(q, k, v).sum().backward()``)."""
    out: list[tuple[ast.Call, str]] = []
    done: set[int] = set()
    for r in ctx.regions:
        if r.kind == "with" or data_driven(ctx, r) or mentions_warmup(ctx, r.scope) or loop_guarded(r):
            continue
        for c in r.calls():
            if ctx.method(c) != "backward" or id(r.scope) in done:
                continue
            key = _compiled_source(ctx, c.func.value)  # type: ignore[attr-defined]
            if key is None or _backward_before(ctx, r.scope, r.lo):
                continue
            done.add(id(r.scope))
            out.append((c, key))
    return out


def _compiled_source(ctx: Context, expr: ast.AST) -> str | None:
    """The compiled callable whose call the expression is derived from (``f(x).sum()`` -> ``f``)."""
    while True:
        if isinstance(expr, ast.Call):
            k = callee_key(expr)
            if k is not None and ctx.is_compiled(k) and not isinstance(expr.func, ast.Attribute):
                return k
            expr = expr.func.value if isinstance(expr.func, ast.Attribute) else None  # type: ignore[assignment]
        elif isinstance(expr, (ast.Attribute, ast.Subscript)):
            expr = expr.value
        else:
            return None
        if expr is None:
            return None


def _backward_before(ctx: Context, scope, before: int) -> bool:
    first = ctx.__dict__.setdefault("_wp_first_backward", {})
    if id(scope) not in first:  # the index of the scope's first backward call, found once per scope
        first[id(scope)] = next((st._wp_idx for st in scope.stmts for c in stmt_calls(st)  # type: ignore[attr-defined]
                                 if ctx.method(c) == "backward" or dotted(c.func) == "torch.autograd.backward"),
                                len(scope.stmts))
    return first[id(scope)] < before


def _fed_host_tensors(ctx: Context, site: ast.Call) -> bool:
    """The timing helper is handed the compiled callable and data all known to live on the CPU (``timer(traced,
    tokens, segments)`` with ``tokens = torch.tensor([...])``): a TorchScript or compiled module runs where its
    inputs are (torch refuses to mix devices), so that timing is the CPU variant's, beside a GPU one handed
    ``tokens.cuda()`` (set 79). Not when the compiled callable is a function of the file that moves data to the
    GPU itself."""
    data = [a for a in [*site.args, *(k.value for k in site.keywords)] if not ctx.is_compiled(dotted(a) or "")
            and not (isinstance(a, ast.Call) and ctx.call_name(a) in _compilers())]
    if not data or not all(ctx.placement(a) == "cpu" for a in data):
        return False
    for a in [*site.args, *(k.value for k in site.keywords)]:
        if isinstance(a, ast.Call) and ctx.call_name(a) in _compilers():
            a = a.args[0] if a.args else a
        q = dotted(a) or ""
        if q in ctx.functions and ctx._moves_to_gpu(ctx.functions[q]):
            return False
    return True


def _compilers() -> frozenset[str]:
    from .._names import COMPILERS

    return frozenset(COMPILERS)


def _compiled_into_helper(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """A function freshly compiled and handed to a timing helper of the file that times it with no call before
    (``measure(torch.compile(net), x)`` where ``measure`` times ``m(x)`` and averages): the first timed call
    compiles. (site, compiled expression, parameter)."""
    from .._names import COMPILERS
    from ._cold_helpers import dropped_result
    from ._common import called_before, file_function_calls

    out: list[tuple[ast.Call, str, str]] = []
    for c, fn, bound in file_function_calls(ctx):
        for param, value in bound:
            fresh = isinstance(value, ast.Call) and ctx.call_name(value) in COMPILERS
            st = c._wp_stmt  # type: ignore[attr-defined]
            if isinstance(value, ast.Name) and ctx.is_compiled(value.id):
                fresh = not called_before(ctx, value.id, st._wp_scope, st._wp_idx) and not _handed_before(
                    value.id, st._wp_scope, st._wp_idx, _compiled_at(ctx, value.id, st._wp_scope, st._wp_idx))
                # (`_ = bench(m, x)` warmed it: set 28; `apply_lora(model)` before `model = torch.compile(model)`
                # ran nothing compiled: set 88)
            if not fresh or dropped_result(st, c):
                continue  # `_ = bench(model_def, ...)  # absorb compile`: the warm-up call itself, its result dropped
            if isinstance(value, ast.Name) and _runner_called_again(ctx, st._wp_scope, st._wp_idx):
                continue  # `def bench_once(): ... timer(step)` run by warm-up calls before the kept ones
            scope = fn._wp_own_scope  # type: ignore[attr-defined]
            if mentions_warmup(ctx, scope):
                continue
            for r in ctx.regions:
                if r.scope is not scope or data_driven(ctx, r) or loop_guarded(r):
                    continue
                timed = [k for k in r.calls() if (callee_key(k) or "").split(".")[0] == param]
                if not timed or called_before(ctx, param, scope, r.lo):
                    continue
                if r.loop is not None and not _averaged(ctx, r):
                    continue  # one cold sample among many, summarized by a robust statistic
                out.append((c, ctx.text(value), param))
                break
            else:
                if _times_through_helper(ctx, scope, param):
                    out.append((c, ctx.text(value), param))
    return out


def _runner_called_again(ctx: Context, scope, before: int) -> bool:
    """The function whose statement hands the compiled callable to the timing helper runs more than once (called in
    a loop, or twice: ``for _ in range(warmup): bench_once()`` then ``[bench_once() for _ in range(n)]``), and
    compiles nothing itself before that statement (the callable is compiled outside it, or is a closure over a
    model compiled outside it): its first run compiles, and the later runs hand over a warm callable. A function
    that compiles anew on each run (``step = torch.compile(f)`` in its body, a decorated closure) is cold in every
    run."""
    from .._names import COMPILERS
    from ._common import helper_called_again

    if isinstance(scope.node, ast.Module) or not helper_called_again(ctx, scope):
        return False
    for st in scope.stmts[:before + 1]:
        for n in ast.walk(st):
            if isinstance(n, ast.Call) and ctx.call_name(n) in COMPILERS:
                return False
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.decorator_list:
                return False
    return True


def _times_through_helper(ctx: Context, scope, param: str) -> bool:
    """``fn`` handed on to a timing helper of the file (``timed(lambda: fn(data))``, whose region times its own
    callable parameter) in a loop whose samples are averaged (``times.append(t)``, ``sum(times) / len(times)``),
    with no call of ``fn`` before that loop: the first sample compiles."""
    from .mean_only import _uses_by_binding
    from ._sample_uses import _robust

    helpers = _param_timers(ctx)
    for st in scope.stmts:
        for c in stmt_calls(st):
            if not (isinstance(c.func, ast.Name) and c.func.id in helpers and c.args):
                continue
            a = c.args[0]
            body = a.body if isinstance(a, ast.Lambda) else a
            if not any(isinstance(n, ast.Call) and dotted(n.func) == param for n in ast.walk(body)) and \
                    dotted(body) != param:
                continue
            loops = st._wp_loops  # type: ignore[attr-defined]
            if not loops or any(callee_key(k) == param for s2 in scope.stmts[:loops[0]._wp_idx]
                                for k in stmt_calls(s2)):
                return False
            loop = loops[-1]
            for s2 in scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]:  # type: ignore[attr-defined]
                for k in stmt_calls(s2):
                    if ctx.method(k) == "append" and isinstance(k.func.value, ast.Name):  # type: ignore
                        for means, others, appends, _ in _uses_by_binding(ctx, k.func.value.id):  # type: ignore
                            if any(a_st is s2 for _, a_st in appends) and means and \
                                    not any(_robust(ctx, o) for o in others):
                                return True
            return False
    return False


def _param_timers(ctx: Context) -> set[str]:
    """Functions of the file with a one-off timed region around a call of their first parameter
    (``def timed(fn): t0 = time.time(); fn(); return time.time() - t0``)."""
    cached = ctx.__dict__.get("_wp_param_timers")
    if cached is None:
        cached = set()
        for r in ctx.regions:
            node = r.scope.node
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or r.loop is not None or \
                    not node.args.args:
                continue
            first = node.args.args[0].arg
            if any(callee_key(k) == first for k in r.calls()) and not called_before(ctx, first, r.scope, r.lo):
                cached.add(node.name)
        ctx._wp_param_timers = cached  # type: ignore[attr-defined]
    return cached


def _averaged(ctx: Context, r) -> bool:
    """The per-iteration samples of ``r`` (a host interval's list, or the list its ``elapsed_time()`` values are
    appended to) are summarized by their mean or sum, not by a robust statistic."""
    from .._walk import base_key
    from ._sample_uses import _robust, sample_uses

    key = r.samples
    if key is None and r.loop is not None:
        for st in r.scope.stmts[r.loop._wp_idx + 1:r.loop._wp_end + 1]:  # type: ignore[attr-defined]
            for c in stmt_calls(st):
                if ctx.method(c) == "append" and c.args and any(
                        isinstance(n, ast.Call) and ctx.method(n) == "elapsed_time" for n in ast.walk(c.args[0])):
                    key = base_key(c.func.value)  # type: ignore[attr-defined]
    if key is None:
        return False
    means, others = sample_uses(ctx, key)
    return not any(_robust(ctx, o) for o in others) and (bool(means) or any(
        isinstance(getattr(o, "_wp_parent", None), ast.Call) and
        (ctx.call_name(o._wp_parent) or "") == "sum" for o in others))  # type: ignore[attr-defined]


def _compiled_at(ctx: Context, name: str, scope, before: int) -> int:
    """The index after the latest statement before ``before`` of ``scope`` that binds ``name`` to a compile call
    (``model = torch.compile(model, mode=m)``, also under an ``if`` or a ``try``), else 0."""
    from .._names import COMPILERS

    for st in reversed(scope.stmts[:before]):
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
            compiled = isinstance(st.value, ast.Call) and ctx.call_name(st.value) in COMPILERS
            return st._wp_idx + 1 if compiled else 0  # type: ignore[attr-defined]
    return 0


def _handed_before(name: str, scope, before: int, since: int = 0) -> bool:
    """``name`` is called, or handed to a call (keywords too), before statement ``before`` of ``scope`` (and after
    statement ``since``, where it was compiled: what ran the eager module before ran nothing compiled)."""
    for st in scope.stmts[since:before]:
        for c in stmt_calls(st):
            if (isinstance(c.func, ast.Name) and c.func.id == name) or any(
                    isinstance(a, ast.Name) and a.id == name for a in [*c.args, *(k.value for k in c.keywords)]):
                return True
    return False
