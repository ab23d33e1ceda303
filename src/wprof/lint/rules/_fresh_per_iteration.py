"""A model built anew in every iteration of a loop, its first call timed once per iteration (WP103).

``_common.warmup_findings`` leaves a region that is one sample of a loop alone unless its samples end in a mean:
one cold first sample among many warm ones, summarized by a robust statistic or not at all. That holds when the
timed work stays the same object from one iteration to the next. When the loop builds the model itself, before the
clock, in each iteration (``for p in precisions: model = AutoModelForCausalLM.from_pretrained(name, **kwargs)``,
then ``t0 = time.time(); model.generate(...)``), no sample is warm: every configuration's row (its latency, its
tokens per second) is the first call of a fresh model, with its kernels' lazy loading, cuBLAS/bitsandbytes
start-up and the allocator's growth inside (set 134: the FP32, INT8, INT4, NF4 rows of one quantization
benchmark, one timed ``generate`` each). ``_cold_models.fresh_model_first_calls`` reports the same mistake for a
function called once per configuration; this is its loop form.

Reported: a region inside a loop with no loop of its own, timing a call of a name that the loop's body binds,
before the region, to a library's model constructor or loader (an imported name or a class of the file: ``_cold_models._fresh_model``, not a
tensor, not the output of a local object), not
used between the binding and the region, and shown on the GPU (``_evidence.model_on_gpu``, a library constructor
that places itself, a device handed to the loader with a synchronize before the clock). Not when the region's
function mentions a warm-up, its samples are taken under a test of the loop's variable (``_common.loop_guarded``), the region times a first call on purpose, is a run's wall time, or runs only on the
CPU."""

from __future__ import annotations

import ast

from .._context import Context


def fresh_per_iteration_calls(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """(the timed call, its key, the loader's text) for each such region, the first cold call of each."""
    from ._cold_models import _fresh_model, _synced_with_device
    from ._common import _times_first_call, callee_key, end_to_end, loop_guarded, mentions_warmup_for
    from ._evidence import cpu_only, model_on_gpu
    from ._self_placing import self_placing
    from ._warm_sources import loader_runs_model

    out: list[tuple[ast.Call, str, str]] = []
    if not ctx.uses_gpu:
        return out
    for r in ctx.regions:
        loop = r.loop
        if loop is None or r.outer is not None or r.inner_loops() or not isinstance(loop, (ast.For, ast.AsyncFor)):
            continue
        if mentions_warmup_for(ctx, r) or loop_guarded(r) or _times_first_call(ctx, r) or end_to_end(ctx, r) or \
                cpu_only(ctx, r.scope.stmts[r.lo]):
            continue
        body = range(loop._wp_idx + 1, loop._wp_end + 1)  # type: ignore[attr-defined]
        for c in r.calls():
            key = callee_key(c)
            if not key or ctx.is_compiled(key):
                continue
            hit = None
            for name in [key.split(".")[0]]:  # the object called (`model.generate(...)`, `model(x)`), not its inputs
                if name == "self" or name in r.scope.params or ctx.is_compiled(name):
                    continue
                loader = _fresh_model(ctx, name, r)
                st = getattr(loader, "_wp_stmt", None)
                idx = getattr(st, "_wp_idx", None)
                if loader is None or idx is None or idx not in body or idx >= r.lo or \
                        getattr(st, "_wp_scope", None) is not r.scope or not _library_loader(ctx, loader):
                    continue  # built once before the loop: the earlier iterations warm it
                if _ran(name, r.scope, idx + 1, r.lo) or loader_runs_model(ctx, loader):
                    continue
                if model_on_gpu(ctx, name) or self_placing(ctx, loader) or _synced_with_device(ctx, r, loader):
                    hit = loader
                    break
            if hit is not None:
                out.append((c, key, ctx.text(hit.func)))
                break
    return out


def _ran(name: str, scope, lo: int, hi: int) -> bool:
    """``name`` is called, has a method other than a set-up one called, or is handed whole to a call in ``scope``'s
    statements ``lo`` to ``hi`` (``.to(model.device)`` reads an attribute of it: no run)."""
    from ._cold_helpers import _used

    return _used(name, scope, hi, lo, whole=True)


def _library_loader(ctx: Context, call: ast.Call) -> bool:
    """The binding's root call is a library's constructor or loader (``AutoModelForCausalLM.from_pretrained(...)``,
    ``torchvision.models.resnet50()``, ``nn.Linear(...)``): an imported name, not a method of a value of the file
    (``xb.to(device)``: a tensor) nor a call of a local object (``window(chunk)``: its output)."""
    root = call
    while isinstance(root, ast.Call) and isinstance(root.func, ast.Attribute) and isinstance(root.func.value, ast.Call):
        root = root.func.value
    if not isinstance(root, ast.Call):
        return False
    head = root.func
    while isinstance(head, ast.Attribute):
        head = head.value
    return isinstance(head, ast.Name) and (head.id in ctx.imports or head.id in ctx.classes)
