"""Which calls wait for the device (a mixin of :class:`wprof.lint._context.Context`).

Explicit synchronizes, hidden ones (``.item()``, ``.cpu()``, a branch on a tensor), calls known to wait (``do_bench``,
``torch.utils.benchmark``, Hugging Face ``generate()``, an NCCL barrier), aliases of a synchronize function, and
functions of the same file that synchronize, to a fixed point (through ``torch.compile`` wrappers too). Launches
that wait by themselves are in :mod:`._launch_waits`, host reads of device values in :mod:`._device_reads` (both
mixins of :class:`SyncModel`).
"""

from __future__ import annotations

import ast

from ._copy_waits import copy_back_waits, driver_sync, to_host_waits
from ._walk import stmt_nodes
from ._device_reads import DeviceReads
from ._host_results import HostResults
from ._launch_waits import LaunchWaits
from ._library_io import waits_for_data, waits_for_mps_work
from ._masks import data_sized
from ._wait_facts import (
    HOST_READING_METHODS as _HOST_READING_METHODS,
    HOST_VALUE_FUNCS as _HOST_VALUE_FUNCS, HOST_VALUE_METHODS as _HOST_VALUE_METHODS, XLA_WAITS as _XLA_WAITS,
)
from ._waits import library_waits
from ._names import (
    COMPILERS, HIDDEN_SYNC_FUNCS, KERAS_HOST_RUNS, HIDDEN_SYNC_METHODS, SYNC_ATTRS, SYNC_FUNCS, SYNCING_CALLS,
    SYNCING_LAST_NAMES, SYNCING_METHODS, dotted, param_defaults, unwrap_moves,
)


class SyncModel(LaunchWaits, DeviceReads, HostResults):
    """``is_sync(call, hidden=...)`` and the per-file summaries it needs."""

    def _opencv_cuda(self) -> bool:
        """The file calls OpenCV's CUDA module (``cv2.cuda.*``, ``cv2.cuda_GpuMat``)."""
        got = self.__dict__.get("_wp_opencv_cuda")
        if got is None:
            got = self._wp_opencv_cuda = any((self.call_name(c) or "").startswith(("cv2.cuda.", "cv2.cuda_"))
                                             for c in self.calls)
        return got

    def is_sync(self, call: ast.Call, *, hidden: bool = True) -> bool:
        """Device synchronizations: explicit ones, calls known to wait for the device (``do_bench``, a
        ``torch.utils.benchmark`` measurement) and functions of this file that synchronize; with ``hidden``, also
        ``.item()``, ``.cpu()``, ``.tolist()``, ``.numpy()`` and functions of this file that call them."""
        q, m = self.call_name(call), self.method(call)
        if self._named_sync(call, q, m, hidden) or self._attr_sync_alias(call) or self._numba_host_launch(call):
            return True
        if self._shown_wait(call, q, m, hidden):
            return True
        if hidden and isinstance(call.func, ast.Name) and call.func.id not in self.functions and \
                self._param_returns_host(call.func.id):
            return True
        if hidden and isinstance(call.func, ast.Name) and call.func.id not in self.functions and \
                self._loop_callables_wait(call.func.id):
            return True  # for name, fn in [("a", run_a), ("b", run_b)]: fn(x), every run_* waiting itself
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

    def _shown_wait(self, call: ast.Call, q: str | None, m: str | None, hidden: bool) -> bool:
        """The waits ``is_sync`` reads from the call and its operands alone, beyond ``_named_sync`` (no function of
        the file consulted): a blocking copy back (``a_gpu.get()``), a print or format of a device value, a library
        call that returns host objects... Shared with :meth:`_syncing_functions`, so a function of the file whose
        own body waits this way is a wait wherever it is called, however deep (set 100: ``a_gpu.get()`` two calls
        below the timed training function)."""
        if self._in_auto_synchronize(call):
            return True
        if isinstance(call.func, ast.Call) and self.method(call.func) == "prepared_timed_call":
            return True  # PyCUDA: `f.prepared_timed_call(grid, block, ...)()` waits on its end event, returns the time
        if q is not None and q.startswith("cv2.cuda.") and not any(k.arg == "stream" for k in call.keywords):
            return True  # (lint87) an OpenCV CUDA function on the default (null) stream returns when its work is done
        if m == "download" and not call.args and not call.keywords and self._opencv_cuda():
            return True  # (lint87) `gpu_mat.download()`: OpenCV copies the device image to a host array, blocking
        if hidden and m == "get" and not call.args and not call.keywords and \
                self.placement(call.func.value) == "cuda":  # type: ignore[attr-defined]
            return True  # a_gpu.get(): a CuPy/PyCUDA array copied to the host
        if self.returns_host_objects(call) or self._plateau_step(call) or self._line_search_step(call):
            return True
        if m in KERAS_HOST_RUNS and isinstance(call.func, ast.Attribute) and self.imports_any("tensorflow", "keras", "tf_keras") and \
                not self.imports_any("lightning", "pytorch_lightning"):
            return True  # model.fit(...)/evaluate/predict of Keras: logs turned into floats, NumPy out
        if hidden and isinstance(call.func, ast.Name) and call.func.id == "print" and self._prints_device(call):
            return True  # print(c) of a CuPy array or a CUDA tensor copies it to the host
        if self._calls_waiting_callable(call, hidden):
            return True  # opt.step(closure) whose closure ends in `loss.item()`: the step calls it before returning
        return hidden and self._formats_device(call)  # log.info(f"loss {loss:.4f}"), str(loss): copied to the host

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
        done = self.__dict__.setdefault("_passed_cache", {})
        if name not in done:  # once per parameter name: asked at every call site, it would be quadratic in the file
            done[name] = self._passed_values_of(name)
        return done[name]

    def _passed_values_of(self, name: str) -> list[ast.AST]:
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
            fn_name = self._handed_function(value)
            if fn_name is not None:  # `partial(caption, image=im)`, `caption`: a function of the file that waits
                out = out and fn_name in self._syncing_functions(True)
            elif isinstance(value, ast.Lambda) and isinstance(value.body, ast.Call):
                m = self.method(value.body)
                out = out and (m in HIDDEN_SYNC_METHODS or m == "numpy")
            else:
                out = out and bool(rest) and all(self.placement(a) == "cpu" for a in rest)  # type: ignore
        cache[name] = out
        return out

    def _loop_callables_wait(self, name: str) -> bool:
        """``name`` is a loop variable that takes its values from a table of functions written in the file
        (``for label, fn in cases:`` / ``enumerate(cases)`` with ``cases = [("a", run_a), ("b", run_b)]``, also
        behind an ``if ... else []``), and every function it can be is a function of the file that waits for its own
        work (``run_a`` returns ``.cpu()`` of its result): calling it waits, as a call of each would (set 87)."""
        cache = self.__dict__.setdefault("_wp_loop_callables", {})
        if name not in cache:
            cache[name] = False
            cache[name] = self._loop_callables_wait_uncached(name)
        return cache[name]

    def _loops_binding(self, name: str) -> list:
        """The ``for`` loops of the file whose target binds ``name`` (an index built once per file)."""
        index = self.__dict__.get("_wp_loops_by_target")
        if index is None:
            index = {}
            for n in self.all_nodes():
                if isinstance(n, (ast.For, ast.AsyncFor)):
                    for t in ast.walk(n.target):
                        if isinstance(t, ast.Name) and n not in index.setdefault(t.id, []):
                            index[t.id].append(n)
            self.__dict__["_wp_loops_by_target"] = index
        return index.get(name, [])

    def _loop_callables_wait_uncached(self, name: str) -> bool:
        loops = self._loops_binding(name)
        if len(loops) != 1:
            return False
        target, it = loops[0].target, loops[0].iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" and \
                len(it.args) == 1 and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            it, target = it.args[0], target.elts[1]
        path = _path_to(target, name)
        if path is None or (isinstance(it, ast.Name) and not self._param_handed_as_is(loops[0], it.id)):
            return False
        rows = self._display_rows(it)
        if not rows:
            return False
        for row in rows:
            for i in path:
                if not isinstance(row, (ast.Tuple, ast.List)) or i >= len(row.elts) or \
                        any(isinstance(e, ast.Starred) for e in row.elts):
                    return False
                row = row.elts[i]
            fn = self._handed_function(row)
            if fn is None or fn not in self._syncing_functions(True):
                return False
        return True

    def _param_handed_as_is(self, loop: ast.AST, name: str) -> bool:
        """``name`` is not a parameter of a function holding ``loop``, or every call of that function hands it the
        module's own ``name`` (``run(cases)``), so the module's binding is what the loop walks."""
        for fname, fn in self.functions.items():
            pos = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
            if not any(n is loop for n in ast.walk(fn)):
                continue
            if name in [a.arg for a in fn.args.kwonlyargs]:
                return False
            if name not in pos:
                continue
            i = pos.index(name)
            calls = self._calls_of(fname)
            if not calls or not all(i < len(c.args) and isinstance(c.args[i], ast.Name) and c.args[i].id == name and
                                    not any(isinstance(a, ast.Starred) for a in c.args[:i + 1]) for c in calls):
                return False
        return True

    def _display_rows(self, it: ast.AST) -> list[ast.AST]:
        """The elements of a list or tuple display ``it`` names (a display, or a name bound once to one, or to
        ``[...] if cond else []``); [] when not all of them are written in the file."""
        if isinstance(it, ast.Name):
            values = self.assigns.get(it.id, [])
            if len(values) != 1 or any(isinstance(c.func, ast.Attribute) and c.func.attr in ("append", "extend",
                                                                                              "insert")
                                       and isinstance(c.func.value, ast.Name) and c.func.value.id == it.id
                                       for c in self.all_nodes() if isinstance(c, ast.Call)):
                return []
            it = values[0]
        branches = [it.body, it.orelse] if isinstance(it, ast.IfExp) else [it]
        rows: list[ast.AST] = []
        for b in branches:
            if not isinstance(b, (ast.List, ast.Tuple)):
                return []
            rows.extend(b.elts)
        return rows

    def _handed_function(self, value: ast.AST) -> str | None:
        """The function of the file a callable argument names: ``step``, ``functools.partial(step, x=x)``, a lambda
        that only calls one (``lambda: step(x)``)."""
        if isinstance(value, ast.Call) and (self.call_name(value) or "").endswith("partial") and value.args:
            value = value.args[0]
        elif isinstance(value, ast.Lambda) and isinstance(value.body, ast.Call) and \
                isinstance(value.body.func, ast.Name):
            value = value.body.func
        return value.id if isinstance(value, ast.Name) and value.id in self.functions else None

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
                    if self._own_wait(c, hidden) or self._callee_name(c) in out:
                        if not self._returns_pending(fn, out, hidden):  # `if m <= c: return cp.matmul(A, B)`:
                            out.add(fname)  # that path hands back work nothing waited for
                            changed = True
                        break
        return out

    def _returns_pending(self, fn: ast.AST, out: set[str], hidden: bool) -> bool:
        """A ``return`` inside a branch of ``fn`` (an early exit: a base case, a fast path) hands back GPU work that
        nothing on that branch waited for (``if m <= c: return cp.matmul(cp.array(A), cp.array(B))`` before a
        partition whose other path copies its blocks to the host): a call of ``fn`` does not always wait, so a
        synchronize on another path does not make the function a wait (set 50 DCPMM). Only the branch's own
        statements before the return, and the returned expression, are read for a wait."""
        exits = getattr(fn, "_wp_early_exits", None)
        if exits is None:  # the calls on each early return's branch, for the returns that hand back GPU work
            exits = []
            scope = getattr(fn, "_wp_own_scope", None)
            for st in (scope.stmts if scope is not None else ()):
                if not isinstance(st, ast.Return) or st.value is None:
                    continue
                block = getattr(st, "_wp_parent", None)
                if not isinstance(block, (ast.If, ast.For, ast.While, ast.With, ast.Try)):
                    continue  # (a return at the function's top level is its one exit: the usual reading holds)
                body = next((b for b in (getattr(block, "body", []), getattr(block, "orelse", [])) if st in b), None)
                if body is None or not self.gpu_work_in(list(stmt_nodes(st))):
                    continue
                exits.append([n for b in body[:body.index(st) + 1]
                              for x in scope.stmts[b._wp_idx:b._wp_end + 1]  # type: ignore[attr-defined]
                              for n in stmt_nodes(x) if isinstance(n, ast.Call)])
            fn._wp_early_exits = exits  # type: ignore[attr-defined]
        return any(not any(self._own_wait(c, hidden) or self._callee_name(c) in out for c in calls)
                   for calls in exits)

    def _own_wait(self, c: ast.Call, hidden: bool) -> bool:
        """A call in a function of the file that waits by itself, whatever the file's other functions do
        (``_direct_sync``, or one of ``is_sync``'s waits shown by the call alone: ``_shown_wait``); cached on the
        call once the file's names are inferred."""
        attr = "_wp_own_wait_h" if hidden else "_wp_own_wait"
        got = getattr(c, attr, None)
        if got is None:
            got = self._direct_sync(c, hidden) or self._shown_wait(c, self.call_name(c), self.method(c), hidden)
            if self._inferred:
                setattr(c, attr, got)
        return got

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
        if self._init_param_sync(name):
            return True  # Timer(sync=torch.cuda.synchronize) kept as `self.sync = sync` and called `self.sync()`
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

    def _init_param_sync(self, name: str) -> bool:
        """``name`` is a parameter of a top-level class's ``__init__`` (``Timer(..., sync=None)``) that every
        construction of the class, in this file and in the project's modules that import it, hands a synchronize
        function or a no-op (``sync = torch.cuda.synchronize`` on a CUDA device, else ``None``), at least one a
        synchronize; a construction that leaves it out hands the default. The timer's ``if self.sync:
        self.sync()`` then waits whenever the device work is on the GPU."""
        from ._project_users import _user_values

        refs: list[bool | None] = []
        for cls in self.classes.values():
            init = next((f for f in getattr(cls, "body", ()) if isinstance(f, ast.FunctionDef) and
                         f.name == "__init__"), None)
            if init is None or not any(a.arg == name for a in (*init.args.posonlyargs, *init.args.args,
                                                                 *init.args.kwonlyargs)):
                continue
            pos = [a.arg for a in (*init.args.posonlyargs, *init.args.args)][1:]
            index = pos.index(name) if name in pos else None
            default = param_defaults(init.args).get(name)
            sites: list[tuple[object, ast.Call, ast.AST | None]] = [
                (self, c, None) for c in self.calls if isinstance(c.func, ast.Name) and c.func.id == cls.name]
            sites += [(u, call, v) for u, call, v in _user_values(self, init, name, any_file=True)]
            for ctx, call, v in sites:
                if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
                    return False  # Timer(*args, **kw): unknown
                if v is None:
                    kw = [k.value for k in call.keywords if k.arg == name]
                    v = kw[0] if kw else (call.args[index] if index is not None and index < len(call.args)
                                          else default)
                if v is None:
                    return False  # no default and not passed: not a call of this signature
                refs.append(ctx._sync_ref(v))  # type: ignore[attr-defined]
        return bool(refs) and False not in refs and True in refs

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
        if driver_sync(self, c, q):
            return True  # cuStreamSynchronize(s) imported by name, cuda.core's stream.sync()
        if not hidden:
            return False
        if m == "elapsed_time" and self._read_event_interval(c):
            return True  # end.record(); ms = start.elapsed_time(end): it raises unless `end` completed, so the work
            # queued before the record is done once it returns
        if m == "batch_decode" and c.args and not isinstance(c.args[0], (ast.List, ast.Constant)):
            return True  # tokenizer.batch_decode(out_ids): the ids are read to the host (`.tolist()`) to be decoded
        if copy_back_waits(self, c, q, m):
            return True  # d.get(out=h), d.copy_to_host(h, stream=s) into pageable memory: done when it returns
        if waits_for_data(self, c):  # dcp.save(state, ...), rref.to_here(), mx.eval(y): done when it returns
            return True
        if q in ("cupy.asnumpy", "pycuda.driver.memcpy_dtoh", "pycuda.driver.from_device",
                 "pycuda.driver.from_device_like", "numba.cuda.synchronize", "chainer.cuda.to_cpu",
                 "chainer.backends.cuda.to_cpu"):
            return True  # a copy to the host waits for the device (CuPy, PyCUDA's blocking dtoh copies, Chainer's)
        if q in ("torch.cuda.comm.gather", "torch.cuda.comm.reduce_add") and any(
                k.arg == "destination" and self._device_value(k.value) == "cpu" or
                k.arg == "destination" and isinstance(k.value, ast.UnaryOp) and isinstance(k.value.op, ast.USub) and
                isinstance(k.value.operand, ast.Constant) and k.value.operand.value == 1 for k in c.keywords):
            return True  # torch.cuda.comm.gather(xs, destination=-1): gathered into a CPU tensor, a blocking copy back
        if m == "copy_to_host" and len(c.args) <= 1 and not c.keywords:
            return True  # d_a.copy_to_host(): a Numba device array copied to the host, blocking (no stream given)
        if m == "copy_to_host" and not c.args and [k.arg for k in c.keywords] == ["stream"]:
            return True  # d_a.copy_to_host(stream=s) into a new (pageable) array: returns once the copy is done
        if m == "to_host" and not c.args and not c.keywords:
            return True  # d_a.to_host(): old Numba's blocking copy back into the host array it came from
        if m == "to_host" and to_host_waits(self, c):
            return True  # d_a.to_host(stream): into the (pageable) NumPy array it came from, done when it returns
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
        if q in ("numpy.asarray", "numpy.array") and c.args and self.imports_any("jax") and \
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
        if q in ("max", "min") and len(c.args) >= 2 and not c.keywords and not any(
                isinstance(a, ast.Starred) for a in c.args) and any(
                isinstance(a, (ast.Name, ast.Attribute, ast.Subscript)) and self._tensor_value(a) and
                self.placement(a) == "cuda" for a in c.args):
            return True  # best = max(acc, best) with `acc` a CUDA scalar: the comparison's bool() is read on the host
        if q in ("float", "int", "bool") and len(c.args) == 1 and not c.keywords and \
                isinstance(c.args[0], (ast.Name, ast.Subscript, ast.Call)) and self._tensor_value(c.args[0]) and \
                not self._device_pointer(c.args[0]):
            return True  # float(loss): a copy of a device scalar to the host
        return q in HIDDEN_SYNC_FUNCS or self.bool_of_tensor(c) or self.stored_to_host(c) or \
            self._host_library_reads(c, q)

    def _read_event_interval(self, c: ast.Call) -> bool:
        """``start.elapsed_time(end)`` of CUDA events bound by name, with ``end.record()`` earlier in the same scope
        and no GPU work queued between that record and this read: torch's ``elapsed_time`` raises unless both events
        completed, so a read that returns means the work before the record is done."""
        if len(c.args) != 1 or c.keywords or not isinstance(c.func, ast.Attribute):
            return False
        end, start = dotted(c.args[0]), dotted(c.func.value)
        if end is None or start is None or not all(
                any(isinstance(v, ast.Call) and self.is_event_ctor(v) for v in self.assigns.get(n, []))
                for n in (start, end)):
            return False
        st = getattr(c, "_wp_stmt", None)
        scope = getattr(st, "_wp_scope", None)
        if scope is None:
            return False
        for prev in reversed(scope.stmts[:st._wp_idx]):  # type: ignore[attr-defined]
            if isinstance(prev, ast.Expr) and isinstance(prev.value, ast.Call) and \
                    isinstance(prev.value.func, ast.Attribute) and prev.value.func.attr == "record" and \
                    dotted(prev.value.func.value) == end:
                return True
            if self.gpu_work_in(stmt_nodes(prev)):
                return False
        return False

    def _direct_sync(self, c: ast.Call, hidden: bool) -> bool:
        if isinstance(c.func, ast.Name) and c.func.id not in self.functions and self._sync_alias(c.func.id):
            return True
        if isinstance(c.func, ast.Name) and c.func.id not in self.functions and self._lambda_waits(c.func.id, hidden):
            return True  # gather = lambda t: torch.cuda.comm.gather(t, destination=-1); gather(xs): the lambda waits
        if self._attr_sync_alias(c) or self._numba_host_launch(c):  # a kernel launched on host arrays waits
            return True
        return self._named_sync(c, self.call_name(c), self.method(c), hidden) or self.imported_syncs(c, hidden) or \
            (hidden and self.imported_method_syncs(c, hidden))

    def _lambda_waits(self, name: str, hidden: bool) -> bool:
        """``name`` is bound once, to a lambda whose body is a call that waits (``gather = lambda t:
        torch.cuda.comm.gather(t, destination=-1)``): calling it waits as its body does (lint97, set 87)."""
        values = self.assigns.get(name, [])
        if len(values) != 1 or not isinstance(values[0], ast.Lambda) or not isinstance(values[0].body, ast.Call):
            return False
        body = values[0].body
        if isinstance(body.func, ast.Name) and body.func.id == name:
            return False
        return self._named_sync(body, self.call_name(body), self.method(body), hidden)

    def _attr_sync_alias(self, c: ast.Call) -> bool:
        """``self.sync()`` where ``self.sync = torch.cuda.synchronize if ... else (lambda: None)``: an attribute bound
        to a synchronize function."""
        from ._names import dotted

        if not isinstance(c.func, ast.Attribute):
            return False
        d = dotted(c.func)
        return d is not None and d in self.assigns and self._sync_alias(d)

    def _callee_name(self, c: ast.Call) -> str | None:
        if isinstance(c.func, ast.Name):
            return c.func.id
        return c.func.attr if isinstance(c.func, ast.Attribute) else None


def _path_to(target: ast.AST, name: str) -> list[int] | None:
    """The indices that lead from a loop target to ``name`` (``(label, fn)`` -> [1] for ``fn``; ``fn`` -> [])."""
    if isinstance(target, ast.Name):
        return [] if target.id == name else None
    if isinstance(target, (ast.Tuple, ast.List)):
        for i, e in enumerate(target.elts):
            sub = _path_to(e, name)
            if sub is not None:
                return [i, *sub]
    return None


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


def _imported_sync(qualified: str | None) -> bool:
    """A function imported from another module whose name says it synchronizes (``from .utils import sync``,
    ``from helpers import cuda_synchronize``): the linter does not read other modules, and such a helper is a
    synchronize far more often than not (as a ``Timer`` is a timer)."""
    if not qualified or "." not in qualified:
        return False
    last = qualified.rsplit(".", 1)[-1].lower()
    return last in ("sync", "synchronize") or (last.endswith(("_sync", "_synchronize")) and last != "no_sync")
