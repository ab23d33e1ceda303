"""Reads of device values on the host that wait for the device (a mixin of :class:`wprof.lint._syncs.SyncModel`).

A value formatted or printed, a branch or assert on a tensor, a boolean-mask selection, a store into a CPU tensor, a
host-only library (PIL, OpenCV, matplotlib) handed a GPU-derived value, a tokenizer's ``decode`` of device ids.
Split out of ``_syncs.py`` (ninth session); behaviour unchanged.
"""

from __future__ import annotations

import ast

from ._formatted import device_value_call
from ._masks import mask_value, split_mask
from ._wait_facts import HOST_ONLY_LIBS as _HOST_ONLY_LIBS


_CALLING_LIBS = ("scipy.optimize.", "torch.utils.checkpoint.")  # (functions that call their callable before returning)


class DeviceReads:
    """The host reads of device values :meth:`SyncModel.is_sync` and the rules ask about."""

    def _plateau_step(self, call: ast.Call) -> bool:
        """``sched.step(loss)`` of a ``ReduceLROnPlateau``: it calls ``float(loss)``, a copy to the host."""
        from ._names import dotted

        if self.method(call) != "step" or not call.args:
            return False
        name = dotted(call.func.value)  # type: ignore[attr-defined]
        return name is not None and any(isinstance(v, ast.Call) and (self.call_name(v) or "").endswith(
            "ReduceLROnPlateau") for v in self.assigns.get(name, ()))

    def _line_search_step(self, call: ast.Call) -> bool:
        """``opt.step(closure)`` of a ``torch.optim.LBFGS``: each evaluation reads the closure's loss on the host
        (``float(closure())``) and each iteration tests the gradient and curvature against its tolerances
        (``flat_grad.abs().max() <= tol``), so the step returns once the device work it ran is done."""
        from ._names import dotted

        if self.method(call) != "step" or not (call.args or call.keywords):
            return False
        name = dotted(call.func.value)  # type: ignore[attr-defined]
        values = self.assigns.get(name, ()) if name is not None else ()
        return bool(values) and all(isinstance(v, ast.Call) and (self.call_name(v) or "").startswith("torch.") and
                                    (self.call_name(v) or "").endswith(".LBFGS") for v in values)

    def _calls_waiting_callable(self, call: ast.Call, hidden: bool) -> bool:
        """A library call that calls the callable it is handed before it returns (an optimizer's
        ``step(closure)``, a ``scipy.optimize`` routine's objective, ``torch.utils.checkpoint.checkpoint(fn,
        ...)``), handed a function of this file that waits for the device (by name, through ``functools.partial``
        or a lambda that calls it): the call waits as that function does. Not a library that keeps the callable
        for later (a thread's ``target``, a hook registered): those are not in this list."""
        q = self.call_name(call) or ""
        m = self.method(call)
        if q in self.functions or not (m == "step" or q.startswith(_CALLING_LIBS)):
            return False
        if isinstance(call.func, ast.Attribute) and self.own_method(call) is not None:  # type: ignore[attr-defined]
            return False  # self.step(fn): a method of the file's class, read as such
        synced = self._syncing_functions(hidden)  # type: ignore[attr-defined]
        for a in [*call.args, *(k.value for k in call.keywords)]:
            if isinstance(a, ast.Lambda) and isinstance(a.body, ast.Call):
                a = a.body.func
            elif isinstance(a, ast.Call) and (self.call_name(a) or "") == "functools.partial" and a.args:
                a = a.args[0]
            if isinstance(a, ast.Name) and a.id in self.functions and self._local_def_waits(call, a.id, synced, hidden):
                return True
        return False

    def _local_def_waits(self, call: ast.Call, name: str, synced: set, hidden: bool) -> bool:
        """The function ``name`` the call hands on waits: the one defined in the call's own function body where there
        is one (two training functions of a file each define their own ``closure``), else the file's."""
        scope = getattr(getattr(call, "_wp_stmt", None), "_wp_scope", None)
        local = next((st for st in getattr(scope, "stmts", ()) if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))
                      and st.name == name and getattr(st, "_wp_scope", None) is scope), None)
        if local is None or local is self.functions.get(name):
            return name in synced
        return any(self._own_wait(c, hidden) or self._callee_name(c) in synced  # type: ignore[attr-defined]
                   for c in self.calls_in_function(local))  # type: ignore[attr-defined]

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
        statement whose only GPU work is blocking copies from the host (``torch.tensor([tok], device="cuda")``), a
        number formatted from the result of the work just before it (``f"{loss:.4f}"``, :mod:`._format_waits`)."""
        from ._format_waits import formats_work_result
        from ._waits import host_copy_waits, percent_formats_device

        return self.masks_on_device(stmt) or percent_formats_device(self, stmt) or host_copy_waits(self, stmt) or \
            formats_work_result(self, stmt)  # `f"{loss:.4f}"` of the result of the work just before it

    def masks_on_device(self, stmt: ast.stmt) -> bool:
        """``out[out[:, 4] > 0.3]``: indexing a device tensor with a boolean mask needs the number of hits on the
        host (a nonzero): it waits for the device. Also ``host[:] = y`` / ``host[i] = y``: a GPU tensor stored into a
        CPU tensor is copied to (pageable) host memory, which waits for it."""
        from ._host_waits import stores_device_into_host

        if stores_device_into_host(self, stmt):
            return True  # (an attribute target, a value returned on the GPU by a method of the file: lint19)
        for n in getattr(stmt, "_wp_nodes", ()):
            if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Compare) and \
                    (self.placement(n.value) == "cuda" or self.is_tensorish(n.value)) and \
                    self.placement(n.value) != "cpu":
                return True
            if isinstance(n, ast.Subscript) and mask_value(self, n.slice):
                return True  # df.loc[cp.logical_and(a > t0, b == k)], x[(a > 0) & (b < 1)]: a mask on the device
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and split_mask(self, n.slice) and \
                    self.placement(n.value) != "cpu":
                return True  # logits[train_mask] of `train_mask = g.ndata["train_mask"]`, `g = g.to(device)`
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


_METADATA = frozenset({"shape", "dtype", "device", "ndim", "size", "numel", "dim", "is_cuda", "nbytes", "itemsize"})
_VALUE_OPS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _meta_attr(v: ast.AST) -> bool:
    """``x.shape``, ``x.dtype``, ``x.device`` (and their items): host metadata of a tensor, not its values."""
    while isinstance(v, ast.Subscript):
        v = v.value
    return isinstance(v, ast.Attribute) and v.attr in ("shape", "dtype", "device", "ndim", "is_cuda", "layout")
