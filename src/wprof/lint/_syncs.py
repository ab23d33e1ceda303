"""Which calls wait for the device (a mixin of :class:`wprof.lint._context.Context`).

Explicit synchronizes, hidden ones (``.item()``, ``.cpu()``, a branch on a tensor), calls known to wait (``do_bench``,
``torch.utils.benchmark``, Hugging Face ``generate()``, an NCCL barrier), aliases of a synchronize function, and
functions of the same file that synchronize, to a fixed point (through ``torch.compile`` wrappers too).
"""

from __future__ import annotations

import ast

from ._formatted import device_value_call
from ._host_results import HostResults
from ._library_io import waits_for_data, waits_for_mps_work
from ._masks import data_sized, mask_value
from ._wait_facts import (
    HOST_ONLY_LIBS as _HOST_ONLY_LIBS, HOST_READING_METHODS as _HOST_READING_METHODS,
    HOST_VALUE_FUNCS as _HOST_VALUE_FUNCS, HOST_VALUE_METHODS as _HOST_VALUE_METHODS, XLA_WAITS as _XLA_WAITS,
)
from ._waits import library_waits
from ._names import (
    COMPILERS, HIDDEN_SYNC_FUNCS, HIDDEN_SYNC_METHODS, SYNC_ATTRS, SYNC_FUNCS, SYNCING_CALLS,
    SYNCING_LAST_NAMES, SYNCING_METHODS, unwrap_moves,
)


class SyncModel(HostResults):
    """``is_sync(call, hidden=...)`` and the per-file summaries it needs."""

    def launch_blocking(self) -> bool:
        """The program sets ``CUDA_LAUNCH_BLOCKING=1`` before CUDA starts (``os.environ["CUDA_LAUNCH_BLOCKING"] =
        "1"``, ``os.environ.setdefault(...)``, ``os.putenv(...)`` in the module body before any GPU call, or a
        notebook's ``%env CUDA_LAUNCH_BLOCKING=1`` before it): every kernel launch returns when the kernel is done,
        so a host clock read after GPU work covers it (WP102, WP115 have nothing to report)."""
        cached = self.__dict__.get("_wp_launch_blocking")
        if cached is None:
            cached = False
            if "CUDA_LAUNCH_BLOCKING" in self.source:
                first_gpu = min((getattr(c, "lineno", 0) for c in self.calls if self._starts_cuda(c)),
                                default=1 << 30)
                cached = any(line < first_gpu for line in self._launch_blocking_lines())
            self._wp_launch_blocking = cached
        return cached

    def _starts_cuda(self, c: ast.Call) -> bool:
        q = self.call_name(c) or ""
        return q.startswith(("torch.cuda.", "cupy.", "cupyx.", "numba.cuda.", "pycuda.")) or \
            self.method(c) in ("cuda", "to") or self.is_gpu_work(c)

    def _launch_blocking_lines(self) -> list[int]:
        import re

        from ._names import dotted

        out = []
        for st in self.tree.body:  # the module body only: set in a function, it may run after CUDA started
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Subscript):
                t = st.targets[0]
                if dotted(t.value) in ("os.environ", "environ") and _const(t.slice) == "CUDA_LAUNCH_BLOCKING" and \
                        _const(st.value) == "1":
                    out.append(st.lineno)
            elif isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
                c = st.value
                q = dotted(c.func) or ""
                if not q.endswith(("environ.setdefault", "putenv")):
                    continue
                args = [_const(a) for a in c.args]
                if args[:2] == ["CUDA_LAUNCH_BLOCKING", "1"]:
                    out.append(st.lineno)
        for m in getattr(self, "magics", ()) or ():
            if m.name == "env" and re.fullmatch(r"\s*CUDA_LAUNCH_BLOCKING\s*[= ]\s*['\"]?1['\"]?\s*", m.args or ""):
                out.append(m.line)
        return out

    def is_sync(self, call: ast.Call, *, hidden: bool = True) -> bool:
        """Device synchronizations: explicit ones, calls known to wait for the device (``do_bench``, a
        ``torch.utils.benchmark`` measurement) and functions of this file that synchronize; with ``hidden``, also
        ``.item()``, ``.cpu()``, ``.tolist()``, ``.numpy()`` and functions of this file that call them."""
        q, m = self.call_name(call), self.method(call)
        if self._named_sync(call, q, m, hidden) or self._attr_sync_alias(call):
            return True
        if self._numba_host_launch(call) or self._in_auto_synchronize(call):
            return True
        if isinstance(call.func, ast.Call) and self.method(call.func) == "prepared_timed_call":
            return True  # PyCUDA: `f.prepared_timed_call(grid, block, ...)()` waits on its end event, returns the time
        if hidden and m == "get" and not call.args and not call.keywords and \
                self.placement(call.func.value) == "cuda":  # type: ignore[attr-defined]
            return True  # a_gpu.get(): a CuPy/PyCUDA array copied to the host
        if self.returns_host_objects(call) or self._plateau_step(call):
            return True
        if hidden and isinstance(call.func, ast.Name) and call.func.id == "print" and self._prints_device(call):
            return True  # print(c) of a CuPy array or a CUDA tensor copies it to the host
        if hidden and self._formats_device(call):
            return True  # log.info(f"loss {loss:.4f}"), "{}".format(loss), str(loss): the value is copied to the host
        if hidden and isinstance(call.func, ast.Name) and call.func.id not in self.functions and \
                self._param_returns_host(call.func.id):
            return True
        if hidden and isinstance(call.func, ast.Name) and self._instance_syncs(call.func.id):
            return True  # det(img) where `det = Detector().cuda()` and Detector.forward ends in `.cpu().numpy()`
        name = call.func.id if isinstance(call.func, ast.Name) else m
        if name is not None and name in self.functions:  # f(...) or self.sync(...): a function of this file
            return name in self._syncing_functions(hidden)
        if self.imported_function(call) is not None:  # a function of another module of the project, read there
            return self.imported_syncs(call, hidden)
        if hidden and self.imported_method_syncs(call, hidden):
            return True  # tracker.update(loss, ...): a method of a project class's instance reads the loss
        if self.extension_entry_syncs(call):  # an extension entry whose C++ source waits for the device
            return True
        if isinstance(call.func, ast.Name):
            origin = self.imports.get(call.func.id) or self.relative_imports.get(call.func.id)
            return _imported_sync(origin) or self._name_syncs(call.func.id, hidden)
        return False

    def _numba_host_launch(self, call: ast.Call) -> bool:
        """``kern[grid, block](a, b)``: a ``@cuda.jit`` kernel of this file launched (no stream) with a host NumPy
        array (``a = np.ones(...)``): Numba copies it to the device before the launch and back after it, so the
        launch returns when the kernel is done (a wait, besides work)."""
        f = call.func
        if isinstance(f, ast.Name) and f.id in self._cuda_ufuncs:  # a GPU ufunc handed a host array returns a host
            return any(self._host_array(a) for a in call.args)  # array: copied back once the kernel is done
        if not isinstance(f, ast.Subscript) or not isinstance(f.value, ast.Name) or \
                not isinstance(f.slice, ast.Tuple) or len(f.slice.elts) != 2:
            return False
        fn = self.functions.get(f.value.id)
        if fn is None or not any(_qualify(self, d) == "numba.cuda.jit" for d in fn.decorator_list):  # type: ignore
            return False
        return any(isinstance(a, ast.Name) and self._numpy_only(a.id) for a in call.args)

    def _host_array(self, a: ast.AST, seen: frozenset = frozenset()) -> bool:
        """``a`` is a host NumPy array: placed on the CPU, a NumPy call, or a name bound only to NumPy calls and
        to the results of the file's Numba ufuncs on host arrays (``a = gpu_ufunc(a)``: copied back)."""
        if self.placement(a) == "cpu" or (isinstance(a, ast.Name) and self._numpy_only(a.id)):
            return True
        if isinstance(a, ast.Call):
            return (self.call_name(a) or "").startswith("numpy.") or (
                isinstance(a.func, ast.Name) and a.func.id in self._numba_ufuncs() and
                any(self._host_array(x, seen) for x in a.args))
        if isinstance(a, ast.Name) and a.id not in seen and len(seen) < 4:
            vals = self.assigns.get(a.id, [])
            return bool(vals) and all(self._host_array(v, seen | {a.id}) for v in vals)
        return isinstance(a, ast.Name) and a.id in seen  # (`a = ufunc(a)`: what it was before)

    def _numba_ufuncs(self) -> set:
        """The file's functions made Numba ufuncs, for any target (``@vectorize([...], target="cpu")`` too)."""
        memo = self.__dict__.get("_wp_numba_ufuncs")
        if memo is None:
            memo = {n for n, fn in self.functions.items() if any(
                (_qualify(self, d) or "").rsplit(".", 1)[-1] in ("vectorize", "guvectorize") and
                (_qualify(self, d) or "").startswith("numba.") for d in getattr(fn, "decorator_list", ()))}
            self._wp_numba_ufuncs = memo
        return memo

    def _numpy_only(self, name: str) -> bool:
        """Every binding of ``name`` in this file is a NumPy call (``np.ones(...)``, ``np.zeros_like(a)``,
        ``np.random.rand(n).astype(np.float32)``): a host array."""
        vals = self.assigns.get(name, [])
        if not vals:
            return False
        for v in vals:
            while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and \
                    v.func.attr in ("astype", "reshape", "copy", "ravel", "flatten", "T"):
                if (self.call_name(v) or "").startswith("numpy."):
                    break
                v = v.func.value
            if not (isinstance(v, ast.Call) and (self.call_name(v) or "").startswith("numpy.")):
                return False
        return True

    def _in_auto_synchronize(self, call: ast.Call) -> bool:
        """A call inside ``with stream.auto_synchronize():`` (Numba): the stream is synchronized at the block's exit,
        before anything after the block runs, so the block's work is waited for."""
        ids = self.__dict__.get("_wp_autosync")
        if ids is None:
            ids = set()
            if "auto_synchronize" in self.source:
                for n in ast.walk(self.tree):
                    if isinstance(n, (ast.With, ast.AsyncWith)) and any(
                            isinstance(i.context_expr, ast.Call) and
                            isinstance(i.context_expr.func, ast.Attribute) and
                            i.context_expr.func.attr == "auto_synchronize" and not i.context_expr.args
                            for i in n.items):
                        ids.update(id(c) for st in n.body for c in ast.walk(st) if isinstance(c, ast.Call))
            self._wp_autosync = ids
        return id(call) in ids

    def _instance_syncs(self, name: str) -> bool:
        """``name`` is bound only to instances of one class of this file (``Detector(...)``, through ``.cuda()``,
        ``.to(...)``, ``.eval()``) whose ``__call__`` or ``forward`` waits for the device itself (a copy to the
        host, ``.item()``, a synchronize): calling the instance waits."""
        from ._names import dotted

        cache = self.__dict__.setdefault("_wp_instance_sync", {})
        if name in cache:
            return cache[name]
        cache[name] = False
        classes = set()
        for v in self.assigns.get(name, []):
            v = unwrap_moves(v)
            cls = dotted(v.func) if isinstance(v, ast.Call) else None
            if cls is not None and cls not in self.classes and isinstance(v, ast.Call):
                d = self.imported_def(v.func)  # a model class of the user's modules: read where it is defined
                classes.add(d if d is not None and isinstance(d.node, ast.ClassDef) else None)
                continue
            classes.add(cls if cls in self.classes else None)
        if len(classes) != 1 or None in classes:
            return False
        if not isinstance(next(iter(classes)), str):
            from ._imported import function_syncs

            d = classes.pop()
            cache[name] = any(d.ctx._branches_in(f) or function_syncs(d.ctx, f, True) for f in d.node.body
                              if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                              f.name in ("__call__", "forward"))
            return cache[name]
        cls_node = self.classes[classes.pop()]
        synced = self._syncing_functions(True)
        out = False
        for f in cls_node.body:
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name in ("__call__", "forward"):
                out = out or self._branches_in(f) or any(
                    self._direct_sync(c, True) or (isinstance(c.func, ast.Name) and c.func.id in synced)
                    for c in self.calls_in_function(f))
        cache[name] = out
        return out

    def _plateau_step(self, call: ast.Call) -> bool:
        """``sched.step(loss)`` of a ``ReduceLROnPlateau``: it calls ``float(loss)``, a copy to the host."""
        from ._names import dotted

        if self.method(call) != "step" or not call.args:
            return False
        name = dotted(call.func.value)  # type: ignore[attr-defined]
        return name is not None and any(isinstance(v, ast.Call) and (self.call_name(v) or "").endswith(
            "ReduceLROnPlateau") for v in self.assigns.get(name, ()))

    def _formats_device(self, call: ast.Call) -> bool:
        """The call formats a device tensor into text: an f-string argument with a tensor field, ``"...".format(t)``,
        ``str(t)``; formatting reads the value on the host."""
        vals: list[ast.AST] = []
        for a in [*call.args, *(k.value for k in call.keywords)]:
            if isinstance(a, ast.JoinedStr):
                vals += [v.value for v in a.values if isinstance(v, ast.FormattedValue)]
        if self.method(call) == "format" and isinstance(call.func.value, ast.Constant) or \
                (isinstance(call.func, ast.Name) and call.func.id in ("str", "repr") and len(call.args) == 1):  # type: ignore
            vals += list(call.args)
        return any((isinstance(v, (ast.Name, ast.Attribute, ast.Subscript)) and not _meta_attr(v) and
                    self.is_tensorish(v) and self.placement(v) != "cpu") or device_value_call(self, v) for v in vals)

    def _prints_device(self, call: ast.Call) -> bool:
        vals: list[ast.AST] = []
        for a in call.args:
            vals += [v.value for v in a.values if isinstance(v, ast.FormattedValue)] if isinstance(a, ast.JoinedStr) \
                else [a]
        return any((isinstance(v, (ast.Name, ast.Attribute, ast.Subscript)) and
                    (self.placement(v) == "cuda" or self.is_tensorish(v)) and self.placement(v) != "cpu") or
                   device_value_call(self, v) for v in vals)

    def stmt_waits(self, stmt: ast.stmt) -> bool:
        """What a statement does besides its calls that waits for the device: a selection by a mask on the device, a
        store into a CPU tensor (:meth:`masks_on_device`), a %-format of a device value (``"%.4f" % loss``), a
        statement whose only GPU work is blocking copies from the host (``torch.tensor([tok], device="cuda")``)."""
        from ._waits import host_copy_waits, percent_formats_device

        return self.masks_on_device(stmt) or percent_formats_device(self, stmt) or host_copy_waits(self, stmt)

    def masks_on_device(self, stmt: ast.stmt) -> bool:
        """``out[out[:, 4] > 0.3]``: indexing a device tensor with a boolean mask needs the number of hits on the
        host (a nonzero): it waits for the device. Also ``host[:] = y`` / ``host[i] = y``: a GPU tensor stored into a
        CPU tensor is copied to (pageable) host memory, which waits for it."""
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript) \
                and isinstance(stmt.targets[0].value, ast.Name) and self.is_tensorish(stmt.targets[0].value) and \
                self.placement(stmt.targets[0].value) == "cpu" and self.placement(stmt.value) == "cuda":
            return True
        for n in getattr(stmt, "_wp_nodes", ()):
            if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Compare) and \
                    (self.placement(n.value) == "cuda" or self.is_tensorish(n.value)) and \
                    self.placement(n.value) != "cpu":
                return True
            if isinstance(n, ast.Subscript) and mask_value(self, n.slice):
                return True  # df.loc[cp.logical_and(a > t0, b == k)], x[(a > 0) & (b < 1)]: a mask on the device
        return False

    def _host_reader(self, c: ast.Call) -> bool:
        """The receiver of ``.decode(ids)`` is a tokenizer or processor (not a VAE's ``decode(latents)``, GPU work),
        of ``.add_scalar(...)`` a summary writer."""
        from ._names import dotted

        if self.method(c) in ("add_scalar", "add_scalars", "add_histogram"):
            return True
        recv = dotted(c.func.value) or ""  # type: ignore[attr-defined]
        last = recv.rsplit(".", 1)[-1].lower()
        if "tok" in last or "processor" in last:
            return True
        return any(isinstance(v, ast.Call) and any(w in (self.call_name(v) or dotted(v.func) or "")
                                                   for w in ("Tokenizer", "Processor", "tiktoken"))
                   for v in self.assigns.get(recv, ()))

    def _device_pointer(self, v: ast.AST) -> bool:
        """``int(d_buf)`` of ``d_buf = cuda.mem_alloc(n)``: the allocation's address, not a value read back."""
        from ._names import dotted

        d = dotted(v)
        values = self.assigns.get(d, []) if d is not None else []
        return bool(values) and all(isinstance(x, ast.Call) and (self.call_name(x) or "").rsplit(".", 1)[-1] in
                                    ("mem_alloc", "mem_alloc_like", "cudaMalloc", "cuMemAlloc") for x in values)

    def _host_library_reads(self, c: ast.Call, q: str | None) -> bool:
        """``Image.fromarray(img)``, ``cv2.imwrite(path, img)``, ``plt.imshow(img)`` where ``img`` was computed from
        GPU results (``img = postprocess(out[0])`` after ``out = net(x)``): a host-only library can only take host
        bytes, so the value was copied to the host on the way (in a helper the linter may not read): it waits."""
        if not q or q.split(".")[0] not in _HOST_ONLY_LIBS:
            return False
        return any(self._gpu_derived(a) for a in [*c.args, *(k.value for k in c.keywords)])

    def _gpu_derived(self, a: ast.AST) -> bool:
        """``a`` is a GPU value, or a name its scope binds (once, before) from an expression over one (a loop
        variable over GPU results too)."""
        from ._names import dotted
        from ._walk import alias_key

        def gpu(n: ast.AST) -> bool:
            if not isinstance(n, (ast.Name, ast.Attribute, ast.Subscript)):
                return False
            if self._tensor_value(n):
                return True
            key = alias_key(n) if isinstance(n, ast.Name) else None  # `for j, out in enumerate(outs)`: outs
            if key is None or key == getattr(n, "id", None) or self._name_placement(key) == "cpu":
                return False
            return any(self.is_tensorish(v) or self.placement(v) == "cuda" or
                       (isinstance(v, ast.Call) and dotted(v.func) in self._gpu_callables)
                       for v in self.assigns.get(key, ()))

        def values(e: ast.AST):  # the nodes whose values the expression reads: not `.shape`/`.dtype`/`len(...)`
            todo = [e]
            while todo:
                n = todo.pop()
                if (isinstance(n, ast.Attribute) and n.attr in _METADATA) or (
                        isinstance(n, ast.Call) and (self.method(n) in _METADATA or
                                                     (isinstance(n.func, ast.Name) and n.func.id == "len"))):
                    continue
                yield n
                todo.extend(ast.iter_child_nodes(n))

        if any(gpu(n) for n in values(a)):
            return True  # (`Image.fromarray(to_uint8(y))`: through a call)
        if not isinstance(a, ast.Name):
            return False
        stmt = getattr(a, "_wp_stmt", None)
        scope = getattr(stmt, "_wp_scope", None)
        if stmt is None or scope is None:
            return False
        binds = [st for st in self.scope_assigns(a.id, scope) if st._wp_idx < stmt._wp_idx]  # type: ignore
        if len(binds) != 1 or not isinstance(binds[0], ast.Assign):
            return False
        return any(gpu(n) for n in values(binds[0].value))

    def _uses_jax(self) -> bool:
        return any(q == "jax" or q.startswith("jax.") for q in self.imports.values())

    def _tensor_value(self, v: ast.AST) -> bool:
        """A tensor expression (``x``, ``x[i]``, ``x.abs()``, ``x > 0``), not known to be on the CPU."""
        if isinstance(v, ast.Compare):
            return any(self._tensor_value(x) for x in (v.left, *v.comparators))
        return (self.is_tensorish(v) or self.placement(v) == "cuda") and self.placement(v) != "cpu"

    def branches_on_device(self, stmt: ast.stmt) -> bool:
        """``if idx_next == eos_id: return ...`` / ``while (x > 0).item()``-free tests on a tensor: deciding the
        branch needs the comparison's value on the host (``bool()`` of a tensor), which waits for the device. Only a
        comparison with a tensor operand (not its ``.shape``, ``.dtype``, ``.device``, ``is None``) counts."""
        if not isinstance(stmt, (ast.If, ast.While, ast.Assert)):
            return False
        if isinstance(stmt, ast.While) and any(isinstance(n, ast.Call) and self.method(n) == "query" and not n.args
                                               for n in ast.walk(stmt.test)):
            return True  # `while not end.query(): pass`: a busy wait for the event (or stream)
        test = stmt.test.operand if isinstance(stmt.test, ast.UnaryOp) and isinstance(stmt.test.op, ast.Not) \
            else stmt.test
        if isinstance(test, ast.Name) and self.is_tensorish(test) and self.placement(test) == "cuda":
            return True  # `if done:` / `while not finished:` on a CUDA tensor: bool() of it waits
        if isinstance(test, ast.Call) and device_value_call(self, test):
            return True  # `if not cp.allclose(c, ref):`, `assert torch.isfinite(y).all()`: bool() of a device result
        for n in ast.walk(stmt.test):
            if isinstance(n, ast.Compare) and all(isinstance(op, _VALUE_OPS) for op in n.ops) and any(
                    self._device_operand(x) for x in (n.left, *n.comparators)):
                return True
        return False

    def _device_operand(self, x: ast.AST) -> bool:
        if not isinstance(x, (ast.Name, ast.Subscript)):
            return False  # x.shape[0], len(x), x.dim(): host values
        if isinstance(x, ast.Subscript) and not isinstance(x.value, ast.Name):
            return False
        return (self.is_tensorish(x) or self.placement(x) == "cuda") and self.placement(x) != "cpu"

    def _calls_of(self, fname: str) -> list[ast.Call]:
        """The calls ``fname(...)`` of a plain name in this file (indexed once; rules read it too)."""
        by_name = self.__dict__.get("_calls_by_fn")
        if by_name is None:
            by_name = {}
            for c in self.calls:
                if isinstance(c.func, ast.Name):
                    by_name.setdefault(c.func.id, []).append(c)
            self._calls_by_fn = by_name
        return by_name.get(fname, [])

    def _passed_values(self, name: str) -> list[ast.AST]:
        """The arguments every call of a function of this file passes for its parameter ``name`` (plain names only:
        ``run(pipe_fp16, prompt)`` -> ``[pipe_fp16]``); empty when one call does not pass a name for it."""
        out: list[ast.AST] = []
        params = self.__dict__.get("_fns_by_param")
        if params is None:  # parameter name -> the functions of this file that take it, indexed once
            params = {}
            for fname, fn in self.functions.items():
                for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs):
                    params.setdefault(a.arg, []).append((fname, fn))
            self._fns_by_param = params
        for fname, fn in params.get(name, ()):
            pos = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
            for c in self._calls_of(fname):
                i = pos.index(name) if name in pos else len(c.args) + 1
                kw = [k.value for k in c.keywords if k.arg == name]
                v = kw[0] if kw else (c.args[i] if i < len(c.args) else None)
                if not isinstance(v, ast.Name) or any(isinstance(a, ast.Starred) for a in c.args[:i + 1]):
                    return []
                out.append(v)
        return out

    def _param_returns_host(self, name: str) -> bool:
        """``func`` is a parameter of a function of the file whose every caller passes a callable that returns host
        data: a lambda ending in ``.cpu()``/``.numpy()``/``.item()``/``.tolist()``, or a callable handed only CPU
        arguments (an extension called on NumPy arrays). Calling it waits for the device."""
        cache = self.__dict__.setdefault("_param_host", {})
        if name in cache:
            return cache[name]
        cache[name] = False
        sites: list[tuple[ast.AST, list[ast.AST]]] = []
        for fname, fn in self.functions.items():
            pos = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
            if name not in pos:
                continue
            index = pos.index(name)
            for c in self._calls_of(fname):
                if index >= len(c.args) or any(isinstance(a, ast.Starred) for a in c.args[:index + 1]):
                    return False
                sites.append((c.args[index], list(c.args[index + 1:])))
        out = bool(sites)
        for value, rest in sites:
            if isinstance(value, ast.Lambda) and isinstance(value.body, ast.Call):
                m = self.method(value.body)
                out = out and (m in HIDDEN_SYNC_METHODS or m == "numpy")
            else:
                out = out and bool(rest) and all(self.placement(a) == "cpu" for a in rest)  # type: ignore
        cache[name] = out
        return out

    def _name_syncs(self, name: str, hidden: bool) -> bool:
        """A name bound to a synchronize (``sync = torch.cuda.synchronize``) or to a compiled syncing function
        (``g = torch.compile(f)``); cached per name, so a name assigned in many places costs one pass."""
        cache = self.__dict__.setdefault("_name_sync", {})
        key = (name, hidden)
        if key not in cache:
            cache[key] = self._sync_alias(name) or any(
                isinstance(v, ast.Call) and self.call_name(v) in COMPILERS and v.args and
                isinstance(v.args[0], ast.Name) and v.args[0].id in self._syncing_functions(hidden)
                for v in self.assigns.get(name, []))
        return cache[key]

    def _syncing_functions(self, hidden: bool) -> set[str]:
        """Functions of this file that synchronize (directly or through another one), to a fixed point."""
        cache = self.__dict__.setdefault("_syncing", {})
        if hidden in cache:
            return cache[hidden]
        out: set[str] = set()
        cache[hidden] = out  # a recursive query during the computation sees the partial set
        changed = True
        while changed:
            changed = False
            for fname, fn in self.functions.items():
                if fname in out:
                    continue
                if hidden and self._branches_in(fn):
                    out.add(fname)  # `if idx_next == eos_id: return idx`: each step waits for its token
                    changed = True
                    continue
                for c in self.calls_in_function(fn):
                    if self._direct_sync(c, hidden) or self._callee_name(c) in out:
                        out.add(fname)
                        changed = True
                        break
        return out

    def _branches_in(self, fn: ast.AST) -> bool:
        cached = getattr(fn, "_wp_tensor_branch", None)
        if cached is None:
            todo, cached = [fn._wp_own_scope], False  # type: ignore[attr-defined]
            while todo and not cached:
                sc = todo.pop()
                cached = any(self.branches_on_device(st) for st in sc.stmts)
                todo.extend(sc.children)
            fn._wp_tensor_branch = cached  # type: ignore[attr-defined]
        return cached

    def _sync_alias(self, name: str) -> bool:
        """``name`` is bound to a synchronize function itself (not called): ``sync = torch.cuda.synchronize``,
        ``wait = lambda: None`` then ``wait = wait_for_cuda`` (a function of the file that synchronizes), or a
        parameter every caller of its function passes such a value to (``_bench(fn, wait_fn)``, also through
        ``functools.partial``)."""
        cache = self.__dict__.setdefault("_alias_cache", {})
        if name in cache:
            return cache[name]
        cache[name] = False  # recursion through a cycle of names
        values = self.assigns.get(name, [])
        refs = [self._sync_ref(v) for v in values]
        out = bool(values) and all(r is not False for r in refs) and any(r is True for r in refs)
        if not values:
            out = self._param_sync(name)
        cache[name] = out
        return out

    def _sync_ref(self, v: ast.AST) -> bool | None:
        """True: a synchronize function; None: a no-op (``lambda: None``, ``None``), the CPU fallback; False."""
        if isinstance(v, ast.IfExp):  # torch.cuda.synchronize if device == "cuda" else lambda: None
            a, b = self._sync_ref(v.body), self._sync_ref(v.orelse)
            return True if True in (a, b) and False not in (a, b) else (None if a is b is None else False)
        if (isinstance(v, ast.Lambda) and isinstance(v.body, ast.Constant)) or \
                (isinstance(v, ast.Constant) and v.value is None):
            return None
        if (isinstance(v, ast.Attribute) and v.attr in SYNC_ATTRS) or self.qualname(v) in SYNC_FUNCS:
            return True
        if isinstance(v, ast.Lambda) and isinstance(v.body, ast.Call):  # sync = lambda: torch.cuda.synchronize()
            return self._direct_sync(v.body, False) or self._callee_name(v.body) in self._syncing_functions(False)
        if isinstance(v, ast.Name):
            if v.id in self.functions:
                if v.id in self._syncing_functions(False):
                    return True
                return None if _noop(self.functions[v.id]) else False  # `def nothing(): pass`: the CPU fallback
            return self._sync_alias(v.id)
        return False

    def _param_sync(self, name: str) -> bool:
        sites: list[ast.AST] = []
        for fname, fn in self.functions.items():
            args = fn.args
            pos = [a.arg for a in (*args.posonlyargs, *args.args)]
            if name not in pos and name not in [a.arg for a in args.kwonlyargs]:
                continue
            index = pos.index(name) if name in pos else None
            for c in self.calls:
                callee, shift = c.func, 0
                if (self.call_name(c) or "").endswith("partial") and c.args:
                    callee, shift = c.args[0], 1
                if not (isinstance(callee, ast.Name) and callee.id == fname):
                    continue
                kw = [k.value for k in c.keywords if k.arg == name]
                if kw:
                    sites.append(kw[0])
                elif index is not None and index + shift < len(c.args):
                    sites.append(c.args[index + shift])
                else:
                    return False  # a caller that does not pass it (a default, *args): unknown
        return bool(sites) and all(self._sync_ref(v) is True for v in sites)

    def _named_sync(self, c: ast.Call, q: str | None, m: str | None, hidden: bool) -> bool:
        """What a call shows by itself (``q`` its qualified name, ``m`` its method): an explicit synchronize or a call
        known to wait; with ``hidden``, also a copy to the host (``.item()``...), a branch on a tensor reduction, a
        store into a CPU tensor."""
        if q == "torch.mps.synchronize":
            return waits_for_mps_work(self, c)  # waits for an Apple GPU: for a function whose device is "mps" only;
            # beside CUDA paths nothing a CUDA run queued (`if device == "mps": torch.mps.synchronize()`)
        if q in SYNC_FUNCS or q in SYNCING_CALLS:
            return True
        if q in _XLA_WAITS and (q.endswith("wait_device_ops") or any(
                k.arg == "wait" and isinstance(k.value, ast.Constant) and k.value.value is True for k in c.keywords)):
            return True  # torch_xla: run the pending graph and wait for it (an XLA device's synchronize)
        if q is not None and q.rsplit(".", 1)[-1] in SYNCING_LAST_NAMES and q not in self.functions:
            return True
        if m in SYNC_ATTRS or (m in SYNCING_METHODS and m != "numpy"):
            return True
        if any(k.arg == "time_kernel" and isinstance(k.value, ast.Constant) and k.value.value is True
               for k in c.keywords):
            return True  # PyCUDA: `kern(..., time_kernel=True)` synchronizes the context before it returns
        if library_waits(self, c, q, hidden):
            return True  # a fact about the library (_wait_facts): a launch that copies back, a synchronous memcpy...
        if not hidden:
            return False
        if waits_for_data(self, c):  # dcp.save(state, ...), rref.to_here(), mx.eval(y): done when it returns
            return True
        if q in ("cupy.asnumpy", "pycuda.driver.memcpy_dtoh", "numba.cuda.synchronize"):
            return True  # a copy to the host waits for the device (CuPy, PyCUDA)
        if m == "copy_to_host" and len(c.args) <= 1 and not c.keywords:
            return True  # d_a.copy_to_host(): a Numba device array copied to the host, blocking (no stream given)
        if m == "copy_to_host" and not c.args and [k.arg for k in c.keywords] == ["stream"]:
            return True  # d_a.copy_to_host(stream=s) into a new (pageable) array: returns once the copy is done
        if m == "to_host" and not c.args and not c.keywords:
            return True  # d_a.to_host(): old Numba's blocking copy back into the host array it came from
        if (m in HIDDEN_SYNC_METHODS or m == "numpy") and not c.args and not c.keywords:
            return True
        if m == "copy_" and c.args and self.placement(c.func.value) == "cpu" and \
                self.placement(c.args[0]) != "cpu" and not any(
                    k.arg == "non_blocking" and not (isinstance(k.value, ast.Constant) and k.value.value is False)
                    for k in c.keywords):  # type: ignore[attr-defined]
            return True  # host_buf.copy_(dev_tensor): a blocking copy into a CPU tensor waits for the device
        if m == "to" and not any(k.arg == "non_blocking" and not (isinstance(k.value, ast.Constant) and
                                                                   k.value.value is False) for k in c.keywords) and any(
                self._device_value(a) == "cpu" for a in [*c.args, *(k.value for k in c.keywords if k.arg == "device")]):
            return True  # y.to("cpu"), y.to(torch.device("cpu")): a copy to the host, as .cpu() is
        if q in ("numpy.asarray", "numpy.array") and c.args and self._uses_jax() and \
                self.placement(c.args[0]) != "cpu":
            return True  # np.asarray(jax_array): a copy to the host, which waits for the computation
        if m in _HOST_READING_METHODS and self._host_reader(c) and \
                any(self._tensor_value(a) for a in [*c.args, *(k.value for k in c.keywords)]):
            return True  # tokenizer.decode(out[0]), writer.add_scalar("loss", loss, step): the values read on the host
        if q in _HOST_VALUE_FUNCS or (m in _HOST_VALUE_METHODS and self._tensor_value(c.func.value)):  # type: ignore
            return True  # torch.allclose(a, b), x.nonzero(), torch.save(t, path): host values or copies
        if data_sized(self, c):  # torch.bincount(x), torch.where(mask), cp.extract(m, a): sized by the values
            return True
        if q in ("all", "any", "sum", "list", "max", "min", "sorted") and len(c.args) == 1 and \
                isinstance(c.args[0], (ast.Name, ast.Subscript)) and self._tensor_value(c.args[0]) and \
                self.placement(c.args[0]) == "cuda":
            return True  # all(eos_reached): a bool() of every element of a CUDA tensor, each a copy to the host
        if q in ("float", "int", "bool") and len(c.args) == 1 and not c.keywords and \
                isinstance(c.args[0], (ast.Name, ast.Subscript, ast.Call)) and self._tensor_value(c.args[0]) and \
                not self._device_pointer(c.args[0]):
            return True  # float(loss): a copy of a device scalar to the host
        return q in HIDDEN_SYNC_FUNCS or self.bool_of_tensor(c) or self.stored_to_host(c) or \
            self._host_library_reads(c, q)

    def _direct_sync(self, c: ast.Call, hidden: bool) -> bool:
        if isinstance(c.func, ast.Name) and c.func.id not in self.functions and self._sync_alias(c.func.id):
            return True
        if self._attr_sync_alias(c):
            return True
        return self._named_sync(c, self.call_name(c), self.method(c), hidden) or self.imported_syncs(c, hidden) or \
            (hidden and self.imported_method_syncs(c, hidden))

    def _attr_sync_alias(self, c: ast.Call) -> bool:
        """``self.sync()`` where ``self.sync = torch.cuda.synchronize if ... else (lambda: None)``: an attribute bound
        to a synchronize function."""
        from ._names import dotted

        if not isinstance(c.func, ast.Attribute):
            return False
        d = dotted(c.func)
        return d is not None and d in self.assigns and self._sync_alias(d)

    def bool_of_tensor(self, c: ast.Call) -> bool:
        """``if (tok == eos).all():``: a branch on a tensor reduction waits for the device to decide."""
        if self.method(c) not in ("all", "any") or c.args or c.keywords:
            return False
        stmt = getattr(c, "_wp_stmt", None)
        return isinstance(stmt, (ast.If, ast.While, ast.Assert))  # the call is in the statement's own test

    def stored_to_host(self, c: ast.Call) -> bool:
        """``losses[k] = loss_fn(model(x), y)``: a result stored by index into a tensor on the CPU (``torch.zeros(n)``
        without a device) is copied to the host there, which waits for the device when the result is on it."""
        stmt = getattr(c, "_wp_stmt", None)
        if not isinstance(stmt, ast.Assign) or stmt.value is not c or len(stmt.targets) != 1:
            return False
        t = stmt.targets[0]
        return isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and \
            self.placement(t.value) == "cpu" and self.placement(c) != "cpu" and self.is_tensorish(t.value)

    def _callee_name(self, c: ast.Call) -> str | None:
        if isinstance(c.func, ast.Name):
            return c.func.id
        return c.func.attr if isinstance(c.func, ast.Attribute) else None



_METADATA = frozenset({"shape", "dtype", "device", "ndim", "size", "numel", "dim", "is_cuda", "nbytes", "itemsize"})
_VALUE_OPS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _noop(fn: ast.AST) -> bool:
    """A function whose body does nothing (a docstring, ``pass``, ``...``, ``return`` / ``return None``)."""
    for st in getattr(fn, "body", ()):
        if isinstance(st, ast.Pass) or (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)):
            continue
        if isinstance(st, ast.Return) and (st.value is None or
                                           (isinstance(st.value, ast.Constant) and st.value.value is None)):
            continue
        return False
    return True


def _meta_attr(v: ast.AST) -> bool:
    """``x.shape``, ``x.dtype``, ``x.device`` (and their items): host metadata of a tensor, not its values."""
    while isinstance(v, ast.Subscript):
        v = v.value
    return isinstance(v, ast.Attribute) and v.attr in ("shape", "dtype", "device", "ndim", "is_cuda", "layout")


def _imported_sync(qualified: str | None) -> bool:
    """A function imported from another module whose name says it synchronizes (``from .utils import sync``,
    ``from helpers import cuda_synchronize``): the linter does not read other modules, and such a helper is a
    synchronize far more often than not (as a ``Timer`` is a timer)."""
    if not qualified or "." not in qualified:
        return False
    last = qualified.rsplit(".", 1)[-1].lower()
    return last in ("sync", "synchronize") or (last.endswith(("_sync", "_synchronize")) and last != "no_sync")


def _const(node: ast.AST) -> object:
    return node.value if isinstance(node, ast.Constant) else None


def _qualify(ctx, d: ast.AST) -> str | None:
    """The qualified name of a decorator (``cuda.jit`` with ``from numba import cuda``, ``cuda.jit(...)``)."""
    from ._names import dotted

    name = dotted(d.func if isinstance(d, ast.Call) else d)
    if not name:
        return None
    head, _, rest = name.partition(".")
    origin = ctx.imports.get(head)
    return f"{origin}.{rest}" if origin and rest else origin
