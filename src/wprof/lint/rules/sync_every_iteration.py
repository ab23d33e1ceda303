'''WP101 sync-every-iteration: a timed loop synchronizes the device in every iteration around a µs-scale op.

## What it does
Checks for timed loops (one sample per iteration, or a loop inside a timed interval) that call an explicit device
synchronization (`torch.cuda.synchronize()`, `stream.synchronize()`, `end.synchronize()`...) in every iteration,
where each sample is shown to be short: one statement of GPU work that is a single elementwise, reduction or
normalization op (or a one-op `torch.nn` module), a matmul of at most 512^3 multiply-adds or of at most ~60 µs on
the reference GPU by its arithmetic and bytes at its dtype (a 1024^3 fp32 one, a decode-size bf16 GEMM), a
`torch.einsum` with a literal equation read the same way (its multiply-adds the product of its subscripts' sizes: a
100 x 100 contraction, a `"ij,ik,il->jkl"` of 100^4), a `torch.distributed`
collective of at most 2^20 elements per rank (the tensor reduced or broadcast, the input an all-gather gathers, the
output a reduce-scatter fills: a small message is latency-bound, tens of µs), a loop-free kernel the file
builds from CUDA source (`cp.RawKernel`, PyCUDA `SourceModule(...).get_function`, `ElementwiseKernel`; an extension
entry whose visible sources, `load_inline` strings included, launch only loop-free `__global__` kernels), a Triton kernel of the
file (with a loop in it: on tensors of at most 2^18 elements), a small function of the file made of at most three such launches (each arithmetic node on a tensor is one),
or a timing helper's callable that a caller hands such an op; since the fourteenth session also a sort, top-k or
`torch.histc` of at most 2^20 elements (a few passes over the keys: a sort of 16384 keys is ~10 µs, one of 2^24
about a millisecond), and a JAX function of the file whose result the loop waits for on every call
(`f(x).block_until_ready()`, `jax.block_until_ready(f(x))`): eager with at most three ops, or compiled whole (`jax.jit(f)`,
`@jax.jit`) and made of any number of `jax.numpy` elementwise, reduction and layout ops (fused into one dispatch, no loop, no
matmul); no model, no inner loop, no generation, no host I/O,
and every tensor of a size the file gives, at most 64 MB (2^24 fp32 elements; sizes from literals, `argparse`
defaults, comprehensions over a `range` of constants such as `[1 << k for k in range(10, 25)]`, calls of the file,
`reshape`/`view` shapes, NumPy arrays moved to the device (and device arrays copied back, `a = d_a.copy_to_host()`;
an array scaled by a constant, `np.ones(n) * 2`, has its own size), pairs unpacked from one list read pair by pair, the
arguments a worker of the file is launched with: `mp.spawn(worker, args=(opts.ranks,))`, `Process(target=...)`; the rows of a parametrized test,
`@parameterized.parameters(*CASES)`, `@pytest.mark.parametrize("n", [...])`). A
sample that runs one of two such ops chosen by a setting (`if op == "axpy": ... else: ...`, a test that calls
nothing) is short when each branch is. Since the sixteenth session: a CuPy matmul (`cp.dot`, `cp.matmul`, `@` on
arrays from `cp.random.randn(m, k)` or a NumPy array moved to the device) is read like a torch one; a Numba kernel
whose only loop is a grid-stride loop (`for i in range(start, n, cuda.gridDim.x * cuda.blockDim.x)`, no loop inside)
is one pass over its arrays, like a loop-free one; a timing helper handed `make_op(n, fn)`, a function of the file that
returns `lambda: fn(x)`, is handed that lambda; and a **sweep** is read size by size: where the file measures the
loop at several sizes (a loop over a literal list of sizes around the call of the helper, several calls of it), each
size is judged on its own, and a sweep that starts small (`for n in [100, 1000, 4000]`) is reported at the sizes
where the sample is short, which the message names (`at size = 100, 1000 (2 of the 3 sizes the sweep measures)`).
Since the seventeenth session a torch op looked up by name (`op = getattr(torch, name)` with `name` a literal or
the variable of a loop over a literal list of names, `for name in ["add", "mul"]`; the binding that reaches the call,
so a name bound again to another library's op is not read as torch's) is read as the ops the names give, and an
operand gathered by an index tensor (`a[idx]`) has a size the file gives when both do: one row of `a` per index;
a size may be a division that leaves no fraction, also under `int()` (`int(mb * 1024 * 1024 / 4)` floats), and a
worker spawned with its target by keyword (`mp.spawn(fn=worker, args=(...))`) is read at that launch.
A timed loop that is itself the sweep (`for n in sizes: t0; op(n); sync; t1`: one sample per size) is not.
Since the twenty-first session a function of the file that times one call, synchronizes around it and returns
the interval (`def time_gpu(fn): start.record(); fn(); end.record(); torch.cuda.synchronize(); return
start.elapsed_time(end)`; alone, in a tuple or a dict) and is called in a loop, a comprehension or a generator that
repeats the same sample (`sum(time_gpu(f) for _ in range(runs))`, `[run(f) for _ in
range(n)]`) is read as one iteration of a sample loop, the op it is handed judged as above; and arrays made by
`np.arange(n)` (also CuPy's, torch's and JAX's, integer bounds) and `cuda.device_array_like(a)` have the size the
file gives. Since the twenty-third session a linear layer or an attention is sized by the shared cost model of GPU
work (`rules/_gpu_cost.py`): `F.linear(x, w)` and `F.scaled_dot_product_attention(q, k, v)` are short when their
estimated time on the reference GPU (arithmetic at the dtype's peak, bytes at the memory bandwidth) is at most
~60 µs, a sweep over tuples of shapes (`for out_f, in_f in [(2048, 2048), (5632, 2048)]`) read row by row (a bare
`torch.nn.Linear` called directly is still read as a model, as before); a torch factory's shape may be given as `size=(64, 128)`, and a factory scaled by a constant
(`torch.randn(m, k) * 0.02`) keeps its shape. These shapes are reported:

- a host-timed sample per iteration whose end is synchronized (the previous iteration's synchronize is the start
  barrier);
- an event pair per iteration with a synchronize after (or between) the records;
- a loop timed as a whole with a synchronize in its body;
- a notebook's `%timeit f(x); torch.cuda.synchronize()` (or a `%%timeit` cell ending in one): IPython runs the
  code `-n` times between two clock reads, so the synchronize waits in every run (`-n 1 -r 1`, one sample, is not
  reported);
- a synchronize inside the callable handed to `triton.testing.do_bench` (or to a helper of the file or the project
  that hands it on to `do_bench`), read directly and one call deep: `do_bench` records events around each call and
  waits for them itself, so every sample holds a host round trip, whatever its length;
- a timing helper of the project (another module: `from utils.bench import benchmark`, a `sys.path` star import)
  that synchronizes in every sample of the callable it is handed, reported at the call of the linted file that hands
  it a short op (`benchmark(torch.softmax, x, -1)`, `bench(lambda: a + b)`), once per helper and file.

A loop that runs once (`for _ in range(ITER)` with `ITER = 1`) takes one sample and is not reported. Nor
is a loop or `%timeit` whose only GPU work launches an empty kernel (a Numba or Triton kernel whose body is `pass`,
a docstring or a bare `return`; a CUDA-source kernel of the file whose body is `{}`; since the sixteenth session an
extension entry whose visible sources, `load_inline` strings included, launch only such kernels): with no work to
measure, the round trip is what it measures, on purpose (launch latency).

A short op on tensors of unknown size, and a synchronize before and after every sample whose length the code does
not show (a model forward, a callable handed in, a matmul of unknown size), are reported only with
`--extend-select extra` (weak evidence): around samples of milliseconds, a per-sample synchronize is the right way
to get per-sample latency.

## Why is this bad?
Each synchronize drains the queue: the host stops running ahead of the GPU and the next launch starts on an idle
device. Around a µs-scale op each sample then measures the launch latency and the host round trip, not the op: on
an H200 a `synchronize()` costs about 4.5 µs on an idle device and a tiny `torch.add` launch plus synchronize
14.3 µs of host time (BASELINES.md), more than the GPU time of a small elementwise op. With events, the start event fires as soon as it is recorded on the idle
GPU, before the slow launch path has queued the kernel, so the event interval includes the launch too.

## Example
```python
times = []
for _ in range(100):
    t0 = time.perf_counter()
    torch.add(x, y)  # ~10 µs of GPU work
    torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
```

## Use instead
```python
starts = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
ends = [torch.cuda.Event(enable_timing=True) for _ in range(100)]
for i in range(100):
    starts[i].record()
    torch.add(x, y)
    ends[i].record()
torch.cuda.synchronize()
times = [s.elapsed_time(e) for s, e in zip(starts, ends)]
```
or time N launches in one interval (`t0`, N calls, one synchronize, `t1`) and divide by N.

## Fix safety
No automatic fix: moving to events changes how results are read.
'''

from __future__ import annotations

import ast

from .._context import Context
from .._names import param_defaults
from .._walk import stmt_nodes
from .._regions import covered, periodic
from ._empty_kernels import launches_empty_kernel
from ._sample_length import sample_work, short_sample, sized

CODE = "WP101"
NAME = "sync-every-iteration"
FIX = "none"
GROUP = "default"  # default since the fifth session: a finding rests on a sample shown to be short (docs/lint.md)


def check(ctx: Context) -> None:
    from ._harness_syncs import harness_syncs

    for sync, label, n in harness_syncs(ctx):
        more = f" (and {n - 1} more)" if n > 1 else ""
        ctx.report(sync, f"`{ctx.text(sync.func)}()`{more} inside the callable `{label}` times: each sample stops "
                   "the host until the GPU is idle, so it measures a host round trip and the launch latency after "
                   "it besides the work", f"Remove the synchronize: `{label}` records events around each call and "
                   "waits for them itself")
    for scope, loop, regions, whole, body in timed_loops(ctx, ctx.scopes):
        work = [s._wp_idx for s in body if sample_work(ctx, s)]  # type: ignore[attr-defined]
        if not work or (isinstance(loop, (ast.For, ast.AsyncFor)) and _range_count(ctx, loop) == 1):
            continue  # a loop that runs once (`for _ in range(ITER)` with `ITER = 1`) takes one sample
        syncs = loop_syncs(ctx, body)
        if all(launches_empty_kernel(ctx, s) for s in body if s._wp_idx in work):  # type: ignore[attr-defined]
            continue  # only empty kernels: the loop measures the launch latency on purpose
        if _short_round_trips(ctx, loop, scope, regions, whole, syncs):
            continue
        before = [c for i, c in syncs if i < min(work)]
        after = [c for i, c in syncs if i > max(work)]
        if before and after and not _long_samples(ctx, loop, body):
            # the length of each sample is not shown: a guess, reported with `extra` only
            ctx.report(before[0], f"`{ctx.text(before[0].func)}()` before and after every iteration of a timed "
                       "loop", "Synchronize once after the loop; time iterations with pre-allocated CUDA events",
                       weak=True)
    _timeit_magic_round_trips(ctx)
    from ._helper_round_trips import helper_round_trips

    helper_round_trips(ctx)  # `[run(f) for _ in range(n)]`, `run` timing one synchronized call
    from ._imported_round_trips import imported_round_trips

    imported_round_trips(ctx)


def _timeit_magic_round_trips(ctx: Context) -> None:
    """``%timeit f(x); torch.cuda.synchronize()`` (or a ``%%timeit`` cell ending in one): IPython runs the code
    ``-n`` times between two host clock reads, so a synchronize in it waits in every run, around a short op each run
    measures the launch and the host round trip: a loop timed as a whole with a synchronize in its body. The code
    is the program's own statements at the magic (the notebook reader keeps it there, the first run's copy)."""
    import shlex

    for m in ctx.magics:
        if m.name != "timeit" or not ctx.scopes:
            continue
        try:
            opts = shlex.split(m.args)
        except ValueError:
            continue
        if any(opts[i] == "-n" and i + 1 < len(opts) and opts[i + 1] == "1" for i in range(len(opts))) and \
                any(opts[i] == "-r" and i + 1 < len(opts) and opts[i + 1] == "1" for i in range(len(opts))):
            continue  # one run of one repeat: a single sample
        last = m.line + (len(m.body.splitlines()) if m.kind == "cell" else 0)
        first = m.line + 1 if m.kind == "cell" else m.line
        stmts = [st for st in ctx.scopes[0].stmts if first <= st.lineno <= last and
                 isinstance(getattr(st, "_wp_parent", None), ast.Module)]
        if not stmts or stmts[-1].end_lineno > last:  # type: ignore[operator]
            continue
        loop = ast.For(target=ast.Name(id="_", ctx=ast.Store()), iter=ast.Constant(value=None), body=stmts,
                       orelse=[])
        op = short_sample(ctx, loop, stmts)
        if op is None or launches_empty_kernel(ctx, op):
            continue  # (an empty kernel's launch latency, measured on purpose)
        k = next((i for i, st in enumerate(stmts) if st is op), len(stmts))
        after = [c for st in stmts[k + 1:] for c in _calls(st) if ctx.is_sync(c, hidden=False) and not periodic(st)]
        if not after:
            continue
        weak = not sized(ctx, op)
        if weak and not ctx._weak_ok:
            continue
        magic = ("%%" if m.kind == "cell" else "%") + m.name
        ctx.report_at(m.line, m.col, m.line, m.end_col,  # the magic's text: the program's columns are not the cell's
                      f"`{ctx.text(after[0].func)}()` in every run of `{magic}` around one short op "
                      f"({_short_text(ctx, op)}): each run measures the launch and the synchronize round trip "
                      "(about 15 µs on an H200), not the op" + (" (weak evidence, shown with `extra`)" if weak else ""),
                      "Time it with `wprof.bench(lambda: ...)` or `triton.testing.do_bench`, or time N launches and "
                      "one synchronize in one run and divide by N")


def timed_loops(ctx: Context, scopes):
    """(scope, loop, its per-iteration regions, timed as a whole, its own body) for every loop of ``scopes`` that
    is timed per iteration or inside an interval."""
    per_sample: dict[int, list] = ctx.__dict__.get("_wp_per_sample")  # type: ignore[assignment]
    if per_sample is None:
        per_sample = {}
        for r in ctx.regions:
            loop = r.loop
            if loop is None and r.kind in ("host", "with") and \
                    isinstance(r.scope.stmts[r.lo], (ast.With, ast.AsyncWith)):
                loops = r.scope.stmts[r.lo]._wp_loops  # type: ignore[attr-defined]
                loop = loops[-1] if loops else None  # `with Timer():` in a loop body: one sample per iteration
            if loop is not None:
                per_sample.setdefault(id(loop), []).append(r)
        ctx.__dict__["_wp_per_sample"] = per_sample
    for scope in scopes:
        for loop in scope.stmts:
            if not isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
                continue
            regions = per_sample.get(id(loop), [])
            whole = covered(ctx, loop)
            if not regions and not whole:
                continue
            body = [s for s in scope.stmts[loop._wp_idx + 1:loop._wp_end + 1]  # type: ignore[attr-defined]
                    if s._wp_loops and s._wp_loops[-1] is loop]  # type: ignore[attr-defined]
            yield scope, loop, regions, whole, body


def loop_syncs(ctx: Context, body: list[ast.stmt]) -> list[tuple[int, ast.Call]]:
    """The explicit synchronizes of a loop's own body as (statement index, call); not `if step % N == 0:` ones."""
    return [(s._wp_idx, c) for s in body for c in _calls(s)  # type: ignore[attr-defined]
            if ctx.is_sync(c, hidden=False) and not periodic(s)]


def _short_round_trips(ctx: Context, loop: ast.stmt, scope, regions: list, whole: bool,
                       syncs: list[tuple[int, ast.Call]]) -> bool:
    """A synchronize in every iteration around a sample shown to be short (one µs-scale op): report it with
    confidence, shaped by how the loop is timed. True when reported."""
    found = round_trip(ctx, loop, scope, regions, whole, syncs, lambda lp, stmts: short_sample(ctx, lp, stmts))
    at, weak = "", found is not None and not sized(ctx, found[2])
    if found is None or weak:
        swept = _swept_round_trip(ctx, loop, scope, regions, whole, syncs)
        if swept is not None:
            (found, at), weak = swept, False
    if found is None:
        return False
    shape, sync, op = found
    if launches_empty_kernel(ctx, op):
        return True  # an empty kernel: the round trip is what the loop measures, on purpose
    if shape == "host":  # a host clock, or a timer of the file around the sample
        ctx.report(sync, f"`{ctx.text(sync.func)}()` ends every host-timed sample of one short op "
                   f"({_short_text(ctx, op)}){at}: each sample measures the launch and the synchronize round trip "
                   "(about 15 µs on an H200), not the op",
                   "Record CUDA events around each launch and synchronize once after the loop, or time N "
                   "launches in one interval and divide by N", weak=weak)
    elif shape == "event-inside":
        ctx.report(sync, f"`{ctx.text(sync.func)}()` between the event records of every sample of "
                   f"one short op ({_short_text(ctx, op)}){at}: each sample measures the host round trip, not "
                   "the op", "Record the end event right after the launch, and synchronize once after the "
                   "loop", weak=weak)
    elif shape == "event-after":
        ctx.report(sync, f"`{ctx.text(sync.func)}()` after every event-timed sample of one short op "
                   f"({_short_text(ctx, op)}){at}: the GPU idles between samples, so the start event fires before "
                   "the launch and each sample measures the launch latency, not the op",
                   "Record all the events in the loop and synchronize once after it, or time N launches between "
                   "two events and divide by N", weak=weak)
    else:  # the loop is the measurement
        ctx.report(sync, f"`{ctx.text(sync.func)}()` in every iteration of a loop timed as a whole around "
                   f"one short op ({_short_text(ctx, op)}){at}: the interval counts N launch-and-synchronize round "
                   "trips, not N ops", "Synchronize once after the loop, then divide the interval by N",
                   weak=weak)
    return True


def _swept_round_trip(ctx: Context, loop: ast.stmt, scope, regions: list, whole: bool,
                      syncs: list[tuple[int, ast.Call]]) -> tuple[tuple[str, ast.Call, ast.stmt], str] | None:
    """A sweep whose largest sizes are long but whose smallest are short (``for n in [100, ..., 4000]``, a helper
    called at several sizes): the loop read at each size of the sweep (`_size_sweeps`); the round trip found at
    the short sizes, and the text that names them. Only sizes the file gives count (no weak evidence)."""
    from ._size_sweeps import describe, sweep_hits

    def check():
        found = round_trip(ctx, loop, scope, regions, whole, syncs, lambda lp, stmts: short_sample(ctx, lp, stmts))
        return found if found is not None and sized(ctx, found[2]) else None

    hits, judged = sweep_hits(ctx, check, loop)
    if not hits:
        return None
    if len(hits) == judged:  # short at every size: each read as one call makes it (the plain reading pairs the
        return hits[0][1], ""  # largest value of each dimension, which no call may make)
    return hits[0][1], f" at {describe([label for label, _ in hits])} ({len(hits)} of the {judged} sizes the " \
        "sweep measures)"


def round_trip(ctx: Context, loop: ast.stmt, scope, regions: list, whole: bool, syncs: list[tuple[int, ast.Call]],
               sample_op) -> tuple[str, ast.Call, ast.stmt] | None:
    """How a loop puts a synchronize in every sample of the one statement ``sample_op(loop, stmts)`` picks:
    ("host" | "event-inside" | "event-after" | "whole", the synchronize, that statement), else None. Shared by this
    file's loops and the timing helpers of the project a file calls (``_imported_round_trips``)."""
    for r in regions:  # one sample per iteration
        op = sample_op(loop, r.stmts())
        if op is None:
            continue
        if r.kind in ("host", "with"):
            inside = [c for i, c in syncs if _after(ctx, i, c, op) and i < r.hi]
            if not inside:
                continue
            return "host", inside[0], op
        if r.kind == "event":
            inside = [c for i, c in syncs if _after(ctx, i, c, op) and i < r.hi]
            if inside:
                return "event-inside", inside[0], op
            after = [c for i, c in syncs if _after(ctx, i, c, op)]
            if not after:
                continue
            return "event-after", after[0], op
    if whole and not regions and _timed_as_a_whole(ctx, loop):  # the loop is the measurement
        op = sample_op(loop, scope.stmts[loop._wp_idx + 1:loop._wp_end + 1])  # type: ignore[attr-defined]
        after = [c for i, c in syncs if op is not None and _after(ctx, i, c, op)]
        if after:
            return "whole", after[0], op  # type: ignore[return-value]
    return None


def _after(ctx: Context, i: int, sync: ast.Call, op: ast.stmt) -> bool:
    """The synchronize at statement ``i`` runs after the sample's op: a later statement, or JAX's wait on the op's
    own result in the same statement (``f(x).block_until_ready()``)."""
    from ._sample_length import awaited_result

    return i > op._wp_idx or (i == op._wp_idx and awaited_result(ctx, sync) is not None)  # type: ignore[attr-defined]


def _timed_as_a_whole(ctx: Context, loop: ast.stmt) -> bool:
    """A region encloses ``loop`` and does no GPU work outside it: the interval is the loop's (not a whole run's
    wall clock with a check loop inside)."""
    lo, hi = loop._wp_idx, loop._wp_end  # type: ignore[attr-defined]
    for r in ctx.regions:
        if r.scope is not loop._wp_scope or not (r.lo < lo < r.hi):  # type: ignore[attr-defined]
            continue
        outside = [s for s in r.stmts() if not (lo <= s._wp_idx <= hi)]  # type: ignore[attr-defined]
        if not any(sample_work(ctx, s) for s in outside):
            return True
    return False


def _short_text(ctx: Context, stmt: ast.stmt) -> str:
    value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else stmt
    text = " ".join(ctx.text(value).split())
    text = text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
            value.func.id in stmt._wp_scope.params:  # type: ignore[attr-defined]
        return f"`{text}`, a short op at a call of this helper"
    return f"`{text}`"


_FEW_SAMPLES = 10


def _long_samples(ctx: Context, loop: ast.stmt, body: list[ast.stmt]) -> bool:
    """Each iteration is a long end-to-end sample: the loop runs a handful of times (``range(5)``, four prompts), an
    iteration calls a function of this file that itself loops over GPU work (a generation, an epoch), or it is a
    training step (`_number_purpose.runs_training`). A
    synchronize before and after such a sample is what makes a host timing of it correct, and costs nothing
    measurable."""
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        count = _range_count(ctx, loop)
        if count is not None and count <= _FEW_SAMPLES:
            return True
    for s in body:
        for c in _calls(s):
            name = c.func.id if isinstance(c.func, ast.Name) else None
            if name in ctx.functions and _loops_over_work(ctx, ctx.functions[name], 3):
                return True
    from ._number_purpose import runs_training

    # a training step (an optimizer step in the iteration, or in a function of the file it calls): forward, backward
    # and update of a model, milliseconds at least; a synchronize per step is what a per-step time needs
    return runs_training(ctx, [c for s in body for n in stmt_nodes(s) if isinstance(n, ast.Call) for c in (n,)])


def _range_count(ctx: Context, loop: ast.stmt) -> int | None:
    """How many times a ``for`` loop runs, when the code says: ``range(5)``, ``range(start, n)`` with known
    values, or a literal list of items (``for prompt in PROMPTS[:limit]`` with ``PROMPTS = [...]``)."""
    it = loop.iter  # type: ignore[attr-defined]
    while isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("enumerate", "list",
                                                                                          "tqdm") and it.args:
        it = it.args[0]
    base = it.value if isinstance(it, ast.Subscript) and isinstance(it.slice, ast.Slice) else it
    if isinstance(base, (ast.List, ast.Tuple)):
        return len(base.elts)
    if isinstance(base, ast.Name):
        values = ctx.assigns.get(base.id, [])
        if values and all(isinstance(v, (ast.List, ast.Tuple)) for v in values):
            return max(len(v.elts) for v in values)  # type: ignore[attr-defined]
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and it.args):
        return None
    vals = [_const(ctx, a, loop) for a in it.args[:2]]
    if any(v is None for v in vals):
        return None
    return vals[0] if len(vals) == 1 else vals[1] - vals[0]  # type: ignore[operator]


def _const(ctx: Context, expr: ast.AST, where: ast.stmt) -> int | None:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        v = _const(ctx, expr.operand, where)
        return -v if v is not None else None
    if isinstance(expr, ast.Constant) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    if not isinstance(expr, ast.Name):
        return None
    values = ctx.assigns.get(expr.id, [])
    if values:
        consts = [v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, int)]
        return max(consts) if len(consts) == len(values) else None
    fn = where._wp_scope.node  # type: ignore[attr-defined]
    args = getattr(fn, "args", None)
    if args is None:
        return None
    d = param_defaults(args).get(expr.id)
    return d.value if isinstance(d, ast.Constant) and isinstance(d.value, int) else None


def _loops_over_work(ctx: Context, fn: ast.AST, depth: int) -> bool:
    cached = getattr(fn, "_wp_loops_work", None)
    if cached is not None:
        return cached
    fn._wp_loops_work = False  # type: ignore[attr-defined]  # recursion
    out = False
    scope = fn._wp_own_scope  # type: ignore[attr-defined]
    for s in scope.stmts:
        if s._wp_loops and ctx.gpu_work_in(stmt_nodes(s)):  # type: ignore[attr-defined]
            out = True
            break
        if depth > 0:
            for c in _calls(s):
                name = c.func.id if isinstance(c.func, ast.Name) else None
                if name in ctx.functions and ctx.functions[name] is not fn and \
                        _loops_over_work(ctx, ctx.functions[name], depth - 1):
                    out = True
                    break
        if out:
            break
    fn._wp_loops_work = out  # type: ignore[attr-defined]
    return out


def _calls(stmt: ast.stmt) -> list[ast.Call]:
    from .._walk import stmt_calls

    return stmt_calls(stmt)
