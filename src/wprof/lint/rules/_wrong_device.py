"""WP102's wrong-device case: work placed explicitly on one GPU (``x.to("cuda:1")``, a model on ``cuda:2``) and
timed with what acts on the *current* device (cuda:0 unless the file changes it): ``torch.cuda.synchronize()``
without a device waits for the current device, not for the work; ``torch.cuda.Event.record()`` without a stream
records on the current device's stream, so the interval holds none of the work (set 17)."""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_calls, stmt_nodes
from ._evidence import work_device

# calls that change which device is current (or run a block on another one): the current device is then unknown
_SWITCHES = ("torch.cuda.set_device", "torch.cuda.device", "torch.cuda.stream", "torch.cuda.device_of",
             "torch.cuda.StreamContext", "torch.accelerator.set_device_index", "torch.accelerator.set_device_idx",
             "torch.distributed.init_process_group")


def _switches_device(ctx: Context) -> bool:
    cached = ctx.__dict__.get("_wp_switches")
    if cached is None:
        cached = any((ctx.call_name(c) or "") in _SWITCHES or (ctx.call_name(c) or "").endswith(".set_device") or
                     ((ctx.call_name(c) or "").startswith("cupy.") and ctx.method(c) == "use") for c in ctx.calls)
        ctx._wp_switches = cached  # type: ignore[attr-defined]
    return cached


def _current_device_sync(ctx: Context, c: ast.Call) -> bool:
    return ctx.call_name(c) == "torch.cuda.synchronize" and not c.args and not c.keywords


def wrong_device(ctx: Context, r) -> int | None:
    """The ordinal (>= 1) of the GPU all of the region's work is shown to run on when the region's only waits
    (host clock) or its event records act on the current device instead; else None."""
    if r.kind not in ("host", "event") or _switches_device(ctx):
        return None
    stmts = r.stmts()
    work = [(s, w) for s in stmts for w in ctx.gpu_work_in(stmt_nodes(s))]
    if not work:
        return None
    devices = {work_device(ctx, w) for _, w in work}
    if len(devices) != 1:
        return None
    n = devices.pop()
    if not isinstance(n, int) or n == 0:
        return None
    if r.kind == "host":
        if r.synced is not True:
            return None
        last = max(s._wp_idx for s, _ in work)  # type: ignore[attr-defined]
        syncs = [c for s in stmts if s._wp_idx >= last for c in stmt_calls(s)  # type: ignore[attr-defined]
                 if ctx.is_sync(c)]
        return n if syncs and all(_current_device_sync(ctx, c) for c in syncs) else None
    for rec in (r.start, r.end):
        if not (isinstance(rec, ast.Call) and not rec.args and not rec.keywords and _torch_event(ctx, rec)):
            return None  # record(stream): the stream's device
    return n


def _torch_event(ctx: Context, rec: ast.Call) -> bool:
    from .._walk import base_key

    key = base_key(rec.func.value)  # type: ignore[attr-defined]
    values = ctx.assigns.get(key or "", [])
    return bool(values) and all(isinstance(v, ast.Call) and ctx.call_name(v) == "torch.cuda.Event" for v in values)


def _spread_copy(ctx: Context, c: ast.Call) -> bool:
    """``t.to(f"cuda:{i % 8}", non_blocking=True)`` in a loop: an asynchronous copy to a GPU picked per pass (the
    ordinal a value of the loop), so the copies land on several devices."""
    if ctx.method(c) != "to" or not any(k.arg == "non_blocking" and isinstance(k.value, ast.Constant) and
                                        k.value.value is True for k in c.keywords):
        return False
    dev = c.args[0] if c.args else next((k.value for k in c.keywords if k.arg == "device"), None)
    if not (isinstance(dev, ast.JoinedStr) and dev.values and isinstance(dev.values[0], ast.Constant) and
            dev.values[0].value == "cuda:" and len(dev.values) == 2 and
            isinstance(dev.values[1], ast.FormattedValue)):
        return False
    loops = getattr(getattr(c, "_wp_stmt", None), "_wp_loops", ())
    targets = {n.id for lp in loops if isinstance(lp, ast.For) for n in ast.walk(lp.target) if isinstance(n, ast.Name)}
    return any(isinstance(n, ast.Name) and n.id in targets for n in ast.walk(dev.values[1].value))


def spread_copies(ctx: Context, r) -> ast.Call | None:
    """A host region whose last work is asynchronous copies to GPUs picked per loop pass (`_spread_copy`), waited
    for only by ``torch.cuda.synchronize()`` of the current device: the copy on the current device is waited for,
    the others not (set 102). The copy, else None."""
    if r.kind != "host" or r.synced is False or _switches_device(ctx):
        return None  # (a region of copies alone shows no work: `synced` is None there)
    stmts = r.stmts()
    copies = [(s, c) for s in stmts for c in stmt_calls(s) if _spread_copy(ctx, c)]
    if not copies:
        return None
    last = max(s._wp_idx for s, _ in copies)  # type: ignore[attr-defined]
    if any(ctx.gpu_work_in(stmt_nodes(s)) for s in stmts if s._wp_idx > last):  # type: ignore[attr-defined]
        return None
    syncs = [c for s in stmts if s._wp_idx > last for c in stmt_calls(s)  # type: ignore[attr-defined]
             if ctx.is_sync(c)]
    return copies[-1][1] if syncs and all(_current_device_sync(ctx, c) for c in syncs) else None


def report_wrong_device(ctx: Context) -> None:
    for r in ctx.regions:
        copy = spread_copies(ctx, r)
        if copy is not None:
            ctx.report(r.end, f"`torch.cuda.synchronize()` waits on the current device only, but the timed "
                       f"non-blocking copies go to several GPUs (`{ctx.text(copy.args[0] if copy.args else copy)}`): "
                       f"`{ctx.text(r.end)}` does not wait for those on the other devices",
                       "Synchronize every device the copies went to (`for d in range(n): "
                       "torch.cuda.synchronize(d)`)")
            continue
        n = wrong_device(ctx, r)
        if n is None:
            continue
        if r.kind == "host":
            ctx.report(r.end, f"`torch.cuda.synchronize()` waits on the current device (cuda:0), but the timed work "
                       f"runs on cuda:{n}: `{ctx.text(r.end)}` does not wait for it",
                       f"Synchronize the work's device (`torch.cuda.synchronize(\"cuda:{n}\")`) or make it current "
                       "first (`torch.cuda.set_device(...)`)")
        else:
            ctx.report(r.end, f"CUDA events recorded on the current device (cuda:0), but the timed work runs on "
                       f"cuda:{n}: the interval does not hold it",
                       f"Make the work's device current before recording (`torch.cuda.set_device(\"cuda:{n}\")` or "
                       "`with torch.cuda.device(...):`)")
