"""Warm-up calls of a ``torch.compile``d callable that do not reach the timed run (facts of torch, read in torch
2.13's ``torch/_inductor/cudagraph_trees.py`` and ``torch/_dynamo/guards.py``, not of any repository):

- ``mode="reduce-overhead"`` and ``mode="max-autotune"`` run the compiled graph through CUDA graph trees: a
  function's first call runs eagerly in the graph's memory pool (``run_eager``, "warm-up"), and its CUDA graph is
  recorded on a later call. One warm-up call compiles, and leaves the recording to the first timed call.
- Dynamo's tensor guards check each input's device (its dispatch keys and device index): a call on CPU tensors
  compiles a CPU graph, and the first call on CUDA tensors compiles the model again.
- A library trainer (``trainer.fit(model)``, ``Trainer(model=model).train()``) moves the module to the GPU and runs
  its forward and backward: a compiled module warmed only on the CPU, or never called, compiles inside it.
"""
from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_calls
from ._common import callee_key
from ._reach import reachable_before

GRAPH_MODES = frozenset({"reduce-overhead", "max-autotune"})


def _compiles(ctx: Context, v: ast.AST) -> bool:
    return isinstance(v, ast.Call) and ctx.call_name(v) == "torch.compile"


def graph_mode(ctx: Context, name: str) -> bool:
    """Every binding of ``name`` in the file is ``torch.compile(..., mode="reduce-overhead")`` (or
    ``"max-autotune"``): its calls run through CUDA graph trees."""
    vals = ctx.assigns.get(name, [])
    return bool(vals) and all(_compiles(ctx, v) and any(
        k.arg == "mode" and isinstance(k.value, ast.Constant) and k.value.value in GRAPH_MODES
        for k in v.keywords) for v in vals)  # type: ignore[attr-defined]


def _calls_of(name: str, stmts: list) -> list[ast.Call]:
    return [c for st in stmts for c in stmt_calls(st) if isinstance(c.func, ast.Name) and c.func.id == name]


def _handed(name: str, stmts: list) -> bool:
    """``name`` is handed to a call, or one of its attributes is used (``m.to(device)``, ``m.eval()``)."""
    for st in stmts:
        for n in ast.walk(st):
            if isinstance(n, ast.Call) and any(isinstance(a, ast.Name) and a.id == name
                                               for a in [*n.args, *(k.value for k in n.keywords)]):
                return True
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name:
                return True
    return False


def one_graph_warmup(ctx: Context) -> list[tuple[ast.Call, str]]:
    """A CUDA-graph compiled callable (``f = torch.compile(m, mode="reduce-overhead")``) called once before a timed
    region of the same function, by one statement outside any loop, and called inside the region: the first timed
    call records the CUDA graph. Not when the region's samples leave the first out or are summarized robustly."""
    from ._common import loop_guarded

    out: list[tuple[ast.Call, str]] = []
    done: set[str] = set()
    for r in ctx.regions:
        if r.loop is not None or loop_guarded(r):
            continue  # (a loop of samples: one recording among many samples, its summary decides)
        for c in r.calls():
            key = callee_key(c)
            if not key or key in done or not isinstance(c.func, ast.Name) or not graph_mode(ctx, key):
                continue
            before = reachable_before(ctx, r.scope, r.lo)
            warm = _calls_of(key, before)
            if len(warm) != 1 or warm[0]._wp_stmt._wp_loops or _handed(key, before):  # type: ignore
                continue
            if any(ctx.placement(a) == "cpu" for a in warm[0].args):
                continue  # (a CPU warm-up: another finding's matter, and a CPU program has no CUDA graphs)
            done.add(key)
            out.append((c, key))
            break
    return out


def one_graph_warmup_in_helper(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """A CUDA-graph compiled callable handed to a function of the file (``bench(f, x)``) that calls that parameter
    by one statement outside any loop (its warm-up) and then times it in a one-off region: the first timed call
    records the graph. The caller never called nor handed the callable before. (site, name, helper.)"""
    from ._common import file_function_calls, loop_guarded

    out: list[tuple[ast.Call, str, str]] = []
    for c, fn, bound in file_function_calls(ctx):
        st = c._wp_stmt  # type: ignore[attr-defined]
        hit = next(((p, v.id) for p, v in bound if isinstance(v, ast.Name) and graph_mode(ctx, v.id)), None)
        if hit is None:
            continue
        param, name = hit
        before = reachable_before(ctx, st._wp_scope, st._wp_idx)
        if _calls_of(name, before) or _handed(name, before):
            continue  # (called or handed before: warmed elsewhere, or not known)
        scope = fn._wp_own_scope  # type: ignore[attr-defined]
        for r in ctx.regions:
            if r.scope is not scope or r.loop is not None or loop_guarded(r) or \
                    not any(isinstance(k.func, ast.Name) and k.func.id == param for k in r.calls()):
                continue
            prior = reachable_before(ctx, scope, r.lo)
            warm = _calls_of(param, prior)
            if len(warm) == 1 and not warm[0]._wp_stmt._wp_loops and not _handed(param, prior):  # type: ignore
                out.append((c, name, c.func.id))
                break
    return out


def _trainer_models(ctx: Context, c: ast.Call) -> list[str]:
    """The names a library trainer run ``c`` runs: handed to ``fit``/``train`` or to the trainer's constructor."""
    from ._trainer_runs import trainer_run_call

    if not trainer_run_call(ctx, c):
        return []
    recv = c.func.value  # type: ignore[attr-defined]
    built = [recv] if isinstance(recv, ast.Call) else list(ctx.assigns.get(recv.id, []))
    args = [*c.args, *(k.value for k in c.keywords)]
    for b in built:
        args += [*b.args, *(k.value for k in b.keywords)]  # type: ignore[attr-defined]
    return [a.id for a in args if isinstance(a, ast.Name)]


def _on_cpu_trainer(ctx: Context, c: ast.Call) -> bool:
    """The trainer is told to run on the CPU (``accelerator="cpu"``, ``use_cpu=True``, ``no_cuda=True``)."""
    recv = c.func.value  # type: ignore[attr-defined]
    built = [recv] if isinstance(recv, ast.Call) else list(ctx.assigns.get(recv.id, []))
    for b in built:
        for n in ast.walk(b):
            if isinstance(n, ast.keyword) and isinstance(n.value, ast.Constant) and (
                    (n.arg in ("accelerator", "device") and n.value.value == "cpu") or
                    (n.arg in ("use_cpu", "no_cuda") and n.value.value is True)):
                return True
    return False


def trainer_cold_compiles(ctx: Context) -> list[tuple[ast.Call, str, bool]]:
    """A timed library trainer run (``t0 = perf_counter(); trainer.fit(compiled)``) of a ``torch.compile``d module
    that was never called before, or called only on CPU tensors while the module was never moved: the trainer runs
    it on the GPU, where it compiles (again, for the new device), and its backward compiles too. (call, name,
    whether a CPU warm-up ran.) Only in a program that uses the GPU, or whose compile records CUDA graphs (a GPU
    mode: those modes have no meaning on the CPU), and not for a trainer told to run on the CPU."""
    out: list[tuple[ast.Call, str, bool]] = []
    for r in ctx.regions:
        for c in r.calls():
            for name in _trainer_models(ctx, c):
                vals = ctx.assigns.get(name, [])
                if not vals or not all(_compiles(ctx, v) for v in vals):
                    continue
                if not (ctx.uses_gpu or graph_mode(ctx, name)) or _on_cpu_trainer(ctx, c):
                    continue
                st = c._wp_stmt  # type: ignore[attr-defined]
                before = reachable_before(ctx, st._wp_scope, st._wp_idx)
                calls = _calls_of(name, before)
                if any(not c2.args or any(ctx.placement(a) != "cpu" for a in [*c2.args, *(
                        k.value for k in c2.keywords)]) for c2 in calls):
                    continue  # (a call that may have run on the GPU warmed it)
                if _handed_elsewhere(ctx, name, before, c):
                    continue
                out.append((c, name, bool(calls)))
                break
    return out


def _handed_elsewhere(ctx: Context, name: str, stmts: list, run: ast.Call) -> bool:
    """``name`` is used before the trainer run other than by a call of it and the trainer's constructor: moved
    (``m.to(device)``), handed to another function (which may run it), run by another trainer."""
    recv = run.func.value  # type: ignore[attr-defined]
    ctors = {id(v) for v in ([recv] if isinstance(recv, ast.Call) else ctx.assigns.get(
        getattr(recv, "id", ""), []))}
    for st in stmts:
        for n in ast.walk(st):
            if isinstance(n, ast.Call) and id(n) not in ctors and any(
                    isinstance(a, ast.Name) and a.id == name for a in [*n.args, *(k.value for k in n.keywords)]):
                return True
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name:
                return True
    return False
