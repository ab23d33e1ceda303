"""Which names of a file hold tensors, GPU callables, compiled functions or kernels, and whether the file uses the
GPU at all: a light, flow-insensitive guess (a mixin of :class:`wprof.lint._context.Context`)."""

from __future__ import annotations

import ast

from ._call_sites import returns_closure
from ._local_containers import items_tensorish, local_container
from ._names import COMPILERS, JAX_COMPILERS, HIDDEN_SYNC_METHODS, HOST_METHODS, JAX_TRANSFORMS, NOT_WORK_PREFIXES, dotted, \
    param_defaults


def _int_constant(d: ast.AST | None) -> bool:
    return isinstance(d, ast.Constant) and isinstance(d.value, int) and not isinstance(d.value, bool)


class NameModel:
    """``uses_gpu`` (:meth:`_detect_gpu`), and the names :meth:`_infer_names` finds: ``is_tensorish``,
    ``is_compiled``, the GPU callables and kernels that :class:`._gpu_work.WorkModel` reads."""

    def _detect_gpu(self) -> bool:
        gpu_mods = ("triton", "cupy", "cuda", "numba", "cutlass", "pycuda", "jax", "tensorrt", "torch_tensorrt")
        if any(q.split(".")[0] in gpu_mods or q.startswith(("torch.cuda", "torch.accelerator"))
               for q in self.imports.values()):
            return True
        if "cuda" in self.words or ("accelerator" in self.words and self.imports.get("torch") == "torch"):
            return True
        from ._gpu_libraries import imports_gpu_library

        if imports_gpu_library(self):
            return True  # cuDF, cuGraph, vLLM's `LLM`: libraries that run on the GPU by construction (devflow)
        if "tensorflow" in {q.split(".")[0] for q in self.imports.values()}:
            from ._gpu_work import tf_gpu_device

            if any(tf_gpu_device(self, c, True) for c in self.calls):
                return True  # `with tf.device("/GPU:0"):`: TensorFlow ops placed on a GPU
            from ._tf_device import checks_tf_gpu, names_gpu

            if checks_tf_gpu(self) or names_gpu(self):
                return True  # `tf.config.list_physical_devices("GPU")`: eager ops on the GPU it found
        if '"cuda' in self.source or "'cuda" in self.source or self.mps_only() or self.xpu_only():
            return True  # (an Apple GPU's "mps" device in a file that names no CUDA: the same asynchronous queue)
        if "chainer" in {q.split(".")[0] for q in self.imports.values()} and \
                any(self.method(c) == "to_gpu" for c in self.calls):
            return True  # `link.to_gpu()`: a Chainer program on the GPU (CuPy underneath)
        if any(q == "torch" or q.startswith("torch.") for q in self.imports.values()) and any(
                self.method(c) in ("to", "cuda") and c.args and self._gpu_ordinal(c.args[0]) for c in self.calls):
            return True  # device = 0; model.to(device): a CUDA ordinal
        if any((dotted(c.func) or "").endswith("DistributedDataParallel") and
               any(k.arg == "device_ids" for k in c.keywords) for c in self.calls) or "'nccl'" in self.source or \
                '"nccl"' in self.source:
            return True  # DDP over device_ids, the NCCL backend: GPUs
        from ._lib_table import library_on_gpu

        if library_on_gpu(self):
            return True  # `wp.launch(k, dim, inputs)`: Warp launches on the first CUDA device by default (libtable)
        if self._taichi_on_gpu():
            return True  # `ti.init(arch=ti.gpu)`: Taichi kernels compiled for and launched on a GPU
        from ._timed_strings import timed_string_uses_gpu

        if timed_string_uses_gpu(self):
            return True  # `timeit.timeit(code)` with `code` importing PyCUDA: the GPU code lives in the string
        if self._moves_to_model_device() or self.calls_gpu_code_of_project():
            return True
        from ._project_users import used_on_gpu_by_project
        from ._handed_device import moves_to_handed_device

        self._wp_gpu_from_project = used_on_gpu_by_project(self)  # a helper module that never says `cuda`, used on
        if self._wp_gpu_from_project:  # the GPU by its project
            return True
        self._wp_gpu_by_handed_device = moves_to_handed_device(self)  # `def train(model, loader, device)`:
        return self._wp_gpu_by_handed_device  # `x.to(device)`, the device picked outside the file (phasesplit)

    def _taichi_on_gpu(self) -> bool:
        """``ti.init(arch=ti.gpu)`` (or ``ti.cuda``, ``ti.vulkan``, ``ti.metal``, ``ti.opengl``, ``ti.dx11``,
        ``ti.amdgpu``): the program's Taichi kernels run on a GPU (``ti.cpu``, or no arch, the CPU)."""
        for c in self.calls:
            if self.call_name(c) != "taichi.init":
                continue
            arch = next((k.value for k in c.keywords if k.arg == "arch"), c.args[0] if c.args else None)
            if (self.qualname(arch) or "") in _TAICHI_GPU_ARCHS:
                return True
        return False

    def _gpu_ordinal(self, a: ast.AST, made: bool = True) -> bool:
        """An int naming a CUDA device: ``0``, or a name bound only to int constants (``device = 0``), or, with
        ``made``, only to ``torch.device`` of one (``device = torch.device(device)`` of a parameter ``device: int =
        0``: set 55), or a parameter that is an int wherever the file defines it (``device: int = 0``)."""
        if isinstance(a, ast.Constant):
            return isinstance(a.value, int) and not isinstance(a.value, bool)
        if not isinstance(a, ast.Name):
            return False
        vals = [v for v in self.assigns.get(a.id, []) if made or not self._remade(v, a.id)]
        if vals and all(isinstance(v, ast.Constant) and isinstance(v.value, int) and
                        not isinstance(v.value, bool) for v in vals):
            return True
        if made and vals and all(isinstance(v, ast.Call) and self.qualname(v.func) == "torch.device" and
                                 len(v.args) == 1 and not v.keywords and self._gpu_ordinal(v.args[0], False)
                                 for v in vals):
            return True
        return not vals and self._int_param(a.id)

    def _flax_model(self, call: ast.Call) -> bool:
        """``FlaxMixtralForCausalLM.from_pretrained(...)`` of transformers in a file that imports JAX: a Flax model,
        whose weights JAX places on its default device (the accelerator) and whose calls dispatch asynchronously."""
        parts = (self.call_name(call) or "").split(".")
        return len(parts) >= 3 and parts[0] == "transformers" and parts[-2].startswith("Flax") and \
            any(q.split(".")[0] in ("jax", "flax") for q in self.imports.values())

    def _remade(self, v: ast.AST, name: str) -> bool:
        """``torch.device(name)``: the name rebound to the device its own int names."""
        return isinstance(v, ast.Call) and self.qualname(v.func) == "torch.device" and len(v.args) == 1 and \
            isinstance(v.args[0], ast.Name) and v.args[0].id == name

    def _int_param(self, name: str) -> bool:
        """Every parameter ``name`` of the file's functions is an int: annotated ``int`` or defaulting to an int
        constant (``device: int = 0``), and there is one."""
        ints = self.__dict__.get("_wp_int_params")
        if ints is None:  # once per file: parameter name -> every definition of it is an int
            ints = self.__dict__["_wp_int_params"] = {}
            for fn in self.all_nodes():
                if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                args = fn.args
                pos = [*args.posonlyargs, *args.args]
                defaults = param_defaults(args)
                for p in [*pos, *args.kwonlyargs]:
                    d = defaults.get(p.arg)
                    ann = isinstance(p.annotation, ast.Name) and p.annotation.id == "int"
                    ok = (ann and (d is None or _int_constant(d))) or (p.annotation is None and _int_constant(d))
                    ints[p.arg] = ints.get(p.arg, True) and ok
        return ints.get(name, False)

    def _moves_to_model_device(self) -> bool:
        """``ids.to(model.device)`` / ``device=lm.device`` where ``model`` is called in the file: a module written
        for a model that lives on an accelerator (a decoding helper handed a loaded LLM) uses the GPU though it
        never names CUDA."""
        if ".device" not in self.source:
            return False
        called = {dotted(c.func) for c in self.calls} | {
            dotted(c.func.value) for c in self.calls  # type: ignore[attr-defined]
            if isinstance(c.func, ast.Attribute) and c.func.attr in ("generate", "forward")}
        called.discard(None)
        for c in self.calls:
            args = list(c.args) if self.method(c) == "to" else []
            args += [k.value for k in c.keywords if k.arg == "device"]
            for a in args:
                if isinstance(a, ast.Attribute) and a.attr == "device" and dotted(a.value) in called:
                    return True
        return False

    def _infer_names(self) -> None:
        tensorish, callables, compiled = self._tensorish, self._gpu_callables, self._compiled
        for fn in self.functions.values():
            for d in fn.decorator_list:
                target = d.func if isinstance(d, ast.Call) else d
                q = self.qualname(target) or ""
                if isinstance(d, ast.Call) and q in ("functools.partial", "partial") and d.args and \
                        (self.qualname(d.args[0]) or "") in JAX_COMPILERS:
                    q = self.qualname(d.args[0]) or ""  # @partial(jax.jit, static_argnums=...): jax.jit itself
                    d = d.args[0]
                if q in COMPILERS or q.endswith((".jit", ".compile", ".autotune")) or _lazy_numba_jit(q, d):
                    if not eager_numba_kernel(q, d):  # `@cuda.jit("void(f4[:])")`: compiled at the `def`
                        compiled.add(fn.name)
                    if _lazy_numba_jit(q, d) or q == "numba.cuda.reduce":  # (`@cuda.reduce`: its kernel is
                        self._lazy_jits.add(fn.name)  # compiled on the first call too, whatever the arguments)
                    if not _cpu_jit(q, d):
                        callables.add(fn.name)  # (a Numba CPU `@jit` compiles on its first call, on the host)
                elif cuda_ufunc(q, d):
                    callables.add(fn.name)
                    self._cuda_ufuncs.add(fn.name)  # `@vectorize([sig], target="cuda")`: a GPU ufunc, compiled at
                    if not (isinstance(d, ast.Call) and d.args):  # decoration when given its signatures (lazily,
                        compiled.add(fn.name)  # on the first call, without them)
        self._class_kernels(compiled, callables)
        for _ in range(2):
            for name, values in self.assigns.items():
                for v in values:
                    if isinstance(v, ast.Call):
                        q = self.call_name(v) or ""
                        if q in COMPILERS and not maybe_disabled(v):
                            compiled.add(name)
                            callables.add(name)
                            if _builds_kernel(self, v, q):
                                self._kernels.add(name)  # (PyCUDA's ElementwiseKernel: a kernel, compiled lazily)
                            continue
                        if _lazy_numba_jit_call(q, v) and all(
                                isinstance(w, ast.Call) and _lazy_numba_jit_call(self.call_name(w) or "", w)
                                for w in values):
                            compiled.add(name)  # `f_par = jit(f, parallel=True)`: the decorator's call form,
                            self._lazy_jits.add(name)  # compiled on the first call of `f_par` (on the host)
                            continue
                        if q in JAX_TRANSFORMS and not _in_jitted(self, v):
                            callables.add(name)  # `loss_grad = jax.grad(loss)`, `fwd = jax.vmap(f)`: a function of
                            continue  # JAX arrays whose calls dispatch their ops asynchronously (traced: JAX ops only)
                        if isinstance(v.func, ast.Name) and flax_module(self, self.classes.get(v.func.id)) and all(
                                isinstance(w, ast.Call) and isinstance(w.func, ast.Name) and
                                flax_module(self, self.classes.get(w.func.id)) for w in values):
                            callables.add(name)  # `model = Net()` of `class Net(flax.linen.Module)`: a Flax model,
                            continue  # its `model.apply(params, x)` runs JAX ops, dispatched asynchronously (a name
                            # bound to other objects too, a Keras `model` of another function, is not known)
                        if _aot_compiled(v) and self.imports_any("jax"):
                            callables.add(name)  # `step.lower(*args).compile()`: JAX's ahead-of-time executable,
                            continue  # compiled here; each call dispatches it asynchronously to the device
                        moved = v  # `build(cfg).cuda().eval()`: the module modes after the move keep the module
                        while isinstance(moved, ast.Call) and isinstance(moved.func, ast.Attribute) and \
                                moved.func.attr in _MODULE_MODES and not moved.args and \
                                isinstance(moved.func.value, ast.Call):
                            moved = moved.func.value
                        if isinstance(moved.func, ast.Attribute) and moved.func.attr in ("cuda", "to") and \
                                not self.is_tensorish(moved.func.value) and isinstance(moved.func.value, ast.Call):
                            callables.add(name)  # Net().cuda(), Net().to(device)
                            continue
                        if _builds_kernel(self, v, q) or (isinstance(v.func, ast.Name) and v.func.id in self.functions
                                                          and _returns_kernel(self, self.functions[v.func.id])):
                            callables.add(name)  # SourceModule(src).get_function("k"), cp.RawKernel(src, "k"), or
                            self._kernels.add(name)  # `k = build()` of a function of the file that returns one
                            continue
                        if isinstance(v.func, ast.Name) and v.func.id in self.functions and \
                                returns_closure(self.functions[v.func.id]) and name not in callables:
                            from ._imported import hands_gpu_values

                            if hands_gpu_values(self, v):
                                callables.add(name)  # `run = make_step(net_gpu, x)` returning `lambda: model(x)`
                                continue
                        if isinstance(v.func, ast.Name) and v.func.id in self.functions and \
                                self._loads_model_on_gpu(name, v):
                            callables.add(name)  # `model = load()`, `tok, model, dev = load(name)`: a loader of the
                            continue  # file that returns a model it put on the GPU
                        base = v  # `from_pretrained(..., device_map="auto").eval()`: the same model
                        while isinstance(base, ast.Call) and isinstance(base.func, ast.Attribute) and \
                                base.func.attr in ("eval", "half", "float", "bfloat16", "requires_grad_") and \
                                isinstance(base.func.value, ast.Call):
                            base = base.func.value
                        if isinstance(base.func, ast.Attribute) and base.func.attr == "from_pretrained" and (any(
                                k.arg in ("device_map", "device") for k in base.keywords) or
                                (self.call_name(base) or "").startswith("unsloth.") or
                                _unpacked_device_map(self, base) or
                                self._flax_model(base)) and self._first_target(name, v):
                            callables.add(name)  # a model loaded straight onto a device (unsloth: only the GPU; a
                            continue  # Flax model of transformers: JAX puts its weights on the default device)
                        if q in ("transformers.pipeline", "transformers.pipelines.pipeline") and any(
                                (k.arg == "device_map" and self._device_value(k.value) != "cpu") or
                                (k.arg == "device" and self._device_value(k.value) == "cuda") for k in v.keywords):
                            callables.add(name)  # pipeline(..., device_map="auto") / device=0: runs on the GPU
                            continue
                        if isinstance(v.func, ast.Name) and v.func.id in self.imports and \
                                not q.startswith("torch.") and any(
                                isinstance(a, ast.Name) and a.id != name and self._placed_model(a.id)
                                for a in [*v.args, *(k.value for k in v.keywords)]):
                            callables.add(name)  # pipeline("text-generation", model=model): runs that model
                            continue
                        if q.startswith(("torch.nn.", "torch.optim.")) and q.rsplit(".", 1)[-1][:1].isupper() \
                                and not q.startswith(NOT_WORK_PREFIXES):
                            callables.add(name)
                            continue
                        if _built_for_gpu(self, v, q):
                            self._device_objects.add(name)  # Encoder(dim, device="cuda"): built on the GPU by a
                            continue  # library (its calls on tensors are GPU work; `.transcribe(path)` need not be)
                    if isinstance(v, ast.Lambda) and isinstance(v.body, (ast.Call, ast.BinOp)) and \
                            self.gpu_work_in([v.body]):
                        callables.add(name)
                    elif self._produces_tensor(v):
                        tensorish.add(name)
        # a module moved in place (`model.cuda()`, `model.to(device)` as a statement, under `if args.cuda:` too)
        # (`self.net.half().eval().to(self.dev)` in a setup method, its result thrown away: `_ = ...`, too)
        for c in self.calls:
            if not (isinstance(c.func, ast.Attribute) and c.func.attr in ("cuda", "to") and _discarded(c)):
                continue
            recv = c.func.value
            while isinstance(recv, ast.Call) and isinstance(recv.func, ast.Attribute) and \
                    recv.func.attr in _MODULE_MODES and not recv.args:
                recv = recv.func.value
            name = dotted(recv) if isinstance(recv, ast.Name) or (
                isinstance(recv, ast.Attribute) and isinstance(recv.value, ast.Name) and
                recv.value.id == "self") else None
            if name is not None and name not in tensorish and \
                    any(isinstance(v, ast.Call) for v in self.assigns.get(name, [])) and \
                    (c.func.attr == "cuda" or self.placement(c) == "cuda"):
                callables.add(name)
        if any(q.split(".")[0] == "chainer" for q in self.imports.values()):
            callables.update(self._chainer_links_on_gpu())
        # a GPU module compiled in place (``model.compile(mode="max-autotune")`` as a statement: nn.Module.compile
        # wraps its forward in torch.compile, so its next call compiles); only torch.compile's own keywords (a
        # Keras ``model.compile(optimizer=..., loss=...)`` is not it)
        for c in self.calls:
            if isinstance(c.func, ast.Attribute) and c.func.attr == "compile" and _discarded(c) and not c.args and \
                    isinstance(c.func.value, ast.Name) and c.func.value.id in callables and \
                    all(k.arg in _TORCH_COMPILE_KW for k in c.keywords):
                compiled.add(c.func.value.id)
        # a name also bound to a number (``step = 0``, ``step += 1``, ``n = int(x)``, ``len(...)``) is not a tensor
        for name in list(tensorish):
            for v in self.assigns.get(name, []):
                number = isinstance(v, ast.Constant) and type(v.value) in (int, float)
                if number or (isinstance(v, ast.Call) and isinstance(v.func, ast.Name)
                            and v.func.id in ("int", "float", "len", "round")):
                    tensorish.discard(name)
                    break
        # a kernel imported from another module and launched `kern[grid](...)` is a JIT kernel (Triton, Numba)
        for c in self.calls:
            if isinstance(c.func, ast.Subscript) and isinstance(c.func.value, ast.Name) and \
                    c.func.value.id in self.imports and \
                    not self.imports[c.func.value.id].startswith(("torch", "numpy", "triton.language")):
                if eager_imported_kernel(self, c.func.value.id):
                    callables.add(c.func.value.id)  # (`@cuda.jit(<signature>)` in its project module: compiled
                    continue  # when that module is imported, not on its first launch)
                compiled.add(c.func.value.id)
                callables.add(c.func.value.id)
        # a function defined here that launches a JIT-compiled kernel compiles it on its first call
        for _ in range(2):
            for fname, fn in self.functions.items():
                callees = [dotted(c.func.value if isinstance(c.func, ast.Subscript) else c.func)
                           for c in self.calls_in_function(fn)]
                if fname not in compiled and any(d in compiled for d in callees):
                    compiled.add(fname)
                    if any(d in compiled and d in callables for d in callees):
                        callables.add(fname)  # (not a function calling only a Numba CPU `@jit` one)
        self._jit_modules(compiled, callables)
        # a function defined here that does GPU work is itself GPU work; a name or attribute bound to one of them
        # (`self._step = step_fn` in `__init__`, `run = model`), to a parameter every caller fills with one
        # (`self.model = model` of `Bench(Net().cuda(), x)`) or to a library's object built from a GPU module
        # (`turbo = lib.Model.from_torch(model)`) is one too; then functions calling those (a second round, only when
        # the names added some)
        for rnd in range(2):
            for _ in range(2 - rnd):
                for fname, fn in self.functions.items():
                    if fname in callables:
                        continue
                    if any(self.is_gpu_work(c, fn_scope=True) and not self.on_cpu(c)
                           for c in self.calls_in_function(fn)):
                        callables.add(fname)  # (not `model = model.to_empty(device="cpu")`: a loader on the host)
            before = len(callables)
            for _ in range(2 - rnd):
                for name, values in self.assigns.items():
                    if name not in callables and any(
                            (isinstance(v, (ast.Name, ast.Attribute)) and dotted(v) != name and
                             (dotted(v) in callables or self._param_gets_callable(v))) or
                            self._built_from_gpu_model(v, name) for v in values):
                        callables.add(name)
            if len(callables) == before:
                break

    def _class_kernels(self, compiled: set, callables: set) -> None:
        """A JIT kernel defined in a class body (``@cuda.jit`` over a ``def`` of the class, no ``self``) and
        launched by the class's methods as ``self.k[grid](...)``: the attribute is the kernel itself (a Numba
        dispatcher is not bound to the instance), compiled on its first launch like a module-level one. Only a
        name defined once in the file, so ``self.k`` names that kernel."""
        if not compiled or not self.classes:
            return
        from collections import Counter

        defs = Counter(n.name for n in self.all_nodes() if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
        for cls in self.classes.values():
            for st in cls.body:
                if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name in compiled and \
                        defs[st.name] == 1 and st.name in callables:
                    compiled.add(f"self.{st.name}")
                    callables.add(f"self.{st.name}")

    def _built_from_gpu_model(self, v: ast.AST, name: str) -> bool:
        """``turbo = turbolib.BertModel.from_torch(model)``, ``trt = torch2trt(model, [x])``: an object a library
        (not torch, not one whose calls return host results) builds from a module the file put on the GPU runs that
        module's work on the GPU."""
        from ._names import HOST_RESULT_ROOTS

        if not isinstance(v, ast.Call):
            return False
        root = v.func
        while isinstance(root, ast.Attribute):
            root = root.value
        q = self.call_name(v) or ""
        if not (isinstance(root, ast.Name) and root.id in self.imports) or \
                q.startswith(("torch.", "numpy.", "copy.")) or q.startswith(HOST_RESULT_ROOTS):
            return False
        return any(isinstance(a, ast.Name) and a.id != name and a.id in self._gpu_callables and
                   self.assigns.get(a.id) for a in [*v.args, *(k.value for k in v.keywords)])

    def _param_gets_callable(self, v: ast.AST) -> bool:
        """``v`` is a parameter of its function and every call of the function hands it a GPU callable (a name of
        one, or a module built and put on the GPU in the call: ``Net().cuda()``)."""
        from ._call_sites import param_values

        scope = getattr(getattr(v, "_wp_stmt", None), "_wp_scope", None)
        if not isinstance(v, ast.Name) or scope is None or v.id not in scope.params:
            return False
        values = param_values(self, scope.node, v.id)
        if not values and getattr(self, "_wp_gpu_from_project", False):
            from ._project_users import project_param_shown  # no caller in the file: what the project's users hand it

            return project_param_shown(self, scope.node, v.id) is True
        return bool(values) and all(
            dotted(x) in self._gpu_callables or (isinstance(x, ast.Call) and isinstance(x.func, ast.Attribute) and
                                                 x.func.attr in ("cuda", "to") and isinstance(x.func.value, ast.Call)
                                                 and self.placement(x) == "cuda")
            for x in values)

    def _chainer_links_on_gpu(self) -> set[str]:
        """Chainer links moved to the GPU: ``link.to_gpu()`` as a statement or ``link = link.to_gpu()`` (also under
        ``if args.gpu >= 0:``), ``link`` bound to a ``chainer.links`` layer or a class of the file. Chainer runs a GPU
        link's arrays through CuPy, whose kernels are launched asynchronously like torch's: its call returns before
        the work is done (set 62). A ``chainer.Variable`` moved the same way is data, not a callable."""
        out: set[str] = set()
        for c in self.calls:
            if not (isinstance(c.func, ast.Attribute) and c.func.attr == "to_gpu" and isinstance(c.func.value, ast.Name)):
                continue
            name = c.func.value.id
            st = getattr(c, "_wp_stmt", None)
            if not (_discarded(c) or (isinstance(st, ast.Assign) and st.value is c and len(st.targets) == 1 and
                                      dotted(st.targets[0]) == name)):
                continue
            binds = [v for v in self.assigns.get(name, []) if v is not c]
            if binds and all(isinstance(v, ast.Call) and (
                    (self.call_name(v) or "").startswith(("chainer.links.", "chainer.Chain", "chainer.Sequential")) or
                    (isinstance(v.func, ast.Name) and v.func.id in self.classes)) for v in binds):
                out.add(name)
        return out

    def _loads_model_on_gpu(self, name: str, call: ast.Call) -> bool:
        """``call`` (of a function of this file) returns, in the place ``name`` is bound from (a tuple element too),
        a module it put on the GPU: built with ``.cuda()``/``.to(<a GPU device>)`` or ``from_pretrained(...,
        device_map=...)``, or moved there in place (``model.to(device)`` as a statement) before the return."""
        fn = self.functions[call.func.id]  # type: ignore[attr-defined]
        stmt = getattr(call, "_wp_stmt", None)
        index = None
        if isinstance(stmt, ast.Assign) and stmt.value is call and len(stmt.targets) == 1 and \
                isinstance(stmt.targets[0], ast.Tuple):
            index = next((i for i, e in enumerate(stmt.targets[0].elts) if dotted(e) == name), None)
            if index is None:
                return False
        own = fn._wp_own_scope.stmts  # type: ignore[attr-defined]

        def to_gpu(c: ast.Call) -> bool:  # `.to(device)`, `device = "cuda" if ... else "cpu"` bound here
            if self.placement(c) == "cuda":
                return True
            a = c.args[0] if c.args else None
            vals = [st.value for st in own if isinstance(st, ast.Assign) and isinstance(a, ast.Name) and
                    any(isinstance(t, ast.Name) and t.id == a.id for t in st.targets)]
            return bool(vals) and all(self._device_value(x) == "cuda" for x in vals)

        def placed(v: ast.AST | None, local: str | None) -> bool:
            while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute):
                if v.func.attr == "cuda" or (v.func.attr == "to" and to_gpu(v)) or (
                        v.func.attr == "from_pretrained" and any(k.arg == "device_map" for k in v.keywords)):
                    return True
                v = v.func.value
            if local is None:
                return False
            return any(isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and
                       isinstance(st.value.func, ast.Attribute) and dotted(st.value.func.value) == local and
                       (st.value.func.attr == "cuda" or (st.value.func.attr == "to" and to_gpu(st.value)))
                       for st in own)

        rets = [st.value for st in own if isinstance(st, ast.Return) and st.value is not None]
        if not rets:
            return False
        for v in rets:
            if index is not None:
                if not (isinstance(v, ast.Tuple) and len(v.elts) > index):
                    return False
                v = v.elts[index]
            if isinstance(v, ast.Name):
                binds = [st.value for st in own if isinstance(st, ast.Assign) and
                         any(isinstance(t, ast.Name) and t.id == v.id for t in st.targets)]
                if not binds or not all(placed(b, v.id) for b in binds):
                    return False
            elif not placed(v, None):
                return False
        return True

    def _first_target(self, name: str, value: ast.AST) -> bool:
        """``name`` is bound to ``value`` itself or as the first name of a tuple (``model, tokenizer = load(...)``:
        the model, not the tokenizer)."""
        for st in self.assign_stmts.get(name, ()):
            if getattr(st, "value", None) is value:
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                return any(dotted(t) == name or (isinstance(t, (ast.Tuple, ast.List)) and t.elts and
                                                 dotted(t.elts[0]) == name) for t in targets)
        return True

    def _jit_modules(self, compiled: set[str], callables: set[str]) -> None:
        """A class of the file whose ``forward``/``__call__`` launches a JIT kernel (``kern[grid](...)`` of a
        ``@triton.jit`` or imported kernel): its instances (``m = Attn().cuda()``) compile on their first call."""
        jit_classes = set()
        for cname, cls in self.classes.items():
            for f in cls.body:
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name in ("forward", "__call__") and \
                        any(isinstance(c.func, ast.Subscript) and dotted(c.func.value) in compiled
                            for c in self.calls_in_function(f)):
                    jit_classes.add(cname)
        for local, q in self.imports.items():  # from kernels.triton_attention import TritonAttention: a Triton layer
            parts = q.split(".")
            if local[:1].isupper() and parts[0] != "triton" and (
                    parts[-1].startswith("Triton") or any(p.startswith("triton") for p in parts[:-1])):
                jit_classes.add(local)
        if not jit_classes:
            return
        for name, values in self.assigns.items():
            for v in values:
                while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and \
                        v.func.attr in ("cuda", "to", "eval", "half", "float", "bfloat16"):
                    v = v.func.value
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in jit_classes:
                    compiled.add(name)
                    callables.add(name)

    def _placed_model(self, name: str) -> bool:
        """``name`` is bound to a model put on a device in its chain (``.cuda()``, ``.to(...)``,
        ``from_pretrained(..., device_map=...)``). Remembered per name and number of bindings (every ``pipeline(...,
        model=model)`` of a long module asks again about the same bindings: lint stays linear)."""
        values = self.assigns.get(name, ())
        memo = self.__dict__.setdefault("_wp_placed_memo", {})
        key = (name, len(values))
        if key not in memo:
            memo[key] = any(_placed_chain(v) for v in values)
        return memo[key]

    def _produces_tensor(self, v: ast.AST) -> bool:
        if isinstance(v, ast.Call):
            q = self.call_name(v) or ""
            if q.startswith(("torch.", "cupy.", "cupyx.")) and not q.startswith(NOT_WORK_PREFIXES):
                return not q.rsplit(".", 1)[-1][:1].isupper()  # torch.nn.Linear(...) is a module
            if isinstance(v.func, ast.Attribute):
                if v.func.attr == "requires_grad_":  # `torch.randn(n, device=d).requires_grad_(True)`: returns
                    return self.is_tensorish(v.func.value)  # its receiver (a tensor of one, a module of the other)
                if v.func.attr in HIDDEN_SYNC_METHODS or v.func.attr in HOST_METHODS:
                    return False
                if self.is_tensorish(v.func.value):
                    return True
            if dotted(v.func) in self._gpu_callables:
                return True
            return False
        if isinstance(v, ast.BinOp):
            return isinstance(v.op, ast.MatMult) or self.is_tensorish(v.left) or self.is_tensorish(v.right)
        if isinstance(v, ast.Subscript):
            return self.is_tensorish(v.value)
        return False

    def is_tensorish(self, expr: ast.AST) -> bool:
        """True if ``expr`` probably holds a tensor (assigned from torch/cupy ops, a model call, ``@``...)."""
        if isinstance(expr, ast.Subscript):
            base = expr.value
            if isinstance(base, ast.Name) and base.id in self._tensorish:
                fn = local_container(self, base)  # `frames = {}` in this function, a tensor in another
                if fn is not None:
                    return items_tensorish(self, fn, base.id)
            return self.is_tensorish(base)
        if isinstance(expr, (ast.Call, ast.BinOp)):
            return self._produces_tensor(expr)
        d = dotted(expr)
        if d is None or d not in self._tensorish:
            return False
        return not (isinstance(expr, ast.Name) and local_container(self, expr) is not None)

    def is_compiled(self, name: str | None) -> bool:
        """``name`` is compiled on its first call: a function of the file (``@torch.compile``, ``@triton.jit``, a
        ``torch.compile(f)`` result...) or one imported from the project's modules and compiled there."""
        if name is None:
            return False
        return name in self._compiled or self.imported_compiled(name)


_TAICHI_GPU_ARCHS = frozenset(f"taichi.{a}" for a in ("gpu", "cuda", "vulkan", "metal", "opengl", "gles", "dx11",
                                                     "dx12", "amdgpu"))


def _built_for_gpu(ctx, v: ast.Call, q: str) -> bool:
    """An object built by a library (not a torch factory, not a library whose calls return host results) with a
    GPU device keyword: ``Encoder(dim=512, device="cuda")``, ``Predictor(cfg, device=0)``."""
    from ._names import HOST_RESULT_ROOTS

    if q.startswith(("torch.", "numpy.", "cupy.")) or q.startswith(HOST_RESULT_ROOTS) or \
            not (isinstance(v.func, ast.Name) and v.func.id in ctx.imports):
        return False
    return any(k.arg == "device" and ctx._device_value(k.value) == "cuda" for k in v.keywords)


_TORCH_COMPILE_KW = frozenset({"mode", "fullgraph", "dynamic", "backend", "options", "disable"})
_MODULE_MODES = frozenset({"eval", "train", "half", "float", "bfloat16", "requires_grad_"})


def _discarded(c: ast.Call) -> bool:
    """A call whose result is dropped: a statement of its own, or bound to ``_``."""
    parent = getattr(c, "_wp_parent", None)
    if isinstance(parent, ast.Expr):
        return True
    return isinstance(parent, ast.Assign) and parent.value is c and len(parent.targets) == 1 and \
        isinstance(parent.targets[0], ast.Name) and parent.targets[0].id == "_"


def _in_jitted(ctx, v: ast.AST) -> bool:
    """``v`` sits in a function compiled by ``jax.jit`` (or one nested in it): traced once into the compiled
    function, not a callable of its own that the program calls."""
    from ._gpu_work import jax_jitted

    scope = getattr(getattr(v, "_wp_stmt", None), "_wp_scope", None)
    node = getattr(scope, "node", None)
    while isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if jax_jitted(ctx, node):
            return True
        node = getattr(getattr(node, "_wp_scope", None), "node", None)
    return False


def flax_module(ctx, cls: ast.AST | None, depth: int = 0) -> bool:
    """``cls`` is a class of the file deriving from ``flax.linen.Module`` (``class Net(nn.Module)`` with ``from flax
    import linen as nn``), directly or through another class of the file: a Flax model, whose ``apply`` and ``init``
    run JAX ops."""
    if not isinstance(cls, ast.ClassDef) or depth > 4:
        return False
    for b in cls.bases:
        q = ctx.qualname(b) or ""
        if q in ("flax.linen.Module", "flax.linen.module.Module", "flax.nnx.Module"):
            return True
        if isinstance(b, ast.Name) and flax_module(ctx, ctx.classes.get(b.id), depth + 1):
            return True
    return False


def _aot_compiled(v: ast.Call) -> bool:
    """``fn.lower(*args).compile()``: JAX's ahead-of-time lowering and compilation of a jitted function, whose
    result is an executable that runs the function on the device when called."""
    f = v.func
    return isinstance(f, ast.Attribute) and f.attr == "compile" and not v.args and isinstance(f.value, ast.Call) \
        and isinstance(f.value.func, ast.Attribute) and f.value.func.attr == "lower"


def maybe_disabled(call: ast.Call) -> bool:
    """``torch.compile(f, disable=not cfg.compile)``: a compile the code may turn off (``disable=`` anything but a
    literal False hands back ``f`` itself), so its first call is not surely a compilation."""
    return any(k.arg == "disable" and not (isinstance(k.value, ast.Constant) and k.value.value is False)
               for k in call.keywords)


_UFUNC_MAKERS = frozenset({"numba.vectorize", "numba.guvectorize", "numba.cuda.vectorize", "numba.cuda.guvectorize",
                           "numba.np.ufunc.vectorize", "numba.np.ufunc.guvectorize"})


def cuda_ufunc(q: str, decorator: ast.AST) -> bool:
    """``@vectorize([...], target="cuda")`` / ``@guvectorize(..., target="cuda")``: a Numba ufunc compiled for the
    GPU (each call copies host arrays in, launches, and copies the result back to the host)."""
    if q not in _UFUNC_MAKERS:
        return False
    target = [k.value for k in getattr(decorator, "keywords", ()) if k.arg in ("target", "_target")]
    return any(isinstance(t, ast.Constant) and t.value in ("cuda", "gpu") for t in target)


_CPU_JITS = frozenset({"numba.jit", "numba.njit", "numba.core.decorators.jit", "numba.core.decorators.njit"})


def _lazy_numba_jit(q: str, decorator: ast.AST) -> bool:
    """``@jit``, ``@njit``, ``@jit(nopython=True)``, ``@jit(target_backend="cuda")``: Numba compiles the function on
    its first call (for the first argument types), inside whatever is timed around that call. Not with a signature
    (``@njit("f8(f8[:])")``: compiled at the ``def``) nor ``cache=True`` (the compiled code is read back from disk)."""
    if q not in _CPU_JITS:
        return False
    if not isinstance(decorator, ast.Call):
        return True
    return not decorator.args and not any(
        k.arg in ("signature", "signature_or_function") or k.arg is None or
        (k.arg == "cache" and not (isinstance(k.value, ast.Constant) and k.value.value is False))
        for k in decorator.keywords)


def _lazy_numba_jit_call(q: str, call: ast.Call) -> bool:
    """``jit(f, parallel=True)``, ``njit(f)``: Numba's CPU ``jit`` applied by a call to a function (the decorator's
    call form, its first argument the Python function, not a signature string or list). Compiled lazily, on the
    first call of what it returns, like ``@jit`` with the same keywords (not with ``cache=True``)."""
    if q not in _CPU_JITS or len(call.args) != 1 or not isinstance(call.args[0], (ast.Name, ast.Attribute)):
        return False
    return _lazy_numba_jit(q, ast.Call(func=call.func, args=[], keywords=call.keywords))


def eager_numba_kernel(q: str, decorator: ast.AST) -> bool:
    """``@cuda.jit("void(float32[:], float32[:])")``, ``@cuda.jit([sig])``, ``@cuda.jit(func_or_sig=sig)``: a Numba
    kernel given its signature is compiled when it is defined (eager compilation), so its first launch compiles
    nothing (its module is still loaded on first use: a cold start, not a compile)."""
    if q not in ("numba.cuda.jit", "numba.cuda.decorators.jit", "numbapro.cuda.jit") or \
            not isinstance(decorator, ast.Call):
        return False
    return bool(decorator.args) or \
        any(k.arg in ("argtypes", "signature", "func_or_sig") for k in decorator.keywords)  # (`func_or_sig=`: the
    # signature by the parameter's name, `@cuda.jit(func_or_sig=void(f4[:]))`, set 203)


def eager_numba_names(ctx) -> frozenset[str]:
    """The file's Numba GPU callables compiled at their ``def``: kernels given a signature
    (``@cuda.jit("void(float32[:])")``) and CUDA ufuncs given theirs (``@vectorize(["f4(f4)"], target="cuda")``).
    Numba's eager compile also binds the kernel to the current context (``kernel.bind()``: the context is created and
    the module loaded there), so the first launch pays neither a compile nor a module load."""
    cached = ctx.__dict__.get("_wp_eager_numba")
    if cached is None:
        out = set()
        for fn in ctx.functions.values():
            for d in fn.decorator_list:
                q = ctx.qualname(d.func if isinstance(d, ast.Call) else d) or ""
                if eager_numba_kernel(q, d) or (cuda_ufunc(q, d) and isinstance(d, ast.Call) and bool(d.args)):
                    out.add(fn.name)
        cached = ctx.__dict__["_wp_eager_numba"] = frozenset(out)
    return cached


def import_time_gpu(mctx) -> list[str]:
    """The names of the kernels a project module compiles for the GPU when it is imported (its top-level
    ``@cuda.jit(<signature>)`` functions), memoized per module; empty when its import does no GPU work."""
    cached = mctx.__dict__.get("_wp_import_gpu")
    if cached is None:
        eager = eager_numba_names(mctx)  # (`@cuda.jit(<signature>)`: compiled and bound to the context at its def)
        cached = [s.name for s in mctx.tree.body if isinstance(s, ast.FunctionDef) and s.name in eager]
        mctx._wp_import_gpu = cached
    return cached


def eager_imported_kernel(ctx, name: str | ast.AST) -> bool:
    """``name`` (a name, or an expression: ``funcs.update_ex`` of ``import fdtd_funcs as funcs``) is imported from a
    project module that defines it as a Numba GPU kernel given its signature (compiled when that module is imported:
    its first launch compiles nothing)."""
    if getattr(ctx, "import_view", None) is None:
        return False
    d = ctx.imported_name(name) if isinstance(name, str) else ctx.imported_def(name)
    return d is not None and d.node.name in import_time_gpu(d.ctx)


def import_compiles_kernels(ctx, stmt: ast.stmt) -> bool:
    """``stmt`` (an import) loads a project module that compiles Numba GPU kernels given their signatures when it is
    imported (``import kernels as k``, ``from kernels import scale``). That compile creates the CUDA context: on an
    H200 (numba-cuda 0.30, 2026-12-03) the device's primary context is active after such an import in 3 of 3 fresh
    processes and in none after importing ``numba.cuda`` alone or a module of lazy kernels
    (benchmarks/eager_jit_context.py)."""
    view = getattr(ctx, "import_view", None)
    if view is None or not view.project.enabled or not isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return False
    mods: list[tuple[int, tuple[str, ...]]] = []
    if isinstance(stmt, ast.Import):
        mods = [(0, tuple(a.name.split("."))) for a in stmt.names]
    elif stmt.module or stmt.level:
        mod = tuple(stmt.module.split(".")) if stmt.module else ()
        mods = [(stmt.level, mod)] + [(stmt.level, (*mod, a.name)) for a in stmt.names if a.name != "*"]
    for level, parts in mods:
        if not parts:
            continue
        path = view.find(parts, level)
        mctx = view.project.context(path, view.depth) if path is not None else None
        if mctx is not None and any(eager_cuda_jit_def(mctx, s) for s in mctx.tree.body):
            return True
    return False


def eager_cuda_jit_def(ctx, stmt: ast.stmt) -> bool:
    """``stmt`` defines a Numba GPU callable given its signature (a ``@cuda.jit`` kernel or device function, a
    ``@vectorize([...], target="cuda")`` ufunc): compiled at the ``def``, which creates the CUDA context (measured for
    all three: benchmarks/eager_jit_context.py)."""
    return isinstance(stmt, ast.FunctionDef) and stmt.name in eager_numba_names(ctx)


def _cpu_jit(q: str, decorator: ast.AST) -> bool:
    """``@numba.jit`` / ``@njit`` (``@jit(nopython=True)``) without ``target="cuda"``: compiled for the CPU; its
    calls (and its ``.py_func``) run on the host, whatever else the file does on the GPU."""
    if q not in _CPU_JITS:
        return False
    target = [k.value for k in getattr(decorator, "keywords", ()) if k.arg in ("target", "_target")]
    return not any(isinstance(t, ast.Constant) and t.value in ("cuda", "gpu") for t in target) and \
        all(isinstance(t, ast.Constant) for t in target)


def _unpacked_device_map(ctx, call: ast.Call) -> bool:
    """``from_pretrained(name, **kwargs)``, ``kwargs = {"device_map": "auto"}`` (``rules._config_branches``)."""
    from .rules._config_branches import unpacked_device_map

    return unpacked_device_map(ctx, call)


def _placed_chain(v: ast.AST) -> bool:
    """One binding's call chain puts the object on a device (``.cuda()``, ``.to(...)``,
    ``from_pretrained(..., device_map=...)``)."""
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute):
        if v.func.attr in ("cuda", "to") or (v.func.attr == "from_pretrained" and any(
                k.arg == "device_map" for k in v.keywords)):
            return True
        v = v.func.value
    return False


def _builds_kernel(ctx, v: ast.Call, q: str) -> bool:
    """``SourceModule(src).get_function("k")``, ``cp.RawKernel(src, "k")``, PyCUDA's ``ElementwiseKernel(...)``."""
    return (isinstance(v.func, ast.Attribute) and v.func.attr == "get_function") or \
        (q.startswith(("cupy.", "cupyx.")) and q.endswith(("Kernel", "Module"))) or \
        (q.startswith("pycuda.") and q.endswith("Kernel"))


def _returns_kernel(ctx, fn: ast.AST) -> bool:
    """A function of the file whose every ``return`` hands back a kernel it builds (``def build(): return
    ElementwiseKernel(...)``): what its call returns is that kernel, launched when called."""
    rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    return bool(rets) and all(isinstance(r.value, ast.Call) and _builds_kernel(ctx, r.value, ctx.call_name(r.value) or "")
                              for r in rets)
