"""WP101 through a timing helper of the project: the helper synchronizes in every sample, the caller hands it a
short op.

A benchmark script often times everything through one helper of its project (``from utils.bench import benchmark``,
``sys.path.append("../utils"); from benchmark import *``): ``benchmark(fn, *args)`` runs ``fn(*args)`` in a loop and
synchronizes in every iteration (a host clock per sample, an event pair with ``end.synchronize()``, or a loop timed
as a whole). Whether that is a mistake depends on what the caller hands it: around a model forward the synchronize
is how per-sample latency is read; around a µs-scale op each sample is the launch and the round trip. The helper is
read in its own module (the same shapes as a loop of the linted file, :func:`sync_every_iteration.round_trip`, with
the sample being one call of the helper's callable parameter); the callable and the operands are read at the call in
the linted file, with the same reading of short ops and sizes as a sample written there (:mod:`._sample_length`).
Reported at that call, once per helper and file; sized operands make it a default finding, a short op of unknown
size a weak one.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .._context import Context
from ._sample_length import (SHORT_OPS, _all_sized, _callable_kind, _calls_of, _harmless, _large, _on_gpu_all,
                             _op_kind, _short_function, _small_matmul, sample_work)
from ._tensor_sizes import MATMULS

_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def imported_round_trips(ctx: Context) -> None:
    """Report the calls of the file that hand a short op to a project helper synchronizing every sample."""
    seen: dict[int, list] = {}
    order: list[int] = []
    for call in _calls_to_project(ctx):
        d = ctx.imported_function(call)
        if d is None or d.ctx is ctx:
            continue
        for shape, sync, pcall in helper_shapes(d.ctx, d.node):
            if _silenced(d.ctx, sync):
                continue  # `# noqa: WP101` at the helper's synchronize: meant, for every caller
            judged = _judge_site(ctx, call, d.node, pcall)
            if judged is None:
                continue
            key = id(d.node)
            if key not in seen:
                seen[key] = []
                order.append(key)
            seen[key].append((call, d, shape, sync, judged))
            break
    for key in order:
        sites = seen[key]
        strong = [s for s in sites if s[4][1]]
        call, d, shape, sync, (text, _sized) = (strong or sites)[0]
        more = len(strong or sites) - 1
        where = f"{Path(d.ctx.path).name}:{sync.lineno}"
        sync_text = f"`{d.ctx.text(sync.func)}()`"
        how = {"host": f"ends every host-timed sample with {sync_text}",
               "event-inside": f"calls {sync_text} between the event records of every sample",
               "event-after": f"calls {sync_text} after every event-timed sample",
               "whole": f"calls {sync_text} in every iteration of a loop it times as a whole"}[shape]
        others = ("; 1 more call hands it a short op" if more == 1 else f"; {more} more calls hand it short ops") \
            if more else ""
        ctx.report(call, f"`{d.name}()` ({where}) {how}, and this call hands it one short op ({text}{others}): each "
                   "sample measures the launch and the synchronize round trip, not the op",
                   "Synchronize once after the helper's loop and divide the interval by N, or record CUDA events "
                   "around each call and synchronize once at the end", weak=not strong)


def _silenced(hctx: Context, sync: ast.Call) -> bool:
    from .._engine import _noqa_lines

    codes = _noqa_lines(hctx.source).get(sync.lineno, frozenset())
    return codes is None or "WP101" in codes


def _calls_to_project(ctx: Context) -> list[ast.Call]:
    """The calls of the file whose callee may be a function imported from the project (a plain or dotted name not
    defined in the file), in source order."""
    out = []
    for scope in ctx.scopes:
        for s in scope.stmts:
            for c in _calls_of(s):
                f = c.func
                if isinstance(f, ast.Name) and f.id in ctx.functions:
                    continue
                if isinstance(f, (ast.Name, ast.Attribute)):
                    out.append(c)
    out.sort(key=lambda c: (c.lineno, c.col_offset))
    return out


def helper_shapes(hctx: Context, fn: ast.AST) -> list[tuple[str, ast.Call, ast.Call]]:
    """(shape, the synchronize, the call of the callable parameter) for each loop of the function ``fn`` of module
    ``hctx`` that synchronizes every sample of one call of a parameter (``func(*args)``, ``fn()``)."""
    memo = hctx.__dict__.setdefault("_wp_round_trip_helpers", {})
    if id(fn) not in memo:
        memo[id(fn)] = _find_shapes(hctx, fn)
    return memo[id(fn)]


def _find_shapes(hctx: Context, fn: ast.AST) -> list[tuple[str, ast.Call, ast.Call]]:
    from .sync_every_iteration import loop_syncs, round_trip, timed_loops

    scope = getattr(fn, "_wp_own_scope", None)
    if scope is None:
        return []
    out = []
    for sc, loop, regions, whole, body in timed_loops(hctx, [scope]):
        if not any(isinstance(c.func, ast.Name) and c.func.id in scope.params for st in body for c in _calls_of(st)):
            continue  # no call of a parameter in the loop: nothing handed in is timed here
        syncs = loop_syncs(hctx, body)
        picked: dict[int, ast.Call] = {}

        def sample_op(lp, stmts, picked=picked):
            s, pc = _param_call_sample(hctx, scope, lp, stmts)
            if s is not None:
                picked[id(s)] = pc
            return s

        found = round_trip(hctx, loop, sc, regions, whole, syncs, sample_op)
        if found is not None:
            shape, sync, op = found
            out.append((shape, sync, picked[id(op)]))
    return out


def _param_call_sample(hctx: Context, scope, loop: ast.stmt, stmts: list[ast.stmt]):
    """The one statement of a sample that calls a parameter of the helper (and its call), when every other call of
    the sample is a clock, a synchronize, an event record, an append or a builtin, and nothing else is GPU work."""
    found = None
    for s in stmts:
        if isinstance(s, _LOOPS) or isinstance(s, _DEFS):
            return None, None
        pcs = [c for c in _calls_of(s) if isinstance(c.func, ast.Name) and c.func.id in scope.params]
        others = [c for c in _calls_of(s) if c not in pcs and not any(_inside(c, p) for p in pcs)]
        if not all(_harmless(hctx, c) for c in others):
            return None, None
        if pcs:
            if found is not None or len(pcs) != 1:
                return None, None
            found = (s, pcs[0])
        elif sample_work(hctx, s):
            return None, None
    if found is None:
        return None, None
    target = {n.id for n in ast.walk(getattr(loop, "target", ast.Pass())) if isinstance(n, ast.Name)}
    if any(isinstance(n, ast.Name) and n.id in target for n in ast.walk(found[1])):
        return None, None  # each iteration hands it another item
    return found


def _inside(c: ast.AST, outer: ast.Call) -> bool:
    return any(n is c for n in ast.walk(outer))


def _bind(call: ast.Call, fn: ast.AST) -> dict[str, ast.AST | list[ast.AST]] | None:
    """The helper's parameters as the call binds them (``*args`` as a list); None when a ``*``/``**`` argument
    hides the binding."""
    args = fn.args  # type: ignore[attr-defined]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    out: dict[str, ast.AST | list[ast.AST]] = {}
    for name, a in zip(pos, call.args):
        out[name] = a
    if args.vararg is not None:
        out[args.vararg.arg] = list(call.args[len(pos):])
    elif len(call.args) > len(pos):
        return None
    for k in call.keywords:
        out[k.arg] = k.value  # type: ignore[index]
    return out


def _judge_site(ctx: Context, call: ast.Call, fn: ast.AST, pcall: ast.Call) -> tuple[str, bool] | None:
    """(text of the short op, its sizes are shown) for what ``call`` hands the helper's ``pcall``; None when it is
    not shown to be short on the GPU."""
    bound = _bind(call, fn)
    if bound is None:
        return None
    handed = bound.get(pcall.func.id)  # type: ignore[attr-defined]
    if handed is None or isinstance(handed, list):
        return None
    operands: list[ast.AST] = []
    for a in pcall.args:
        if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name) and isinstance(bound.get(a.value.id), list):
            operands.extend(bound[a.value.id])  # type: ignore[arg-type]
        elif isinstance(a, ast.Name) and a.id in bound and not isinstance(bound[a.id], list):
            operands.append(bound[a.id])  # type: ignore[arg-type]
        elif isinstance(a, ast.Constant):
            continue
        else:
            return None
    if pcall.keywords:
        return None
    return handed_short(ctx, handed, operands)


def handed_short(ctx: Context, handed: ast.AST, operands: list[ast.AST]) -> tuple[str, bool] | None:
    """A callable and the operands it is called with, read in the caller's file: (its text, sizes shown) when it is
    one short op on CUDA data (a torch op by name, a lambda or a function of the file made of short ops), else
    None."""
    text = " ".join(ctx.text(handed).split())
    text = f"`{text if len(text) <= 40 else text[:37] + '...'}`"
    tensors = [x for x in operands if not _constant(x)]
    if not operands:
        kind = _callable_kind(ctx, handed, 1)
        if kind is None:
            return None
        body = handed.body if isinstance(handed, ast.Lambda) else (
            ctx.functions.get(handed.id) if isinstance(handed, ast.Name) else None)
        if body is None:
            return None
        names = [x for x in ast.walk(body) if isinstance(x, ast.Name) and isinstance(x.ctx, ast.Load) and
                 (ctx.placement(x) == "cuda" or ctx.is_tensorish(x))]
        return text, _all_sized(ctx, names)
    if not all(isinstance(x, ast.Name) for x in tensors) or not tensors or not _on_gpu_all(ctx, tensors):
        return None
    if any(_large(ctx, x) for x in tensors):
        return None
    q = ctx.qualname(handed) if isinstance(handed, (ast.Name, ast.Attribute)) else None
    last = (q or "").rsplit(".", 1)[-1]
    if q and q.startswith("torch.") and (q.count(".") == 1 or q.startswith("torch.nn.functional.")):
        if last in MATMULS:
            if not _small_matmul(ctx, tensors):
                return None
        elif last not in SHORT_OPS:
            return None
    elif isinstance(handed, ast.Lambda):
        if not _lambda_short(ctx, handed, len(operands)):
            return None
    elif isinstance(handed, ast.Name) and handed.id in ctx.functions:
        if _short_function(ctx, ctx.functions[handed.id], 1) is None:
            return None
    else:
        return None
    return text, _all_sized(ctx, tensors)  # type: ignore[arg-type]


def _constant(x: ast.AST) -> bool:
    """``-1``, ``2.0``, ``"sum"``: an argument that is no tensor."""
    return isinstance(x, ast.Constant) or (isinstance(x, ast.UnaryOp) and isinstance(x.operand, ast.Constant))


def _lambda_short(ctx: Context, lam: ast.Lambda, n: int) -> bool:
    """``lambda a, b: a * b + 1`` / ``lambda x: torch.relu(x)``: elementwise arithmetic or one short torch op of its
    own parameters (bound to the operands handed with it), nothing else."""
    params = [a.arg for a in lam.args.args]
    if len(params) != n or lam.args.vararg or lam.args.kwonlyargs:
        return False
    body = lam.body
    for x in ast.walk(body):
        if isinstance(x, ast.Name) and x.id not in params and ctx.qualname(x) is None:
            return False  # another value of the file: read as a sample of its own, not here
        if isinstance(x, ast.BinOp) and isinstance(x.op, ast.MatMult):
            return False
    if isinstance(body, (ast.BinOp, ast.UnaryOp)):
        return all(not isinstance(x, ast.Call) for x in ast.walk(body))
    if isinstance(body, ast.Call):
        return _op_kind(ctx, body, 0) == "op" and all(
            not isinstance(x, ast.Call) or x is body for x in ast.walk(body))
    return False

