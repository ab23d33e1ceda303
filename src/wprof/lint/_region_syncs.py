"""Whether a timed region's host clock waits for the device work it covers, and the block structure it asks.

Split from :mod:`._regions`: a region's end reading counts as synchronized when a sync (or a wait, or a branch on a
device value) follows the region's last GPU work on every path to the reading, or when the file's helpers it calls
wait for their own work (:func:`_settles`).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ._context import Context
from ._walk import stmt_calls, stmt_nodes
from ._early_waits import waits_before_own_work
from ._phase_waits import periodic_after_read

if TYPE_CHECKING:
    from ._regions import Region


def _settles(ctx: Context, call: ast.AST) -> bool:
    """A call of a function of this file or of the project that synchronizes after its own last GPU work
    (``validate(...)`` whose loop ends each step with ``loss.item()``, a ``train_one_epoch`` with
    ``torch.cuda.synchronize()`` per step): when it returns, the work it launched is done, so it leaves nothing
    pending for a clock read after it. Read to any depth by :func:`._deep_waits.settles` (methods, callables handed
    as parameters, calls of settling calls)."""
    from ._deep_waits import settles

    return isinstance(call, ast.Call) and settles(ctx, call)


def _cpu_branch(ctx: Context, stmt: ast.stmt) -> bool:
    """``stmt`` runs only on the CPU path of a device test inside the region (the ``else`` of ``if device ==
    "cuda": ...; stream.synchronize()``): the model call there is CPU work, nothing it does is left on the device."""
    from .rules._evidence import cpu_only

    return cpu_only(ctx, stmt, 1)


def _synced_after_work(ctx: Context, r: Region) -> bool | None:
    from ._alloc_only import allocation_only

    last_work = -1
    stmts = r.stmts()
    settled = False
    for s in stmts:
        work = ctx.gpu_work_in(stmt_nodes(s))
        if work and all(_settles(ctx, w) for w in work):
            settled = True  # helpers of this file that wait for their own work: nothing left pending
        elif work and not _cpu_branch(ctx, s) and not allocation_only(ctx, work):
            last_work = s._wp_idx  # type: ignore[attr-defined]
    if last_work < 0 and settled:
        return True
    if last_work < 0:
        return None
    end = r.scope.stmts[r.hi] if r.kind == "host" and r.hi < len(r.scope.stmts) else None
    for s in stmts:
        if s._wp_idx >= last_work and (not periodic(s) or same_block_before(s, end)) and \
                not off_by_default(ctx, s, r.scope.stmts[r.lo]) and \
                (any(ctx.is_sync(c) and not waits_on_input(c, r) and
                     not (s._wp_idx == last_work and waits_before_own_work(ctx, c, s))  # type: ignore[attr-defined]
                     for c in stmt_calls(s)) or
                 ctx.stmt_waits(s) or  # type: ignore
                 ctx.branches_on_device(s)):  # `if tok == eos: break`
            return True  # (a sync under `if step % N == 0:` leaves the other N - 1 readings unsynchronized,
            # unless the end reading sits in the same block: then every reading there is synchronized)
    # a loop-carried interval (started before the loop, read inside it, restarted each time): a synchronize
    # anywhere in the loop body runs every iteration, so the host never runs more than one iteration ahead and each
    # reading covers an iteration of device work (the nanoGPT / ImageNet pattern with `loss.item()` every step)
    if r.kind != "host" or r.hi >= len(r.scope.stmts):
        return False
    end_stmt = r.scope.stmts[r.hi]
    start_stmt = r.scope.stmts[r.lo]
    from ._drained_between import drained_outside

    if drained_outside(ctx, r):  # a wait after the end reading, before the clock restarts: the tail is drained
        return _syncs_before_read(ctx, r)  # outside every interval, so the body's waits do not cover it
    for lp in end_stmt._wp_loops:  # type: ignore[attr-defined]
        if lp in start_stmt._wp_loops and (not _conditional_in(start_stmt, lp) or  # type: ignore[attr-defined]
                                           _same_guard(start_stmt, end_stmt, lp)):
            continue  # restarted every iteration: a per-iteration interval (also `if epoch >= 3: t0 = ...` ...
            # `if epoch >= 3: dur.append(time.time() - t0)`: whenever the end runs, the start ran in that iteration)
        body = r.scope.stmts[lp._wp_idx + 1:lp._wp_end + 1]  # type: ignore[attr-defined]
        if any(ctx.is_sync(c) for s in body if not periodic_after_read(s, end_stmt) for c in stmt_calls(s)):
            return True  # (not a wait under `if step % 20 == 0:` that runs only after the reading: phasesplit)
    return _syncs_before_read(ctx, r)


def waits_on_input(c: ast.Call, r: Region) -> bool:
    """``c`` waits for given arrays only (JAX's ``jax.block_until_ready(x)``, ``x.block_until_ready()``) and every
    one it is handed is a plain name the region never binds (``jax.block_until_ready(rng)`` after ``step(None,
    rng)``): JAX arrays are immutable, so an array not bound in the region is none of its work's outputs, and the
    wait returns while the step is still running (set 75)."""
    from ._context import dotted

    if isinstance(c.func, ast.Attribute) and c.func.attr == "block_until_ready":
        if dotted(c.func) in ("jax.block_until_ready", "block_until_ready"):
            handed = [*c.args, *(k.value for k in c.keywords)]
        elif not c.args and not c.keywords:
            handed = [c.func.value]
        else:
            return False
    elif isinstance(c.func, ast.Name) and c.func.id == "block_until_ready":
        handed = [*c.args, *(k.value for k in c.keywords)]
    else:
        return False
    if not handed or not all(isinstance(a, ast.Name) for a in handed):
        return False  # `jax.block_until_ready(step(x))`, `out[0].block_until_ready()`: the work's own output
    bound: set[str] = set()
    for st in r.stmts():
        for n in ast.walk(st):
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                bound.add(n.id)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound.add(n.name)
            elif isinstance(n, ast.arg):  # `tree_map(lambda x: x.block_until_ready(), metrics)`: x is each output
                bound.add(n.arg)
    return not any(a.id in bound for a in handed)  # type: ignore[attr-defined]


def off_by_default(ctx: Context, stmt: ast.stmt, start: ast.stmt) -> bool:
    """``stmt`` runs, between the region's start reading ``start`` and its end, only in the body of an ``if`` the
    script as written does not take: a command-line switch that is off unless given (``if args.incl_synctime:`` of
    ``add_argument("--incl-synctime", action="store_true")``, also with ``default=False``), or a test of the device
    name against ``"cuda"`` when the same name is also bound to an indexed CUDA device (``device =
    f"cuda:{local_rank}"`` under DDP, where ``device == "cuda"`` is false). A synchronize or read-back there does
    not make the default run's end reading wait (sets 72, 76)."""
    from .rules._cold_models import _off_switch

    around = set()
    node = getattr(start, "_wp_parent", None)
    while node is not None:
        around.add(id(node))
        node = getattr(node, "_wp_parent", None)
    child, node = stmt, getattr(stmt, "_wp_parent", None)
    while isinstance(node, ast.stmt) and id(node) not in around:
        if isinstance(node, ast.If) and any(x is child for x in node.body) and \
                (_off_switch(ctx, node.test, false_default=True) or _indexed_cuda_test(ctx, node.test)):
            return True
        child, node = node, getattr(node, "_wp_parent", None)
    return False


def _indexed_cuda_test(ctx: Context, t: ast.AST) -> bool:
    """``device == "cuda"`` where the file also binds ``device`` to ``"cuda:N"`` (an f-string or a literal): on
    that binding the test is false."""
    if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq) and
            isinstance(t.left, ast.Name) and isinstance(t.comparators[0], ast.Constant) and
            t.comparators[0].value == "cuda"):
        return False

    def indexed(v: ast.AST) -> bool:
        if isinstance(v, ast.JoinedStr) and v.values and isinstance(v.values[0], ast.Constant):
            v = v.values[0]
            return isinstance(v.value, str) and v.value.startswith("cuda:")
        return isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.startswith("cuda:")

    return any(indexed(v) for v in ctx.assigns.get(t.left.id, []))


def _syncs_before_read(ctx: Context, r: Region) -> bool:
    """The end statement waits before it reads the clock: an argument evaluated before the reading's
    (``print("{:.2f} {:.1f}".format(loss.item(), n / (time.time() - t0)))``: ``loss.item()`` runs first), never
    one only run on some paths (a lambda, a comprehension, a branch of ``a if c else b``, the right of ``and``)."""
    end = r.end
    stmt = getattr(end, "_wp_stmt", None)
    if r.kind != "host" or stmt is None or not hasattr(end, "lineno"):
        return False
    at = (end.lineno, end.col_offset)  # type: ignore[attr-defined]
    for c in stmt_calls(stmt):
        if c is end or (getattr(c, "end_lineno", 0), getattr(c, "end_col_offset", 0)) > at or \
                not ctx.is_sync(c) or _conditional_path(c, stmt):
            continue
        return True
    from ._formatted import formats_device_before  # f"acc {acc:.3f} in {time.time() - t0:.1f}s": each field is
    return formats_device_before(ctx, stmt, at, lambda n: _conditional_path(n, stmt))  # formatted in turn


def _conditional_path(node: ast.AST, stmt: ast.stmt) -> bool:
    child, parent = node, getattr(node, "_wp_parent", None)
    while parent is not None and parent is not stmt:
        if isinstance(parent, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) or \
                (isinstance(parent, ast.IfExp) and child is not parent.test) or \
                (isinstance(parent, ast.BoolOp) and child is not parent.values[0]):
            return True
        child, parent = parent, getattr(parent, "_wp_parent", None)
    return False


def periodic(stmt: ast.stmt, ctx: Context | None = None) -> bool:
    """``stmt`` runs under ``if step % N == 0`` (and not in a loop inside that ``if``): once every N steps. With
    ``ctx``, only an ``if`` whose body does no GPU work counts (logging, a checkpoint name): the optimizer step
    under ``if (i + 1) % accumulation_steps == 0:`` is the training step itself, not something occasional."""
    loops = stmt._wp_loops  # type: ignore[attr-defined]
    node = getattr(stmt, "_wp_parent", None)
    while isinstance(node, ast.stmt) and getattr(node, "_wp_loops", None) == loops and \
            not isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        if isinstance(node, ast.If) and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod)
                                            for n in ast.walk(node.test)):
            if ctx is None:
                return True
            scope = node._wp_scope  # type: ignore[attr-defined]
            body = scope.stmts[node._wp_idx + 1:node._wp_end + 1]  # type: ignore[attr-defined]
            if not any(ctx.gpu_work_in(stmt_nodes(b)) for b in body):
                return True
        node = getattr(node, "_wp_parent", None)
    return False


def same_block_before(stmt: ast.stmt, end: ast.stmt | None) -> bool:
    """``stmt`` comes before ``end`` in the same block (the same branch of the same ``if``): whenever the end
    reading runs, ``stmt`` has just run (`loss = running.compute().item(); t1 = perf_counter()` under a logging
    ``if``)."""
    parent = getattr(stmt, "_wp_parent", None)
    if end is None or parent is None or stmt._wp_idx >= end._wp_idx:  # type: ignore[attr-defined]
        return False
    node = end  # the end reading itself, or the `if` of that block holding it (`dist.barrier()` then, under
    while getattr(node, "_wp_parent", None) is not parent:  # `if rank == 0:`, the reading): it runs right after
        node = getattr(node, "_wp_parent", None)
        if node is None or not isinstance(node, ast.If):
            return False  # (never through a loop: its reading would run again without the statement)
    if isinstance(parent, ast.If):
        return any(x is stmt for x in parent.body) == any(x is node for x in parent.body)
    return True


def _conditional_in(stmt: ast.stmt, loop: ast.stmt) -> bool:
    """``stmt`` sits under an ``if`` inside ``loop``: it does not run every iteration (a clock restarted only after
    validation spans several iterations)."""
    node = getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop:
        if isinstance(node, ast.If):
            return True
        node = getattr(node, "_wp_parent", None)
    return False


def loop_guards(stmt: ast.stmt, loop: ast.stmt) -> list[tuple[str, bool]]:
    """The conditions ``stmt`` runs under inside ``loop``: (the test's text, in the ``if`` branch), innermost first."""
    out = []
    child, node = stmt, getattr(stmt, "_wp_parent", None)
    while node is not None and node is not loop:
        if isinstance(node, ast.If):
            out.append((ast.dump(node.test), any(x is child for x in node.body)))
        child, node = node, getattr(node, "_wp_parent", None)
    return out


def _same_guard(start: ast.stmt, end: ast.stmt, loop: ast.stmt) -> bool:
    """The start reading comes before the end reading in the loop body and both sit under the same conditions (the
    same test, written twice): the end never reads a start from an earlier iteration."""
    return (start._wp_idx < end._wp_idx and  # type: ignore[attr-defined]
            loop_guards(start, loop) == loop_guards(end, loop))


def _nvtx_span(ctx: Context, r: Region) -> bool:
    stmts = r.scope.stmts
    def kind_at(i: int) -> set[str]:
        if not 0 <= i < len(stmts):
            return set()
        return {k for c in stmt_calls(stmts[i]) if (k := ctx.is_nvtx(c))}

    # the clock is read inside the range, at its edges (pushed just before the start read, popped just after the
    # end read, or the with-body is the region): the range's host span is what is timed. A clock around code that
    # merely contains a range (`t0 = ...; with nvtx.range("fwd"): y = f(x); t1 = ...`) times the code: WP102's
    # (set 33: WP113 there named the wrong mistake)
    push_near = "push" in kind_at(r.lo - 1) | kind_at(r.lo)
    pop_near = "pop" in kind_at(r.hi + 1) | kind_at(r.hi)
    if push_near and pop_near:
        return True
    i = r.lo - 1
    if 0 <= i < len(stmts) and isinstance(stmts[i], (ast.With, ast.AsyncWith)):
        w = stmts[i]
        if any(isinstance(it.context_expr, ast.Call) and ctx.is_nvtx(it.context_expr) == "range"
               for it in w.items) and w._wp_end == r.hi:  # type: ignore[attr-defined]
            return True
    return False
