"""Host vs GPU work: which calls and operators put work on the GPU, and the call kinds rules test (clocks, events,
NVTX) (a mixin of :class:`wprof.lint._context.Context`)."""

from __future__ import annotations

import ast
import re

from ._names import (
    EVENT_CTORS, GPU_MODULE_PREFIXES, JAX_COMPILERS, HIDDEN_SYNC_METHODS, HOST_BUILTINS, HOST_CLOCKS, HOST_METHODS, NOT_WORK_PREFIXES,
    NVTX_MODULES, NVTX_POP, NVTX_PUSH, SYNC_ATTRS, TRANSFER_METHODS, dotted,
)
from ._call_sites import instance_method, jitted_attribute
from ._launchless import launches_nothing
from ._lib_table import library_launch
from ._host_libraries import host_library_call
from ._gpu_libraries import gpu_library_call
from ._phase_waits import handed_optimizer_step
from ._keras_models import keras_gpu_run
from ._tf_device import listed_device, on_default_gpu, runs_tf_gpu_op, tf_op
from ._walk import in_lambda


class WorkModel:
    """``is_gpu_work`` and its kin, read through the names :class:`._infer.NameModel` inferred and the placement
    model."""

    def is_clock(self, call: ast.AST) -> bool:
        if not isinstance(call, ast.Call):
            return False
        if self.call_name(call) in HOST_CLOCKS:
            return True
        from ._clock_helpers import clock_helper

        return clock_helper(self, call) is not None  # `get_time()` of the file or project: `return time.time()`

    def is_event_ctor(self, call: ast.Call) -> bool:
        return self.call_name(call) in EVENT_CTORS

    def is_nvtx(self, call: ast.Call) -> str | None:
        """'push', 'pop' or 'range' (a context manager) for NVTX calls, else None."""
        q = self.call_name(call) or ""
        head, _, last = q.rpartition(".")
        if not head.startswith(NVTX_MODULES):
            return None
        if last in NVTX_PUSH:
            return "push"
        if last in NVTX_POP:
            return "pop"
        if last in ("annotate", "range"):
            return "range"
        return None

    def is_gpu_work(self, call: ast.Call, *, fn_scope: bool = False) -> bool:
        """A call that probably puts work on the GPU (op, model, kernel launch, optimizer step, user callable)."""
        if fn_scope or not self._inferred:
            return self._is_gpu_work(call, fn_scope)
        cached = getattr(call, "_wp_work", None)
        if cached is None:
            cached = self._is_gpu_work(call, False)
            call._wp_work = cached  # type: ignore[attr-defined]
        return cached

    def _is_gpu_work(self, call: ast.Call, fn_scope: bool) -> bool:
        if _compiles(call) or _in_compile_args(call):
            return False  # cute.compile(kernel, *args), cute.compile[opts](...): builds on the host, launches nothing
        if isinstance(call.func, ast.Subscript):  # kernel[grid](...)
            if not self._container_item(call.func):
                return True
            # layers[i](x): a callable kept in a list the file builds, not a launch: work when handed tensors
            # that are not all on the CPU
            return any(self.is_tensorish(a) for a in call.args) and not (self._inferred and self.on_cpu(call))
        if self._inferred and self._host_array_module_call(call):
            return False  # `logistic(host)` of a function that picks NumPy or CuPy from its argument: host work
        if on_default_gpu(self, call) and tf_op(self, call):
            return True  # `tf.math.multiply(ta, tb)` in a program that checked for a GPU: TensorFlow copies host
            # inputs to the GPU it placed the op on (its tensors' placement is not torch's)
        if keras_gpu_run(self, call):
            return True  # model.predict(x_host) of a Keras model in a program that runs TensorFlow on the GPU: Keras
            # copies its host batches to the GPU its layers run on
        work = self._is_gpu_work_by_kind(call, fn_scope)
        return work and not (self._inferred and self.on_cpu(call))

    def _host_array_module_call(self, call: ast.Call) -> bool:
        """A call of a function of the file that takes its array module from a parameter (``xp =
        cp.get_array_module(x)``) with that argument on the host: it runs NumPy."""
        fn = self.functions.get(call.func.id) if isinstance(call.func, ast.Name) else None
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        params = [a.arg for a in fn.args.args]
        for st in fn.body:
            v = st.value if isinstance(st, ast.Assign) else None
            if isinstance(v, ast.Call) and (self.call_name(v) or "").endswith(".get_array_module") and v.args and \
                    isinstance(v.args[0], ast.Name) and v.args[0].id in params:
                i = params.index(v.args[0].id)
                return i < len(call.args) and self.placement(call.args[i]) == "cpu"
        return False

    def _is_gpu_work_by_kind(self, call: ast.Call, fn_scope: bool) -> bool:
        if isinstance(call.func, ast.Name) and call.func.id not in self.functions and \
                self._name_syncs(call.func.id, False):
            return False  # wait_for_computation(): a synchronize passed in, not work
        q = self.call_name(call) or ""
        m = self.method(call)
        if q.startswith(NOT_WORK_PREFIXES) or q in HOST_BUILTINS or q in HOST_CLOCKS:
            return False
        if host_library_call(self, call):
            return False  # `cg(G, b)` of `from scipy.sparse.linalg import cg` beside CuPy: SciPy runs on the host
        if q.startswith("jax.") and self.jax_on_cpu():
            return False  # os.environ["JAX_PLATFORMS"] = "cpu": JAX runs on the host, each op done when it returns
        if m in _MPI_BLOCKING and self.imports_any("mpi4py"):
            return False  # comm.Send(d_buf, ...), comm.Recv(...), MPI.Request.Waitall(reqs): mpi4py's transfers return
            # to the host once the message is sent or received (GPU buffers too): nothing is left queued
        if self._on_stream(call):
            return True  # memcpy_htod_async(d, h, stream), ctx.execute_async_v2(..., stream_handle=s.handle): queued
        if m in _TRT_RUNS and trt_context(self, call.func.value):  # type: ignore[union-attr]
            return True  # context.execute_v2(bindings) of `context = engine.create_execution_context()`: inference
        if q.startswith("tensorflow.") and not q.startswith(_TF_NOT_WORK) and in_tf_gpu_scope(self, call, True):
            return True  # `with tf.device("/GPU:0"): res = tf.matmul(a, b)`: an eager op queued on the GPU
        own = self.own_method(call) or instance_method(self, call)
        if own is not None and jax_jitted(self, own):
            return True  # self.forward(params, x) of `@partial(jax.jit, static_argnums=0)`: an XLA executable dispatched
        if own is not None:  # self._step(x), sim.step(), runner.decode(x): a method of a class of the file, read
            if self.method_does_gpu_work(own) and not self._method_waits(own):  # (its name is not a library's)
                return True  # (one that waits for the device itself, `.item()` per token, is a wait instead)
            if self._inferred and not self.method_does_gpu_work(own) and self.joins_carried_cpu_state(own):
                return False  # cacher(chunk) of a `__call__` joining its argument with state built on the CPU
        if m is not None and jitted_attribute(self, call):
            return True  # trainer.step(state, batch) of `self.step = jax.jit(self._step)`: a JAX step dispatched
        if m is not None and (m in HOST_METHODS or m in HIDDEN_SYNC_METHODS or m in SYNC_ATTRS
                              or m in TRANSFER_METHODS):
            return False
        if library_launch(self, call):
            return True  # wp.launch(kernel, dim, inputs): a kernel queued on the library's device (libtable)
        if gpu_library_call(self, call):
            return True  # cugraph.bfs(g, s), llm.generate(p) of `llm = LLM(model=m)`: GPU by construction (devflow)
        if q.startswith(GPU_MODULE_PREFIXES):
            if launches_nothing(q):
                return False  # optim.SGD(net.parameters()), nn.DataParallel(net): state made lazily, nothing queued
            parts = q.split(".")
            if parts[0] == "torch" and len(parts) >= 3 and parts[1] != "ops" and \
                    any(p.startswith("_") and not p.startswith("__") for p in parts[1:]):
                return False  # torch._dynamo.utils.counters(), torch.monitor._WaitCounter(...): internals, not ops
            if q in _TORCH_FILE_IO and not any(k.arg == "map_location" for k in call.keywords):
                return False  # torch.load(path, mmap=True): reading a checkpoint on the host
            last = q.rsplit(".", 1)[-1]  # cudart.cudaGetDeviceProperties(0): a query, not work; cuMemFree(d),
            return not (_QUERY.match(last) or _RESOURCE.match(last))  # cuStreamDestroy(s): bookkeeping, no launch
        if m in ("backward", "replay"):
            return True
        if self._submodule_call(call, fn_scope):
            return True  # model.get_encoder()(**inputs): the encoder of a model on the GPU, run
        if q in self._gpu_callables or self.imported_gpu_work(call):
            return True
        if q in self._device_objects or (m is not None and dotted(call.func.value) in self._device_objects and any(
                self.is_tensorish(a) or self._gpu_tensor_arg(a) for a in _arg_values(call))):  # type: ignore
            return True  # enc(x), enc.encode(x_gpu) of `enc = Encoder(dim, device="cuda")`
        if m is not None and self.is_tensorish(call.func.value):  # type: ignore[union-attr]
            return True
        if m is not None and dotted(call.func.value) in self._gpu_callables:  # type: ignore[union-attr]
            return True  # model.forward(x), optimizer.step()
        if m == "step" and self._inferred and _optimizer_of_gpu_model(self, call.func.value):  # type: ignore
            return True  # opt.step() of `opt = AdamW(model.parameters())`, a class of code the linter cannot read
        if m == "step" and self._inferred and self.uses_gpu and handed_optimizer_step(self, call):
            return True  # `def train_step(model, x, optimizer)`: zero_grad(), backward(), step(): the update, queued
        if isinstance(call.func, ast.Name) and not fn_scope:
            scope = call._wp_stmt._wp_scope  # type: ignore[attr-defined]
            if call.func.id in scope.params and self.uses_gpu:
                if self._optional_callback(call, scope.node):
                    return False  # `if progress_fn is not None: progress_fn(kimg, total)`: a hook, not the work
                return not self._param_gets_done_callables(call.func)  # a timing helper's callable argument
        if isinstance(call.func, ast.Name) and fn_scope and hasattr(call, "_wp_stmt") and \
                self._param_gets_callable(call.func):
            return True  # `def infer(m, xs): return m(xs)` called only as `infer(model_on_gpu, xs)`
        if isinstance(call.func, ast.Attribute):
            base = call.func.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if not (isinstance(base, ast.Name) and base.id in self.imports):
                # a method of an object we know nothing of: GPU work only with an argument known to be on the GPU
                # (ext.matmul(a_cuda, b_cuda)), not tokenizer.decode(ids) or args.logger.log(t)
                # (or a mapping of GPU data unpacked, `**inputs` of `inputs = tok(text, return_tensors="pt").to("cuda")`:
                # gpuwork; a GPU tensor by a named keyword alone stays unknown, `task.search(q, index=idx)` may wait)
                return self._inferred and any(self.placement(a) == "cuda" for a in
                                              [*call.args, *(k.value for k in call.keywords if k.arg is None)])
            if q.startswith("numpy.") and not self.imports_any("cupy", "cupyx"):
                return False  # np.trace(a @ b): NumPy takes host arrays only (a CUDA tensor raises)
            # a function of an imported module (an extension: `ext.sample(seeds=seeds, csr=csr)`), keywords too
            return any(self.is_tensorish(a) for a in _arg_values(call))
        # a function of the file handed a GPU tensor: work when it synchronizes after its own calls (`def torch_cc(m):
        # r = gpu_cc(m); torch.cuda.synchronize(); return r`, set 23); others are looked into by their callers
        if not fn_scope and q in self.functions and q not in self._syncing_functions(True) and \
                self._computes_on_gpu_args(self.functions[q], call):
            return True  # popcount(x_cuda) where `def popcount(x): return (x & m1) + ((x >> 1) & m1)` (set 17)
        if not fn_scope and q in self.functions and q not in self._syncing_functions(True) and \
                self._runs_gpu_callable_arg(self.functions[q], call):
            return True  # timer("run", lambda: net(x_cuda)) where `def timer(name, fn): ...; return fn()`
        if not fn_scope and q in self.functions and q not in self._syncing_functions(True) and \
                runs_tf_gpu_op(self, self.functions[q]):
            return True  # gpu_mm(a, b) where `def gpu_mm(a, b): return tf.matmul(a, b)`: an eager op placed on the GPU
        if not fn_scope and q in self.functions and any(self.is_tensorish(a) for a in call.args) and \
                self._moves_to_gpu(self.functions[q]):
            return True  # mm_on_gpu(x, w) where `def mm_on_gpu(x, w): return x.cuda().mm(w.cuda()).cpu()` (set 17)
        # an object or function handed a tensor (or a tensor shown on the GPU: `emb(ids.cuda(), offsets.cuda())` of a
        # library module whose construction the file does not show)
        return any(self.is_tensorish(a) or self._gpu_tensor_arg(a) for a in call.args) and (
            q not in self.functions or (not fn_scope and q in self._syncing_functions(False) and
                                        any(self.placement(a) == "cuda" for a in call.args)))

    def _submodule_call(self, call: ast.Call, fn_scope: bool) -> bool:
        """A call of a submodule a GPU model hands out (``model.get_encoder()(**inputs)``, ``get_decoder``,
        ``get_submodule("enc")``), given arguments: the submodule runs on the model's device, like the model's own
        call. The model is one put on the GPU or, outside helpers, a parameter of the timing function (as its direct
        call is)."""
        f = call.func
        if not (isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and f.func.attr in _SUBMODULE_GETTERS
                and (call.args or call.keywords)):
            return False
        owner = f.func.value
        if dotted(owner) in self._gpu_callables:
            return True
        scope = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
        return not fn_scope and isinstance(owner, ast.Name) and scope is not None and owner.id in scope.params and \
            self.uses_gpu

    def _gpu_tensor_arg(self, a: ast.AST) -> bool:
        """An argument expression shown to be data on the GPU (``ids.cuda()``, ``batch.values().long()`` of a batch
        on the GPU), not a model nor an object a library built on the device (``init_detector(cfg, ckpt,
        device="cuda:0")``: handed to a function that may return host results)."""
        if not self._inferred or self.placement(a) != "cuda":
            return False
        d = dotted(a)
        if d is not None and (d in self._gpu_callables or (isinstance(a, ast.Attribute) and a.attr == "module")):
            return False  # a model put on the GPU (`save_checkpoint(cfg, model)`), not data
        if not isinstance(a, (ast.Call, ast.Subscript)):
            return False  # a bare name's placement may come from another scope's name (`acc1` of a helper): left to
        return not _built_on_device(self, a)  # is_tensorish

    def own_method(self, call: ast.Call) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The method ``self.name(...)`` / ``cls.name(...)`` calls: a method of the class the call sits in (or of a
        base class of this file), found by name in that class, not in another class of the file."""
        f = call.func
        if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("self", "cls")):
            return None
        return class_method(self, enclosing_class(call), f.attr)

    def method_does_gpu_work(self, fn: ast.AST) -> bool:
        """A method (or nested function) whose body does GPU work: a call, ``a @ b`` or arithmetic on GPU arrays,
        methods of the same class followed (a cycle reads False)."""
        memo = self.__dict__.setdefault("_wp_method_work", {})
        key = (id(fn), self._inferred)  # (what the names inferred so far show, while they are being inferred)
        if key not in memo:
            memo[key] = False
            memo[key] = any(
                ((isinstance(n, ast.Call) and self.is_gpu_work(n, fn_scope=True) and not self.on_cpu(n)) or
                 self.is_matmul_on_gpu(n) or self.is_array_op_on_gpu(n)) and not in_lambda(n)
                for n in self.nodes_in(fn))
        return memo[key]

    def _on_stream(self, call: ast.Call) -> bool:
        """The call is handed a CUDA stream (a name bound to a ``Stream()`` of a GPU library, its ``.handle`` /
        ``.cuda_stream``, or ``stream=``/``stream_handle=`` with a value) and named for queuing
        (``*_async*``, ``enqueue*``, ``launch*``): work queued on the stream, asynchronous by definition."""
        name = (self.method(call) or (call.func.id if isinstance(call.func, ast.Name) else "")).lower()
        if not ("async" in name or name.startswith(("enqueue", "launch"))):
            return False
        for k in call.keywords:
            if k.arg in ("stream", "stream_handle", "cuda_stream") and \
                    not (isinstance(k.value, ast.Constant) and k.value.value in (None, 0)):
                return True
        return any(self._stream_value(a) for a in [*call.args, *(k.value for k in call.keywords)])

    def _stream_value(self, v: ast.AST) -> bool:
        if isinstance(v, ast.Attribute) and v.attr in ("handle", "cuda_stream", "ptr"):
            v = v.value
        d = dotted(v)
        values = self.assigns.get(d, []) if d is not None else []
        return bool(values) and all(isinstance(x, ast.Call) and (self.call_name(x) or "").endswith("Stream") and
                                    (self.call_name(x) or "").split(".")[0] in _STREAM_LIBS for x in values)

    def _method_waits(self, fn: ast.AST) -> bool:
        memo = self.__dict__.setdefault("_wp_method_waits", {})
        if id(fn) not in memo:
            memo[id(fn)] = False
            syncing = self._syncing_functions(True)
            memo[id(fn)] = any(self._direct_sync(c, True) or (
                self._callee_name(c) in syncing and self.own_method(c) is None) for c in self.calls_in_function(fn))
        return memo[id(fn)]

    def _container_item(self, sub: ast.Subscript) -> bool:
        """``sub`` indexes a name the file binds only to list, tuple or dict displays (``projs = []``,
        ``heads = [nn.Linear(d, d) for _ in range(h)]``): an element of a container, not a kernel given its grid."""
        d = dotted(sub.value)
        values = self.assigns.get(d, []) if d is not None else []
        return bool(values) and all(isinstance(v, (ast.List, ast.Tuple, ast.Dict, ast.ListComp, ast.DictComp))
                                    for v in values)

    def _runs_gpu_callable_arg(self, fn: ast.AST, call: ast.Call) -> bool:
        """A function of the file that calls one of its parameters (a timing or retry wrapper), handed there a
        callable shown to run GPU work (a lambda computing on GPU data, a model put on the GPU): this call runs it."""
        from .rules._evidence import shows_gpu_work

        args = getattr(fn, "args", None)
        if args is None or any(isinstance(a, ast.Starred) for a in call.args):
            return False
        pos = [a.arg for a in (*args.posonlyargs, *args.args)]
        handed = {pos[i]: a for i, a in enumerate(call.args) if i < len(pos)}
        handed.update({k.arg: k.value for k in call.keywords if k.arg is not None})
        called = {c.func.id for c in self.calls_in_function(fn) if isinstance(c.func, ast.Name)}
        if any(name in called and isinstance(v, (ast.Lambda, ast.Name, ast.Attribute, ast.Call)) and
               shows_gpu_work(self, v) for name, v in handed.items()):
            return True
        # `prediction(model, x)` where `def prediction(model, x): model(x)`, handed a parameter of the timing function
        # itself: the same as calling that parameter there (`model(x)`, a timing helper's callable argument)
        scope = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
        return self.uses_gpu and scope is not None and any(
            name in called and isinstance(v, ast.Name) and v.id in scope.params for name, v in handed.items())

    def _computes_on_gpu_args(self, fn: ast.AST, call: ast.Call) -> bool:
        """A function of the file, handed a tensor shown to live on the GPU, computes on that parameter itself (an
        operator, a torch function or a tensor method on it): its ops are kernels launched on the GPU."""
        args = getattr(fn, "args", None)
        if args is None or any(isinstance(a, ast.Starred) for a in call.args):
            return False
        pos = [a.arg for a in (*args.posonlyargs, *args.args)]
        names = {pos[i] for i, a in enumerate(call.args) if i < len(pos) and self.placement(a) == "cuda"}
        names |= {k.arg for k in call.keywords if k.arg is not None and self.placement(k.value) == "cuda"}
        if not names:
            return False

        memo = self.__dict__.setdefault("_wp_param_compute", {})
        key = (id(fn), frozenset(names))
        if key not in memo:
            memo[key] = self._computes_on(fn, names)
        return memo[key]

    def _computes_on(self, fn: ast.AST, names: set[str]) -> bool:
        def param(x: ast.AST) -> bool:
            while isinstance(x, ast.Subscript):  # u[1:-1, :-2]: a view of the parameter
                x = x.value
            return isinstance(x, ast.Name) and x.id in names

        for n in self.nodes_in(fn):
            if isinstance(n, ast.BinOp) and (param(n.left) or param(n.right)):
                return True
            if isinstance(n, ast.Call):
                m = self.method(n)
                if m is not None and param(n.func.value) and m not in HOST_METHODS and \
                        m not in HIDDEN_SYNC_METHODS and m not in TRANSFER_METHODS and m not in ("size", "dim"):
                    return True  # type: ignore[attr-defined]
                if (self.call_name(n) or "").startswith("torch.") and any(param(a) for a in n.args):
                    return True
                if any(param(a) for a in n.args) and self._object_call(n):
                    return True  # `return model.forward(ids, cache)`: a model of unknown class handed GPU data
        return False

    def _object_call(self, n: ast.Call) -> bool:
        """``model.forward(x)`` / ``net(x)``: the call of an object (a name the file binds, not a module it imports,
        not a function of the file nor a builtin), or of one of its methods that is not a host or copy method: a
        module or model that computes on the data it is handed."""
        f = n.func
        if isinstance(f, ast.Attribute):
            if f.attr in HOST_METHODS or f.attr in HIDDEN_SYNC_METHODS or f.attr in TRANSFER_METHODS or \
                    f.attr in SYNC_ATTRS:
                return False
            f = f.value
        if not isinstance(f, ast.Name) or f.id in self.imports or f.id in self.functions or f.id in self.classes or \
                f.id in HOST_BUILTINS or f.id in ("self", "cls"):
            return False
        return f.id in self.assigns

    def gpu_work_in(self, nodes: list[ast.AST]) -> list[ast.AST]:
        out: list[ast.AST] = []
        for n in nodes:
            if ((isinstance(n, ast.Call) and self.is_gpu_work(n)) or self.is_matmul_on_gpu(n) or
                    self.is_array_op_on_gpu(n)) and not in_lambda(n):
                out.append(n)
        return out

    def is_array_op_on_gpu(self, n: ast.AST) -> bool:
        """Arithmetic on a CuPy/PyCUDA/Numba device array (``a_gpu + b_gpu`` on ``cp.array`` data): a kernel
        launched asynchronously, as a torch op is."""
        parent = getattr(n, "_wp_parent", None)
        if isinstance(parent, ast.AugAssign) and parent.target is n and isinstance(parent.op, _ARITH):
            return self._aug_assign_on_gpu(parent)
        if isinstance(n, ast.Compare):
            return self._compare_on_gpu(n)
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, _ARITH)):
            return False
        if any(self._library_array(x) for x in (n.left, n.right)):
            return True
        # `x * y` on torch tensors known to be on the GPU (none known on the CPU): the outermost operator only
        if isinstance(getattr(n, "_wp_parent", None), ast.BinOp) or not self._inferred:
            return False
        for x in (n.left, n.right):
            if isinstance(x, ast.Call) and (self.call_name(x) in HOST_BUILTINS or self.call_name(x) in HOST_CLOCKS
                                            or self.method(x) in HIDDEN_SYNC_METHODS):
                return False  # len(out) - len(ids), time.time() - start, loss.item() * n: host numbers
        sides = [self.placement(x) for x in (n.left, n.right)]
        return "cpu" not in sides and any(
            p == "cuda" and isinstance(x, (ast.Name, ast.Attribute, ast.Subscript, ast.BinOp, ast.UnaryOp))
            for p, x in zip(sides, (n.left, n.right)))

    def _compare_on_gpu(self, n: ast.Compare) -> bool:
        """``mask = x > 0`` on a tensor known to be on the GPU (an operand not on the CPU): an elementwise kernel. Not
        in the test of an ``if``/``while``/``assert`` (deciding it waits for the device: a synchronize there), nor
        inside a larger expression (the outermost operation is the unit of work)."""
        if not self._inferred or len(n.ops) != 1 or not isinstance(n.ops[0], _COMPARE):
            return False
        parent = getattr(n, "_wp_parent", None)
        if isinstance(parent, (ast.BinOp, ast.Compare, ast.BoolOp, ast.UnaryOp)) or \
                isinstance(getattr(n, "_wp_stmt", None), (ast.If, ast.While, ast.Assert)):
            return False
        sides = [self.placement(x) for x in (n.left, n.comparators[0])]
        return "cpu" not in sides and any(
            p == "cuda" and isinstance(x, (ast.Name, ast.Attribute, ast.Subscript, ast.BinOp))
            for p, x in zip(sides, (n.left, n.comparators[0])))

    def _aug_assign_on_gpu(self, st: ast.AugAssign) -> bool:
        """``b += b`` / ``acc *= w`` on a torch tensor known to be on the GPU (the value not known on the CPU, nor a
        host number): an in-place kernel launched asynchronously, as ``b.add_(b)`` is."""
        if self._library_array(st.target):
            return True
        if not self._inferred or not isinstance(st.target, (ast.Name, ast.Attribute, ast.Subscript)):
            return False
        v = st.value
        if isinstance(v, ast.Call) and (self.call_name(v) in HOST_BUILTINS or self.call_name(v) in HOST_CLOCKS
                                        or self.method(v) in HIDDEN_SYNC_METHODS):
            return False
        if self.placement(v) == "cpu":
            return False
        return self.placement(st.target) == "cuda"

    def _library_array(self, x: ast.AST, depth: int = 0) -> bool:
        if isinstance(x, ast.BinOp):
            return depth < 8 and (self._library_array(x.left, depth + 1) or self._library_array(x.right, depth + 1))
        if isinstance(x, ast.Call):
            return (self.call_name(x) or "").startswith(_ARRAY_LIBS)
        d = dotted(x)
        if d is None:
            return False
        cache = self.__dict__.setdefault("_lib_arrays", {})
        if d not in cache:  # once per name; a cycle (`a = a + 1`) reads False
            cache[d] = False
            values = self.assigns.get(d, [])
            cache[d] = bool(values) and all(
                (isinstance(v, ast.Call) and (self.call_name(v) or "").startswith(_ARRAY_LIBS)) or
                (isinstance(v, ast.BinOp) and self._library_array(v, depth + 1)) for v in values)
        return cache[d]

    def is_matmul_on_gpu(self, n: ast.AST) -> bool:
        """``a @ b`` whose operands are not both known to live on the CPU."""
        return isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) and self.placement(n) != "cpu" and \
            not self._host_array_argument(n)

    def _host_array_argument(self, n: ast.AST) -> bool:
        """The product (of a chain ``a @ b @ c``) is handed straight to a NumPy function (``np.trace(a @ b)``), or
        to JAX's in a file that runs JAX on the CPU: NumPy takes host arrays only (a CUDA tensor raises), so the
        operands are host arrays and the product is host work. Not in a file that uses CuPy, whose arrays NumPy
        hands back to CuPy (``__array_function__``)."""
        parent = getattr(n, "_wp_parent", None)
        while isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.MatMult):
            n, parent = parent, getattr(parent, "_wp_parent", None)
        if not isinstance(parent, ast.Call) or n not in parent.args:
            return False
        q = self.call_name(parent) or ""
        if q.startswith("jax.numpy.") and self.jax_on_cpu():
            return True
        return q.startswith("numpy.") and not self.imports_any("cupy", "cupyx")

    def _optional_callback(self, call: ast.Call, fn: ast.AST) -> bool:
        """A callable parameter whose default is ``None``, called only under a test that it was given (``if
        progress_fn is not None: progress_fn(cur // 1000, total)``, ``(abort_fn is not None) and abort_fn()``) and
        handed no tensor: an optional hook of a function that does its own work (a training loop's progress or
        abort callback), not the work a timing helper is handed (set 103)."""
        name = call.func.id  # type: ignore[attr-defined]
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        args = fn.args
        pos = args.posonlyargs + args.args
        defaults = dict(zip([a.arg for a in pos][len(pos) - len(args.defaults):], args.defaults))
        defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
        d = defaults.get(name)
        if not (isinstance(d, ast.Constant) and d.value is None):
            return False
        if any(self.is_tensorish(a) or self.placement(a) is not None for a in _arg_values(call)):
            return False

        def given(test: ast.AST) -> bool:
            if isinstance(test, ast.Name):
                return test.id == name
            if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot):
                return isinstance(test.left, ast.Name) and test.left.id == name and \
                    isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
            if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
                return any(given(v) for v in test.values)
            return False

        child: ast.AST = call
        node = getattr(call, "_wp_parent", None)
        while node is not None and node is not fn:
            if isinstance(node, ast.If) and child in node.body and given(node.test):
                return True
            if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) and child in node.values and \
                    any(given(v) for v in node.values[:node.values.index(child)]):
                return True
            child, node = node, getattr(node, "_wp_parent", None)
        return False

    def _param_gets_done_callables(self, v: ast.Name) -> bool:
        """Every call of the timing helper hands its callable parameter a host library's function (``np.fft.fftn``,
        ``scipy.linalg.lu``) or a function of the file that waits after its own last GPU work (``def fft_sync(x): r =
        cp.fft.fftn(x); cp.cuda.Stream.null.synchronize(); return r``): a call of it leaves nothing pending."""
        from ._call_sites import param_values

        scope = getattr(getattr(v, "_wp_stmt", None), "_wp_scope", None)
        while scope is not None and hasattr(scope.node, "_wp_outer"):  # a `timeit` statement: its caller's scope
            scope = getattr(scope.node._wp_outer, "_wp_scope", None)  # type: ignore[attr-defined]
        values = param_values(self, scope.node, v.id) if scope is not None and scope.node is not None else None
        if not values:
            return False
        host_fns = [x for x in values if dotted(x) is not None and
                    (self.qualname(x) or "").startswith(("numpy.", "scipy.", "math."))]
        if host_fns and self.imports_any("cupy", "cupyx"):  # np.matmul handed CuPy arrays runs CuPy's kernel (`__array_function__`)
            from ._call_sites import _callers

            found = _callers(self, scope.node)
            if found is None or any(self.placement(a) == "cuda" or self._library_array(a)
                                    for c in found[0] for a in [*c.args, *(k.value for k in c.keywords)]):
                return False
        waited = [False]
        return all(self._done_callable(x, waited) for x in values) and (bool(host_fns) or waited[0])

    def _done_callable(self, x: ast.AST, waited: list, depth: int = 0) -> bool:
        """A callable handed to a timing helper leaves nothing pending when called: a host library's function, a
        function of the file that waits after its own last GPU work (``waited``), a lambda that only calls such a
        function (``lambda: synced_model(*inputs)``) or that calls nothing the linter takes for GPU work (a lambda of
        an inference session's ``run`` beside it), or a parameter of the caller whose own callers all hand it such
        callables (``def average(f): ... sample(f)``: the helper's parameter handed on; lint95, set 86)."""
        from ._call_sites import param_values
        from ._region_syncs import _settles

        q = self.qualname(x) if dotted(x) is not None else None
        if q is not None and q.startswith(("numpy.", "scipy.", "math.")):
            return True
        if isinstance(x, ast.Name) and x.id in self.functions and \
                _settles(self, ast.Call(func=x, args=[], keywords=[])):
            waited[0] = True
            return True
        if isinstance(x, ast.Lambda) and isinstance(x.body, ast.Call):
            inner = [n for a in (*x.body.args, *(k.value for k in x.body.keywords)) for n in ast.walk(a)]
            if any(isinstance(n, (ast.Call, ast.BinOp, ast.Subscript)) for n in inner):
                return False  # (work in the arguments: not a plain call of one callable)
            if isinstance(x.body.func, ast.Name) and x.body.func.id in self.functions:
                if _settles(self, ast.Call(func=x.body.func, args=[], keywords=[])):
                    waited[0] = True
                    return True
                return False
            if not (isinstance(x.body.func, ast.Attribute) and isinstance(x.body.func.value, ast.Name)):
                return False
            if self._host_result_in_scope(x, x.body.func.value.id, x.body.func.attr):
                waited[0] = True
                return True  # `lambda: sess.run(None, feeds)` of `sess = onnxruntime.InferenceSession(...)` there
            return not self.is_gpu_work(x.body) and self.placement(x.body.func.value) != "cuda"
        if isinstance(x, ast.Name) and depth < 3:
            scope = getattr(getattr(x, "_wp_stmt", None), "_wp_scope", None)
            fn = getattr(scope, "node", None)
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    x.id in [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]:
                values = param_values(self, fn, x.id)
                return bool(values) and all(self._done_callable(v, waited, depth + 1) for v in values)
            from ._param_devices import bound_functions

            fns = bound_functions(self, x)  # `step = step_eager` (or `_step_compiled` on another branch): each of them
            return bool(fns) and all(self._done_callable(f, waited, depth + 1) for f in fns)
        return False


    def _host_result_in_scope(self, at: ast.AST, obj: str, method: str) -> bool:
        """``obj`` is bound, in every binding of the function holding ``at``, from a library constructor whose
        ``method`` returns host objects (:data:`HOST_RESULT_METHODS`: an ONNX Runtime session's ``run``), though the
        file binds the same name to other things in other functions."""
        from ._wait_facts import HOST_RESULT_METHODS

        scope = getattr(getattr(at, "_wp_stmt", None), "_wp_scope", None)
        fn = getattr(scope, "node", None)
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        values = [st.value for st in ast.walk(fn) if isinstance(st, ast.Assign) and
                  any(isinstance(t, ast.Name) and t.id == obj for t in st.targets)]
        return bool(values) and all(isinstance(v, ast.Call) and method in HOST_RESULT_METHODS.get(
            self.call_name(v) or "", {}) and HOST_RESULT_METHODS[self.call_name(v) or ""][method] == ()
            for v in values)


def _built_on_device(ctx, v: ast.AST) -> bool:
    """``Detector(cfg, device="cuda")``: an object (not a torch tensor factory) given its device by keyword."""
    return isinstance(v, ast.Call) and not (ctx.call_name(v) or "").startswith("torch.") and \
        any(k.arg == "device" for k in v.keywords)


_TF_NOT_WORK = ("tensorflow.device",  # (also read by _tf_device.tf_op) "tensorflow.config.", "tensorflow.debugging.", "tensorflow.keras.",
                "tensorflow.io.", "tensorflow.summary.", "tensorflow.print", "tensorflow.saved_model.",
                "tensorflow.data.", "tensorflow.random.set_seed", "tensorflow.test.", "tensorflow.experimental.numpy.")


def tf_gpu_device(ctx, e: ast.AST, handed: bool = False) -> bool:
    """``tf.device("/GPU:0")`` (``"/device:GPU:1"``, ``"gpu:0"``, DirectML's ``"/DML:0"``): TensorFlow's device scope
    naming a GPU; with ``handed``, also ``tf.device(name)`` of a parameter some call of the function hands such a device (``def
    run(n, dev): with tf.device(dev): ...`` called as ``run(n, "/cpu:0")`` and ``run(n, "/gpu:0")``: its GPU run)."""
    if not (isinstance(e, ast.Call) and ctx.call_name(e) == "tensorflow.device" and len(e.args) == 1):
        return False
    a = e.args[0]
    if _tf_gpu_name(a) or _names_tf_gpu(ctx, a) or listed_device(ctx, a):
        return True
    scope = getattr(getattr(e, "_wp_stmt", None), "_wp_scope", None)
    if not handed or not isinstance(a, ast.Name) or scope is None or a.id not in scope.params:
        return False
    from ._call_sites import param_values

    return any(_tf_gpu_name(v) for v in param_values(ctx, scope.node, a.id) or ())


def _names_tf_gpu(ctx, a: ast.AST) -> bool:
    """``tf.device(device_name)`` with ``device_name`` bound in the file only to strings naming a GPU
    (``device_name = "/gpu:0"``), or the variable of a loop over written-out devices, a GPU among them (``for dev in
    ("/cpu:0", "/gpu:0"):``, ``for dev in times.keys():`` of a dict literal keyed by device): the scope names the
    GPU (on that loop's GPU pass)."""
    if not isinstance(a, ast.Name):
        return False
    vals = ctx.assigns.get(a.id, [])
    if vals and all(_tf_gpu_name(v) for v in vals):
        return True
    loop = getattr(getattr(a, "_wp_stmt", None), "_wp_parent", None)
    while loop is not None and not isinstance(loop, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        if isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(loop.target, ast.Name) and loop.target.id == a.id:
            items = _written_items(ctx, loop.iter, loop)
            return bool(items) and any(_tf_gpu_name(i) for i in items) and \
                all(isinstance(i, ast.Constant) and isinstance(i.value, str) for i in items)
        loop = getattr(loop, "_wp_parent", None)
    return False


def _written_items(ctx, it: ast.AST, loop: ast.AST) -> list:
    """The items a loop walks when the code writes them out: a list or tuple literal, the keys of a dict literal
    (``d``, ``d.keys()``), through a name bound only to one (in the loop's function before the loop, when it binds
    the name there; else in the file)."""
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr == "keys" and not it.args:
        it = it.func.value
    if isinstance(it, ast.Name):
        fn = getattr(loop, "_wp_parent", None)
        while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            fn = getattr(fn, "_wp_parent", None)
        vals = [n.value for n in ast.walk(fn) if isinstance(n, ast.Assign) and n.lineno < loop.lineno and
                any(isinstance(t, ast.Name) and t.id == it.id for t in n.targets)] \
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
        vals = vals or ctx.assigns.get(it.id, [])
        if len(vals) != 1:
            return []
        it = vals[0]
    if isinstance(it, (ast.List, ast.Tuple)):
        return list(it.elts)
    if isinstance(it, ast.Dict):
        return [k for k in it.keys if k is not None]
    return []


def _tf_gpu_name(a: ast.AST) -> bool:
    return isinstance(a, ast.Constant) and isinstance(a.value, str) and \
        ("gpu" in a.value.lower() or "dml:" in a.value.lower())  # (DirectML's GPUs: "/DML:0")


def in_tf_gpu_scope(ctx, call: ast.AST, handed: bool = False) -> bool:
    """The call sits in the body of ``with tf.device("/GPU:0"):`` of its own function: TensorFlow runs its eager ops
    on that GPU, each returning once its kernel is queued (the result is read back by ``.numpy()``, which waits)."""
    st = getattr(call, "_wp_stmt", None)
    node = getattr(st, "_wp_parent", None)
    while isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(tf_gpu_device(ctx, i.context_expr, handed) for i in node.items):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


_SUBMODULE_GETTERS = frozenset({"get_encoder", "get_decoder", "get_submodule"})


def enclosing_class(node: ast.AST) -> ast.ClassDef | None:
    """The class whose method (or a function nested in one) holds ``node``."""
    stmt = getattr(node, "_wp_stmt", node)
    scope = getattr(stmt, "_wp_scope", None)
    fn = getattr(scope, "node", None)
    while isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        parent = getattr(fn, "_wp_parent", None)
        if isinstance(parent, ast.ClassDef):
            return parent
        scope = getattr(fn, "_wp_scope", None)
        fn = getattr(scope, "node", None)
    return None


def class_method(ctx, cls: ast.ClassDef | None, name: str, depth: int = 0):
    """The method ``name`` of class ``cls``, or of one of its base classes defined in the same file."""
    if cls is None or depth > 4:
        return None
    for st in cls.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name:
            return st
    for b in cls.bases:
        base = ctx.classes.get(b.id) if isinstance(b, ast.Name) else None
        if base is not None and base is not cls:
            found = class_method(ctx, base, name, depth + 1)
            if found is not None:
                return found
    return None


_ARITH = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.BitAnd, ast.BitOr, ast.BitXor,
          ast.LShift, ast.RShift)
_STREAM_LIBS = frozenset({"torch", "cupy", "pycuda", "numba", "cuda", "tensorrt", "jax"})
_COMPARE = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)
# arrays of GPU libraries other than torch (their arithmetic launches kernels); torch tensors go through placement
_ARRAY_LIBS = ("cupy.", "cupyx.", "pycuda.gpuarray.", "numba.cuda.to_device", "numba.cuda.device_array")


# torch functions that read or write files: host work (a checkpoint loaded with map_location= may be copied to a GPU)
_TORCH_FILE_IO = frozenset({"torch.load", "torch.save", "torch.jit.load", "torch.jit.save", "torch.hub.load",
                            "torch.hub.load_state_dict_from_url", "torch.onnx.export", "torch.export.save",
                            "torch.export.load"})

# runtime and driver queries of a GPU module (CUDA Python's `cudaGetDeviceProperties`, `cudaRuntimeGetVersion`,
# `cuDeviceGetAttribute`, a `get_device_name`): they read properties, they launch nothing
_QUERY = re.compile(r"^(cuda|cu|hip|nvrtc)?(Runtime|Driver)?_?(get|Get)[A-Z_]|^(get_|device_count$)|[vV]ersion$"
                    r"|^((local_)?devices|local_device_count|default_backend|process_(index|count))$")
# (lint97: `jax.devices()`, `jax.local_devices()`, `jax.default_backend()` list devices, they launch nothing)
# CUDA driver/runtime resource calls (cuda-python's `cuda.bindings` / `cuda.cuda` / `cuda.cudart`): they create or
# release streams, events, memory, modules and contexts; they queue no kernel or copy on a stream
_RESOURCE = re.compile(r"^(cuda|cu)([A-Z]\w*)?(Destroy|Free|FreeHost|Unload|Release|Create|CreateWithFlags|"
                       r"CreateWithPriority)(_v\d+)?$")


_TRT_BUILDS = frozenset({"create_execution_context", "deserialize_cuda_engine"})
_TRT_RUNS = frozenset({"execute", "execute_async", "execute_v2", "execute_async_v2", "execute_async_v3"})


def trt_context(ctx, a: ast.AST) -> bool:
    """``a`` names a TensorRT execution context or engine (bound only to ``engine.create_execution_context()`` or
    ``runtime.deserialize_cuda_engine(...)``, in a file that imports TensorRT): TensorRT runs on NVIDIA GPUs only,
    so its execution and a call handed it run there (set 56)."""
    if not isinstance(a, ast.Name) or not any(q.split(".")[0] == "tensorrt" for q in ctx.imports.values()):
        return False
    vals = ctx.assigns.get(a.id, [])
    return bool(vals) and all(isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and
                              v.func.attr in _TRT_BUILDS for v in vals)


# mpi4py's communicator and request methods (its buffer API, capitalized): point-to-point and collective transfers
# that return once done, and the waits that complete nonblocking ones (`Isend`/`Irecv` start a transfer the host
# tracks; `Waitall` returns when it is over). None of them is queued on a GPU stream.
_MPI_BLOCKING = frozenset({
    "Send", "Recv", "Ssend", "Bsend", "Rsend", "Sendrecv", "Sendrecv_replace", "Isend", "Irecv", "Issend",
    "Wait", "Waitall", "Waitany", "Waitsome", "Barrier", "Bcast", "Reduce", "Allreduce", "Gather", "Allgather",
    "Scatter", "Alltoall", "Reduce_scatter", "Gatherv", "Allgatherv", "Scatterv", "Alltoallv",
})


# the blocking ones (and the waits that complete the nonblocking ones): a device buffer handed to one is read or
# written by the MPI library's own copies, which start after the work queued before them on the default stream
# (a blocking stream of the legacy default stream's device), and the call returns when they are done. A host buffer
# waits for no GPU work.
MPI_WAITS = _MPI_BLOCKING - {"Isend", "Irecv", "Issend"}


def mpi_call(ctx, call: ast.Call) -> bool:
    """``call`` is a blocking mpi4py transfer or wait (:data:`MPI_WAITS`, in a file that imports mpi4py) handed
    something not known to be on the host: a device buffer, a request, a buffer object built from a device pointer."""
    bufs = [*call.args, *(k.value for k in call.keywords if k.arg in ("buf", "sendbuf", "recvbuf", "requests"))]
    return ctx.imports_any("mpi4py") and any(not isinstance(a, ast.Constant) and ctx.placement(a) != "cpu" for a in bufs)


def _arg_values(call: ast.Call) -> list[ast.AST]:
    """The values a call is handed, positional and by keyword (not ``*args``/``**kwargs`` themselves)."""
    return [*call.args, *(k.value for k in call.keywords if k.arg is not None)]


def _compiles(call: ast.Call) -> bool:
    """An eager compile (``cute.compile(fn, *args)``, ``cute.compile[option](...)``, ``mod.compile()``, Python's
    ``compile(...)``): host work that returns the compiled object, even when handed GPU tensors to specialize on."""
    f = call.func.value if isinstance(call.func, ast.Subscript) else call.func
    return (isinstance(f, ast.Attribute) and f.attr == "compile") or (isinstance(f, ast.Name) and f.id == "compile")


def _in_compile_args(call: ast.Call) -> bool:
    """``call`` builds an argument of an eager compile (``cute.compile(k, [from_dlpack(t) for t in ts], Int32(n))``):
    the compile's own preparation, run on the host."""
    n = getattr(call, "_wp_parent", None)
    while isinstance(n, (ast.expr, ast.comprehension, ast.keyword)):
        if isinstance(n, ast.Call) and _compiles(n):
            return True
        n = getattr(n, "_wp_parent", None)
    return False


def jax_jitted(ctx, fn: ast.AST) -> bool:
    """``fn`` is decorated ``@jax.jit`` / ``@jax.pmap`` (also ``@partial(jax.jit, static_argnums=...)``): whatever its
    body, a call dispatches the compiled executable and returns before the device is done."""
    for d in getattr(fn, "decorator_list", ()):
        if isinstance(d, ast.Call) and (ctx.qualname(d.func) or "") in ("functools.partial", "partial") and d.args:
            d = d.args[0]
        if (ctx.qualname(d.func if isinstance(d, ast.Call) else d) or "") in JAX_COMPILERS:
            return True
    return False


def _optimizer_of_gpu_model(ctx, expr: ast.AST) -> bool:
    from ._waits import optimizer_of_gpu_model  # (_waits reads this module's MPI facts)

    return optimizer_of_gpu_model(ctx, expr)
