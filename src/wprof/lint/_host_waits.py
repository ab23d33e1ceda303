"""Waits written as a store or as a library's step (nineteenth session, sets 118-121): facts of torch, read by the sync
model (:mod:`._device_reads`, :mod:`._waits`).

- A CUDA tensor stored into an element or a slice of a CPU tensor (``hist = torch.zeros(epochs)`` ...
  ``hist[epoch] = loss``, also an attribute ``self.hist[epoch] = loss``) is a copy from the device into pageable host
  memory: ``copy_`` returns once the data is there, after everything queued before it. The value counts as on the
  GPU when the placement model shows it there, or when it is a name bound by a call of a function or method of the
  file (``loss = self.train_step(...)``, ``val, acc = self.eval_step(...)``) every ``return`` of which gives a value
  (the unpacked element) shown on the GPU. Only when the target is shown on the CPU and the value on the GPU.
- ``scaler.step(opt)`` of a ``torch.amp.GradScaler`` / ``torch.cuda.amp.GradScaler`` waits: after ``unscale_``,
  ``GradScaler._maybe_opt_step`` runs ``if not sum(v.item() for v in found_inf_per_device.values()):`` before
  ``optimizer.step()`` (torch/amp/grad_scaler.py), a host read of flags the unscale kernels wrote, so the call
  returns once the backward pass and the unscale are done (the optimizer's own kernels are queued after the read).
  Not when the optimizer takes the scaler itself (``getattr(optimizer, "_step_supports_amp_scaling", False)``: torch's
  ``Adam``/``AdamW``/``SGD``/``Adagrad`` built with ``fused=True``), which hands it ``found_inf`` on the device and
  reads nothing; nor a scaler built ``enabled=`` something other than ``True`` (disabled it calls
  ``optimizer.step()`` alone) or on a device other than CUDA. Where the optimizer's construction is visible in the file
  it decides: ``fused=`` anything but a constant ``False``/``None`` (also in a ``**kw`` dict the file builds) is not a
  wait. Where it is not visible (a parameter, a helper's result, a ``**kw`` the file does not build) the step counts
  as a wait: torch sets the flag only for the fused kernels, which are asked for by ``fused=True`` (never the
  default), so an optimizer built out of sight is the unfused kind in all but that case.
"""

from __future__ import annotations

import ast

from ._names import dotted
from ._walk import own_returns

_SCALERS = frozenset({"torch.amp.GradScaler", "torch.cuda.amp.GradScaler", "torch.GradScaler",
                      "torch.amp.grad_scaler.GradScaler", "torch.cuda.amp.grad_scaler.GradScaler"})


def stores_device_into_host(ctx, stmt: ast.stmt) -> bool:
    """``host[i] = y`` / ``self.hist[epoch] = y``: a GPU value stored into a CPU tensor (see the module's docstring)."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript)):
        return False
    base = stmt.targets[0].value
    if not (isinstance(base, ast.Name) or (isinstance(base, ast.Attribute) and dotted(base) is not None)):
        return False
    if not (ctx.is_tensorish(base) and ctx.placement(base) == "cpu"):
        return False
    return ctx.placement(stmt.value) == "cuda" or _returned_on_gpu(ctx, stmt.value)


def _returned_on_gpu(ctx, v: ast.AST) -> bool:
    """``v`` is a name of the function whose every binding there is a call of a function or method of the file every
    ``return`` of which gives (the unpacked element) a value shown on the GPU."""
    if not isinstance(v, ast.Name):
        return False
    stmt = getattr(v, "_wp_stmt", None)
    scope = getattr(stmt, "_wp_scope", None)
    if scope is None or getattr(scope, "node", None) is None:
        return False
    bindings = ctx.scope_bindings(scope).get(v.id)
    if not bindings:
        return False
    for st, value in bindings:
        if st is None or not isinstance(st, ast.Assign) or len(st.targets) != 1 or not isinstance(value, ast.Call):
            return False  # a parameter, a loop target, another kind of binding: unknown
        t = st.targets[0]
        if isinstance(t, ast.Name):
            idx = None
        elif isinstance(t, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in t.elts):
            idx = next((i for i, e in enumerate(t.elts) if isinstance(e, ast.Name) and e.id == v.id), None)
            if idx is None:
                return False
            n = len(t.elts)
        else:
            return False
        fn = _callee_def(ctx, value)
        if fn is None:
            return False
        rets = own_returns(fn)
        if not rets:
            return False
        for r in rets:
            if r is None:
                return False
            if idx is not None:
                if not (isinstance(r, ast.Tuple) and len(r.elts) == n):
                    return False
                r = r.elts[idx]
            if ctx.placement(r) != "cuda":
                return False
    return True


def _callee_def(ctx, call: ast.Call):
    """The ``def`` a call of the file's own function (``f(x)``) or method (``self.f(x)``) runs, else None."""
    if isinstance(call.func, ast.Name) and call.func.id in ctx.functions:
        return ctx.functions[call.func.id]
    return ctx.own_method(call)



def scaler_step_waits(ctx, call: ast.Call) -> bool:
    """``scaler.step(opt)`` of a torch ``GradScaler`` reads its found-inf flags on the host (see the module's
    docstring)."""
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "step"):
        return False
    d = dotted(call.func.value)
    values = ctx.assigns.get(d, []) if d is not None else []
    if not values or not all(isinstance(v, ast.Call) and _enabled_cuda_scaler(ctx, v) for v in values):
        return False
    opt = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "optimizer"), None)
    if opt is None:
        return False
    od = dotted(opt)
    built = ctx.assigns.get(od, []) if od is not None else []
    return not any(isinstance(b, ast.Call) and _may_be_fused(ctx, b) for b in built)


def _enabled_cuda_scaler(ctx, v: ast.Call) -> bool:
    q = ctx.call_name(v) or ""
    if q not in _SCALERS:
        return False
    if any(k.arg is None or (k.arg == "enabled" and not (isinstance(k.value, ast.Constant) and k.value.value is True))
           for k in v.keywords):
        return False  # GradScaler(enabled=use_amp), GradScaler(**cfg): maybe disabled (then no read)
    if q.startswith("torch.cuda."):
        return True
    dev = next((k.value for k in v.keywords if k.arg == "device"), v.args[0] if v.args else None)
    return dev is None or ctx._device_value(dev) == "cuda"  # torch.amp.GradScaler's device defaults to "cuda"


def _may_be_fused(ctx, b: ast.Call) -> bool:
    """The optimizer's constructor is (or may be) asked for the fused kernels: ``fused=`` not a constant
    ``False``/``None``, also in a ``**kw`` dict the file builds (``dict(lr=1e-3, fused=True)``, ``{"fused": f}``)."""
    for k in b.keywords:
        if k.arg == "fused":
            if not _off(k.value):
                return True
        elif k.arg is None:
            d = dotted(k.value)
            for v in [k.value, *(ctx.assigns.get(d, []) if d is not None else [])]:
                pairs = list(zip(v.keys, v.values)) if isinstance(v, ast.Dict) else \
                    [(ast.Constant(kw.arg), kw.value) for kw in v.keywords] if isinstance(v, ast.Call) and \
                    isinstance(v.func, ast.Name) and v.func.id == "dict" else []
                if any(isinstance(key, ast.Constant) and key.value == "fused" and not _off(val) for key, val in pairs):
                    return True
    return False


def _off(v: ast.AST) -> bool:
    return isinstance(v, ast.Constant) and v.value in (False, None)
