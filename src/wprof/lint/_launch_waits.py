"""Launches and blocks that wait for the device by themselves (a mixin of :class:`wprof.lint._syncs.SyncModel`).

``CUDA_LAUNCH_BLOCKING=1`` set before CUDA starts, a Numba ``@cuda.jit`` kernel launched with host NumPy arrays
(copied in and back, so the launch returns when the kernel is done), a Numba GPU ufunc handed host arrays, work inside
``with stream.auto_synchronize():``. Split out of ``_syncs.py`` (ninth session); behaviour unchanged.
"""

from __future__ import annotations

import ast


class LaunchWaits:
    """The launch-side waits :meth:`SyncModel.is_sync` asks about."""

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

    def _numba_host_launch(self, call: ast.Call) -> bool:
        """``kern[grid, block](a, b)``: a ``@cuda.jit`` kernel of this file launched (no stream) with a host NumPy
        array (``a = np.ones(...)``): Numba copies it to the device before the launch and back after it, so the
        launch returns when the kernel is done (a wait, besides work)."""
        f = call.func
        if isinstance(f, ast.Name) and f.id in self._cuda_ufuncs:  # a GPU ufunc handed a host array returns a host
            return any(self._host_array(a) for a in call.args)  # array: copied back once the kernel is done
        if isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and f.func.attr == "forall" and \
                isinstance(f.func.value, ast.Name) and len(f.args) == 1 and not f.keywords:
            name = f.func.value.id  # `kern.forall(n)(a, b)`: the same launch, its grid chosen by Numba
        elif isinstance(f, ast.Subscript) and isinstance(f.value, ast.Name) and isinstance(f.slice, ast.Tuple) and \
                len(f.slice.elts) == 2:
            name = f.value.id
        else:
            return False
        fn = self._def_in_effect(name, call)
        if fn is None or not any(_qualify(self, d) == "numba.cuda.jit" for d in fn.decorator_list):  # type: ignore
            return False
        return any(self._host_array_arg(a) for a in call.args)

    def _host_array_arg(self, a: ast.AST) -> bool:
        """A kernel argument shown to be a host NumPy array: a name bound only to NumPy arrays, a slice of one
        (``x[:n]``, ``c[0, :]``), or a name bound to what a function of the file returns when every ``return`` of
        it is a NumPy call (``b = make(n)``) or to a Numba ufunc's result on a host array (``a = gpu_ufunc(a)``)."""
        while isinstance(a, ast.Subscript) and (isinstance(a.slice, ast.Slice) or isinstance(a.slice, ast.Tuple) and
                                                any(isinstance(e, ast.Slice) for e in a.slice.elts)):
            a = a.value  # a slice `x[:n]`, `c[0, :]` (not `c[0]`: an element of a 1-D array is a scalar, by value)
        if not isinstance(a, ast.Name):
            return False
        if self._numpy_only(a.id):
            return True
        vals = self.assigns.get(a.id, [])
        return bool(vals) and all(isinstance(v, ast.Call) and (self._numpy_maker(v) or self._ufunc_on_host(v) or
                                                             _numpy_array_call(self, v))
                                  for v in vals)

    def _ufunc_on_host(self, v: ast.Call) -> bool:
        """``a = ufunc(a)``: a Numba ufunc of the file (any target) called on a host array returns a host array (a GPU
        ufunc copies its result back)."""
        return isinstance(v.func, ast.Name) and v.func.id in self._numba_ufuncs() and self._host_array(v)

    def _numpy_maker(self, v: ast.Call) -> bool:
        """``make(n)``, a function of the file every ``return`` of which is a NumPy array call."""
        if not isinstance(v.func, ast.Name) or v.func.id not in self.functions:
            return False
        rets = [n.value for n in ast.walk(self.functions[v.func.id]) if isinstance(n, ast.Return)]
        return bool(rets) and all(isinstance(r, ast.Call) and _numpy_array_call(self, r) for r in rets)

    def _def_in_effect(self, name: str, call: ast.Call) -> ast.AST | None:
        """The ``def name`` a call runs: the last one defined before it (a notebook redefines ``foo`` as a plain
        function, then as a ``@cuda.jit`` kernel), else the file's first one. In a timing magic's code (parsed on
        its own), a ``def`` of that code before the call, else the file's last one before the magic."""
        root, line = call, call.lineno
        while getattr(root, "_wp_parent", None) is not None:
            root = root._wp_parent  # type: ignore[attr-defined]
        if isinstance(root, ast.Module) and root is not self.tree:  # a magic's code: its own defs first
            own = [d for d in ast.walk(root) if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                   d.name == name and d.lineno < call.lineno]
            if own:
                return max(own, key=lambda d: d.lineno)
            anchor = getattr(call.func, "_wp_stmt", None) or getattr(getattr(call.func, "value", None), "_wp_stmt",
                                                                     None)
            if anchor is None:
                return self.functions.get(name)
            line = anchor.lineno
        defs = self.__dict__.get("_wp_defs_by_name")
        if defs is None:
            defs = {}
            for n in self.all_nodes():
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    defs.setdefault(n.name, []).append(n)
            self._wp_defs_by_name = defs
        before = [d for d in defs.get(name, ()) if d.lineno < line]
        return max(before, key=lambda d: d.lineno) if before else self.functions.get(name)

    def _host_array(self, a: ast.AST, seen: frozenset = frozenset()) -> bool:
        """``a`` is a host NumPy array: placed on the CPU, a NumPy call, or a name bound only to NumPy calls and
        to the results of the file's Numba ufuncs on host arrays (``a = gpu_ufunc(a)``: copied back)."""
        if self.placement(a) == "cpu" or (isinstance(a, ast.Name) and self._numpy_only(a.id)):
            return True
        if isinstance(a, ast.Call):
            return (self.call_name(a) or "").startswith("numpy.") or self._numpy_maker(a) or (
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
            if not (isinstance(v, ast.Call) and _numpy_array_call(self, v)):
                return False
        return True

    def _in_auto_synchronize(self, call: ast.Call) -> bool:
        """A call inside ``with stream.auto_synchronize():`` (Numba): the stream is synchronized at the block's exit,
        before anything after the block runs, so the block's work is waited for."""
        ids = self.__dict__.get("_wp_autosync")
        if ids is None:
            ids = set()
            if "auto_synchronize" in self.source:
                for n in self.all_nodes():
                    if isinstance(n, (ast.With, ast.AsyncWith)) and any(
                            isinstance(i.context_expr, ast.Call) and
                            isinstance(i.context_expr.func, ast.Attribute) and
                            i.context_expr.func.attr == "auto_synchronize" and not i.context_expr.args
                            for i in n.items):
                        ids.update(id(c) for st in n.body for c in ast.walk(st) if isinstance(c, ast.Call))
            self._wp_autosync = ids
        return id(call) in ids


_NUMPY_SCALARS = frozenset({"float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16",
                            "uint32", "uint64", "bool_", "complex64", "complex128", "double", "single", "intc"})


def _numpy_array_call(ctx, v: ast.Call) -> bool:
    """A NumPy call that makes an array (``np.zeros(n)``, ``np.random.rand(n).astype(np.float32)``), not a NumPy
    scalar (``np.float32(2.0)``, passed by value to a kernel: no copy)."""
    while isinstance(v.func, ast.Attribute) and v.func.attr in ("astype", "reshape", "copy", "ravel", "flatten") and \
            isinstance(v.func.value, ast.Call) and not (ctx.call_name(v) or "").startswith("numpy."):
        v = v.func.value
    q = ctx.call_name(v) or ""
    return q.startswith("numpy.") and q.rsplit(".", 1)[-1] not in _NUMPY_SCALARS


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
