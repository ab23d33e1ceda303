"""A model whose first run happened inside a library call it was handed (facts about those libraries, not about any
repository): FLOP counters and model summaries run the model's forward on a sample input to count or trace it
(``ptflops.get_model_complexity_info(model, shape)``, ``thop.profile(model, inputs=...)``,
``torchinfo.summary(model, input_size=...)``, ``fvcore``'s ``FlopCountAnalysis(model, x)``, ``calflops``), as do
tracers (``torch.jit.trace(model, x)``, ``torch.onnx.export(model, x, ...)``). The model is handed directly, inside
a wrapper built around it (``ModelWrapper(model, t)``, or a name bound to one), or through a function of the file
that hands its parameter to such a call (``get_flops(ModelWrapper(model, t))``)."""
from __future__ import annotations

import ast

from .._context import Context
from .._walk import Scope
from ._reach import reachable_before

RUNS_FORWARD = frozenset({
    "ptflops.get_model_complexity_info", "ptflops.flops_counter.get_model_complexity_info",
    "thop.profile", "torchprofile.profile_macs", "torchinfo.summary", "torchsummary.summary",
    "fvcore.nn.FlopCountAnalysis", "fvcore.nn.flop_count", "fvcore.nn.ActivationCountAnalysis",
    "calflops.calculate_flops", "deepspeed.profiling.flops_profiler.get_model_profile",
    "deepspeed.profiling.flops_profiler.profiler.get_model_profile",
    "torch.jit.trace", "torch.onnx.export"})


def run_by_library(ctx: Context, key: str | None, scope: Scope, before: int) -> bool:
    """``key``'s object (its first dotted part) was handed, before index ``before`` of ``scope``, to a library call
    that runs it, directly, wrapped, or through a function of the file."""
    if not key:
        return False  # a work item with no identity (the walk could not name the object it ran)
    root = key.split(".")[0].split("#")[0]
    if not root.isidentifier():
        return False
    stmts = reachable_before(ctx, scope, before)
    names = {root}
    for _ in range(2):  # `wrapper = ModelWrapper(model, t)`: a name bound to an object built around the model
        for st in stmts:
            for n in ast.walk(st):
                if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and _mentions(n.value.args, names):
                    names |= {t.id for t in n.targets if isinstance(t, ast.Name)}
    from ._trainer_runs import trainer_ran

    return any(_hands_to_runner(ctx, c, names, 2) or trainer_ran(ctx, c, names) for st in stmts for c in _calls_in(st))


def _calls_in(st: ast.stmt) -> list[ast.Call]:
    """The calls of ``st``, those of compound statements' bodies with them (a ``for``/``try`` at module level)."""
    return [n for n in ast.walk(st) if isinstance(n, ast.Call)] if not isinstance(
        st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else []


def _mentions(args: list, names: set) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for a in args for n in ast.walk(a))


def _hands_to_runner(ctx: Context, c: ast.Call, names: set, depth: int) -> bool:
    args = [*c.args, *(k.value for k in c.keywords)]
    if not _mentions(args, names):
        return False
    q = ctx.call_name(c)
    if q in RUNS_FORWARD:
        return not (q == "torchinfo.summary" and len(c.args) < 2 and not any(  # no input: parameters listed only
            k.arg in ("input_size", "input_data") for k in c.keywords))
    if isinstance(c.func, ast.Name) and c.func.id not in ctx.functions and _over_loader(ctx, c, names):
        return True  # `acc = evaluate(model, test_loader)`: code not read here, handed the model and a data loader
    if depth == 0 or not isinstance(c.func, ast.Name) or c.func.id not in ctx.functions:
        return False
    fn = ctx.functions[c.func.id]
    a = fn.args
    params = {x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    return any(_hands_to_runner(ctx, inner, params, depth - 1) for inner in ast.walk(fn)
               if isinstance(inner, ast.Call))


def _over_loader(ctx: Context, c: ast.Call, names: set) -> bool:
    """A call handed the model (a name of ``names``, as an argument of its own) and a data loader: a name bound to
    ``DataLoader(...)`` or named ``*loader``. Such a function (an accuracy pass over the test set, a calibration
    run) runs the model over every batch of the loader: its kernels and allocator are warm afterwards."""
    args = [*c.args, *(k.value for k in c.keywords)]
    if not any(isinstance(a, ast.Name) and a.id in names for a in args):
        return False
    for a in args:
        if not isinstance(a, ast.Name) or a.id in names:
            continue
        if a.id.lower().endswith("loader") or any(
                isinstance(v, ast.Call) and (ctx.call_name(v) or "").rsplit(".", 1)[-1] == "DataLoader"
                for v in ctx.assigns.get(a.id, ())):
            return True
    return False
