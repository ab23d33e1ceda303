"""Where tensors live, seen from the code alone (a mixin of :class:`wprof.lint._context.Context`).

Work on tensors known to be on the CPU is host work: ``%time`` of a pure-Python matmul on CPU tensors is correct.
"""

from __future__ import annotations

import ast
import re

from ._host_returns import returns_host_copy
from ._host_transforms import host_pipeline_call
from ._library_io import received_over_rpc
from ._literal_flags import chosen, ruled_out
from ._names import LEGACY_CPU_TENSORS, TORCH_FACTORIES, cupy_host_scalar, dict_keys_in, dotted
from ._walk import own_returns


_DEVICE_STR = re.compile(r"cuda(:\d+)?")  # a device string ("cuda_tensor", "cuda_graphs" name other things)
_SCALAR_TYPES = frozenset({"int", "float", "bool", "str", "bytes", "None"})


def _returns_scalar(fn: ast.AST | None) -> bool:
    """``def f(...) -> int`` (``float``, ``bool``, ``str``, ``None``): the function returns a host value."""
    ann = getattr(fn, "returns", None)
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        return ann.value.strip() in _SCALAR_TYPES
    return (isinstance(ann, ast.Name) and ann.id in _SCALAR_TYPES) or (isinstance(ann, ast.Constant) and
                                                                       ann.value is None)


def _either(vals: list[str | None]) -> str | None:
    """The device of a value chosen at run time among several: the GPU if one of them is the GPU and the others
    are the CPU (the script's intent), else the one device they all name, else unknown."""
    if vals and "cuda" in vals and all(v in ("cuda", "cpu") for v in vals):
        return "cuda"
    return vals[0] if vals and all(v == vals[0] for v in vals) else None


# a device asked of a runtime that only runs on the GPU (Triton's driver, torch.cuda's current device)
_GPU_RUNTIME_DEVICE = re.compile(r"^(triton\.runtime\.[\w.]*device|torch\.cuda\.current_device)$")
_OTHER_BACKENDS = ("mps", "xpu", "npu", "hpu", "xla", "meta")


def _choices(expr: ast.AST, ctx: object = None) -> list[ast.AST]:
    """The values a nested conditional expression chooses among (``a if c else b if d else e``: a, b, e); with
    ``ctx``, only the branch of a test the file's literal flags decide (``'cuda' if ok and use_gpu else 'cpu'``
    after ``use_gpu = False``: ``'cpu'``)."""
    if isinstance(expr, ast.IfExp):
        taken = chosen(ctx, expr) if ctx is not None else None
        if taken is not None:
            return _choices(taken, ctx)
        return _choices(expr.body, ctx) + _choices(expr.orelse, ctx)
    return [expr]


def _other_backend(expr: ast.AST) -> bool:
    """A device string naming a non-CUDA backend (``"mps"``, ``"xpu"``): the fallback of a device chooser."""
    return isinstance(expr, ast.Constant) and isinstance(expr.value, str) and \
        expr.value.lower().split(":")[0] in _OTHER_BACKENDS


def _outer_if(binding: ast.stmt, use: ast.stmt) -> ast.If | None:
    """The outermost ``if`` holding ``binding`` but not ``use``: its other branch may have bound the name instead."""
    out = None
    node = getattr(binding, "_wp_parent", None)
    while isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                ast.ClassDef)):
        if isinstance(node, ast.If) and not (node._wp_idx < use._wp_idx <= node._wp_end):  # type: ignore
            out = node
        node = getattr(node, "_wp_parent", None)
    return out


class PlacementModel:
    """``placement(expr)``: ``"cuda"``, ``"cpu"`` or ``None``; ``on_cpu(call)``: the call only touches CPU tensors."""

    def mps_only(self) -> bool:
        """The file is written for Apple's GPU alone: it imports torch, names the ``"mps"`` device in a string and
        never CUDA. Its MPS work is queued like CUDA work (``torch.mps.synchronize()`` waits for it), so its device
        stands for the GPU; beside CUDA, ``"mps"`` stays a fallback the timing is not written for."""
        return self._only_device("mps")

    def xpu_only(self) -> bool:
        """The file is written for Intel's GPU alone: it imports torch, names the ``"xpu"`` device in a string
        (``f"xpu:{local_rank}"``) and never CUDA. XPU work is queued on a SYCL queue and returns before it is done,
        like CUDA work (``torch.xpu.synchronize()`` waits for it), so its device stands for the GPU (set 71); beside
        CUDA, ``"xpu"`` stays a fallback the timing is not written for."""
        return self._only_device("xpu")

    def _only_device(self, kind: str) -> bool:
        """The file imports torch, names the ``kind`` device in a string and never CUDA (memoized per kind)."""
        key = f"_wp_{kind}_only"
        memo = self.__dict__.get(key)
        if memo is None:
            src = self.source
            memo = (f'"{kind}' in src or f"'{kind}" in src) and "cuda" not in self.words and \
                '"cuda' not in src and "'cuda" not in src and \
                any(q == "torch" or q.startswith("torch.") for q in self.imports.values())
            self.__dict__[key] = memo
        return memo

    def _kwargs_device(self, value: ast.AST) -> tuple[bool, str | None]:
        """``**kwargs`` handed to a call: (the dict shows a ``"device"`` key, its device); ``(False, "?")`` when the
        dict is not a literal the file binds once (it may hold a device), ``(False, None)`` when it has no device."""
        vals = self.assigns.get(value.id, []) if isinstance(value, ast.Name) else [value]
        if len(vals) != 1 or not isinstance(vals[0], ast.Dict) or None in vals[0].keys:
            return False, "?"
        for _, v in dict_keys_in(vals[0], ("device",)):
            return True, self._device_value(v)
        return False, None

    def placement(self, expr: ast.AST) -> str | None:
        """``"cuda"``, ``"cpu"`` or ``None`` (unknown) for the device a tensor expression lives on.

        Seen from the code alone: ``device=`` of a factory, ``.cuda()``, ``.to("cuda")``/``.to(device)`` with a
        device this file names, ``.cpu()``/``.numpy()``, ``torch.set_default_device``; a factory without ``device=``
        makes a CPU tensor unless the file changes the default device; an op's result lives where its tensor
        operands live (torch refuses to mix devices, so one CPU operand makes a CPU op)."""
        cache = self.__dict__.setdefault("_place_cache", {})
        key = id(expr)
        if key in cache:
            return cache[key]
        cache[key] = None  # cycles (x = x + 1) resolve to unknown
        out = self._placement(expr)
        cache[key] = out
        return out

    def _default_device(self) -> str | None:
        d = self.__dict__.get("_default_dev", False)
        if d is False:
            d = "cpu"
            chosen = []
            for c in self.calls:
                q = self.call_name(c) or ""
                if q == "torch.set_default_device":
                    chosen.append(self._device_value(c.args[0]) if c.args else None)
                elif q == "torch.set_default_tensor_type":
                    chosen.append(None)
            if chosen:  # torch.set_default_device("cuda") (or a device chosen against the CPU): factories land there
                d = "cuda" if all(v == "cuda" for v in chosen) else None
            self._default_dev = d
        return d

    def _device_value(self, expr: ast.AST, depth: int = 0) -> str | None:
        """A device argument: ``"cuda:0"``, ``torch.device("cuda")``, a name assigned one of them.

        A device chosen at run time between the GPU and the CPU (``"cuda" if torch.cuda.is_available() else
        "cpu"``, ``if args.cuda: device = "cuda" else: device = "cpu"``, ``--device`` defaulting to ``"cuda"``) is
        the GPU: that is what a timing script is written for, and what it runs on where its numbers are taken."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            v = expr.value.lower()
            if v.split(":")[0] == "mps" and self.mps_only():
                return "cuda"  # Apple's GPU in a file that names no CUDA: an asynchronous accelerator like it
            if v.split(":")[0] == "xpu" and self.xpu_only():
                return "cuda"  # Intel's GPU likewise
            return "cuda" if v.startswith("cuda") else ("cpu" if v.startswith("cpu") else None)
        if isinstance(expr, ast.Constant) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
            return "cuda"  # .to(0), device=0
        if isinstance(expr, ast.JoinedStr) and expr.values and isinstance(expr.values[0], ast.Constant) and \
                isinstance(expr.values[0].value, str):  # f"cuda:{rank}": the literal head names the device
            v = expr.values[0].value.lower()
            if v.startswith("xpu") and self.xpu_only():
                return "cuda"  # f"xpu:{rank}" in a file written for Intel's GPU alone
            return "cuda" if v.startswith("cuda") else ("cpu" if v.startswith("cpu") else None)
        if isinstance(expr, ast.IfExp):
            leaves = _choices(expr, self)  # "cuda" if ... else "mps" if ... else "cpu": another backend is not the GPU's
            vals = [self._device_value(v, depth + 1) for v in leaves]  # alternative either; with "cuda" among
            if "cuda" in vals:  # them it is what the script is written for (the other backends are the fallbacks)
                vals = ["cpu" if v is None and _other_backend(leaf) else v for v, leaf in zip(vals, leaves)]
            return _either(vals)
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):  # args.draft_device or args.device
            return _either([self._device_value(v, depth + 1) for v in expr.values])
        if isinstance(expr, ast.Call) and (self.call_name(expr) or "") == "torch.device" and expr.args:
            return self._device_value(expr.args[0], depth + 1)
        if isinstance(expr, ast.Subscript) and depth < 8:
            from ._param_devices import indexed_device

            from ._config_devices import config_device

            return indexed_device(self, expr, depth) or config_device(self, expr, depth)  # `self.devices[i]` of
            # `[torch.device(f"cuda:{i}") ...]`; `config["device"]` of `config = {"device": "cuda"}` (fresh103)
        if isinstance(expr, ast.Call) and _GPU_RUNTIME_DEVICE.match(self.call_name(expr) or ""):
            return "cuda"  # triton.runtime.driver.active.get_active_torch_device(): the device of a GPU-only runtime
        if isinstance(expr, ast.Attribute) and expr.attr == "device":
            place = self.placement(expr.value)
            if place is not None:
                return place
            if dotted(expr) in self.assigns:  # model_cfg.device = args.device: the option's default
                return _either([self._device_value(v, depth + 1) for v in self.assigns[dotted(expr)]]) \
                    if depth < 8 else None
            return self._option_default(expr.attr, depth)  # args.device, cfg.device
        if isinstance(expr, ast.Name) and depth < 8:
            latest = self._latest_constant(expr, depth)
            if latest is not None:  # a section that sets `device = "cpu"` (a later one sets "cuda"), or a function's
                return latest  # own `device = torch.device(cfg.device)` (not a class field of the same name)
            if expr.id not in self.assigns:
                from ._loop_devices import loop_device

                looped = loop_device(self, expr, depth)
                if looped is not None:  # `for dev in devices:` of `devices = ["cpu"]; devices.append("cuda")`
                    return looped
        d = dotted(expr)
        if isinstance(expr, ast.Name) and depth < 8 and self._shadowing_param(expr):
            return "cpu"  # `def f(device=None)` called with `torch.device("cpu")`: the parameter, not a module-level
            # `device` of the same name
        if d is not None and depth < 8:
            cache = self.__dict__.setdefault("_device_names", {})
            if d not in cache:
                cache[d] = None
                vals = [self._device_value(v, depth + 1) for v in self.assigns.get(d, [])]
                if not vals and isinstance(expr, ast.Attribute):
                    vals = [self._option_default(expr.attr, depth)]  # args.dev: a command-line option
                elif not vals and isinstance(expr, ast.Name):
                    vals = [self._param_default(expr, depth)]  # def run(device="cuda")
                cache[d] = _either(vals)
            if cache[d] is None and isinstance(expr, ast.Name):
                from ._param_devices import own_param_device

                return own_param_device(self, expr, depth)  # `def bench(device="cuda")` beside a module-level
                # `device = ["cuda"]` (a list the script loops over): the function reads its parameter
            return cache[d]
        return None

    def _latest_constant(self, use: ast.Name, depth: int = 0) -> str | None:
        """The device of the latest binding of ``use`` before it in its scope, outside any loop and any ``if`` (a
        string constant, ``device = "cpu"``, or any device expression): the code that follows runs on it."""
        stmt = getattr(use, "_wp_stmt", None)
        if stmt is None:
            return None
        best = None
        for st in self.scope_assigns(use.id, stmt._wp_scope):  # type: ignore[attr-defined]
            if st._wp_idx < stmt._wp_idx and (best is None or st._wp_idx > best._wp_idx):
                best = st
        if best is None or not isinstance(best, ast.Assign) or best._wp_loops or \
                isinstance(getattr(best, "_wp_parent", None), ast.If):
            return None
        if isinstance(best.value, ast.Constant) and isinstance(best.value.value, str):
            return self._device_value(best.value)
        if isinstance(best.value, ast.Call) and (self.call_name(best.value) or "") == "torch.device":
            return self._device_value(best.value, depth + 1)
        return None

    def _option_default(self, attr: str, depth: int) -> str | None:
        """The device default of a command-line option (``add_argument("--device", default="cuda")``) or of a
        config class field (``device: str = "cuda:0"``, ``dataclasses.field(default="cuda:0")``) named ``attr``."""
        table = self.__dict__.get("_option_defaults")
        if table is None:
            table = {}
            for c in self.calls:
                if self.method(c) != "add_argument":
                    continue
                dest = next((k.value.value for k in c.keywords if k.arg == "dest" and
                             isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)), None)
                flags = [a.value for a in c.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                if dest is None and flags:
                    longs = [f for f in flags if f.startswith("--")] or flags
                    dest = longs[0].lstrip("-").replace("-", "_")
                default = next((k.value for k in c.keywords if k.arg == "default"), None)
                if dest and default is not None:
                    table.setdefault(dest, []).append(default)
            for cls in self.classes.values():
                for st in cls.body:
                    if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.value is not None:
                        v = st.value
                        if isinstance(v, ast.Call) and (dotted(v.func) or "").endswith("field"):
                            v = next((k.value for k in v.keywords if k.arg == "default"), None)
                        if v is not None:
                            table.setdefault(st.target.id, []).append(v)
            self._option_defaults = table
        vals = table.get(attr)
        if not vals or depth >= 8:
            return None
        return _either([self._device_value(v, depth + 1) for v in vals])

    def _shadowing_param(self, name: ast.Name) -> bool:
        """``name`` is a parameter of its function that a module-level binding of the same name would hide from
        the lookup by name (``def run(device=None)`` in a file with ``device = torch.device("cuda")``), and every
        call of that function in the file hands it a CPU device written at the call (``torch.device("cpu")``,
        ``"cpu"``)."""
        scope = getattr(getattr(name, "_wp_stmt", None), "_wp_scope", None)
        fn = getattr(scope, "node", None)
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or name.id not in getattr(scope, "params", ()):
            return False  # (also without a module-level binding: the lookup by name is shared by every function's
            # parameter of that name, `on_cpu(n, device)` beside `on_gpu(n, device)`; ninth session, lint43)
        from ._call_sites import param_values

        values = param_values(self, fn, name.id)
        return bool(values) and all(((isinstance(v, ast.Call) and self.call_name(v) == "torch.device") or
                                     (isinstance(v, ast.Constant) and isinstance(v.value, str))) and
                                    self._device_value(v) == "cpu" for v in values)

    def _param_default(self, name: ast.Name, depth: int) -> str | None:
        """``device`` inside ``def load(model, device="cuda")``: the parameter's default."""
        scope = getattr(getattr(name, "_wp_stmt", None), "_wp_scope", None)
        fn = getattr(scope, "node", None)
        args = getattr(fn, "args", None)
        if args is None or depth >= 8:
            return None
        pos = [*args.posonlyargs, *args.args]
        pairs = list(zip(pos[len(pos) - len(args.defaults):], args.defaults))
        pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
        for a, d in pairs:
            if a.arg == name.id:
                return self._device_value(d, depth + 1)
        from ._call_sites import param_values  # Runner(net, torch.device("cuda")): what the callers hand it

        values = param_values(self, fn, name.id) if name.id in scope.params else None  # type: ignore[union-attr]
        devices = [self._device_value(v, depth + 1) for v in values or ()]
        return _either(devices) if devices and None not in devices else None

    def _join(self, places: list[str | None]) -> str | None:
        if "cuda" in places:
            return "cuda"
        if "cpu" in places:
            return "cpu"
        return None

    def _placement(self, expr: ast.AST) -> str | None:
        if isinstance(expr, ast.Subscript):
            return self.placement(expr.value)
        if isinstance(expr, ast.IfExp):  # `x.cuda() if torch.cuda.is_available() else x`: the GPU where there is one
            return _either([self.placement(v) for v in _choices(expr, self)])  # (as a device chosen at run time is)
        if isinstance(expr, ast.BinOp):
            return self._join([self.placement(expr.left), self.placement(expr.right)])
        if isinstance(expr, ast.UnaryOp) and not isinstance(expr.op, ast.Not):
            return self.placement(expr.operand)  # -x, ~mask: where x lives
        if isinstance(expr, ast.Compare) and not any(isinstance(o, (ast.Is, ast.IsNot, ast.In, ast.NotIn))
                                                     for o in expr.ops):
            return self._join([self.placement(x) for x in (expr.left, *expr.comparators)])  # x.argmax(-1) == eos
        if isinstance(expr, (ast.Tuple, ast.List)):
            return self._join([self.placement(e) for e in expr.elts])
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp)) and isinstance(expr.elt, ast.Call) and \
                received_over_rpc(self, expr.elt):
            return "cpu"  # [r.to_here() for r in refs]: every item received over RPC
        if isinstance(expr, ast.ListComp) and isinstance(expr.elt, ast.Call) and host_pipeline_call(self, expr.elt):
            return "cpu"  # [tf(img) for img in images] of `tf = T.Compose([..., T.ToTensor()])`: CPU tensors
        if isinstance(expr, ast.Attribute) and expr.attr in ("real", "imag", "T", "mT", "H", "data"):
            return self.placement(expr.value)  # b.real, w.T, p.data: views of the same array
        if isinstance(expr, (ast.Name, ast.Attribute)):
            d = dotted(expr)
            if d is None:
                return None
            if d in self._moved_to_gpu_in_place():
                return "cuda"  # `x.to_gpu()` of Chainer: the object moved where it is
            if isinstance(expr, ast.Name):
                scope = getattr(getattr(expr, "_wp_stmt", None), "_wp_scope", None)
                local = self._local_bindings(scope) if scope is not None else None
                if local is not None and expr.id in local:
                    return self._flow_placement(expr, scope, local[expr.id])
                outer = getattr(getattr(scope, "node", None), "_wp_outer", None)
                if outer is not None:  # a name in the code a `timeit` call runs: where that call sits
                    use = ast.Name(id=expr.id, ctx=ast.Load())
                    use._wp_stmt = outer  # type: ignore[attr-defined]
                    return self._placement(use)  # (not cached: the proxy is gone after this call)
            return self._name_placement(d)
        if not isinstance(expr, ast.Call):
            return None
        m = self.method(expr)
        q = self.call_name(expr) or ""
        if m == "cuda":
            return "cuda"
        if m in ("cpu", "numpy", "tolist", "item") or q in ("cupy.asnumpy", "cupy.ndarray.get"):
            return "cpu"
        if m in ("copy_to_host", "to_host") and self.placement(expr.func.value) == "cuda":  # type: ignore[attr-defined]
            return "cpu"  # Numba's d.copy_to_host() / to_host(): a NumPy array on the host (the copy waits)
        if received_over_rpc(self, expr):
            return "cpu"  # rpc.rpc_sync(...), fut.wait(), rref.to_here(): host memory without a device map
        if m == "get" and not expr.args and not expr.keywords and \
                self.placement(expr.func.value) == "cuda":  # type: ignore[attr-defined]
            return "cpu"  # a_gpu.get(): a CuPy/PyCUDA array copied to the host (a NumPy array)
        if m == "to":
            for a in [*expr.args, *(k.value for k in expr.keywords if k.arg == "device")]:
                dev = self._device_value(a)
                if dev is not None:
                    return dev
                if dotted(a) is not None and not (self.qualname(a) or "").startswith("torch.") and \
                        not self._names_dtype(a):
                    from ._handed_device import handed_device

                    return "cuda" if handed_device(self, a) else None  # .to(device): a device this file does not
                    # name (the accelerator where the file names no device at all: `from config import device`)
            return self.placement(expr.func.value)  # type: ignore[attr-defined]  # .to(torch.float16)
        for k in expr.keywords:
            if k.arg == "device":
                return self._device_value(k.value)
        last_q = q.rsplit(".", 1)[-1]
        for k in expr.keywords:
            if k.arg is None and q.startswith("torch.") and last_q in TORCH_FACTORIES and \
                    not last_q.endswith("_like"):  # `torch.randn(shape, **kwargs)`: the device may be in the dict
                shown, dev = self._kwargs_device(k.value)
                if shown or dev == "?":
                    return None if dev == "?" else dev
        if q.startswith(("cupy.", "cupyx.", "pycuda.gpuarray.", "pycuda.driver.mem_alloc", "numba.cuda.to_device",
                         "numba.cuda.device_array", "cv2.cuda_GpuMat", "cv2.cuda.GpuMat")) and \
                q not in ("cupy.asnumpy",):  # (an OpenCV `cv2.cuda_GpuMat()`: an image in device memory)
            return "cpu" if cupy_host_scalar(q) else "cuda"  # (`cp.float64(2.0)`: NumPy's scalar, on the host)
        if q.startswith(("jax.numpy.", "jax.random.")) or q == "jax.device_put":
            if self.jax_on_cpu():
                return "cpu"  # os.environ["JAX_PLATFORMS"] = "cpu": JAX has no GPU to put the array on
            return None  # a JAX array lives on JAX's default device (the GPU where there is one), `jnp.array(host)`
            # included: not known to be the CPU, whatever its operands are
        last = q.rsplit(".", 1)[-1]
        if q.startswith("torch.") and last in TORCH_FACTORIES:
            if last.endswith("_like") and expr.args:
                return self.placement(expr.args[0])
            return self._default_device()
        if q == "torch.from_numpy" or q.startswith(("torchvision.io.", "PIL.", "numpy.")):
            return "cpu"
        if q in LEGACY_CPU_TENSORS:
            return self._default_device()  # torch.FloatTensor(n, 3, h, w): the CPU type (torch.cuda.FloatTensor not)
        if m is not None and m not in self.functions and isinstance(expr.func.value, ast.Name) and \
                not self.is_tensorish(expr.func.value) and self._project_method_returns_cpu(expr):  # type: ignore
            return "cpu"  # agent.select_action(obs) of a project class whose method returns `mu.cpu().numpy()`
        if m is not None and m not in self.functions:  # x.flatten(), x.view(...): where x lives
            base = self.placement(expr.func.value)  # type: ignore[attr-defined]
            if base is not None:
                return base
        if _returns_scalar(self.functions.get(q) if q in self.functions else getattr(
                self.imported_function(expr), "node", None)):
            return None  # def capacity(device) -> int: a host number, whatever the body touches
        if returns_host_copy(self, expr, q):
            return "cpu"  # def iou(b): ...; kernel[g, t](d_b, d_out); return d_out.copy_to_host(): a host array
        if (q in self.functions and self._moves_to_gpu(self._def_run_by(q, expr))) or \
                self.imported_moves_to_gpu(expr):
            return "cuda"
        if m is not None and m in self.functions and dotted(expr.func.value) in self.classes and \
                self._moves_to_gpu(self.functions[m]):  # type: ignore[attr-defined]
            return "cuda"  # Utils.create_test_matrices(m, n, k): a static method of the file's class
        if isinstance(expr.func, ast.Name) and q in self.functions and self._returns_on_cpu(self._def_run_by(q, expr)):
            return "cpu"  # def to_tensor(s): return torch.tensor([...]): a CPU tensor, whatever it was handed
        if host_pipeline_call(self, expr):
            return "cpu"  # tf(img) of `tf = T.Compose([..., T.ToTensor()])`: torchvision makes a CPU tensor
        return self._join([self.placement(a) for a in expr.args])

    def _project_method_returns_cpu(self, expr: ast.Call) -> bool:
        """``expr`` calls a method of an instance of a class of the project's other modules (``agent =
        SacAgent(...)``, or through a factory of the file) whose every ``return`` gives a host value, as its own
        module sees it (``return mu.cpu().data.numpy().flatten()``): the call's value is on the CPU, not where the
        object's model lives (set 109, curl)."""
        view = getattr(self, "import_view", None)
        if view is None or not view.project.enabled:
            return False
        d = self.imported_method(expr)  # type: ignore[attr-defined]
        return d is not None and d.ctx._returns_on_cpu(d.node)

    def _returns_on_cpu(self, fn: ast.AST) -> bool:
        """Every ``return`` of the function (its own, not a nested one's) gives a value known to live on the CPU
        (``return torch.tensor(xs, dtype=torch.int32)``, a name last bound to one)."""
        memo = self.__dict__.setdefault("_wp_returns_cpu", {})
        if id(fn) not in memo:
            memo[id(fn)] = False  # (recursion: unknown)
            rets = own_returns(fn)
            memo[id(fn)] = bool(rets) and all(v is not None and self.placement(v) == "cpu" for v in rets)
        return memo[id(fn)]

    def _def_run_by(self, q: str, expr: ast.Call) -> ast.AST:
        """The ``def`` a call of the file's function ``q`` runs: for a plain name, the one in effect at the call (a
        notebook redefines a ``@cuda.jit`` kernel as a NumPy function under the same name in a later cell)."""
        if isinstance(expr.func, ast.Name) and getattr(expr, "lineno", None) is not None:
            fn = self._def_in_effect(q, expr)  # type: ignore[attr-defined]
            if fn is not None and hasattr(fn, "_wp_own_scope"):  # (a `def` inside a magic's own code: not walked)
                return fn
        return self.functions[q]

    def _local_bindings(self, scope: object) -> dict[str, list[tuple[ast.stmt | None, ast.AST | None]]] | None:
        """Names a function binds itself: assigned values, and None for a loop target, a ``with ... as`` name or a
        parameter (unknown). A name a function binds is looked up there, not in the rest of the file: ``tokens``
        of a ``for tokens in zip(...)`` is not the ``tokens = x.cuda()`` of another function."""
        if getattr(scope, "node", None) is None:
            return None  # (the module body too, in order: `w = torch.rand(n, n)` timed, then `w = w.to("cuda")`)
        return self.scope_bindings(scope)

    def scope_bindings(self, scope: object) -> dict[str, list[tuple[ast.stmt | None, ast.AST | None]]]:
        """:meth:`_local_bindings` of any scope, the module's included."""
        cache = self.__dict__.setdefault("_local_bind", {})
        if id(scope) in cache:
            return cache[id(scope)]
        out: dict[str, list[tuple[ast.stmt | None, ast.AST | None]]] = {}
        for p in getattr(scope, "params", ()):
            out.setdefault(p, []).append((None, None))
        for st in scope.stmts:  # type: ignore[attr-defined]
            targets: list[tuple[ast.AST, ast.AST | None]] = []
            if isinstance(st, ast.Assign):
                targets = [(t, st.value) for t in st.targets]
            elif isinstance(st, ast.AnnAssign) and st.value is not None:
                targets = [(st.target, st.value)]
            elif isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name) and st.target.id not in out:
                targets = [(st.target, st.value)]  # (`done |= hit` after `done = torch.zeros(...)` stays where it was)
            elif isinstance(st, (ast.For, ast.AsyncFor)):
                targets = [(st.target, None)]
            elif isinstance(st, (ast.With, ast.AsyncWith)):
                targets = [(it.optional_vars, None) for it in st.items if it.optional_vars is not None]
            if targets and ruled_out(self, st):
                continue  # `if ok and use_gpu: x = x.cuda()` after `use_gpu = False`: never bound so
            for t, v in targets:
                elts = t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]
                for e in elts:
                    if isinstance(e, ast.Name):
                        out.setdefault(e.id, []).append((st, v))
        cache[id(scope)] = out
        return out

    def _flow_placement(self, use: ast.Name, scope: object,
                        bindings: list[tuple[ast.stmt | None, ast.AST | None]]) -> str | None:
        """The bindings that can reach ``use``: the latest one before it in the function, and, in a loop, the ones
        later in the same loop (the next iteration sees them). ``logp = gathered.cpu().numpy()`` makes the
        ``logp`` read after it a NumPy array, whatever ``logp`` held before."""
        import bisect

        stmt = use._wp_stmt  # type: ignore[attr-defined]
        idx = stmt._wp_idx
        key = id(bindings)  # positions found by bisection: a module body binds a name many times
        cache = self.__dict__.setdefault("_bind_pos", {})
        if key not in cache:
            placed = [(st, v) for st, v in bindings if st is not None]  # in statement order (built so)
            cache[key] = (bindings, [st._wp_idx for st, _ in placed], placed,  # type: ignore[attr-defined]
                          [v for st, v in bindings if st is None])
        _, pos, placed, params = cache[key]
        k = bisect.bisect_left(pos, idx)
        before = placed[:k]
        if not before and params and not stmt._wp_loops:
            values = params  # `x = f(x)` first thing in a function, outside loops: the `x` it reads is the parameter
        elif not before:
            values = [v for _, v in bindings]
        else:
            latest = before[-1]
            loops = {id(lp) for lp in stmt._wp_loops}
            hi = max((lp._wp_end for lp in stmt._wp_loops), default=idx - 1)  # type: ignore[attr-defined]
            values = [latest[1]] + [v for st, v in placed[k:bisect.bisect_right(pos, hi)]  # type: ignore
                                    if loops & {id(lp) for lp in st._wp_loops}]  # type: ignore[union-attr]
            branch = _outer_if(latest[0], stmt)  # `if args.cuda: x = x.cuda()  else: x = x.cpu()`: both reach
            if branch is not None:
                lo_b = bisect.bisect_right(pos, branch._wp_idx)  # type: ignore[attr-defined]
                values += [v for st, v in before[lo_b:] if st._wp_idx <= branch._wp_end]  # type: ignore
            if not values:
                values = params
        places = [self.placement(v) if v is not None else
                  (self._param_placement(scope, use.id) if use.id in getattr(scope, "params", ()) else None)
                  for v in values]
        return "cuda" if "cuda" in places else ("cpu" if places and all(p == "cpu" for p in places) else None)

    def _param_placement(self, scope: object, name: str) -> str | None:
        """A parameter's placement from what the file's calls of its function hand it (``add_time(u, u)`` with
        ``u`` on the GPU): the GPU when one of them is and none is unknown, the CPU when all are, else unknown."""
        from ._call_sites import param_values

        fn = getattr(scope, "node", None)
        values = param_values(self, fn, name) if fn is not None else None
        if not values and fn is not None and getattr(self, "_wp_gpu_from_project", False):
            from ._project_users import project_param_placement  # a helper of the project: what its users hand it

            return project_param_placement(self, fn, name)
        if not values or not all(self.is_tensorish(v) or (isinstance(v, ast.Call) and self.method(v) in
                                                          ("cuda", "to", "contiguous", "float", "half"))
                                 for v in values):
            return None  # data only: a device or an object handed along (`device_name(args.device)`) is not read
        places = [self.placement(v) for v in values]
        if None in places:
            return None
        return "cuda" if "cuda" in places else "cpu"

    def _name_placement(self, d: str) -> str | None:
        """A name's placement over all its assignments, computed once per name (not once per use)."""
        cache = self.__dict__.setdefault("_name_place", {})
        if d in cache:
            return cache[d]
        cache[d] = None  # a cycle through this name resolves to unknown
        values = self.assigns.get(d, [])
        # an update from the name itself (`self.state = self.state * 0.5`) lives where the name lives: not read
        # (reading it would enter the cycle and leave its operands' placement cached as unknown)
        values = [v for v in values if not any(type(n) in (ast.Name, ast.Attribute) and dotted(n) == d
                                               for n in ast.walk(v))]
        if not values:
            return None
        places = [self.placement(v) for v in values]
        out = "cuda" if "cuda" in places else ("cpu" if all(p == "cpu" for p in places) else None)
        cache[d] = out
        return out

    def _moved_to_gpu_in_place(self) -> frozenset[str]:
        """Names a Chainer program moves to the GPU in place: ``x.to_gpu()`` as a statement (a ``chainer.Variable``
        or a link: Chainer's ``to_gpu`` moves the object's arrays and returns it), in a file that imports Chainer."""
        cached = self.__dict__.get("_wp_to_gpu_in_place")
        if cached is None:
            cached = frozenset()
            if any(q.split(".")[0] == "chainer" for q in self.imports.values()):
                cached = frozenset(c.func.value.id for c in self.calls if isinstance(c.func, ast.Attribute) and
                                   c.func.attr == "to_gpu" and isinstance(c.func.value, ast.Name) and
                                   isinstance(getattr(c, "_wp_parent", None), ast.Expr))
            self._wp_to_gpu_in_place = cached
        return cached

    def _moves_to_gpu(self, fn: ast.AST) -> bool:
        """A function of this file that puts data on the GPU itself (``.cuda()``, ``device="cuda"``...)."""
        cached = getattr(fn, "_wp_moves", None)
        if cached is None:
            args = getattr(fn, "args", None)
            cached = args is not None and any(  # def make(m, n, device="cuda"): its default puts data on the GPU
                isinstance(d, ast.Constant) and isinstance(d.value, str) and _DEVICE_STR.fullmatch(d.value)
                for d in [*args.defaults, *args.kw_defaults] if d is not None)
            for n in ([] if cached else self.nodes_in(fn)):
                if isinstance(n, ast.Call) and (self.method(n) == "cuda" or (self.call_name(n) or "").startswith(
                        ("cupy.", "triton.", "numba.cuda.")) or isinstance(n.func, ast.Subscript)):
                    cached = True
                elif isinstance(n, ast.Constant) and isinstance(n.value, str) and _DEVICE_STR.fullmatch(n.value) and \
                        not isinstance(getattr(n, "_wp_parent", None), ast.Compare):
                    cached = True  # (`if device.type == "cuda":` tests a device, it puts nothing there)
                if cached:
                    break
            fn._wp_moves = cached  # type: ignore[attr-defined]
        return cached

    def jax_on_cpu(self) -> bool:
        """The file makes JAX run on the CPU: every choice of its platform it writes names only the CPU
        (``os.environ["JAX_PLATFORMS"] = "cpu"``, ``os.environ.setdefault("JAX_PLATFORM_NAME", "cpu")``,
        ``jax.config.update("jax_platforms", "cpu")``): its arrays live in host memory and its ops return done."""
        out = self.__dict__.get("_wp_jax_cpu")
        if out is None:
            chosen = []
            for n in self.all_nodes():
                if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant):
                    for t in n.targets:
                        if isinstance(t, ast.Subscript) and _jax_platform_key(t.slice) and \
                                (dotted(t.value) or "").endswith("environ"):
                            chosen.append(n.value.value)
                elif isinstance(n, ast.Call) and len(n.args) == 2 and _jax_platform_key(n.args[0]) and \
                        isinstance(n.func, ast.Attribute) and n.func.attr in ("setdefault", "update", "putenv"):
                    chosen.append(n.args[1].value if isinstance(n.args[1], ast.Constant) else None)
            out = bool(chosen) and all(isinstance(v, str) and v.strip().lower() == "cpu" for v in chosen)
            self._wp_jax_cpu = out
        return out

    def hides_gpus(self) -> bool:
        """The program hides every GPU from itself before it runs anything: its module body sets
        ``os.environ["CUDA_VISIBLE_DEVICES"]`` (or ``os.environ.setdefault``/``putenv``) to ``"-1"`` or ``""`` at top
        level, outside any branch, and never to a device anywhere. CUDA (PyTorch, JAX, CuPy, TensorFlow, Numba) then
        finds no device: every op runs on the CPU and returns done (set 83: a JAX tutorial run "on CPU")."""
        out = self.__dict__.get("_wp_hides_gpus")
        if out is None:
            out = False
            if "CUDA_VISIBLE_DEVICES" in self.source:
                top, values = False, []
                for n in self.all_nodes():
                    v = None
                    if isinstance(n, ast.Assign) and any(
                            isinstance(t, ast.Subscript) and _visible_key(t.slice) for t in n.targets):
                        v = n.value
                    elif isinstance(n, ast.Call) and len(n.args) == 2 and _visible_key(n.args[0]) and \
                            isinstance(n.func, ast.Attribute) and n.func.attr in ("setdefault", "putenv"):
                        v = n.args[1]
                    else:
                        continue
                    values.append(v.value if isinstance(v, ast.Constant) else None)
                    stmt = n if isinstance(n, ast.stmt) else getattr(n, "_wp_stmt", None)
                    if stmt is not None and any(stmt is b for b in self.tree.body):
                        top = True
                out = top and all(isinstance(v, str) and v.strip() in ("", "-1") for v in values)
            self.__dict__["_wp_hides_gpus"] = out
        return out

    def _numpy_chains(self) -> set[int]:
        """Method calls chained on a variable inside ``torch.from_numpy(...)`` (``img.transpose(2, 0, 1)``,
        ``a.astype(np.float32).reshape(...)``): ``from_numpy`` takes only a NumPy array, so the chain is NumPy
        work on the host. A chain through a copy to the host (``t.cpu().numpy()``) is left alone."""
        ids = self.__dict__.get("_wp_np_chains")
        if ids is None:
            ids = set()
            for c in self.calls:
                if self.call_name(c) != "torch.from_numpy" or len(c.args) != 1:
                    continue
                chain, x = [], c.args[0]
                while isinstance(x, ast.Call) and isinstance(x.func, ast.Attribute):
                    chain.append(x)
                    x = x.func.value
                if chain and isinstance(x, (ast.Name, ast.Attribute)) and not any(
                        ch.func.attr in ("cpu", "numpy", "get", "detach", "tolist", "asnumpy", "copy_to_host")
                        for ch in chain):  # type: ignore[attr-defined]
                    ids.update(id(ch) for ch in chain)
            self._wp_np_chains = ids
        return ids

    def _names_dtype(self, a: ast.AST) -> bool:
        """``a`` is a name the file binds only to ``torch.<dtype>`` attributes (``proj_type = torch.float16``):
        ``x.to(proj_type)`` casts, and ``x`` stays where it is."""
        values = self.assigns.get(a.id, []) if isinstance(a, ast.Name) else []
        if not values and isinstance(a, ast.Name):  # a parametrized test's parameter: every row hands a dtype
            from .rules._test_params import test_rows

            scope = getattr(getattr(a, "_wp_stmt", None), "_wp_scope", None)
            if scope is not None and a.id in scope.params:
                values = test_rows(self, scope.node, a.id)  # type: ignore[arg-type]
        return bool(values) and all(isinstance(v, ast.Attribute) and (self.qualname(v) or "").startswith("torch.")
                                    and v.attr[:1].islower() for v in values)

    def on_cpu(self, call: ast.Call) -> bool:
        """Every tensor the call works on is known to live on the CPU (and the call does not move anything to the
        GPU itself): host work, whatever the ops are."""
        if (isinstance(call.func, ast.Subscript) and not self._container_item(call.func)) or \
                any(k.arg in ("grid", "block") for k in call.keywords):
            return False  # a kernel launch (PyCUDA takes grid=/block=): its NumPy scalars are arguments, not data
        q = self.call_name(call) or ""
        if q in self._kernels or q in self._cuda_ufuncs:  # type: ignore[attr-defined]
            return False  # (a Numba GPU ufunc copies host arrays in and runs on the GPU)
        if q.startswith("tensorflow."):
            from ._gpu_work import in_tf_gpu_scope
            from ._tf_device import on_default_gpu, tf_op

            if tf_op(self, call) and (in_tf_gpu_scope(self, call) or on_default_gpu(self, call)):
                return False  # TensorFlow copies host inputs to the GPU it places the op on
        if q in self.functions and self.imports_any("tensorflow"):
            from ._tf_device import runs_tf_gpu_op

            if runs_tf_gpu_op(self, self.functions[q]):
                return False  # gpu_mm(a_host, b_host) of `def gpu_mm(a, b): return tf.matmul(a, b)`: the same copy
        if q in ("torch.from_numpy", "torch.frombuffer"):
            return True  # a CPU tensor over host memory, whatever the array is
        if id(call) in self._numpy_chains():
            return True  # torch.from_numpy(img.transpose(2, 0, 1)): the chain works on a NumPy array
        if self.placement(call) == "cuda":
            return False  # cp.asarray(host_array), torch.tensor(xs, device="cuda"): the result lives on the GPU
        if (q in self.functions and self._moves_to_gpu(self.functions[q])) or self.imported_moves_to_gpu(call):
            return False
        dev = next((k.value for k in call.keywords if k.arg == "device"), None)
        if dev is not None and self._device_value(dev) == "cpu":
            return True  # torch.rand(shape, device=device) in a section that set `device = "cpu"`
        operands = list(call.args) + [k.value for k in call.keywords if k.arg not in ("device",)]
        if isinstance(call.func, ast.Attribute) and (self.is_tensorish(call.func.value)
                                                     or self.placement(call.func.value) is not None):
            operands.insert(0, call.func.value)
        operands = [e for a in operands for e in (a.elts if isinstance(a, (ast.Tuple, ast.List)) else (a,))]
        from ._param_devices import host_number

        operands = [a for a in operands if not host_number(self, a)]  # `step(model, action=int(a))`: a number
        places = [self.placement(a) for a in operands]  # torch.cat((self.context, chunk)): each tensor it joins
        places += ["cpu" for a in operands if self._carried_on_cpu(a, operands) or self._joined_with_carried(a)]
        last = q.rsplit(".", 1)[-1]
        if q in LEGACY_CPU_TENSORS or \
                q.startswith("torch.") and (last in TORCH_FACTORIES or (q.startswith("torch.nn.") and last[:1].isupper())) \
                and not any(k.arg == "device" for k in call.keywords) and not q.endswith("_like"):
            return self._default_device() == "cpu"  # a tensor or module built on the CPU (parameters included)
        return "cpu" in places and "cuda" not in places


    def joins_carried_cpu_state(self, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """A method that joins one of its parameters with state carried on the CPU (``_joined_with_carried``)."""
        for p in fn.args.args[1:]:
            use = ast.Name(id=p.arg, ctx=ast.Load())
            use._wp_stmt = fn.body[0]  # type: ignore[attr-defined]
            if self._joined_with_carried(use):
                return True
        return False

    def _joined_with_carried(self, a: ast.AST) -> bool:
        """A parameter of a method joined with carried CPU state (``torch.cat((self.context, chunk))``, see
        ``_carried_on_cpu``): the op raises unless it is on the CPU too, so every op of the method on it is host work
        (``chunk = F.pad(chunk, ...)`` before the join)."""
        if not isinstance(a, ast.Name):
            return False
        fn = getattr(getattr(getattr(a, "_wp_stmt", None), "_wp_scope", None), "node", None)
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or a.id not in {p.arg for p in fn.args.args}:
            return False
        memo = self.__dict__.setdefault("_wp_joined_carried", {})
        if id(fn) not in memo:
            memo[id(fn)] = set()
            for n in ast.walk(fn):
                if isinstance(n, ast.Call):
                    ops = [e for x in n.args for e in (x.elts if isinstance(x, (ast.Tuple, ast.List)) else (x,))]
                    if any(self._carried_on_cpu(o, ops) for o in ops):
                        memo[id(fn)] |= {o.id for o in ops if isinstance(o, ast.Name)}
        return a.id in memo[id(fn)]

    def _carried_on_cpu(self, a: ast.AST, operands: list[ast.AST]) -> bool:
        """``self.context`` in ``torch.cat((self.context, chunk))`` of a class that builds it on the CPU in
        ``__init__`` and otherwise binds it only to a slice of an operand of this same call (``self.context =
        chunk[-k:]``): state carried from call to call. Its first value is on the CPU, an op raises on tensors of two
        devices, so the other operands are on the CPU too and every later value as well (set 106)."""
        d = dotted(a) if isinstance(a, ast.Attribute) else None
        if d is None or not d.startswith("self.") or d.count(".") != 1:
            return False
        from ._gpu_work import enclosing_class
        cls = enclosing_class(a)
        names = {dotted(o) for o in operands if o is not a} - {None}
        init_cpu = False
        for fn in (cls.body if cls is not None else ()):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for st in ast.walk(fn):
                targets = st.targets if isinstance(st, ast.Assign) else \
                    [st.target] if isinstance(st, (ast.AugAssign, ast.AnnAssign)) else []
                if not any(dotted(t) == d for t in targets):
                    continue
                v = getattr(st, "value", None)
                if fn.name == "__init__" and isinstance(st, ast.Assign) and v is not None and \
                        self.placement(v) == "cpu":
                    init_cpu = True
                    continue
                base = v
                while isinstance(base, ast.Subscript):
                    base = base.value
                if not (isinstance(st, ast.Assign) and isinstance(base, ast.Name) and base.id in names):
                    return False
        return init_cpu


def _jax_platform_key(k: ast.AST) -> bool:
    """``"JAX_PLATFORMS"`` / ``"JAX_PLATFORM_NAME"`` (the environment) or ``"jax_platforms"`` /
    ``"jax_platform_name"`` (``jax.config``)."""
    return isinstance(k, ast.Constant) and isinstance(k.value, str) and \
        k.value.lower() in ("jax_platforms", "jax_platform_name")


def _visible_key(k: ast.AST) -> bool:
    """``"CUDA_VISIBLE_DEVICES"``: the GPUs the program may see."""
    return isinstance(k, ast.Constant) and k.value == "CUDA_VISIBLE_DEVICES"
