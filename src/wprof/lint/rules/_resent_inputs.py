"""WP104's resent inputs: the same host array copied to the device again in every timed iteration.

``x = torch.from_numpy(batch_x).cuda()`` inside ``for _ in range(steps):`` with ``batch_x`` made once before the
loop, ``model(torch.as_tensor(img).to(device))`` with ``img`` a NumPy array of the file, ``inp.cuda()`` of a host
tensor drawn once on the CPU: the data does not change between iterations, yet every timed iteration copies it from
pageable host memory, a transfer that also waits for the GPU, so each sample pays the copy beside the step it
means to time (a synthetic-batch training benchmark measures the PCIe copy with every step). Reported when the copy
is repeated (between the readings of a region taken once per loop iteration, in a loop inside a timed region, or in
a harness's callable) and every name it reads is bound outside the repeated code; also in a training region (the
data a step copies is then not a fresh batch but the same one, sent again).

Not reported: a fresh batch (``for x, y in loader: x = x.cuda()``, ``xb = next(it)``, ``data[i]``: a name bound in
the loop, a subscript), a region that times only copies (the transfer is its subject), a whole run (its number
includes the copies: ``_number_purpose``), a one-off copy in a region taken once, a tensor whose device the file
does not show to be the host (``x.to(device)`` of a parameter).
"""

from __future__ import annotations

import ast

from .._context import Context
from .._samples import harness_bodies
from .._walk import stmt_nodes
from ._host_made_copies import _cpu, _device_kw, _names, _other_work, _varies

_HOST_DRAWS = frozenset({"randn", "rand", "randint", "zeros", "ones", "full", "empty", "arange", "linspace", "eye",
                         "normal"})
_CASTS = frozenset({"float", "half", "long", "int", "bool", "byte", "double", "bfloat16", "contiguous", "t",
                    "pin_memory"})


def _host_tensor_value(ctx: Context, v: ast.AST) -> bool:
    """``v`` makes a host tensor: ``torch.from_numpy(...)``, or a torch factory or draw with no device (or the
    CPU's), then casts."""
    while isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and ctx.method(v) in _CASTS:
        v = v.func.value
    if not isinstance(v, ast.Call):
        return False
    q = ctx.call_name(v) or ""
    if q == "torch.from_numpy":
        return True
    head, _, last = q.rpartition(".")
    dev = _device_kw(v)
    return head == "torch" and last in _HOST_DRAWS and (dev is None or _cpu(dev))


def _host_name(ctx: Context, name: str) -> bool:
    """Every binding of ``name`` in the file makes a host tensor (and there is one)."""
    vals = ctx.assigns.get(name, [])
    return bool(vals) and all(_host_tensor_value(ctx, v) for v in vals)


def resent_copy(ctx: Context, call: ast.Call) -> str | None:
    """The host array ``call`` copies to the device when it is ``<host>.cuda()`` or ``<host>.to(<device>)`` of a
    named host array: ``torch.from_numpy(x)``, ``torch.tensor(x)``/``torch.as_tensor(x)`` of a NumPy array of the
    file, or a name bound only to host tensors; else None."""
    m = ctx.method(call)
    if m not in ("cuda", "to") or not isinstance(call.func, ast.Attribute):
        return None
    if m == "to" and (not call.args or _cpu(call.args[0]) or ctx.text(call.args[0]).startswith("torch.") and
                      not ctx.text(call.args[0]).startswith("torch.device")):
        return None  # `.to(torch.float16)`, `.to("cpu")`: not a copy to the device
    recv = call.func.value
    while isinstance(recv, ast.Call) and isinstance(recv.func, ast.Attribute) and ctx.method(recv) in _CASTS:
        recv = recv.func.value
    if isinstance(recv, ast.Call) and len(recv.args) == 1 and isinstance(recv.args[0], ast.Name):
        q = ctx.call_name(recv) or ""
        arg = recv.args[0]
        if q == "torch.from_numpy" or (q in ("torch.tensor", "torch.as_tensor") and _device_kw(recv) is None and
                                       ctx._numpy_only(arg.id)):  # type: ignore[attr-defined]
            return arg.id
        return None
    if isinstance(recv, ast.Name) and _host_name(ctx, recv.id):
        return recv.id
    return None


def resent_findings(ctx: Context, skip) -> list[tuple[ast.Call, str, str, int]]:
    """(copy, host name, label, sample) for each copy of one host array to the device repeated in every timed
    sample; ``label`` names the harness that runs the sample, or is empty for a region of the file; ``sample``
    tells the samples apart (one finding each). ``skip(r)`` leaves a region out (a whole run, one labelled set-up)."""
    out: list[tuple[ast.Call, str, str, int]] = []
    seen: set[int] = set()
    for body in harness_bodies(ctx):
        bound = body.bound()
        for c in body.calls():
            name = resent_copy(ctx, c)
            if name is not None and not (_names(c) & bound) and id(c) not in seen:
                seen.add(id(c))
                out.append((c, name, body.label, id(body)))
    for r in ctx.regions:
        if r.outer is not None or skip(r) or not _other_work(ctx, r) or _named_end_to_end(ctx, r):
            continue
        for st in r.stmts():
            repeat = r.loop if r.loop is not None else next(
                (lp for lp in reversed(st._wp_loops) if r.contains(lp)), None)  # type: ignore[attr-defined]
            if repeat is None:
                continue  # a one-off copy in a region taken once
            lo, hi = repeat._wp_idx, repeat._wp_end  # type: ignore[attr-defined]
            for c in stmt_nodes(st):
                if not isinstance(c, ast.Call) or id(c) in seen:
                    continue
                name = resent_copy(ctx, c)
                if name is not None and not _varies(ctx, c, r, lo, hi):
                    seen.add(id(c))
                    out.append((c, name, "", id(r)))
    return out


def _named_end_to_end(ctx: Context, r) -> bool:
    """The code names the region's number as one that includes its copies ("end-to-end", `e2e_s`, "host -> GPU ->
    host", "including transfers"), also per sample of a loop: the copy is meant to be in it. (Not "total": a
    per-iteration `total += t1 - t0` is an accumulator.)"""
    from ._number_purpose import _WHOLE, labels

    return any(not m.group(0).lower().startswith("total") for s in labels(ctx, r) for m in _WHOLE.finditer(s))
