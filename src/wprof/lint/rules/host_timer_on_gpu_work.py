'''WP102 host-timer-on-gpu-work: a host clock times GPU work without synchronizing before the end read.

## What it does
Checks for intervals read from a host clock (`time.perf_counter()`, `time.time()`, a `with Timer():` defined in
the file, a timer object of the project read by `t.stop()`/`t.toc()`/`t.elapsed()` (or a stopwatch of tagged clocks,
`sw.start("bwd")` ... `sw.pause("bwd")`, set 58), a library's timing class started
and stopped by its methods (`timer = d2l.Timer(); timer.start(); ...; timer.stop()`), a `@timeit` decorator of the
project...) around GPU work (tensor ops, a model call, a kernel launch, a callable passed to a timing helper) with
no device synchronization between the last GPU work and the end read.

Calls known to wait are synchronizes: Hugging Face `generate()`, models and pipelines of libraries that return
host objects (a diffusers or transformers pipeline, an ultralytics model, a Coqui TTS call; also one built by a
helper of the project's other modules), calls that return when their data is written, read or received (a
distributed checkpoint's `save`/`load`, a safetensors file, `rpc_sync`, `rref.to_here()`, `fut.wait()` of
`rpc_async`, MLX's `mx.eval`), `torch.mps.synchronize()` in a function whose device is `"mps"`, and a timing
helper's callable parameter when every caller passes one that returns host data (a lambda ending in
`.cpu()`/`.numpy()`, an extension called on NumPy arrays). An interval stored and never read is weak, shown only
with `--extend-select extra`, and so is a `timeit` call whose result is thrown away (`timeit.timeit(step,
number=5)` alone on its line: a warm-up, no number comes out of it). (From set 11 to sets 14-16 a model, helper
or library call between the reads made the finding weak; judged blind on sets 14-16 those were right 16 times in
20, and the false ones are the host-object classes above.)
Also weak (sets 21-22): a timing helper's callable parameter when no caller hands it a callable or data shown on
the GPU (a lambda wrapping a CPU library's method), and a library pipeline's call
(`pipe(prompt, output_type="pt")`) as the last work: the pipeline's own host steps leave at most a small tail;
and a region whose only GPU work feeds or follows a copy from the host (`x = frame.unsqueeze(0).cuda() + 1`):
the copy returns when everything queued before it is done (set 16); a region whose last work sits in a loop that
waits for the device every iteration (it misses one iteration's tail); and a call of a compiled extension whose
C++/CUDA sources are not visible (its entry may end in `cudaDeviceSynchronize()`), unless the file synchronizes
right after the same extension elsewhere. Visible sources (`load_inline` strings, `load()` files, `.cu`/`.cpp` files
beside the script) decide it: a device synchronize there makes the call a wait.
Code the linter cannot read (a method of an object whose class comes from a module it cannot find, a function of such
a module handed the GPU model) may copy its results back to the host, which waits: a region whose GPU work after
such a call only computes on what it returned is weak; so is one whose last work is a helper of the file that
returns its results through a function of a star import the linter cannot find (`return tensor2float(loss)`).
A function of the file that waits on one path only does not make its call a wait when another path returns GPU work
nothing on it waited for (a base case `if n <= limit: return cp.matmul(a, b)` before a split whose blocks are
copied back to the host: set 50).
Fourteenth session (sets 71-73): linear algebra that reads its error code on the host waits (PyTorch's checked
`torch.linalg` routines such as `svd`, `inv`, `cholesky`, `solve`, `eigh`, and the old `torch.svd`,
`torch.inverse`, `a.inverse()` on data not shown on the CPU; not the `_ex` forms nor `det`; CuPy's `lu_factor`/`lu`,
which compare `dev_info` on the host, and its QR `lsqr`; since the twenty-second session also its iterative sparse solvers
`cg`, `cgs`, `gmres` and `minres`, which test convergence on the host; and Taichi's field exports
`f.to_numpy()`/`f.to_torch()`, which end in `ti.sync()`); mpi4py's blocking transfers (`Send`, `Recv`,
`Allreduce`...) and request waits (`Waitall`) are no GPU work, and wait when handed a device buffer (not a host
one); a `timeit.py` beside the script is the project's module, not the standard library's (Python searches the
script's folder first), read as a helper; an interval added to a total that is never read (`fwd += t1 - t0` whose
prints are commented out) is weak.
A blocking `dst.copy_(src)` into a GPU tensor from a CPU one waits; so does `dist.barrier()` for a reading under the
`if rank == 0:` right after it; the CPU branch of a device test (`else:` of `if device == "cuda":`) leaves nothing on
the GPU.
(lint72) A timing helper's callable parameter is also a wait when every caller hands it a function of the file that
waits, by name, through `functools.partial(f, ...)` or a lambda that only calls it (`clocked(partial(describe, net,
ids))` with `describe` ending in `tok.batch_decode(out)`); a tokenizer's `batch_decode` of output ids reads them to
the host. An interval labelled as a build (`print(f"built in {dt:.2f}s")`, `build_s`, a compile time; not
"built-in") times host-bound set-up on purpose, not GPU work: not reported.
(lint87) Samples or an interval named for a time taken without a wait (`times_no_sync`, `dt_without_sync`), beside
a synchronized loop, measure the launch on purpose: weak (`extra`).
An interval labelled as a warm-up, a compile or a cold first run where it is printed or stored ("warmup",
"Warm-up run took", "first launch:", "compilation", a result keyed "cold" or "first"; not a bare "warm", the
steady state; a `timeit.timeit` reading printed so by the caller, `print("warmup", t)`, since the sixteenth session)
times a first call on purpose and is not reported while its work is cold there. Library copies that
wait: a Numba `@cuda.jit` launch or CUDA ufunc handed host NumPy arrays (copied in and back around the launch; also
an array rebound to such a ufunc's result, `a = gpu_ufunc(a)`, since the sixteenth session),
`d.copy_to_host()`, `d.copy_to_host(stream=s)` into a new array and old Numba's `d.to_host(s)` into the pageable
array `d` came from (a copy into pageable memory returns once done), PyCUDA's `drv.Out`/`drv.InOut` arguments and
`gpuarray.get()`.

A loop over a data loader is a run's wall time (an unsynchronized end read is off by one step of many) and is not
reported, unless the loader is shown to hold a handful of batches (a synthetic dataset of the file whose `__len__`
is the batch size times a small constant), or the loop leaves on a test of its `enumerate` counter against a
constant of a handful of steps (`if n == 5: break`, set 51): then the last step's unwaited work is a material share
(set 28), also when each step waits for its forward pass (`loss.item()`). A
whole training run through a helper of the file whose `range` loops are shown to run 100 steps or more, timed
once, is weak for the same reason; one shown to run a few steps is reported. One iteration's sample that fetches
its batch (`batch = next(it)`) is one step's time and is reported, unless it copies the batch to the GPU (in the
sample, or in the file's generator it draws from): that blocking copy waits for the step before (set 60).

A clock read inside a callback the framework calls while the model's work is only queued is reported too: the
`__call__` of a transformers `LogitsProcessor`, `LogitsWarper` or `StoppingCriteria` (`generate` calls it with the
step's logits right after launching the forward pass: a time to first token read there is the launch), and a
function registered as a module or tensor hook (`register_forward_hook`, `register_forward_pre_hook`, the backward
hooks): synchronize in the callback before reading the clock.

Work put explicitly on another GPU than the current one (`x.to("cuda:1")`, a model on `cuda:2`, with no
`torch.cuda.set_device` in the file) and timed with `torch.cuda.synchronize()` without a device, or with CUDA
events recorded without a stream, is reported too: both act on the current device (cuda:0), so the end read does
not wait for the work, or the events hold none of it. Synchronize that device (`torch.cuda.synchronize(device)`)
or make it current first (`torch.cuda.set_device(device)`).

A device given by its ordinal puts the work on a GPU though the file never names CUDA: an int parameter (`device:
int = 0`) made a `torch.device(device)` or handed to `.to(device)` (set 55). A wrapper of the file that calls the
model it is handed (`def infer(net, x): net(x)`), handed the timing function's own parameter, runs that parameter as
a direct call would (set 56). A Flax model of transformers (`FlaxMixtralForCausalLM.from_pretrained(...)`) in a file
that imports JAX lives on JAX's default device and returns before its work is done: time it with
`block_until_ready()` on its output (set 56). A JAX function compiled ahead of time (`exe =
jax.jit(step).lower(*args).compile()`) is an executable whose calls dispatch the step the same way: wait for its
output too (set 60), and so does a step a class binds on its instances as a JAX function (`self.update =
jax.jit(self._update)`, also `if cfg.jit else self._update`), called as `trainer.update(state, batch)` (set 60).
TensorFlow ops run eagerly under `with tf.device("/GPU:0"):` are queued on that GPU too: read the result back
(`.numpy()`) inside the timed code (set 57). A submodule a GPU model hands out and the code calls
(`model.get_encoder()(**inputs)`, `get_decoder`, `get_submodule`) runs on the model's device like the model's own
call (set 56).
(lint81, sets 65-70) Host work beside GPU work in one file is not GPU work: a NumPy function of a matrix product
(`np.trace(a @ b)`: NumPy takes host arrays only, a CUDA tensor raises; not in a file that imports CuPy, whose
arrays NumPy hands back to CuPy), and JAX in a file that pins it to the CPU (`os.environ["JAX_PLATFORMS"] = "cpu"`,
`jax.config.update("jax_platforms", "cpu")`, every choice of the platform naming only the CPU). A timing helper's
callable parameter is not GPU work when every caller hands it a NumPy/SciPy function or a function of the file that
waits after its own last GPU work (`def fft_sync(x): r = cp.fft.fftn(x); cp.cuda.Stream.null.synchronize(); return
r`), also through a `timeit` string (`timeit("f(x)", globals=locals())`). Indexing with a graph's or dataset's split mask
(`train_mask = g.ndata["train_mask"]`, `data.val_mask`, of an object the file moves to the device) waits as a
computed boolean mask does (`logits[train_mask]` counts the hits on the host).

(lint80) `time.clock()` (Python 2, and Python 3 before 3.8) is a host clock. A region whose only GPU work is a
compiled kernel's first launch measures its compilation (WP112 alone), but not when the launch sits in a loop of
the region: the later launches return before their kernels run (a CuPy `ElementwiseKernel`/`RawKernel` loop timed
with no synchronize, set 64). A timer class's stop method that waits only after it reads the clock (`end_fwd()`
reading `time.time()`, then logging through a helper that calls `.item()`) does not cover the timed phase (set 60).
Chainer links moved to the GPU (`link.to_gpu()`, `link = link.to_gpu()`) and variables moved in place run through
CuPy, asynchronously; `chainer.cuda.to_cpu` is a copy back that waits (set 62). A timing helper handed a model and a
device is shown on the GPU by a caller that hands it `"cuda"` (set 59). And a call the file itself follows with an
explicit synchronize before the end reading of another timed region (`self.run_once(backend, args)` then
`backend.synchronize()`), timed elsewhere without one, is reported even when the linter cannot see what it runs: the
author's own synchronize says it returns before its work is done (not on a path shown to run on the host; set 64).

Since the fourteenth session (sets 65-70): a JAX transformation of a function (`jax.grad`, `jax.value_and_grad`,
`jax.vmap`, `jacfwd`/`jacrev`/`hessian`, `checkpoint`; not one traced inside a `@jax.jit` function), a method
compiled with `@partial(jax.jit, static_argnums=0)` whatever its body calls, and a Flax module of the file (`class
Net(flax.linen.Module)`) whose `apply` is called or handed to a timing helper are JAX work, dispatched before it is
done: wait with `block_until_ready()`. A file written for Apple's GPU alone (it names the `"mps"` device and never
CUDA) queues its work on that GPU the same way: `torch.mps.synchronize()` (or a read-back) before the end read; beside
CUDA, `"mps"` stays the fallback the timing is not written for. `with tf.device(dev):` of a parameter some caller
hands a GPU (`run(n, "/cpu:0")`, `run(n, "/gpu:0")`) runs its eager ops on that GPU on that call. A layer traced or
scripted on request and timed per call in a repeat loop (`for _ in range(R)`, the same inputs) is reported: only the
first sample holds the compile, the others are warm calls timed without a synchronize.

(lint85, sets 74-76) A tensor made on the device from values written in the code (`torch.tensor([1.0],
device=dev, dtype=torch.bfloat16)`, a dtype probe in set-up logging) is built on the host and copied from pageable
memory, a copy that returns once it is done, like `x.to(device)`. A region that copies its inputs to the script's
device variable (`x = x.to(device)`) where that variable's latest plain binding is the CPU (`device = "cpu"` in a
notebook cell before a later one picks CUDA) runs its model on the CPU: not reported, unless the region also moves
anything to the GPU or calls `torch.cuda`.

(lint89, sets 71-76) A synchronize or read-back the script as written does not run is no wait: one under an `if`
on a command-line switch that is off unless given (`if args.incl_synctime: cp.cuda.Device().synchronize()` of
`add_argument("--incl-synctime", default=False, action="store_true")`), or under `if device == "cuda":` where the
same name is also bound to an indexed device (`device = f"cuda:{ddp_local_rank}"` under DDP: the test is false
there). `jax.block_until_ready(x)` and `x.block_until_ready()` wait for the arrays they are handed only: handed
nothing but arrays the timed region never binds (the step's input key), they return while the step runs, and the
finding says so. A file written for Intel's GPU alone (it names the `"xpu"` device, `f"xpu:{rank}"`, and never CUDA)
queues its work like CUDA, as an MPS-only file does: `torch.xpu.synchronize()` before the end read.

(lint91, sets 77-83) An allocation that leaves its memory unwritten (`torch.empty`, `torch.empty_like`) launches
nothing: beside blocking copies to the GPU, or alone, it leaves nothing queued (`torch.zeros` fills: still work). A
file that hides every GPU (`os.environ["CUDA_VISIBLE_DEVICES"] = "-1"` at top level) does no GPU work. A call the
file times elsewhere with a synchronize after it is not taken for asynchronous work when it is a blocking copy from
host memory or a method of an object a CPU-only library built in the same function (`model = KMeans(...)` of
scikit-learn beside cuML's `model.fit`).

(lint95, sets 84-86) A clock difference stored in a name that only the loop's stop test reads (`c = perf_counter() -
s; if c > limit: break`, in a loop that collects samples timed by a helper of their own) makes no reported figure:
not reported. A timing helper's callable parameter handed on by another helper (`def average(f): ...
sample(f)`) leaves nothing pending when every caller of that helper hands a lambda that only calls a function of the
file that waits, or an ONNX Runtime session's `run` of a session bound in that function (its outputs are NumPy
arrays), or one that shows no GPU work, and at least one hands a wait.

What WP102 cannot see stays out of its strong tier: a method of an object made by a factory
function of the project's own modules that the linter cannot find (`codec = pick_codec(cfg)`; `codec.decompress(
packed)`, the object used only through its methods) is code it cannot read, as an instance of such a class is; a
region that waits (`kl.item()` every mini-epoch) and whose only GPU work after that wait is a helper of the file that
returns at once under a host flag (`if not self.multi_gpu: return` before an all-reduce) is weak. A loop variable
taken from a table of functions of the file (`for label, fn in cases:`, `cases = [("a", run_a), ...]`) is each of
them: when every one waits for its own work (ends in `.cpu()`, a gather to the CPU), calling it waits.

A training step that waits after its backward pass (`loss.item()`, also in a micro-batch `for`
loop of the step or in a helper of the file that returns it) and leaves only its update queued before the end read
(an optimizer's `step()`/`zero_grad()`, a scheduler's `step()`, a gradient scaler's `step(opt)`/`update()`, gradient
clipping, an EMA update of the weights) is weak when the wait runs on every pass of a loop: a step's sample in the
loop body is right in steady state (the next pass's wait drains the update, so each sample is shifted by one), and
the wall time of the whole loop misses one update out of N (set 88). A one-off step, a wait only every N steps, or an
unwaited tail that holds a backward pass or a forward stays reported.

(Seventeenth session, sets 89-101) A function of the file waits wherever it is called, however deep, when its own body waits
in any way a call shows by itself (a blocking `a_gpu.get()`, a print of a device value, a library call that returns
host objects), not only through an explicit synchronize or `.item()`: a training function timed once, whose
per-sample helper calls another helper ending in `a_gpu.get()`, waits on every sample (set 100). A call whose value
the function next copies to the GPU (`batch = fetcher.get(key)`; `batch = batch.to(device)`) returned host data (a
queue read, a file read): not taken for device work on the evidence of another region's synchronize (set 101). An
optimizer built from a GPU model's parameters (`opt = AdamW(model.parameters())`, of a class the linter cannot read)
queues the weights' update on `step()`, and a loss from a helper it cannot read that the function backpropagates
(`loss = cross_entropy(logits, y)`; `loss.backward()`) is a device tensor, not results copied back: a training step
timed phase by phase (forward, optimizer, whole step) is reported at each phase's end read (set 101).
(Seventeenth session, sets 102-106) State a class carries between calls, built on the CPU in `__init__` (`self.context =
torch.zeros([n])`) and re-bound only to a slice of the tensor it is joined with (`out = torch.cat((self.context,
chunk))`; `self.context = chunk[-k:]`), keeps the join on the CPU (an op on tensors of two devices raises), and with
it every op of the method on that argument: calling the object is host work, not GPU work (set 106). A callable
parameter whose default is `None`, called only under a test that it was given (`if progress_fn is not None:
progress_fn(kimg, total)`) and handed no tensor, is a hook of the function (a training loop's progress or abort
callback), not the work a timing helper is handed (set 103). Non-blocking copies to a GPU picked per pass of a loop
(`t.to(f"cuda:{i % 8}", non_blocking=True)`) waited for by `torch.cuda.synchronize()` without a device are reported:
it waits for the current device only, the copies to the others are not in the interval (set 102).
(Eighteenth session, sets 102-109) A library call that calls the callable it is handed before it returns waits as
that callable does: an optimizer's `step(closure)` whose closure of the file waits (`return loss.item()`), a
`scipy.optimize` objective of the file that returns a host number; and `step(closure)` of `torch.optim.LBFGS`
waits whatever the closure returns (it reads the loss on the host, `float(closure())`, and tests the gradient
against its tolerance every iteration; set 109). An object made by a factory function of the file whose every
`return` builds a class the linter cannot read (`agent = make_agent(args, device=device)`; `return
CurlSacAgent(...)`) is code it cannot read, as the class's direct call is: an evaluation loop whose GPU work after
its `agent.select_action(obs)` only feeds what that returned is weak (set 109); where that class is one of the
project's modules the linter reads, a method whose every `return` gives a host value (`return
mu.cpu().data.numpy().flatten()`) returns data on the CPU, and waits: the environment step after it is host work.
A device handed back by a set-up
helper of the project's modules (`rank, world, device = init_distributed()` returning
`torch.accelerator.current_accelerator()` or a CUDA `torch.device`) puts the file's model and data on the GPU
though the file never names CUDA (set 105). A clock read in a hook whose reading is kept only under a key of a
record nothing in the file reads back (`calls.append({"param": name, "time": t})`, only the names printed) is not
reported: no time comes out of it.
(Nineteenth session, sets 110-113) Nor is an interval a function returns only as a field of a record (`return
Outputs(loss=loss.item(), time=step_time)`) whose every caller in the file hands the record only to a method of an
aggregate built from a list of objects (`eval_metrics = Metrics([Loss(), Perplexity()])`;
`eval_metrics.update(outputs)`), none of whose classes (the file's or the project's modules') reads that field: the
time is dropped (set 110). A record handed anywhere else, or to an aggregate with a class that reads the field
(`Metrics([Time(), Loss()])`), keeps the finding. A timed loop of 100 calls or more with no synchronize, right after
(nothing between) an unwaited warm-up loop of as many iterations that runs the same GPU calls, is weak: the launch
queue holds about as much work when the clock starts as when it stops, so a long average is off by a few calls (set
113); a warm-up that synchronizes, or a short one, leaves the finding strong.
Waits between readings: a loop-carried interval read once per optimizer update
(every `continue` before the end reading skips the update too: `if step % accum != 0: continue`) whose start clock
the loop restarts with a fresh reading after the end reading, with a wait between the two that runs whenever the
figure is reported (`wandb.log({"loss": loss.item(), "throughput": n / update_time})`; `update_time =
time.time()`), is judged by the waits inside it: the step's work is drained in the gap, outside every interval, so
the loop body's other waits (a token count's `.item()` before each forward) do not cover the unwaited tail, and
the loop over a loader is not a run's wall time there. A tick's interval whose `continue` skips only the reading
(`if nimg < tick_start + kimg_per_tick: continue`) stays a wall time over many steps.
(Nineteenth session, queuebound, sets 114-117) Per-iteration samples of a `range` loop of 500 iterations or more
(`for i in range(1024): t0 = perf_counter(); out = model(ids); ...; times.append(perf_counter() - t0)`), read back to
back (between one sample's end read and the next one's start read the loop does no GPU work and waits for nothing),
each running a model-level call (a GPU model's forward or `generate`), are weak: the launch queue (about a thousand
kernel launches) holds a handful of such iterations, so the samples' mean and their curve over the loop are off by
that handful. Not when the loop is shorter or its count is not shown, when each iteration runs only small ops, when
something between the samples waits (a helper that synchronizes drains the queue outside the intervals), nor when
the samples are reduced to an extreme or a spread (`min`, `std`, a percentile); one interval around the whole loop
stays reported.
(Nineteenth session, hostwaits, sets 118-121) A GPU value stored into an element or a slice of a CPU tensor waits
(a blocking copy into pageable host memory) also when the target is an attribute (`self.hist = torch.zeros(epochs)`
... `self.hist[epoch] = loss`) and when the value is a name bound by a call of a function or method of the file
every `return` of which gives (the unpacked element) a value on the GPU (`loss = self.train_step(loader)`; `val,
acc = self.eval_step(loader)`): an epoch timed up to such stores is drained (set 120). `scaler.step(opt)` of a
`torch.amp.GradScaler`/`torch.cuda.amp.GradScaler` waits: torch's `_maybe_opt_step` reads the found-inf flags
(`.item()`) before it calls `optimizer.step()`; not for an optimizer built with `fused=True` (torch's fused
Adam/AdamW/SGD/Adagrad take the flags on the device, `_step_supports_amp_scaling`), nor for a scaler built with
`enabled=` other than `True` or for the CPU. An optimizer built out of the file's sight counts as unfused (the fused
kernels are asked for by name, never the default).
(Twentieth session, syncrecall, sets 77-124) A function's `device` parameter decides where its work runs when the
file's other bindings of that name say nothing (`def bench(..., device="cuda")` beside a module-level `device =
["cuda"]`, the list the script loops over), and an element of a table of devices the file builds
(`self.stage_devices = [torch.device(f"cuda:{i}") for i in ids]`; `x.to(self.stage_devices[k])`) is the device its
elements name (sets 81, 86). A helper of the file that waits before its own last GPU work (`if
torch.isnan(logits).any(): ...` after the forward, then `loss.backward()`) is no wait after that work: the clock
read after its call runs with the backward pass queued (set 85). A Python number handed to a call (`step(model,
action=int(a.item()))`) is not CPU data: the call still runs on the model's device (set 98); a name bound only to
functions of the file (`step_func = _step_eager`) is handed on as each of them. A timed call's compiled callee that
the caller already ran before the call (a timing decorator's second call after a warm-up through it) is warm, not a
compile (set 109). Weak: an interval read after a loop whose every pass copies host data to the GPU (a blocking
copy) before its work, inside the interval: each copy waits for the previous pass, so the end read misses one pass
of many (set 86).
(Twentieth session, libwaits, sets 125-132) A number formatted from the result of the GPU work just before it
(`loss, acc = eval_step(state, (jnp.array(x), jnp.array(y)))`, then `print(f"loss {loss:.4f}")`, or
`"{:.4f}".format(loss)`) waits for that work, whatever the call returned: a numeric format spec needs a Python
number, so a device scalar is read back and a host number means the call already waited (set 129); a field
without a numeric spec, or work queued after the formatted value's binding, is no such wait. A `timeit.Timer(fn)`
whose `fn` is the parameter of the function it sits in is judged by what that function's callers hand it (a callable
the file builds from configuration, `hydra.utils.get_method(path)(cfg)`, shows no GPU work: weak). The randomized
low-rank SVD (`torch.svd_lowrank`, `torch.pca_lowrank`) ends in the checked `torch.linalg.svd`, which waits, and one
small product (set 131). DeepSpeed's `engine.step()` of an engine from `deepspeed.initialize` waits: its throughput
timer synchronizes the device (on and synchronized by default, from the third step; not taken when the file writes a
`"timers"` setting or hands `initialize` its `training_data`); its `backward()` waits only under some ZeRO settings
and is not taken for a wait (set 125). An interval around explicitly asynchronous `torch.distributed` calls alone
(`dist.isend`, `dist.irecv`, `batch_isend_irecv`, a collective with `async_op=True`) whose handles nothing touches
before the end read times the posting on purpose, the reason to choose the asynchronous form: not reported; a
`req.wait()` in the interval, or other GPU work beside it, stays reported (set 131).

(Twentieth session, reported, sets 125-132) An element of an array updated in place by a computed value inside a
budget loop (`h[j] += x[i, j] * h[k]`, then `ct = time.time() - t0; if ct > limit: break`) is the loop's work, not a
count of it: the stop test's clock difference still makes no reported figure (set 130). A count (`n += 1`,
`hist[k] += 1`) within the budget stays a throughput.

(Twenty-first session, jitfirst) A region whose only work is the first call of a compiled kernel is left to WP112
(it measures the compile), except a kernel launched on device arrays, which returns before the kernel runs whether or
not it compiled first: `kern[grid](d_x)`, and PyCUDA's `ElementwiseKernel` called on GPU arrays (known as compiled on
its first call since this session; its WP102 stays as before, set 97).

(Twenty-first session, phasesplit, sets 77-136) A PyTorch module whose device is chosen outside it uses the GPU
though it never names CUDA: one that moves its tensors with `.to(device)` (also `.to(self.device)`,
`.to(args.device)`, `device=dev`) to a device it is handed (`def train_step(model, x, optimizer, device)`) or
imports from the project's configuration (`from config import device`; not one a call of the file hands back,
`rank, device = init_host()`, nor `x.device` of a value), and that names no device anywhere (no
`"cpu"`, `"mps"`, `torch.device(0)`; a test `if device == "cpu":` does not count). The tensors it moves are on the
GPU, so a training step timed phase by phase there is reported at each phase's end read (the forward time read
right after `model(x)`, the backward time after `loss.backward()`); so is the update of an optimizer the step is
handed, whose gradients it clears (`optimizer.zero_grad()`) in a function that backpropagates: its `step()` queues
the update on the weights' device. Building an optimizer of `torch.optim` (`optim.SGD(net.parameters())`; not
`Adagrad`, which fills its state in the constructor) or wrapping a model in `torch.nn.DataParallel` launches
nothing: a set-up interval ending after them and a blocking `net.to(device)` is not reported (set 133). A wait that
runs only every N steps after the reading, in the reading's logging block (`if step % 20 == 0 or step == 0:
elapsed = perf_counter() - t0; print(loss.item())`), does not synchronize a clock started before the loop.

(Twenty-first session, gpuwork, sets 77-136) The direct call of a Keras model (`net(x)`) where TensorFlow runs on a
GPU (a GPU device scope, a GPU check or `CUDA_VISIBLE_DEVICES`, a `MirroredStrategy`) queues its layers' ops and
returns a tensor: GPU work, as an eager TensorFlow op is (`predict`, `evaluate` return host values and wait). A
method of an object the linter cannot read handed a mapping of GPU data unpacked (`**inputs`) is GPU work, as with
a positional argument (a GPU tensor by a named keyword alone stays unknown: the method may wait inside).

(Twenty-second session, libsync, sets 77-156) A function of the file whose own body runs an eager TensorFlow op
placed on the GPU (`def gpu_matmul(a, b): return tf.matmul(a, b)`) queues GPU work for its caller whatever it is
handed (TensorFlow copies host inputs to the GPU), unless it waits itself (`.numpy()`); `with tf.device(d.name):` (or
`d.device_type`) in a loop over `tf.config.list_physical_devices()` (all devices, or `"GPU"`) places its ops on the
GPU on that pass; and a TensorFlow program that names the GPU in its own identifiers (`measure_gpu_execution_time`,
`use_gpu`) runs its eager ops on the default GPU, as one that checks for a GPU does. A TensorFlow 1 program
(`tf.train.MonitoredTrainingSession`, `MonitoredSession`, `tf.placeholder`, `tf.ConfigProto`) builds a graph: its op
calls add nodes, and `sess.run(op)` returns once the step is done.

(Twenty-first session, regionforms, sets 77-136) A clock read through a helper is a clock read: a function of the
file or of a project module it imports whose last statement returns a host clock reading and which before that only
waits for the device (`def get_time(): torch.cuda.synchronize(); return time.time()`) makes `end - start` of two of
its calls a timed region, synchronized when the helper waits first (`_clock_helpers.py`); a function that reads the
clock and subtracts the start it is handed (`show_duration("fill", T0)`) ends a region at its call; and a timer class
that appends its readings to a list on `self` (`evt()`: `self.t.append(time.perf_counter())`) and reports
`self.t[-1] - self.t[0]` from another method is a start/stop timer (`timer.start()` ... `timer.end()`).

(Twenty-first session, precision137, sets 137-144) A function of the file or of the project whose every `return`
hands back a host value (`return d_out.copy_to_host()`, `return y.cpu().numpy()`) returns a host array even when it
puts its inputs on the GPU first: work on its result (`suppressed |= iou[i] > t` after `iou = iou_gpu(boxes)`) is
host work, and a timed call of a function that waits inside it (`cuda.synchronize()` before the copy) leaves nothing
pending. A Numba reduction (`@cuda.reduce`, `cuda.reduce(f)`) called without a `res=` device array returns a host
scalar copied back: it waits. So do `torch.distributed.autograd.backward` and the `step` of a
`torch.distributed.optim.DistributedOptimizer`, which return once the workers' backward pass and optimizer steps
are done (an RPC pipeline's master, which times them, queues no GPU work of its own). A reading taken right after
the work is queued, followed by only an explicit synchronize and a second reading of the same start (`returned =
time.time() - st; torch.cuda.synchronize(); finished = time.time() - st`), is the launch time measured on purpose
beside the full time of the same work: weak (GPU work between the two readings keeps the first one reported).
(held145, sets 77-148) A clock difference that only steers the program is not a timed region: a time limit (`if
time.perf_counter() - start >= limit: break`), a pacing sleep (`time.sleep(max(0, period - (time.perf_counter() -
t)))`), a rate limiter (`gap = now - last; if gap < period: time.sleep(period - gap)`), a `timeout=`: followed
through arithmetic and the names it is stored in, every use ends in a test, a sleep or a timeout, and none reaches a
print, log, return, record or any other call. A counting loop stopped by the difference (`while time.time() - t0 <
10: f(); n += 1`) stays a timed region unless the same start is read again after the loop. A JAX function compiled
ahead of time where its name is bound, also in steps (`f = jax.jit(f)`, `f = f.lower(x)`, `f = f.compile()`), is
timed as any JAX call: its missing `block_until_ready` is reported here, not as a compile (WP112).
(held149, sets 77-152) A numeric field (`{loss:.4f}`, `{loss_cum=:.4f}`) of a loss whose `.backward()` the function
calls, or of a name accumulated from it, formatted before the clock read in the end statement waits (as `.item()`
does). Numba's allocations (`cuda.device_array_like`, `device_array`, `pinned_array`, no `stream=`) queue no work:
after a blocking `cuda.to_device(a)` nothing is pending. A torchvision pipeline converting to tensors (`T.Compose([...,
T.ToTensor(), ...])`, torchvision transforms only) makes CPU tensors, and `torch.stack` of them is host work.
(libtable, sets 77-164) The libraries' waits and launches are read from one table (`_lib_table`): NVIDIA
Warp's `wp.launch(kernel, dim, inputs)` queues its kernel on the first CUDA device unless given `device="cpu"` (a
program launching Warp kernels uses the GPU; `wp.synchronize()` waits), MXNet's `mx.nd.waitall()` waits, and a
kernel method of a project class (Taichi's `sim.step(i)` of a `@ti.kernel` method) is GPU work of the file that
calls it.

(Twenty-second session, fresh102, sets 77-164) A called name is what the file's own imports make it: `cg(G, b)` of
`from scipy.sparse.linalg import spsolve, cg` is SciPy's solver, host work, in a file that also imports CuPy's under
other names (`cp_cg`); a function of SciPy or scikit-learn never queues GPU work (NumPy's, outside a CuPy file or
handed only host data, neither). OpenCV's `stream.waitForCompletion()` of a `cv2.cuda.Stream` waits for everything
queued on the stream, and an object's method is judged by the binding that reaches it (`bg = cv2.bgsegm.create...()`
before the CPU loop, `bg = cv2.cuda.create...()` before the GPU one). A library pipeline handed to a function of the
file through a parameter (every caller hands a name bound to `pipeline(...)`, directly or unpacked from the same
position of the tuple a set-up function returns; or the parameter is annotated `Pipeline`) returns host objects: its
call waits. A tensor made on the device from a nested literal (`torch.tensor([[1]], device=device)`) is a blocking
copy too, and a timed call of a function (of the file or of the project's modules) whose own last GPU work is a loop
that waits on every iteration (a decode loop appending such a mask column per token after each forward) misses one iteration's tail:
weak, unless the loop's count through the call's arguments is under 20.
(Twenty-third session, set 186) A GPU flag compared with a number (`if args.cuda == 1:` with an `int` option,
`use_gpu == True`, `args.cuda != 0`) chooses the device as the bare flag does: its `else` branch is the CPU path.
(Twenty-third session, set 190) A name a function binds only to a container or a constant of its own
(`frames = {}` of a video decoder) is no tensor there though another function of the module binds it to one
(`frames = torch.as_tensor(...)`): the decoder's calls are host work, and so is a timed call of the decoder.
(Twenty-third session, set 190) "Synchronized where timed elsewhere" reads, in the other region, only the calls
made since that region's previous synchronize: a host call made before a synchronize that precedes the inference
loop (`chunks = chunk_audio(...)`, then `torch.cuda.synchronize()`, the loop, a final synchronize) was drained by
the earlier one, and the final one says nothing about it.
(Twenty-third session, tiled) Weak: one sample per pass of a loop of at least 20 passes (or a count the file does
not show) whose body does GPU work only between the sample's reads (the samples tile the loop), the sample waiting
for the device before its last GPU work in a statement run on every pass (a blocking copy of the next host batch,
a synchronize; not a read of the step's own value such as `loss.item()`, kept reported): the wait drains what the previous sample left queued, so each sample is
one period of the loop and only the last one's tail is missed. A wait before the start read, GPU work after the
end read, a wait under a test, or a loop over a loader (its fetch between two samples runs beside the previous
step's tail, untimed), or a sweep over written-out settings (one figure per size, the previous size's tail in it)
keeps the sample reported. Windows of such passes are weak too: the start read before the loop, the end read in its
body (`if step % 10 == 0: dt = time.time() - t0`) and the start read again right after it, each pass waiting before
its last GPU work (each window misses only its last step's tail and holds the previous window's). A wait after the
end read on every pass (`y.cpu()`) drains the tail outside every sample: reported.

(Twenty-third session, deepwaits, sets 77-180) Waits inside called code are followed to any depth, one memoized
summary per function of the file or of the project's modules: through calls of functions (package re-exports
included), `self.method(...)`, methods of objects of one project class (an object handed as a parameter too, its
class read from the callers' factories), and a callable handed as a parameter (`benchmark(fn, ...)` calling
`fn(*args)`: every caller's argument, in the file or in the project's modules, or every function of a module-level
table the parameter is looked up in). A timed call whose callee waits after its own last GPU work is covered; one
whose callee's last loop with GPU work waits on every pass (or whose loop calls code that waits, at any depth) is
weak.

## Why is this bad?
CUDA launches are asynchronous: the call returns as soon as the work is queued. Without a synchronize the host
clock measures the launch (microseconds), not the kernel; or, once the queue is full, whatever earlier work the
host happened to wait for. The number is not the GPU time of the code between the reads.

A synchronize (or a hidden one such as `.item()`) after the last GPU work and before the end read makes the
interval cover the work and is not reported. Host clocks around host work (data loading, `next(loader)`) are
correct and not reported either.

## Example
```python
t0 = time.perf_counter()
y = model(x)
elapsed_ms = (time.perf_counter() - t0) * 1e3
```

## Use instead
```python
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()
y = model(x)
end.record()
end.synchronize()
elapsed_ms = start.elapsed_time(end)
```
or synchronize before the end read:
```python
torch.cuda.synchronize()
t0 = time.perf_counter()
y = model(x)
torch.cuda.synchronize()
elapsed_ms = (time.perf_counter() - t0) * 1e3
```

## Fix safety
No automatic fix: where to synchronize depends on what the number is meant to include.
'''

from __future__ import annotations

from .._context import Context
from .._walk import stmt_calls
from .._context import dotted as dotted_name
import ast

from ._common import _times_first_call, callee_key, called_before, data_driven, work_items
from ._block_exit import waits_at_block_exit
from ._cpu_reads import read_only_on_cpu
from ._launch_contrast import launch_beside_synced
from ._on_purpose import names_host_timing
from ._evidence import cpu_only, returns_aot_executable
from ._loop_budget import loop_budget
from .._control_clock import control_only
from ._host_timer_weak import (
    capped_steps, copy_then_elementwise, exits_through_device_test, only_blocking_copies,
    ends_in_opaque_extension, ends_in_pipeline, ends_in_unseen_object, inside_event_pair, unshown_callables,
    waits_every_iteration,
    whole_run_helper,
)
from ._async_posting import times_async_posting
from ._callback_clock import report_callback_clocks
from ._unseen_waits import ends_in_unseen_code
from ._star_helpers import ends_in_star_helper
from ._optional_work import ends_in_optional_work
from ._update_tail import ends_in_update_tail
from ._queued_warmup import queued_warmup
from ._queue_bound import queue_bounded_samples
from ._copy_paced import paced_by_host_copies
from ._tiled_samples import tiled_waiting_samples
from ._unreported import reaches_no_report
from ._wrong_device import report_wrong_device
from ._callee_paced import callee_waits_every_iteration

CODE = "WP102"
NAME = "host-timer-on-gpu-work"
FIX = "none"


def check(ctx: Context) -> None:
    if not ctx.uses_gpu:  # (what the file's own synchronizes show still counts: an executor object's `synchronize()`)
        _report_synced_elsewhere(ctx, seen_work=True)
        return
    from ._declared_subject import declared_build
    from .._drained_between import drained_outside

    report_wrong_device(ctx)  # `torch.cuda.synchronize()` (or events) on cuda:0, the work on cuda:1
    if ctx.launch_blocking():  # CUDA_LAUNCH_BLOCKING=1: every launch waits for its kernel
        return
    report_callback_clocks(ctx)  # a clock read in a logits processor or a module hook: the work is only queued
    _report_synced_elsewhere(ctx, seen_work=False)  # the same call, timed elsewhere, is followed by a synchronize
    for r in ctx.regions:
        if r.kind != "host" or r.synced is not False or r.nvtx or _compiles(ctx, r) or \
                (_over_data(ctx, r) and not drained_outside(ctx, r)) or \
                _cold_on_purpose(ctx, r):  # "loading the checkpoint took ...": host work, timed on purpose
            continue
        if cpu_only(ctx, r.scope.stmts[r.lo]) or cpu_only(ctx, getattr(r.end, "_wp_stmt", r.scope.stmts[r.lo])):
            continue  # the CPU path of a device test (`if device == "cuda": ...; return` before it), or an end read
            # made only there (`if torch.cuda.is_available(): end.record() else: times.append(time.time() - t0)`)
        if _inputs_sent_to_cpu(ctx, r):
            continue  # `device = "cpu"` set before the cell; `x = x.to(device)`; `model(x)`: the step runs on the CPU
        if declared_build(ctx, r):
            continue  # `print(f"built in {dt:.2f}s")`, `compile_s = ...`: a build timed on purpose, host-bound
        if times_async_posting(ctx, r):
            continue  # `dist.isend(t, 1)` alone, its request untouched: the posting is timed on purpose
        if read_only_on_cpu(ctx, r):
            continue  # `if not use_gpu: qps = n / t.elapsed` / `else:` events: the clock's value is the CPU path's
        if waits_at_block_exit(ctx, r, work_items(ctx, r)):
            continue  # `with torch.profiler.profile(): ...` closed before the end read: its exit synchronizes
        if _waits_on_branch(ctx, r):
            continue  # `if is_end_token(sample(logits)): break` after the step's last GPU work: each step waits
        if exits_through_device_test(ctx, r):
            continue  # `while not finished.all(): ...`: the loop's last test waited for everything queued before it
        if only_blocking_copies(ctx, r):
            continue  # `blk = blk.to(device)` alone: a copy from host memory returns once it is done
        if loop_budget(ctx, r):
            continue  # `while time.time() - t0 < warmup_s: f()`: the clock bounds a loop, no interval is reported
        if control_only(ctx, r):
            continue  # `if time.perf_counter() - t0 > limit: break`, a pacing sleep: control flow, no figure
        if reaches_no_report(ctx, r):
            continue  # `return Outputs(time=step_time)`, every caller's record handed to metrics that never read it
        # strong since sets 14-16 (the weak tier there: 16 true, 4 false, the false classes fixed: calls that return
        # host objects, a helper handed host-returning callables); weak: an interval never read
        weak = _unused(ctx, r) or _unread_timer(ctx, r) or _discarded_measurement(ctx, r) or \
            _ends_in_imported_helper(ctx, r) or unshown_callables(ctx, r) or \
            ends_in_pipeline(ctx, r) or copy_then_elementwise(ctx, r) or \
            ((waits_every_iteration(ctx, r) or callee_waits_every_iteration(ctx, r)) and
             not drained_outside(ctx, r)) or \
            ends_in_opaque_extension(ctx, r) or whole_run_helper(ctx, r) or ends_in_unseen_object(ctx, r) or \
            names_host_timing(ctx, r) or ends_in_unseen_code(ctx, r) or inside_event_pair(ctx, r) or \
            ends_in_star_helper(ctx, r) or ends_in_optional_work(ctx, r) or ends_in_update_tail(ctx, r) or \
            queued_warmup(ctx, r) or queue_bounded_samples(ctx, r) or paced_by_host_copies(ctx, r) or \
            tiled_waiting_samples(ctx, r) or launch_beside_synced(ctx, r)
        if r.timer:  # at the end read: a `with` timer's line, a start/stop timer's stop call
            ctx.report(r.end, f"`{r.timer}` reads a host clock around GPU work without synchronizing",
                       "Synchronize before the timer's end read, or time the work with CUDA events", weak=weak)
        elif (idle := _wait_on_input(ctx, r)) is not None:  # `jax.block_until_ready(rng)` of the step's input
            ctx.report(r.end, f"`{ctx.text(r.end)}` read after `{ctx.text(idle)}`, which waits on an array the timed "
                       "work did not produce: measures the launch, not the work",
                       "Block on the timed call's output (`jax.block_until_ready(out)`) before reading the end time",
                       weak=weak)
        else:
            ctx.report(r.end, f"`{ctx.text(r.end)}` read without synchronizing after GPU work: measures the launch, "
                       "not the work", "Synchronize before reading the end time, or time the work with CUDA events",
                       weak=weak)


def _wait_on_input(ctx: Context, r) -> ast.Call | None:
    """The region's value-specific wait that is handed only arrays the region does not bind (``waits_on_input``)."""
    from .._region_syncs import waits_on_input

    return next((c for c in r.calls() if waits_on_input(c, r) and ctx.is_sync(c)), None)


def _report_synced_elsewhere(ctx: Context, seen_work: bool) -> None:
    """A host region with no GPU work the linter can see (or, in a file it does not take for GPU code, any
    unsynchronized one: ``seen_work``), timing a call that another region of the file follows with an explicit
    synchronize before its end reading (``_synced_elsewhere``): the author's own synchronize says the call returns
    before its work is done."""
    from ._synced_elsewhere import _synced_calls, synced_elsewhere

    if not _synced_calls(ctx):
        return  # (no region of the file synchronizes explicitly after a call: nothing to compare with)
    for r in ctx.regions:
        if r.kind != "host" or r.synced is True or (r.synced is False and not seen_work) or r.nvtx or r.timer:
            continue
        key = synced_elsewhere(ctx, r)
        if key is not None and not _over_data(ctx, r) and not declared_build_or_first(ctx, r):
            ctx.report(r.end, f"`{ctx.text(r.end)}` read without synchronizing after `{key}`, which this file "
                       "synchronizes after where it times it elsewhere: measures the launch, not the work",
                       "Synchronize before reading the end time, as the other timing of the same call does")


def _inputs_sent_to_cpu(ctx: Context, r) -> bool:
    """The region copies its inputs to the script's device variable (``x = x.to(device)``) and that variable is the
    CPU there (its latest plain binding before the region is ``device = "cpu"``, a notebook cell that chose the CPU
    before a later one picks CUDA): the model it feeds them to runs on the CPU, or would refuse them. Not when the
    region also moves anything to the GPU or calls ``torch.cuda`` (set 76: a training cell run on the CPU)."""
    from .._walk import stmt_nodes

    cpu_names = ctx.__dict__.get("_wp_cpu_device_names")
    if cpu_names is None:  # names the file binds to the string "cpu" (once per file)
        cpu_names = ctx.__dict__["_wp_cpu_device_names"] = {
            t.id for n in ctx.all_nodes() if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant) and
            isinstance(n.value.value, str) and n.value.value.lower().startswith("cpu")
            for t in n.targets if isinstance(t, ast.Name)}
    if not cpu_names:
        return False
    stmts = r.stmts()
    if not any(ctx.method(c) == "to" and any(isinstance(a, ast.Name) and a.id in cpu_names
                                             for a in [*c.args, *(k.value for k in c.keywords)])
               for st in stmts for c in stmt_calls(st)):
        return False  # (no copy to a name bound to the CPU in the region)
    sent = False
    made: set[str] = set()  # names the region's GPU work binds before a copy: a copy of those may be a read-back
    for st in stmts:
        for c in stmt_calls(st):
            q = ctx.call_name(c) or ""
            if q.startswith("torch.cuda.") or ctx.method(c) == "cuda":
                return False
            if ctx.method(c) != "to" or not isinstance(c.func, ast.Attribute):
                continue
            dev = next((k.value for k in c.keywords if k.arg == "device"), c.args[0] if c.args else None)
            if dev is None:
                continue
            place = ctx._device_value(dev)
            if place == "cpu" and isinstance(dev, ast.Name) and isinstance(c.func.value, ast.Name) and \
                    c.func.value.id not in made:
                sent = True
            elif place != "cpu" and not ctx.is_tensorish(dev) and \
                    not (isinstance(dev, ast.Attribute) and dev.attr in ("float16", "bfloat16", "float32", "half")):
                if place == "cuda" or ctx.placement(c) == "cuda":
                    return False
        if isinstance(st, ast.Assign) and ctx.gpu_work_in(stmt_nodes(st)):
            made |= {t.id for tg in st.targets for t in ast.walk(tg) if isinstance(t, ast.Name)}
    return sent


def declared_build_or_first(ctx: Context, r) -> bool:
    from ._declared_subject import declared_build

    return declared_build(ctx, r) or _times_first_call(ctx, r)


def _cold_on_purpose(ctx: Context, r) -> bool:
    """The interval says it measures a first call on purpose (``first_time``, "load time"), and the first call is
    cold: not when every unit of the region's GPU work already ran before it (``first_time`` of a batch after five
    warm-up calls of the same model is a warm call, timed without a synchronize: set 30)."""
    from ._on_purpose import labelled_cold

    if not (_times_first_call(ctx, r) or labelled_cold(ctx, r)):  # "warmup", "first launch:" too
        return False
    work = work_items(ctx, r)
    if _handed_fresh_object(ctx, r, work):
        return True  # `k = make_kernel(); build_graph(model, k)`: the work's first use of an object made here
    keys = [callee_key(c) if isinstance(c, ast.Call) else None for c in work]
    return not (keys and all(k is not None and _ran_since_bound(ctx, k, r) for k in keys))


def _handed_fresh_object(ctx: Context, r, work: list) -> bool:
    """A call of the region's GPU work is handed a name the region itself binds by a statement that does no GPU work
    (an object built there: ``mpk2 = create_kernel(...)``): whatever ran before, this object's first use is timed."""
    from .._walk import stmt_nodes

    made = {t.id for st in r.stmts() if isinstance(st, ast.Assign) and not ctx.gpu_work_in(stmt_nodes(st))
            for t in st.targets if isinstance(t, ast.Name)}
    return bool(made) and any(isinstance(c, ast.Call) and any(isinstance(a, ast.Name) and a.id in made
                                                               for a in [*c.args, *(k.value for k in c.keywords)])
                              for c in work)


def _ran_since_bound(ctx: Context, key: str, r) -> bool:
    """``key`` was called before the region, after the last binding of its name before it (``model =
    backend.compile(model)`` between a call and the region makes a new object, cold on its first call)."""
    from ._common import _called_before, reachable_before

    head = key.split(".")[0]
    bound = [st._wp_idx for st in ctx.scope_assigns(head, r.scope) if st._wp_idx < r.lo]  # type: ignore[attr-defined]
    last = max(bound, default=-1)
    return _called_before(ctx, key, [st for st in reachable_before(ctx, r.scope, r.lo) if st._wp_idx > last])


def _compiles(ctx: Context, r) -> bool:
    """The region's GPU work is the first call of a compiled function: it measures compilation (seconds of host
    work), which WP112 reports when it is not meant to; or every call is of a function of the file that returns an
    ahead-of-time compiled executable (JAX ``pmap(f).lower(...).compile()``): the compile is host work that returns
    when it is done."""
    work = work_items(ctx, r)
    if any(isinstance(c, ast.Call) and (isinstance(c.func, ast.Subscript) or _pycuda_elementwise(ctx, c)) and
           any(ctx.placement(a) == "cuda" for a in c.args) for c in work):
        return False  # kern[grid](d_img, ...) launched on device data: it returns before the kernel runs, whether or
        # not it compiled first; a warmup would not add the missing synchronize (set 27 c-mandel3, Numba; a launch
        # on host arrays copies back and waits)
    keys = [callee_key(c) for c in work]
    if _repeats_same_call(r, work) and not (keys and all(k is not None and returns_aot_executable(ctx, k)
                                                         for k in keys)):
        return False  # `for _ in range(R): t0 = time(); out = layer(x); ts.append(time() - t0)` of a traced layer:
        # the first sample compiles (WP112's), every later one is a warm call timed without a synchronize
    from .._param_devices import warmed_in_caller

    from ._aot_bound import aot_bound

    return bool(keys) and all(k is not None and ((ctx.is_compiled(k) and not called_before(ctx, k, r.scope, r.lo) and
                                                  not aot_bound(ctx, k, c) and
                                                  not warmed_in_caller(ctx, r, k) and
                                                  not _launch_wrapper(ctx, k) and not _repeated(ctx, r, c)) or
                                                 returns_aot_executable(ctx, k))
                              for c, k in zip(work, keys))


def _pycuda_elementwise(ctx: Context, c: ast.Call) -> bool:
    """``k(d_x, d_y)`` with every binding of ``k`` a PyCUDA ``ElementwiseKernel(...)`` (compiled on its first call,
    known as compiled since the twenty-first session): like ``kern[grid](d_x)``, a launch on device arrays returns
    before the kernel runs, whether or not it compiled first (set 97: the WP102 of its first call stays)."""
    if not isinstance(c.func, ast.Name):
        return False
    vals = ctx.assigns.get(c.func.id, [])
    return bool(vals) and all(isinstance(v, ast.Call) and ctx.call_name(v) == "pycuda.elementwise.ElementwiseKernel"
                              for v in vals)


def _repeated(ctx: Context, r, call: ast.AST) -> bool:
    """The compiled call runs more than once in the region: in a loop inside it (``for i in range(4):
    kern(x, y)``) that is not shown to run once. Only its first call compiles; the later ones are launches that
    return before their kernels run, and the end read after them waits for none (sets 64: CuPy
    ``ElementwiseKernel``/``RawKernel`` loops timed with ``time.clock()``)."""
    from ._walk_values import loop_count

    if r.loop is not None or not isinstance(call, ast.Call):
        return False  # a per-iteration sample: its first one compiles, the later ones WP102 does not judge here
    st = getattr(call, "_wp_stmt", None)
    return any(r.contains(lp) and loop_count(ctx, lp) != 1 for lp in getattr(st, "_wp_loops", ()))


def _repeats_same_call(r, work: list) -> bool:
    """The region is one sample of a repeat loop (``for _ in range(n)``, ``while``-free) whose variable none of its
    GPU calls reads: each iteration runs the same calls on the same inputs, so only the first one compiles."""
    lp = r.loop
    if not isinstance(lp, ast.For) or not (isinstance(lp.iter, ast.Call) and isinstance(lp.iter.func, ast.Name) and
                                           lp.iter.func.id == "range") or not work:
        return False
    names = {t.id for t in ast.walk(lp.target) if isinstance(t, ast.Name)}
    return not any(isinstance(n, ast.Name) and n.id in names for c in work for n in ast.walk(c))


def _launch_wrapper(ctx: Context, name: str, depth: int = 0) -> bool:
    """A plain function of the file (no compiling decorator) that launches a Triton kernel (``kern[grid](...)``),
    itself or through other plain functions of the file (``time_it() -> softmax(x) -> kern[grid](...)``), and
    returns without synchronizing: its first call compiles the kernel (WP112) and also returns before the kernel
    runs, so a host clock read after it without a synchronize measures neither (sets 17, 23: WP112 alone hid the
    missing synchronize, which a warmup would not fix)."""
    fn = ctx.functions.get(name)
    if fn is None and depth == 0:  # a wrapper of the project's modules: read where it is defined
        d = ctx.imported_name(name)
        return d is not None and d.ctx.functions.get(d.node.name) is d.node and \
            _launch_wrapper(d.ctx, d.node.name, depth + 1)
    if fn is None or fn.decorator_list or depth > 3 or name in ctx._syncing_functions(True):  # type: ignore
        return False
    return any((isinstance(c.func, ast.Subscript) and ctx.is_compiled(callee_key(c))) or
               (isinstance(c.func, ast.Name) and c.func.id != name and ctx.is_compiled(c.func.id) and
                _launch_wrapper(ctx, c.func.id, depth + 1))
               for c in ctx.calls_in_function(fn))


def _unused(ctx: Context, r) -> bool:
    """The interval is stored in a name that is never read (``dur = time.time() - t0`` left over), or added to a
    total that is never read (``time_fwd += t1 - t0`` whose prints are commented out): no number comes out of it."""
    st = r.interval
    if isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and isinstance(st.target, ast.Name) and \
            isinstance(st.value, ast.BinOp) and isinstance(st.value.op, ast.Sub):
        return not ctx.loads(st.target.id) and not ({"locals", "vars", "globals"} & ctx.words)
    if not isinstance(st, ast.Assign) or len(st.targets) != 1 or not isinstance(st.targets[0], ast.Name) or \
            st.value is None or not isinstance(st.value, ast.BinOp):
        return False
    return not ctx.loads(st.targets[0].id)


def _discarded_measurement(ctx: Context, r) -> bool:
    """A ``timeit`` call whose result is thrown away (``timeit.timeit(step, number=5)`` alone on its line, before the
    measured calls; ``timeit.Timer(step).timeit(5)``): a warm-up, no number comes out of it (like an interval stored
    and never read). A timing decorator or timer object reports by itself: not this."""
    if r.timer is None or not isinstance(r.outer, ast.Expr) or r.outer.value is not r.start or \
            not isinstance(r.start, ast.Call):
        return False
    f = r.start.func
    if (ctx.qualname(f) or "").startswith("timeit."):
        return True
    return isinstance(f, ast.Attribute) and f.attr in ("timeit", "repeat", "autorange") and \
        isinstance(f.value, ast.Call) and ctx.qualname(f.value.func) == "timeit.Timer"


_SILENT_TIMERS = frozenset({"contexttimer.Timer"})  # report nothing at exit unless asked (``output=``)


def _unread_timer(ctx: Context, r) -> bool:
    """``with Timer() as t:`` whose ``t`` the function never reads afterwards, of a timer that reports nothing by
    itself (no argument; contexttimer's ``Timer``, or a timer class of the file whose ``__exit__`` calls nothing but
    clocks): no number comes out of it (a measurement left over, like an interval stored and never read)."""
    w = r.scope.stmts[r.lo] if r.timer and r.lo < len(r.scope.stmts) else None
    if not isinstance(w, (ast.With, ast.AsyncWith)) or not isinstance(r.start, ast.Call) or r.start.args or \
            r.start.keywords:
        return False
    item = next((i for i in w.items if i.context_expr is r.start), None)
    if item is None or not isinstance(item.optional_vars, ast.Name):
        return False
    name = item.optional_vars.id
    if any(ld._wp_stmt._wp_idx >= r.lo for ld in ctx.scope_loads(name, r.scope)):  # type: ignore[attr-defined]
        return False
    if (ctx.qualname(r.start.func) or "") in _SILENT_TIMERS:
        return True
    cls = ctx.classes.get(dotted_name(r.start.func) or "")
    exit_ = next((f for f in (cls.body if cls is not None else ()) if isinstance(f, ast.FunctionDef) and
                  f.name == "__exit__"), None)
    return exit_ is not None and all(ctx.is_clock(c) for c in ctx.calls_in_function(exit_))


def _ends_in_imported_helper(ctx: Context, r) -> bool:
    """A one-off region (no loop) that ends by handing the GPU results to a function imported from another module,
    not a GPU library's op (``outputs = postprocess(model(img), ...)``: NMS and boolean masks inside wait for the
    device, which the linter cannot see): weak."""
    from .._walk import stmt_nodes

    stmts = r.stmts()
    if _branches_on_helper_result(ctx, r, stmts):
        return True
    if r.loop is not None or r.inner_loops():
        return False
    work = [i for i, s in enumerate(stmts) if ctx.gpu_work_in(stmt_nodes(s))]
    if not work:
        return False
    produced = {t.id for s in stmts if isinstance(s, ast.Assign) and ctx.gpu_work_in(stmt_nodes(s))
                for t in ast.walk(s.targets[0]) if isinstance(t, ast.Name)}
    for s in stmts[work[-1]:]:
        for c in stmt_nodes(s):
            if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Name)):
                continue
            q = ctx.imports.get(c.func.id) or ctx.relative_imports.get(c.func.id)
            if q is None or q.lstrip(".").split(".")[0] in _GPU_LIBS:
                continue
            if any(isinstance(a, ast.Name) and a.id in produced for a in c.args) and not _backpropagated(ctx, c):
                return True
    return False


def _backpropagated(ctx: Context, c: ast.Call) -> bool:
    """The helper's value is bound to a name whose ``backward()`` the function calls later (``loss =
    cross_entropy(logits, y)``; ``loss.backward()``): a loss kept on the device in autograd's graph, not results
    copied back to the host, so the helper is the forward pass's last op (set 101: a forward phase timed alone)."""
    st = getattr(c, "_wp_stmt", None)
    if not (isinstance(st, ast.Assign) and st.value is c and len(st.targets) == 1 and
            isinstance(st.targets[0], ast.Name)):
        return False
    return any(ld._wp_stmt._wp_idx > st._wp_idx and isinstance(getattr(ld, "_wp_parent", None), ast.Attribute) and
               ld._wp_parent.attr == "backward" for ld in ctx.scope_loads(st.targets[0].id, st._wp_scope))  # type: ignore


_GPU_LIBS = frozenset({"torch", "triton", "cupy", "cupyx", "numba", "jax", "cutlass", "cuda", "numpy", "math",
                       "time", "logging", "builtins"})


def _waits_on_branch(ctx: Context, r) -> bool:
    """The host branches on the result of a helper handed the step's GPU results (``new_token = sample(logits)``;
    ``if is_end_token(new_token): break``) after the last GPU work of the region: deciding the branch needs that
    value on the host, whether the helper returns a Python number (``.item()`` inside) or a tensor (``bool()`` of
    it waits), so every step waits for its work there, and the end read after the loop is synchronized."""
    from .._walk import stmt_nodes

    stmts = r.stmts()
    branches = _branches_on_helper_result(ctx, r, stmts, want=True)
    if not branches:
        return False
    # (the branch's own test is not counted: what it calls is waited for to decide it)
    work = [s._wp_idx for s in stmts if not any(s is b for b in branches) and  # type: ignore[attr-defined]
            ctx.gpu_work_in(stmt_nodes(s))]
    return bool(work) and any(b._wp_idx > max(work) for b in branches)  # type: ignore[attr-defined]


def _branches_on_helper_result(ctx: Context, r, stmts: list, want: bool = False):
    """Inside the region, the host branches on the result of a function imported from another module that was
    handed GPU results (``new_token = sample(logits)``; ``if is_end_token(new_token): break``): that helper returns
    a host value (a token id through ``.item()``), so every step waits for the device there."""
    # values computed in the region (a model's logits, a graph replay's output buffer)
    gpu_names = {t.id for s in stmts if isinstance(s, ast.Assign) and not isinstance(s.value, ast.Constant)
                 for t in ast.walk(s.targets[0]) if isinstance(t, ast.Name)}
    host: set[str] = set()
    for s in stmts:
        if not (isinstance(s, ast.Assign) and isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Name)):
            continue
        q = ctx.imports.get(s.value.func.id) or ctx.relative_imports.get(s.value.func.id)
        if q is None or q.lstrip(".").split(".")[0] in _GPU_LIBS:
            continue
        if any(isinstance(a, ast.Name) and a.id in gpu_names for a in s.value.args):
            host |= {t.id for t in ast.walk(s.targets[0]) if isinstance(t, ast.Name)}
    if not host:
        return [] if want else False
    found = [s for s in stmts if isinstance(s, (ast.If, ast.While)) and
             any(isinstance(n, ast.Name) and n.id in host for n in ast.walk(s.test))]
    return found if want else bool(found)



def _over_data(ctx: Context, r) -> bool:
    """The region loops over data (a loader, a dataset, ``next(...)``): a run's wall time over many steps, off by at
    most one queue of work. (A sample of one loop iteration that fetches its batch with ``next(...)`` is one step,
    timed as such, unless it copies the batch to the GPU: set 60.) A ``range(...)`` loop is not one here, even over a size taken from the data (``for pos
    in range(max_len)``, a token-by-token prefill: set 25), which the warmup rules count as walking data."""
    if not data_driven(ctx, r):
        return False
    from .._walk import stmt_nodes

    for s in r.stmts():
        body = r.scope.stmts[s._wp_idx + 1:s._wp_end + 1] if isinstance(s, (ast.For, ast.AsyncFor)) else []  # type: ignore
        if isinstance(s, (ast.For, ast.AsyncFor)) and (not _counted(s.iter) or _copies_in(ctx, s, body)) and \
                not _few_batches(ctx, s.iter) and not _capped(ctx, s, body) and \
                any(ctx.gpu_work_in(stmt_nodes(b)) for b in body):
            return True
        if any(isinstance(c.func, ast.Name) and c.func.id == "next" for c in stmt_calls(s)) and \
                (r.loop is None or _copies_to_device(ctx, r)):
            return True
    return False


def _copies_to_device(ctx: Context, r) -> bool:
    """The region copies host data to the GPU (``x = next(it).cuda()``, ``batch.to(device)``): in a sample of one
    step that fetches its batch, the blocking copy waits for the step before, so the samples pace the run's steps
    (a step's time that fetches its batch and has no copy, a JAX step handed host data, is the dispatch)."""
    def copy(c: ast.Call) -> bool:
        return ctx.method(c) in ("cuda", "to") and ctx.placement(c) == "cuda" and \
            ctx.placement(c.func.value) != "cuda"  # type: ignore[attr-defined]

    for s in r.stmts():
        for c in stmt_calls(s):
            if copy(c):
                return True
            if isinstance(c.func, ast.Name) and c.func.id == "next" and c.args and isinstance(c.args[0], ast.Name):
                for v in ctx.assigns.get(c.args[0].id, ()):  # `it = batches()` of a generator of the file that
                    fn = ctx.functions.get(v.func.id) if isinstance(v, ast.Call) and \
                        isinstance(v.func, ast.Name) else None  # copies each batch to the GPU
                    if fn is not None and any(copy(x) for x in ctx.calls_in_function(fn)):
                        return True
    return False


def _counted(it: ast.AST) -> bool:
    """``range(...)`` / ``trange(...)``, also inside ``enumerate``/``tqdm``/``reversed``."""
    while isinstance(it, ast.Call) and it.args and (dotted_name(it.func) or "").rsplit(".", 1)[-1] in (
            "enumerate", "tqdm", "reversed"):
        it = it.args[0]
    return isinstance(it, ast.Call) and (dotted_name(it.func) or "").rsplit(".", 1)[-1] in ("range", "trange")


_FEW = 16  # at most this many steps: the last step's unwaited work is a material share of the interval


def _few_batches(ctx: Context, it: ast.AST) -> bool:
    """The loop walks a ``DataLoader`` of a synthetic dataset of this file whose length is the loader's batch size
    times a small constant (``__len__`` returns ``batch_size * num_iters``, ``num_iters = 5``): a handful of steps,
    so the last step's work that no synchronize waits for is a fifth or a tenth of the interval (set 28), not the
    negligible tail of a long run."""
    while isinstance(it, ast.Call) and it.args and (dotted_name(it.func) or "").rsplit(".", 1)[-1] in (
            "enumerate", "tqdm"):
        it = it.args[0]
    loaders = ctx.assigns.get(dotted_name(it) or "", []) if isinstance(it, (ast.Name, ast.Attribute)) else [it]
    if len(loaders) != 1 or not isinstance(loaders[0], ast.Call) or \
            not (ctx.call_name(loaders[0]) or "").endswith("DataLoader") or not loaders[0].args:
        return False
    loader = loaders[0]
    batch = next((k.value for k in loader.keywords if k.arg == "batch_size"), None)
    data = loader.args[0]
    if isinstance(data, ast.Name):
        bound = ctx.assigns.get(data.id, [])
        data = bound[0] if len(bound) == 1 else data
    cls = ctx.classes.get(dotted_name(data.func) or "") if isinstance(data, ast.Call) else None
    length = next((f for f in (cls.body if cls is not None else ()) if isinstance(f, ast.FunctionDef) and
                   f.name == "__len__"), None)
    ret = next((st.value for st in (length.body if length is not None else ()) if isinstance(st, ast.Return)), None)
    if batch is None or ret is None:
        return False
    factors = _factors(ret)
    if not any(ast.dump(f) == ast.dump(batch) for f in factors):
        return False
    steps = 1
    sampled = any(k.arg == "sampler" for k in loader.keywords)
    for f in factors:
        if ast.dump(f) == ast.dump(batch):
            continue
        n = _int_constant(ctx, f)
        if n is None:
            if sampled and isinstance(f, ast.Name) and "world" in f.id.lower() or \
                    (sampled and isinstance(f, ast.Name) and f.id.lower() in ("num_replicas", "nranks", "ngpus")):
                continue  # a DistributedSampler hands each rank its share
            return False
        steps *= n
    return 0 < steps <= _FEW


def _capped(ctx: Context, loop: ast.stmt, body: list[ast.stmt]) -> bool:
    steps = capped_steps(ctx, loop, body)
    return steps is not None and steps <= _FEW


def _factors(e: ast.AST) -> list[ast.AST]:
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Mult):
        return _factors(e.left) + _factors(e.right)
    return [e]


def _int_constant(ctx: Context, e: ast.AST) -> int | None:
    if isinstance(e, ast.Constant) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    if isinstance(e, ast.Name):
        vals = ctx.assigns.get(e.id, [])
        if len(vals) == 1 and isinstance(vals[0], ast.Constant) and isinstance(vals[0].value, int):
            return vals[0].value
    return None


def _copies_in(ctx: Context, loop: ast.stmt, body: list) -> bool:
    """A ``range`` loop over a size taken from the data (``range(len(dataset))``) whose every step copies host data to
    the GPU (``dataset[i].cuda()``): it walks the data, each blocking copy waiting for the step before (unlike a
    prefill over positions of tensors already on the GPU)."""
    from ._common import _range_like

    if _range_like(ctx, loop.iter):  # type: ignore[attr-defined]
        return False  # range(n_iters): a repeat count
    for b in body:
        if b._wp_loops and b._wp_loops[-1] is not loop:  # type: ignore[attr-defined]
            continue  # (in a nested loop: not every step)
        for c in stmt_calls(b):
            if ctx.method(c) in ("cuda", "to") and ctx.placement(c) == "cuda" and \
                    ctx.placement(c.func.value) != "cuda":  # type: ignore[attr-defined]
                return True
    return False
