'''WP104 alloc-in-timed-region: tensors are allocated inside the timed region.

## What it does
On by default: inputs prepared afresh in every sample of a benchmark harness, that is a random draw
(`torch.randn`, `torch.rand_like`, `cupy.random.*`...) or a `.clone()` of a tensor made outside, inside the callable
handed to `triton.testing.do_bench`, `timeit`, or a helper of the file that calls its callable parameter between two
clock readings (`do_bench(lambda: attn(q.clone(), k, v))`, `def run(): do = torch.randn_like(o); ...` passed by
name), where the fresh value feeds the work being measured (not in a sample that does no device work at all: a host
helper handed `def cpu_op(n): x = torch.randn(n, n); return x.sum()`, the CPU twin of a GPU sample, twenty-third
session, set 188); and an allocation or random draw between a timed
region's readings whose value the region never reads and the code uses after it (`do = torch.randn_like(q)` inside
the forward's timing, for the backward timed next; not a copy of a one-element result the region computes, such as
`loss.detach().clone()` of a full reduction or a loss function's mean); and, in a timed region that also launches
the work it measures (a kernel, an operation on device arrays), memory taken without a caching allocator: PyCUDA's
`cuda.mem_alloc`/`mem_alloc_like` and `gpuarray` factories (`to_gpu`, `zeros`, `empty_like`...: a `cuMemAlloc`
each, no pool unless the code passes `allocator=`) and `cupy.asarray` of a NumPy array (a new device array and a
host-to-device copy), and Numba's `cuda.device_array`/`device_array_like` (Numba keeps no pool either; not where
the timed code also copies with `cuda.to_device`/`copy_to_host()`, an end-to-end offload), CUDA Python's
`cudart.cudaMalloc` and driver `cuMemAlloc` (no pool; the `cudaFree` after them synchronizes the device: a TensorRT
engine's I/O buffers allocated in every timed iteration; not the stream-ordered `cudaMallocAsync`, nor where the
region's only other device work is CUDA Python's own fill or copy of the buffer), also in the code a
`%timeit`/`%%timeit` magic runs every loop; one finding per region. A region that times the transfer alone, one the
code names as end-to-end (`def total_time`, a print saying the copies are included), and the one GPU side of a
CPU-versus-GPU comparison are not reported. And a region that does nothing but draw random inputs and run one
operation on them (`rules/_drawn_operands.py`): every statement between the readings, through loops and one call of
a plain function of the file, is a random draw of values (`torch.rand`/`randn`, `cupy.random.rand`...), a move of a
drawn value (also under `if torch.cuda.is_available():`), a seed, a synchronize or a print of a
constant message, except the one torch/CuPy operation that takes a drawn value as an argument
(`torch.add(torch.randn(n, 1, device=d), torch.randn(n, device=d))`, `A = cp.random.rand(j, j); lu(A)` in the timed
loop): the random fill, and the copy of a draw made on the host, are timed as the operation; not arithmetic on the
draws (a Monte Carlo estimate), a model call, a second operation, index draws, a draw with a mean, an operation that
consumes its input (`x.sort()`, `overwrite_a=True`); the same shape in the body of a function timed by a
decorator (`@timeit def bench(n): with torch.no_grad(): softmax(torch.randn(n, device=d))`, every call a sample;
a `with torch.no_grad()`/`inference_mode()` block is read through, and a module-level `functools.partial` of a
torch function counts as that function). And a buffer handed to a kernel the file builds or compiles
(`kern[grid](...)`, a CuPy `ElementwiseKernel`/`RawKernel`, `_k()(...)`) that the region itself fills or converts,
inline or bound between the readings (`k(x, cupy.zeros(shape).astype("int32"))`, `out = torch.zeros_like(x)`;
`rules/_launch_outputs.py`): its allocation and fill or cast kernels are timed beside the one kernel measured; not
an `empty` buffer alone, an output the timed function allocates itself, or a kernel that adds into its buffer with
atomics (the zeroed buffer is part of each run). And a
module built and moved to the device inside a harness's callable, directly or in a function of the file it calls
(`lambda: ref(x)` with `ref` doing `LayerNorm(n).to("cuda")`), or in every repetition of a timed loop: every sample
pays the construction and the copies. And, since the thirteenth session (lint75), a kernel launched on host arrays
inside a timed region: a Numba `@cuda.jit` kernel or CUDA ufunc (`@vectorize(..., target="cuda")`) of the file
handed NumPy arrays, or a PyCUDA launch with `drv.In(a)`/`drv.Out(a)`/`drv.InOut(a)` arguments (`k[grid, block](a,
b)` between the readings): each launch allocates device copies and copies them in and back, and the transfers are
timed with the kernel (opt-in before, on development sets 1 true, 1 borderline, 3 false; default on the evidence of
held-out sets 54-64, where its 18 findings were judged 13 true, 0 false, 5 borderline, and of sets 50-53: 3 true,
2 borderline); since the fourteenth session (lint78) also one call deep, a launch on host arrays in a plain function
of the file that the region calls (`def vector_add(a, b): c = np.zeros_like(a); kern[g, t](da, db, c)`), reported at
the call; since the fifteenth session (lint88) also a routine of the Numba-era CUDA libraries (Anaconda
Accelerate's `accelerate.cuda.blas`/`fft`/`sparse`, NumbaPro's `cudalib`, pyculib) called on NumPy arrays
(`blas.gemm("N", "N", n, n, n, 1.0, a, b, 0.0, c)` with `blas = Blas()`): the wrapper copies them to the device and
back in every call. Not reported (sixteenth session): a launch on host arrays whose function also times the same
kernel in another region on device arrays in their place (`cuda.to_device(a)`, `cuda.device_array(...)`; "GPU" beside
"GPU without host <-> device copies"): the pair measures the transfers on purpose. And, since lint78 (`rules/_resent_inputs.py`), the same host array copied to the device again in every
timed iteration (`torch.from_numpy(x).cuda()`, `torch.as_tensor(img).to(device)` of a NumPy array of the file, `.to(
device)` of a tensor made on the host, with every name it reads bound outside the repeated code: one copy before the
loop would do), also in a training step (the data is not a fresh batch but the same one sent again) and in a
harness's callable; not a batch from a loader or picked by the loop's index, a region that times only the copy, a
whole run, or one the code names as end to end (`e2e_s`, "host -> GPU -> host"), also per sample. And a constant
input filled anew in every timed iteration as an argument of the measured call beside its data (`attn_bwd(q, k, v,
torch.ones_like(o))` with `o` made before the loop; `torch.ones`/`full` and their `_like`), not a fill shaped by the
iteration's own result (`y.backward(torch.ones_like(y))`), nor a zeroed buffer (an output, opt-in). And, in a
harness's callable, a call of a function of the file whose only GPU work is random draws stored into an attribute or
an item or returned (`do_bench(lambda: (prime_grads(params), opt.step()))` with `p.grad = torch.randn_like(p)`),
when other work follows it in the sample: the inputs drawn one call deep (these two and the host-array launches one
call deep are in `rules/_one_step_inputs.py`).

And, since the fourteenth session (lint77), TensorFlow work under a GPU device scope (`with
tf.device("/GPU:0"):`, DirectML's `"/DML:0"`) in every timed sample, directly or in a function of the file the
sample calls: a `tf.random.normal`/`uniform` draw handed to the work, or a Keras layer built and called
(`tf.keras.layers.Conv2D(32, 7)(x)`, its weights created and initialised on each call); and a random op
(`tf.random_normal`) of a TensorFlow 1 graph on the GPU that every timed `sess.run(net)` executes again (not one held
in a `tf.Variable`, drawn once by its initializer). Since the seventeenth session also a TensorFlow op under a GPU
scope in every timed sample handed tensors the file makes under `with tf.device("/cpu:0"):` (every binding of the
name a TensorFlow op there, outside the timed code): they live in host memory and each call copies them to the GPU;
and the callable of a `timeit` statement is read for these TensorFlow inputs too (before, the harness part, which
reads it for torch and CuPy inputs, hid them). TensorFlow code that names no device, or the CPU, is not reported.

And, since the fifteenth session (lint94): a `.clone()` of a GPU tensor made before a timed loop, run in every
iteration and handed to the measured call (`for _ in range(n): rope(q.clone(), k.clone())` between the readings; not
a copy kept, one of a value the loop makes, a CPU tensor's, or one outside a loop); the drawn-operands shape in the
code of a `%timeit`/`%%timeit` magic (`z = torch.randn(n, n).to(device); r = torch.matmul(z, z); del z`: the draws
made on the GPU or moved there; a CPU cell's host draws are its own work) and in JAX (`key = random.PRNGKey(0); x =
random.normal(key, (n, n)); jnp.dot(x, x.T).block_until_ready()`; standard draws only, no `minval`/`maxval`). Since
the fifteenth session (lint96) the drawn-operands shape reads through a loop's own count (`i = 0; while i < n:
...; i += 1`, a test of names and literals only) and takes as its one operation a model the file put on the GPU
(`net = Net().to(device)`) handed nothing but draws made on the host and moved (`net(torch.randn(b, c,
n).to(device))`: the host RNG and the copy; not a draw made on the GPU, a generator's latent). Not
reported (`rules/_region_pairs.py`): the drawn operands and the `cupy.asarray` copies of the GPU side of a
CPU-versus-GPU comparison whose CPU side, a host-only region of the same scope, draws its inputs inside its readings
too, the two intervals divided into a speedup (each side times making, and on the GPU moving, its inputs on
purpose); and a kernel's buffer filled inside a longer region that holds a narrower one timing the launch alone (the
longer one is the end-to-end total).

Opt-in (`--extend-select WP104` or `extra`): every other tensor factory (`torch.zeros`, `torch.empty`,
`torch.tensor`, `*_like`...) called between the start and end of a timed region, including inside a timed loop,
or in a harness's callable (an output allocated per call is usually cheap; in a training step or an end-to-end
inference the allocation is often part of the workload). Also opt-in (default for one measurement, no true finding
on fresh code): constant data built on the host and copied to the device in every timed sample
(`torch.tril(torch.ones(n, n)).to(device)`, `torch.zeros(k).cuda()`, `torch.tensor([0.3, 0.6, 0.1],
device=x.device)`; every name it reads bound outside the repeated code): a host fill and a blocking copy that waits
for the GPU, each sample; and the caching allocator emptied (`torch.cuda.empty_cache()`, CuPy's
`free_all_blocks()`, directly or in a function of the file) between timed samples or just before a one-sample
region, with no allocating work in between: the timed work's allocations then go through `cudaMalloc` (a new
input made on the device between them, `x = torch.randn(n, n, device="cuda")`, stays in use and fills no cache).
Default since the sixteenth session where the flush undoes the code's own warm-up: the timed work (a
function of the file, a callable the harness is handed, GPU work) ran before the loop that holds the flush and the
region (`warm(); for n in sizes: pool.free_all_blocks(); t0 = ...; work(n)`, a harness's `self.clear_cache()`
before each event-timed call after its warm-up calls; sets 77-88: 2 findings, both true). A flush helper is a
function whose body does no allocating work of its own (`def cleanup(): gc.collect(); torch.cuda.empty_cache()`,
also a method called on `self`). (Seventeenth session, sets 102-106) A call of an element of a list of modules
(`net.blocks[k](x)`, `experts[0](x)`: indexed by a whole number or a `range` loop's variable) is module work that
allocates, not a kernel launch by subscript (`kernel[grid](...)`), and any element run before (`net.blocks[0](x)` as
a warm-up) is a warm-up of the same work. (Nineteenth session, helperwarm, set 114) A flush in an `except` handler
(`except torch.OutOfMemoryError: torch.cuda.empty_cache()`, then a retry) runs only when the `try` body raised,
after the allocator already failed: a recovery, not a cost of every timed iteration; not reported.

Not reported, in any part: a region whose number is meant to include its allocations and copies
(`rules/_number_purpose.py`): a whole run, by its label (`"total time"` printed once, `"end-to-end"`, `"overall"`,
`"brutto"`, `"host -> GPU -> host"`; a "total" divided by a count of runs is a per-run figure and stays judged) or by
a program clock read before any work; a training run (an optimizer step in the region), whose labels, noise and
accumulators are the step's own, except random inputs drawn every step of a `range` loop in place of a data loader
(opt-in); (twenty-second session, setupinside) by default, though, where that draw is a large batch made on the
host and copied to the device in every step of a `range` or `while` loop of the window (`images = torch.rand(256,
3, 224, 224).to(device)` under `if synthetic:`; at least 4M elements as far as the code shows its sizes, not a loop
over a data loader, not a draw with `device=`): host RNG and a pageable copy of tens of MB a step are a material
share of the step time (`rules/_host_batches.py`).
A running whole-run throughput (lint72: the end read in a loop of the region divides a counter the loop accumulates,
`global_step / (time.time() - start_time)` logged every update) is a whole run too: a module built every update of an
RL training loop is part of it.

(Seventeenth session, sets 102-106) Two more comparisons whose inputs are timed on purpose: a GPU region
whose host twin is its mirror (the same statements with NumPy for CuPy, `a = np.random.rand(n, n); np.dot(a, b)`
between the host readings, `a = cp.random.rand(n, n); cp.dot(a, b)` between the GPU ones, its waits aside): the
draws are timed on both sides, like for like, with no division needed to link them (`rules/_region_pairs`); and
host-to-device copies that another region of the file times by themselves, with a wait (`A_gpu = cp.asarray(A_cpu);
sync` timed as the transfer): where the same copies sit beside the work, that region is the end-to-end figure.
(Nineteenth session, warmforms, set 119) And a Numba CUDA ufunc launched on host arrays whose host twin, a function
of the file with the same parameters and body that is no GPU ufunc (`@vectorize([...], target="cpu")` beside
`target="cuda"`), is timed by a host-only region written the same way (the same statements with the twin in place
of the ufunc; in another function, that function's whole body the same, its inputs made the same way): the GPU side
of a mirrored comparison of calling the operation on host data, the copies its real cost; not reported
(`rules/_ufunc_twins.py`). A launch with no such twin (a kernel benchmark, a host version written otherwise) stays
reported.

(Twentieth session, jitrecall, sets 77-124) In a harness's callable, a fresh draw bound to a name that a later matrix
product of the callable takes (`x = torch.randn(n, n).cuda(); y = ...; return x @ y`) feeds the measured work as an
argument of a call would: reported. And an interval read after an `if`/`else` whose branches each take both
readings is a region per branch: a launch on host arrays in the `if` branch is reported as one in the `else`
branch is. The CUDA runtime loaded with ctypes (`cuda = ctypes.CDLL(".../cudart64_12.dll")`, the path naming
`cudart`) allocates as CUDA Python's does: its `cudaMalloc`, also through a small function of the file that returns
the buffer (`def malloc_buf(arr): ...; return ptr`), in a region that runs other device work (a TensorRT engine's
`execute_v2`) is reported (set 79: I/O buffers allocated and freed for every generated token).

(Twenty-first session, jitfirst, sets 77-136) A `@cuda.jit` kernel imported from a module of the project
(`scan.last_scan[1, tpb, 0, smem](a, aux)`, its decorator read in its own module) launched on host NumPy arrays is
reported as a kernel of the file is, and so is a launch whose configuration also names a stream and a shared-memory
size (`[grid, block, stream, smem]`): the copies are made either way. The code of a `timeit` string is read for the
driver allocations too: a `mem_alloc` beside the kernel the string gets from its own `SourceModule`
(`func = mod.get_function("k")`; `func(a_gpu, block=...)`) is timed with it in every run.

## Why is this bad?
The allocation (a caching-allocator lookup, or a `cudaMalloc` the first time), the fill kernel and, for
`torch.tensor(...)` from host data, a host-to-device copy are all timed with the work. In a kernel benchmark they
can cost more than the kernel; in a training loop synthetic inputs generated each step inflate the step time.

## Example
```python
start.record()
for _ in range(100):
    x = torch.randn(8192, 8192, device="cuda")
    y = x @ w
end.record()
```

## Use instead
```python
x = torch.randn(8192, 8192, device="cuda")
start.record()
for _ in range(100):
    y = x @ w
end.record()
```

Or, with a harness:
```python
do = torch.randn_like(q)
ms = triton.testing.do_bench(lambda: attn_bwd(q, k, v, do))
```

## Fix safety
No automatic fix. If the allocation is part of the workload you mean to time, suppress with `# noqa: WP104`.
'''

from __future__ import annotations

import ast

from .._context import TORCH_FACTORIES, Context, dotted
from .._samples import harness_bodies, receiver_name
from .._walk import stmt_nodes
from ._built_in_sample import built_in_regions, built_in_samples
from ._driver_allocs import driver_alloc_findings, magic_driver_allocs
from ._drawn_operands import drawn_operand_findings
from ._launch_outputs import launch_output_fills
from ._one_step_inputs import _RANDOM, drawing_helper, host_array_launch_in, invariant_fills, later_work
from ._ufunc_twins import mirrored_launch
from ._region_pairs import symmetric_host_twin, timed_alone_inside
from ._scalars import is_scalar

CODE = "WP104"
NAME = "alloc-in-timed-region"
FIX = "none"
GROUP = "default"  # the harness-input part, launches on host arrays... (docs/lint.md); every other allocation stays
# opt-in (`report(opt_in=)`)



def is_factory(q: str | None) -> bool:
    if not q:
        return False
    head, _, last = q.rpartition(".")
    if head in ("torch", "cupy", "cupy.random", "torch.cuda") and last in TORCH_FACTORIES:
        return True
    if head == "pycuda.gpuarray" and last in ("to_gpu", "to_gpu_async", "empty", "zeros", "empty_like", "zeros_like"):
        return True  # PyCUDA device arrays (opt-in: readers count such copies as part of an end-to-end figure)
    return head == "cupy.random" or q in ("cupy.asarray", "cupy.array")


def check(ctx: Context) -> None:
    seen: set[int] = set()  # calls of the file already read (a sample body, a region)
    copies: set[tuple[int, int]] = set()  # positions reported in a harness's callable (a `timeit` region's timed
    # code is a copy of that callable, with its positions)
    for body in harness_bodies(ctx):
        bound = body.bound()
        calls = body.calls()
        host_only = None  # (computed on demand) the sample does no device work the model sees
        fresh: list[tuple[ast.Call, str]] = []
        for c in calls:
            if id(c) in seen:
                continue
            seen.add(id(c))
            what = _fresh_input(ctx, c, bound)
            if what and ctx.placement(c) == "cpu":
                if host_only is None:
                    host_only = not ctx.gpu_work_in(body.nodes())
                if host_only:
                    continue  # a CPU draw in a sample of host work only (`measure_time_cpu(cpu_op, n)`, `cpu_op`
                    # drawing and summing a CPU tensor, set 188): no device allocation, a CPU timing
            if what and _feeds_work(ctx, c, calls):
                fresh.append((c, what))
            elif drawing_helper(ctx, c) and any(later_work(ctx, c, o) for o in calls):
                fresh.append((c, ""))  # a function of the file that draws the inputs: one call deep
            # (an output the measured op allocates itself, `y = torch.empty_like(x)` in a kernel wrapper, is part of
            # the op: not reported, not even opt-in (set 33 E1))
        copies.update((c.lineno, c.col_offset) for c, _ in fresh)
        if fresh:  # one finding per sample body, at its first fresh input
            c, what = fresh[0]
            more = f" (and {len(fresh) - 1} more input{'s' if len(fresh) > 2 else ''})" if len(fresh) > 1 else ""
            if not what:
                ctx.report(c, f"`{ctx.text(c)[:60]}`{more} draws fresh random inputs in every sample `{body.label}` "
                           "times: the random draws (an RNG kernel and an allocation each) are timed with the work",
                           "Draw the inputs once, outside the callable")
            else:
                ctx.report(c, f"`{ctx.text(c.func)}`{more} prepared afresh in every sample `{body.label}` times: "
                           f"the {what} is timed with the work", "Prepare the inputs once, outside the callable")
    built_ids: set[int] = set()
    for c, built, label in built_in_samples(ctx):
        if id(c) not in seen:
            seen.add(id(c))
            built_ids.add(id(c))
            ctx.report(c, f"{built} is built and moved to the device in every sample `{label}` times: its "
                       "construction, parameter allocations and host-to-device copies are timed with the work",
                       "Build the module and move it once, outside the callable")
    from ._tf_runs import sample_inputs

    for c, what in sample_inputs(ctx):  # TensorFlow inputs and layers made anew in every sample, on the GPU
        if id(c) not in built_ids and (c.lineno, c.col_offset) not in copies:  # (not `seen`: the harness part
            # reads a `timeit` callable's calls for torch and CuPy inputs, and reports no TensorFlow draw there)
            seen.add(id(c))
            ctx.report(c, what, "Draw the inputs and build the layer once, outside the timed code")
    for c, built in built_in_regions(ctx):
        if id(c) not in seen:
            seen.add(id(c))
            ctx.report(c, f"{built} is built and moved to the device in every timed sample: its construction, "
                       "parameter allocations and host-to-device copies are timed with the work",
                       "Build the module and move it once, before the timed loop")
    by_magic: dict[int, list[tuple[ast.Call, str, object]]] = {}
    for c, what, m in magic_driver_allocs(ctx):
        by_magic.setdefault(id(m), []).append((c, what, m))
    for found in by_magic.values():  # one finding per magic, at its first allocation
        c, what, m = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        magic = ("%%" if m.kind == "cell" else "%") + m.name  # type: ignore[attr-defined]
        message = (f"`{ast.unparse(c.func)}`{more} in "
                   f"the code `{magic}` runs every loop, beside the work it measures: the {what} is timed with it")
        if m.kind == "cell":  # type: ignore[attr-defined]
            line = m.line + c.lineno  # type: ignore[attr-defined]  (the body starts on the line after the magic)
            ctx.report_at(line, c.col_offset + 1, line, c.col_offset + 1 + len(ast.unparse(c.func)), message,
                          "Allocate the device arrays once, before the magic, and pass them in (`out=`)")
        else:
            ctx.report_at(m.line, m.col, m.line, m.end_col, message,  # type: ignore[attr-defined]
                          "Allocate the device arrays once, before the magic, and pass them in (`out=`)")
    from ._drawn_operands import magic_drawn_findings

    for drawn, m in magic_drawn_findings(ctx):  # one finding per magic, at its first draw
        if any(id(c) in seen for c in drawn):
            continue
        seen.update(id(c) for c in drawn)
        c = drawn[0]
        more = f" (and {len(drawn) - 1} more input{'s' if len(drawn) > 2 else ''})" if len(drawn) > 1 else ""
        copy = " and the host-to-device copy" if any(_moved(ctx, d) for d in drawn) else ""
        magic = ("%%" if m.kind == "cell" else "%") + m.name  # type: ignore[attr-defined]
        message = (f"`{ctx.text(c.func) if hasattr(c, '_wp_stmt') else ast.unparse(c.func)}`{more} draws the inputs "
                   f"of the one operation `{magic}` times, in every loop: the random fill (an RNG kernel and an "
                   f"allocation){copy} {'are' if copy else 'is'} timed with the operation")
        fix_title = "Draw the inputs once, in an earlier cell, and time the operation alone"
        if m.kind == "cell":  # type: ignore[attr-defined]
            line = m.line + c.lineno  # type: ignore[attr-defined]
            ctx.report_at(line, c.col_offset + 1, line, c.col_offset + 1 + len(ast.unparse(c.func)), message,
                          fix_title)
        else:
            ctx.report_at(m.line, m.col, m.line, m.end_col, message, fix_title)  # type: ignore[attr-defined]
    from ._allocator_flush import flush_findings
    from ._host_made_copies import host_made_findings

    for c, label in host_made_findings(ctx):
        if id(c) not in seen and (c.lineno, c.col_offset) not in copies:
            seen.add(id(c))
            copies.add((c.lineno, c.col_offset))
            where = f"every sample `{label}` times" if label else "every timed sample"
            ctx.report(c, f"`{ctx.text(c)[:60]}` builds the same data on the host and copies it to the device in "
                       f"{where}: the host fill and the blocking copy (a wait for the GPU) are timed with the work",
                       "Build it once on the device, before the timed loop",
                       opt_in=True)  # held-out sets 42-45 (2026-12-01): 0 true, 2 false on fresh code

    from ._declared_subject import declared_setup as _setup
    from ._number_purpose import meant_to_include as _purpose
    from ._resent_inputs import resent_findings

    resent: dict[int, list[tuple[ast.Call, str, str]]] = {}
    for c, name, label, sample in resent_findings(ctx, lambda r: _purpose(ctx, r) == "whole" or _setup(ctx, r)):
        if (label or id(c) not in seen) and (c.lineno, c.col_offset) not in copies and \
                id(c) not in _measured_alone(ctx):  # (every call of a harness's callable is `seen` above)
            seen.add(id(c))
            copies.add((c.lineno, c.col_offset))
            resent.setdefault(sample, []).append((c, name, label))
    for found in resent.values():  # one finding per sample, at its first copy
        c, name, label = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        where = f"every sample `{label}` times" if label else "every timed iteration"
        ctx.report(c, f"`{ctx.text(c)[:60]}`{more} copies the same host array `{name}` to the device in {where}: "
                   "the host-to-device copy (from pageable memory, a wait for the GPU) is timed with the work",
                   "Copy it to the device once, before the timed loop")

    for c, where, warmed in flush_findings(ctx):
        if id(c) not in seen:
            seen.add(id(c))
            undone = ", after the warm-up run of the same work" if warmed else ""
            ctx.report(c, f"`{ctx.text(c.func)}()` {_FLUSH_PLACES[where]}{undone}: it hands the cached blocks back "
                       "to the driver, so the timed work's allocations go through `cudaMalloc` inside the timed "
                       "region", "Empty the cache once before the warm-up, not between timed samples",
                       opt_in=not warmed)  # held-out sets 42-45 (2026-12-01): 0 true, 1 false, 1 borderline (a
            # flush before a deliberately cold first call); default since the sixteenth session where the
            # flush undoes the code's own warm-up of the timed work (sets 77-88)
    from ._number_purpose import meant_to_include
    from ._declared_subject import declared_setup

    from ._drawn_operands import decorated_drawn_findings

    for drawn, label in decorated_drawn_findings(ctx):  # a function its decorator times: every call a sample
        drawn = [c for c in drawn if id(c) not in seen]
        seen.update(id(c) for c in drawn)
        if drawn:
            c = drawn[0]
            more = f" (and {len(drawn) - 1} more input{'s' if len(drawn) > 2 else ''})" if len(drawn) > 1 else ""
            ctx.report(c, f"`{ctx.text(c.func)}`{more} draws the inputs of the one operation a function timed by "
                       f"`@{label}` runs, in every timed call: the random fill (an RNG kernel and an allocation) is "
                       "timed with the operation", "Draw the inputs once, outside the timed function, and pass "
                       "them in")
    for r in ctx.regions:  # the drawn operands first: a longer region around the same loop (its print, a second
        # reading) would take the draws as plain opt-in allocations
        if meant_to_include(ctx, r) is not None or declared_setup(ctx, r):
            continue
        drawn = [c for c in drawn_operand_findings(ctx, r) if id(c) not in seen and
                 (c.lineno, c.col_offset) not in copies]
        if drawn and symmetric_host_twin(ctx, r):
            seen.update(id(c) for c in drawn)  # (on purpose: not opt-in allocations either)
            continue  # the GPU side of a comparison whose CPU side draws its inputs too: `_region_pairs`
        seen.update(id(c) for c in drawn)
        if drawn:  # one finding per region, at its first draw
            c = drawn[0]
            more = f" (and {len(drawn) - 1} more input{'s' if len(drawn) > 2 else ''})" if len(drawn) > 1 else ""
            every = "in every timed iteration" if r.loop is not None or r.inner_loops() else "inside the timed region"
            copy = " and the host-to-device copy" if any(_moved(ctx, d) for d in drawn) else ""
            ctx.report(c, f"`{ctx.text(c.func)}`{more} draws the inputs of the one operation the region times, "
                       f"{every}: the random fill (an RNG kernel and an allocation){copy} "
                       f"{'are' if copy else 'is'} timed with the operation",
                       "Draw the inputs once, before the first reading")
    for r in ctx.regions:
        purpose = meant_to_include(ctx, r)
        if purpose == "whole" or declared_setup(ctx, r):
            continue  # a whole run's number includes its allocations and copies; so does one labelled set-up
            # (`setup_ms`, "Create array"), or a cold start (`first_call_ms`): `_declared_subject`
        if purpose == "training":  # a training step's own tensors (labels, noise, accumulators) are part of it;
            # random inputs drawn in a `range` loop stand in for a data loader: still reported (opt-in)
            from ._host_batches import host_drawn_batch
            for c in r.calls():
                if id(c) in seen or (c.lineno, c.col_offset) in copies:
                    continue
                if host_drawn_batch(ctx, r, c, _moved):  # a large batch drawn on the host and copied, every step
                    seen.add(id(c))
                    ctx.report(c, f"`{ctx.text(c.func)}` draws a large batch on the host and copies it to the device "
                               "in every timed training step: the host RNG and the pageable host-to-device copy are "
                               "timed with the step", "Draw the synthetic batch on the device (`device=`), or once "
                               "before the timed loop")
                elif _synthetic_input(ctx, r, c):
                    seen.add(id(c))
                    ctx.report(c, f"`{ctx.text(c.func)}` allocates inside the timed region",
                               "Allocate inputs and outputs before the timed region", opt_in=True)
            continue
        driver = [(c, what) for c, what in driver_alloc_findings(ctx, r) if id(c) not in seen and
                  id(c) not in _measured_alone(ctx)]  # (a transfer a region of its own times: not beside the work)
        if driver and all("copy" in what and ctx.text(c) in _measured_alone_texts(ctx) for c, what in driver):
            seen.update(id(c) for c, _ in driver)  # (on purpose: not opt-in allocations either)
            driver = []  # the same copies timed by themselves elsewhere in the file: this region is the total
        if driver and symmetric_host_twin(ctx, r):
            driver = []  # the GPU side of a comparison whose CPU side makes its inputs too: the offload's whole cost
        seen.update(id(c) for c, _ in driver)
        if driver:  # one finding per region, at its first allocation
            c, what = driver[0]
            more = f" (and {len(driver) - 1} more)" if len(driver) > 1 else ""
            what_call = ast.unparse(c.func) if r.outer is not None else ctx.text(c.func)  # (a `timeit` string's
            # calls carry the string's position: its text would be the whole string)
            ctx.report(c, f"`{what_call}`{more} inside the timed region, beside the work it measures: the "
                       f"{what} is timed with it", "Allocate and copy the inputs and outputs before the "
                       "first reading, and copy the result back after the last")
        for c, launch in launch_output_fills(ctx, r):
            if id(c) not in seen and (c.lineno, c.col_offset) not in copies and id(c) not in _measured_alone(ctx) \
                    and not timed_alone_inside(ctx, r, launch, c):  # (a total around the kernel's own region)
                seen.add(id(c))
                ctx.report(c, f"`{ctx.text(c.func)}` makes a buffer for the kernel launch `{ctx.text(launch.func)}` "
                           "inside the timed region: its allocation and fill (or conversion) kernels are timed "
                           "with the kernel", "Allocate the buffer before the timed region and hand it in")
        for c in invariant_fills(ctx, r):
            if id(c) not in seen and (c.lineno, c.col_offset) not in copies:
                seen.add(id(c))
                ctx.report(c, f"`{ctx.text(c)[:60]}` fills the same input anew in every timed iteration and hands it "
                           "to the work: its allocation and fill kernel are timed with the work", "Make it once, "
                           "before the timed loop")
        clones = [c for c in _loop_clones(ctx, r) if id(c) not in seen and (c.lineno, c.col_offset) not in copies]
        seen.update(id(c) for c in clones)
        if clones:  # one finding per region, at its first copy
            c = clones[0]
            more = f" (and {len(clones) - 1} more)" if len(clones) > 1 else ""
            ctx.report(c, f"`{ctx.text(c)[:60]}`{more} copies a device tensor made before the timed loop in every "
                       "timed iteration and hands the copy to the work: the allocation and the memory pass of the copy "
                       "are timed with it", "Clone once per input before the timed loop, or time the copies apart "
                       "and subtract them")
        for c, name in _unused_in_region(ctx, r):
            if id(c) not in seen and (c.lineno, c.col_offset) not in copies:
                seen.add(id(c))
                ctx.report(c, f"`{ctx.text(c.func)}` makes `{name}` inside the timed region, which does not use it: "
                           "the allocation and its fill are timed with the work", f"Make `{name}` outside the timed "
                           "region, where it is used")
        for c in r.calls():
            if id(c) not in seen and (c.lineno, c.col_offset) not in copies and _host_array_launch(ctx, c) and \
                    not _timed_without_copies(ctx, r, c) and not mirrored_launch(ctx, r, c):  # (a mirrored
                # CPU-versus-GPU comparison of the same ufunc body on host data: the copies are the GPU side's cost)
                seen.add(id(c))
                arrays = ", ".join(f"`{a}`" for a in _host_arrays(ctx, c))
                ctx.report(c, f"`{ctx.text(c.func)}` is launched on host arrays ({arrays}) inside the timed region: "
                           "each launch allocates device copies and copies them in and back, and the transfers are "
                           "timed with the kernel", "Copy the arrays to the device once before the timed region "
                           "(`cuda.to_device`) and back after it")  # default since the thirteenth session
                # (lint75): held-out sets 54-64, 18 findings judged 13 true, 5 borderline (opt-in before: on the
                # development sets 1 true, 1 borderline, 3 false)
            launch = host_array_launch_in(ctx, c) if id(c) not in seen else None
            if launch is not None and (launch.lineno, launch.col_offset) not in copies:
                seen.add(id(c))
                copies.add((launch.lineno, launch.col_offset))
                arrays = ", ".join(f"`{a}`" for a in _host_arrays(ctx, launch)) or "a NumPy array it makes"
                ctx.report(c, f"`{ctx.text(c.func)}` launches `{ctx.text(launch.func)}` on host arrays ({arrays}) "
                           "inside the timed region: each launch allocates device copies and copies them in and back, "
                           "and the transfers are timed with the kernel", "Copy the arrays to the device once before "
                           "the timed region (`cuda.to_device`) and back after it")
            if id(c) not in seen and (c.lineno, c.col_offset) not in copies and is_factory(ctx.call_name(c)) and \
                    id(c) not in _measured_alone(ctx):
                seen.add(id(c))
                ctx.report(c, f"`{ctx.text(c.func)}` allocates inside the timed region",
                           "Allocate inputs and outputs before the timed region", opt_in=True)


def _moved(ctx: Context, draw: ast.Call) -> bool:
    """``torch.randn(n, n).to(device)``, ``a = torch.rand(n, n); ca = a.cuda()``: a draw made on the host (no device
    keyword), then copied."""
    if any(k.arg == "device" for k in draw.keywords) or (ctx.call_name(draw) or "").startswith("cupy"):
        return False
    parent = getattr(draw, "_wp_parent", None)
    if isinstance(parent, ast.Attribute) and parent.attr in ("to", "cuda"):
        return True
    st = getattr(draw, "_wp_stmt", None)
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        name = st.targets[0].id
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("to", "cuda")
                   and isinstance(n.func.value, ast.Name) and n.func.value.id == name
                   for s in (st._wp_scope.stmts if hasattr(st, "_wp_scope") else [])  # type: ignore[attr-defined]
                   for n in ast.walk(s))
    return False


def _synthetic_input(ctx: Context, r, c: ast.Call) -> bool:
    """A random draw in a ``for ... in range(...)`` loop of a training region: synthetic inputs made every step in
    place of a data loader (the host or device RNG is timed with the step), not the algorithm's own noise drawn
    beside real batches (``for data in loader: noise = torch.randn(...)``)."""
    q = ctx.call_name(c) or ""
    head, _, last = q.rpartition(".")
    if not ((head in ("torch", "torch.cuda") and last in _RANDOM) or head == "cupy.random"):
        return False
    loops = [lp for lp in getattr(c, "_wp_stmt", c)._wp_loops if r.contains(lp) or lp is r.loop]  # type: ignore
    return bool(loops) and all(isinstance(lp, ast.For) and isinstance(lp.iter, ast.Call) and
                               dotted(lp.iter.func) == "range" for lp in loops)


_FLUSH_PLACES = {"inside": "empties the allocator's cache inside the timed region",
                 "between samples": "empties the allocator's cache between timed samples",
                 "before": "empties the allocator's cache just before the timed region"}


def _fresh_input(ctx: Context, c: ast.Call, bound: set[str]) -> str | None:
    """What a call that makes a new input costs: a random draw, or a copy of a tensor made outside the callable."""
    q = ctx.call_name(c) or ""
    head, _, last = q.rpartition(".")
    if (head in ("torch", "torch.cuda") and last in _RANDOM) or head == "cupy.random":
        like = c.args[0] if last.endswith("_like") and c.args else None
        while isinstance(like, (ast.Attribute, ast.Subscript, ast.Call)):
            like = like.func if isinstance(like, ast.Call) else like.value
        if isinstance(like, ast.Name) and like.id in bound:
            return None  # `y.backward(torch.randn_like(y))` with `y` made by the sample: shaped by its own output
        return "random draw (an RNG kernel and an allocation)"
    if ctx.method(c) == "clone" and not c.args:
        name = receiver_name(c)
        if name is not None and name not in bound:
            return "copy (an allocation and a memory pass)"
    if q == "torch.clone" and c.args and isinstance(c.args[0], ast.Name) and c.args[0].id not in bound:
        return "copy (an allocation and a memory pass)"
    return None


def _loop_clones(ctx: Context, r) -> list[ast.Call]:
    """``for _ in range(n): _ = rope(q.clone(), k.clone(), n)`` between the readings: a ``.clone()`` of a tensor
    placed on the GPU before the region, run in every timed iteration and handed to the measured call (the harness
    part's fresh copy, in a plain timed loop). Not a copy kept (``outs.append(y.clone())``), one of a value the
    region makes, nor one whose tensor the code never placed on the GPU."""
    if r.outer is not None or (r.loop is None and not r.inner_loops()):
        return []
    calls = r.calls()
    bound = {n.id for s in r.stmts() for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    out = []
    for c in calls:
        if ctx.method(c) != "clone" or c.args or c.keywords or not isinstance(c.func, ast.Attribute) or \
                not isinstance(c.func.value, ast.Name) or c.func.value.id in bound or not r.in_loop(c):
            continue
        if ctx.placement(c.func.value) == "cuda" and _feeds_work(ctx, c, calls):
            out.append(c)
    return out


_PASS_THROUGH = frozenset({"clone", "detach", "requires_grad_", "contiguous", "reshape", "view", "to", "cuda",
                           "float", "half", "bfloat16", "flatten", "transpose", "permute", "t", "squeeze",
                           "unsqueeze", "expand"})


def _feeds_work(ctx: Context, c: ast.Call, calls: list[ast.Call]) -> bool:
    """The fresh value is an input of other work in the same sample: an argument of another call, the receiver of
    a method that works on it (`x.clone().add_(1)`; reshapes and casts are looked through), or a name bound to it
    and read by a later call of the sample."""
    node: ast.AST = c
    while True:
        parent = getattr(node, "_wp_parent", None)
        if isinstance(parent, ast.Attribute):
            outer = getattr(parent, "_wp_parent", None)
            if not (isinstance(outer, ast.Call) and outer.func is parent):
                return False  # `x.clone().shape`: an attribute read
            if ctx.method(outer) not in _PASS_THROUGH:
                return True
            node = outer
            continue
        if isinstance(parent, ast.Call):  # an argument of other work, not a value kept (`outs.append(y.clone())`)
            return node is not parent.func and ctx.method(parent) not in ("append", "extend", "insert", "put")
        if isinstance(parent, (ast.keyword, ast.Starred, ast.BinOp, ast.UnaryOp)):
            return True  # an argument, or an operand of arithmetic (`x + torch.randn(...)`)
        if isinstance(parent, (ast.IfExp, ast.ListComp, ast.GeneratorExp, ast.Tuple, ast.List)) and \
                node is not getattr(parent, "test", None):
            node = parent  # `op(*[x.clone() if is_tensor(x) else x for x in args])`: look through the container
            continue
        break
    if not (isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name)):
        return False
    target = parent.targets[0].id
    return any(other.lineno > parent.lineno and any(isinstance(n, ast.Name) and n.id == target
                                                    for n in ast.walk(other)) for other in calls) or \
        _operand_later(parent, target)


def _operand_later(assign: ast.Assign, target: str) -> bool:
    """(twentieth session, jitrecall; set 107) The name ``assign`` binds is an operand of a matrix product in a later
    statement of the same function (``x = torch.randn(n, n).cuda(); y = ...; z = x @ y``): the product is the work
    the sample measures, an operator rather than a call."""
    scope = getattr(assign, "_wp_scope", None)
    if scope is None or not isinstance(scope.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return False
    for st in scope.stmts[assign._wp_idx + 1:]:  # type: ignore[attr-defined]
        for n in ast.walk(st):
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) and any(
                    isinstance(o, ast.Name) and o.id == target for o in (n.left, n.right)):
                return True
    return False


_PYCUDA_TRANSFERS = frozenset({"pycuda.driver.In", "pycuda.driver.Out", "pycuda.driver.InOut"})


def _host_array_launch(ctx: Context, c: ast.Call) -> bool:
    """A kernel launch that moves host arrays itself: a Numba ``@cuda.jit`` kernel of the file launched on NumPy
    arrays (copied to the device and back around the launch), a PyCUDA launch with ``drv.In(a)``/``drv.Out(a)``
    arguments, or a call of the Numba-era CUDA libraries on NumPy arrays (:func:`_library_host_call`)."""
    from ._imported_launches import imported_kernel_host_launch

    return ctx._numba_host_launch(c) or any(  # type: ignore[attr-defined]
        isinstance(a, ast.Call) and ctx.call_name(a) in _PYCUDA_TRANSFERS for a in c.args) or \
        _library_host_call(ctx, c) or imported_kernel_host_launch(ctx, c)


# the CUDA libraries of the Numba ecosystem (NumbaPro's `cudalib`, Anaconda Accelerate, pyculib): their routines take
# NumPy arrays and copy them to the device and back in every call (cuBLAS, cuFFT, cuSPARSE wrappers)
_AUTO_COPY_LIBS = ("numbapro.cudalib.", "accelerate.cuda.blas.", "accelerate.cuda.fft.", "accelerate.cuda.sparse.",
                   "pyculib.blas.", "pyculib.fft.", "pyculib.sparse.")


def _library_host_call(ctx: Context, c: ast.Call) -> bool:
    """``blas.gemm('N', 'N', n, n, n, 1.0, A, B, 0.0, C)`` with ``blas = Blas()`` of ``accelerate.cuda.blas`` (or
    NumbaPro's ``cudalib.cublas``, ``pyculib.blas``; their FFT and sparse routines too) and NumPy arrays among the
    arguments: the wrapper allocates device copies, copies them in and back in every call."""
    fn = c.func
    if isinstance(fn, ast.Attribute) and isinstance(fn.value, ast.Name):
        values = ctx.assigns.get(fn.value.id, [])
        if not values or not all(isinstance(v, ast.Call) and (ctx.call_name(v) or "").startswith(_AUTO_COPY_LIBS)
                                 for v in values):
            return False  # not an instance of one of these libraries' classes
    elif not (ctx.call_name(c) or "").startswith(_AUTO_COPY_LIBS) or \
            (ctx.call_name(c) or "").rsplit(".", 1)[-1][:1].isupper():
        return False  # a routine of the module (`pyculib.fft.fft(a, out)`), not a class
    return any(isinstance(a, ast.Name) and ctx._host_array(a) for a in c.args)  # type: ignore[attr-defined]


def _kernel_name(c: ast.Call) -> str | None:
    """The kernel a launch names: ``k`` of ``k[grid, block](...)``, ``k.forall(n)(...)`` or ``k(...)``."""
    f = c.func
    if isinstance(f, ast.Subscript):
        f = f.value
    elif isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and f.func.attr == "forall":
        f = f.func.value
    return f.id if isinstance(f, ast.Name) else None


def _timed_without_copies(ctx: Context, r, c: ast.Call) -> bool:
    """Launch ``c`` on host arrays is paired with another region of its function that times the same kernel on
    device arrays (``with timer("GPU"): k[g, b](a, out)`` ... ``with timer("GPU without copies"): k[g, b](d_a,
    d_out)``): the file measures the run with its transfers and the kernel alone, so the copies of the first are
    measured on purpose."""
    name = _kernel_name(c)
    if name is None:
        return False
    for other in ctx.regions:
        if other is r or other.scope is not r.scope or other.contains(c) or r.contains(other.start):
            continue
        if any(_kernel_name(o) == name and o is not c and _fewer_copies(ctx, c, o) for o in other.calls()):
            return True
    return False


def _fewer_copies(ctx: Context, c: ast.Call, o: ast.Call) -> bool:
    """Launch ``o`` of the same kernel hands a device array (a name bound to ``cuda.to_device``, ``device_array``)
    where ``c`` hands a host one, and a host array nowhere ``c`` does not."""
    if len(c.args) != len(o.args) or not _host_array_launch(ctx, c):
        return False
    host = [_host_name(ctx, a) for a in c.args]
    other = [_host_name(ctx, a) for a in o.args]
    if any(h2 and not h1 for h1, h2 in zip(host, other)):
        return False
    return any(h1 and not h2 and _device_array(ctx, a) for h1, h2, a in zip(host, other, o.args))


def _host_name(ctx: Context, a: ast.AST) -> bool:
    return isinstance(a, ast.Name) and bool(ctx._numpy_only(a.id) or ctx._host_array(a))  # type: ignore[attr-defined]


def _device_array(ctx: Context, a: ast.AST) -> bool:
    if not isinstance(a, ast.Name):
        return False
    values = ctx.assigns.get(a.id, [])
    return bool(values) and all(isinstance(v, ast.Call) and (ctx.call_name(v) or "").startswith("numba.cuda.") and
                                (ctx.call_name(v) or "").rsplit(".", 1)[-1] in _NUMBA_DEVICE_MAKERS for v in values)


_NUMBA_DEVICE_MAKERS = frozenset({"to_device", "device_array", "device_array_like", "mapped_array", "managed_array"})


def _host_arrays(ctx: Context, c: ast.Call) -> list[str]:
    out = []
    for a in c.args:
        if isinstance(a, ast.Call) and ctx.call_name(a) in _PYCUDA_TRANSFERS and a.args:
            out.append(ctx.text(a))
        elif isinstance(a, ast.Name) and a.id not in out and \
                (ctx._numpy_only(a.id) or ctx._host_array(a)):  # type: ignore[attr-defined]
            out.append(a.id)
    return out[:3] + (["..."] if len(out) > 3 else [])


def _measured_alone(ctx: Context) -> set[int]:
    """The allocations some region measures by themselves (:func:`_only_allocations`): not reported in that region,
    nor in a longer one around it (a script's total time)."""
    cached = ctx.__dict__.get("_wp_alloc_alone")
    if cached is None:
        cached = {id(c) for r in ctx.regions if _only_allocations(ctx, r) for c in r.calls()}
        ctx.__dict__["_wp_alloc_alone"] = cached
    return cached


def _measured_alone_texts(ctx: Context) -> set[str]:
    """The text of every copy to the device that a region of the file measures by itself, with a wait
    (``A_gpu = cp.asarray(A_cpu); sync`` timed as the transfer): the program times that transfer on its own, so
    another region holding the same copy beside the work (``cp.asarray(A_cpu)`` then ``cp.dot``) is its end-to-end
    figure, copy included on purpose, not a transfer that slipped into a kernel's time."""
    cached = ctx.__dict__.get("_wp_alloc_alone_texts")
    if cached is None:
        cached = {ctx.text(c) for r in ctx.regions if r.synced is True and _only_allocations(ctx, r)
                  for c in r.calls() if ctx.gpu_work_in([c])}
        ctx.__dict__["_wp_alloc_alone_texts"] = cached
    return cached


def _only_allocations(ctx: Context, r) -> bool:
    """The region does no GPU work besides allocations and copies to the device (``d = cp.asarray(host)`` then a
    synchronize, timed as the transfer; ``buf = torch.empty(n, device="cuda")`` timed as the allocation): the
    allocation is what it measures, not something timed beside the work."""
    from .._timed_strings import string_kernel

    if r.outer is not None and any(isinstance(c.func, ast.Name) and string_kernel(ctx, c) for c in r.calls()):
        return False  # a `timeit` string that launches the kernel it gets from its own `SourceModule`
    work = [n for s in r.stmts() for n in ctx.gpu_work_in(stmt_nodes(s))]
    return all(isinstance(w, ast.Call) and (is_factory(ctx.call_name(w)) or ctx.method(w) in ("cuda", "to"))
               for w in work)


def _unused_in_region(ctx: Context, r) -> list[tuple[ast.Call, str]]:
    """``dO = torch.randn_like(q)`` between the readings of a region that never reads ``dO`` before its end reading
    (it is used by a later measurement, or not at all): work the measurement pays for and does not need."""
    if r.outer is not None:
        return []
    stmts = r.stmts()
    out = []
    for i, st in enumerate(stmts):
        if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and
                isinstance(st.value, ast.Call)):
            continue
        c, name = st.value, st.targets[0].id
        q = ctx.call_name(c) or ""
        head, _, last = q.rpartition(".")
        if not ((head in ("torch", "torch.cuda") and last in _RANDOM) or head == "cupy.random" or is_factory(q) or
                (ctx.method(c) == "clone" and not c.args)):
            continue
        later = stmts[i + 1:]
        if any(isinstance(n, ast.Name) and n.id == name for s in later for n in ast.walk(s)):
            continue
        if st._wp_loops and r.loop is None and any(  # type: ignore[attr-defined]
                isinstance(n, ast.Name) and n.id == name for s in stmts[:i] for n in ast.walk(s)):
            continue  # read at the top of the next iteration of a loop inside the region
        if ctx.method(c) == "clone" and is_scalar(ctx, c, stmts):
            continue  # avg_loss = loss.detach().clone() of `loss = torch.mean(err ** 2) / k`: one element
        if not _read_after(ctx, name, r) or not any(ctx.gpu_work_in(stmt_nodes(s)) for s in stmts
                                                    if s is not st and not _makes_tensor(ctx, s)) \
                or _labelled(r, name):
            continue  # never read (its purpose unknown), or the region measures this allocation itself (its label
            # or interval names it: `with timer("backup_freqs"): backup_freqs = freqs[idx].clone(); ...`), or the
            # region does nothing but make tensors: it times their creation (a `setup_ms` interval; held-out sets
            # 46-49, 2026-12-01: 4 false findings in 2 repositories)
        out.append((c, name))
    return out


def _read_after(ctx: Context, name: str, r) -> bool:
    """``name`` is read after the region's end reading, in the same pass of the loop that holds the region (the
    next measurement's input: `naive_O.backward(dO)`), not only by a later iteration."""
    end = r.loop._wp_end if r.loop is not None else len(r.scope.stmts) - 1  # type: ignore[attr-defined]
    return any(r.hi < ld._wp_stmt._wp_idx <= end for ld in ctx.scope_loads(name, r.scope))  # type: ignore[attr-defined]


def _labelled(r, name: str) -> bool:
    """The region's label (a string handed to its timer) or its interval's name holds ``name``'s words in order
    (``"2_backup_freqs"``, ``backup_freqs_time = t1 - t0``): making that value is what the region measures."""
    import re

    words = [w for w in re.split(r"[\W_]+", name.lower()) if w]
    labels = [a.value for a in ast.walk(r.start) if isinstance(a, ast.Constant) and isinstance(a.value, str)] \
        if r.timer and isinstance(r.start, ast.Call) else []
    st = r.interval
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        labels.append(st.targets[0].id)
    for label in labels:
        parts = [w for w in re.split(r"[\W_]+", label.lower()) if w]
        if words and any(parts[i:i + len(words)] == words for i in range(len(parts))):
            return True
    return False


def _makes_tensor(ctx: Context, st: ast.stmt) -> bool:
    """``x = torch.randn(n, device="cuda")``, ``w = torch.ones(n).cuda()``, ``y = torch.empty_like(x)``: a statement
    whose only work is making one tensor (a factory, a random draw or a copy, then moves and casts)."""
    if not (isinstance(st, ast.Assign) and isinstance(st.value, ast.Call)):
        return False
    c = st.value
    while isinstance(c, ast.Call) and ctx.method(c) in ("cuda", "to", "half", "float", "bfloat16", "contiguous",
                                                         "requires_grad_") and isinstance(c.func, ast.Attribute):
        if not isinstance(c.func.value, ast.Call):
            return False
        c = c.func.value
    q = ctx.call_name(c) or ""
    head, _, last = q.rpartition(".")
    return (head in ("torch", "torch.cuda") and last in _RANDOM) or head == "cupy.random" or is_factory(q)
