"""WP114's per-parameter part: a host copy once per parameter, on every step of a timed training loop.

``for p in model.parameters(): norm += p.grad.norm().item() ** 2`` in the step, or in the logging block after the
step clock is restarted (nanoGPT's ``t0 = t1`` at the end of the step, then ``if iter_num % log_interval == 0:`` with
``log_interval = 1``): each ``.item()`` launches a small kernel and waits for it, so a model of a few hundred tensors
adds a few hundred host round trips to every step, with the GPU idle between them. Unlike one ``loss.item()`` per
step (a single wait that a long step hides, and part of what a training run's step time is: the opt-in part), this
multiplies the waits by the model's size, and the step time, tokens/s and MFU read from the interval count them.

The interval is followed through its loop: when the start clock is set again after the end reading (``t0 = t1``,
``t0 = time.time()``), the rest of the loop body after that runs inside the next step's interval: logging work the
code put after its reading, counted in a step it does not belong to. A parameter loop inside the step itself, before
the end reading, is the step as written (its time honestly includes the norms it computes: set 105, seventeenth session): not
reported. Reported only when the loop holds a training step (a backward pass or an optimizer step) and the
parameter loop runs on every step: not under ``if step % N == 0`` (``N`` a literal or a name bound once to a number
other than 1), nor under a test that one iteration meets (``if it == 0``), nor after the end reading on a path that
does not restart the clock.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted

_PARAM_METHODS = frozenset({"parameters", "named_parameters"})
_COPIES = frozenset({"item", "cpu", "tolist"})
_WRAPS = frozenset({"zip", "enumerate", "list", "tuple", "sorted", "reversed", "filter"})


def per_parameter_copies(ctx: Context, r) -> tuple[ast.Call, ast.stmt] | None:
    """The first host copy (``.item()``, ``.cpu()``, ``.tolist()``) inside a loop over a model's parameters that
    runs on every step of the loop holding ``r``'s end reading, after a restart of the clock that follows that
    reading (``t0 = t1``: within the next step's interval); with the loop. None when there is none, or the path holds no training step."""
    if r.kind != "host" or r.hi >= len(r.scope.stmts):
        return None
    stmts = r.scope.stmts
    end = stmts[r.hi]
    if not end._wp_loops:  # type: ignore[attr-defined]
        return None
    loop = end._wp_loops[-1]  # type: ignore[attr-defined]
    if r.loop is not None and r.loop is not loop:
        return None
    lo, hi = loop._wp_idx, loop._wp_end  # type: ignore[attr-defined]
    timed = [s for s in stmts[max(r.lo, lo) + 1:r.hi]]
    start_name = _start_name(stmts[r.lo])
    leaked: list[ast.stmt] = []  # after the end reading, in the next step's interval
    if r.lo < lo and start_name:  # started before the loop: restarted later in the body?
        reset = next((s for s in stmts[r.hi + 1:hi + 1] if _restarts(ctx, s, start_name, end)), None)
        if reset is not None:  # what follows it on the same path runs in the next step's interval
            from .hidden_sync import exclusive

            leaked = [s for s in stmts[reset._wp_idx + 1:hi + 1] if not exclusive(s, reset)]  # type: ignore
    if not leaked or not _trains_on(ctx, timed + leaked):
        return None
    for s in leaked:
        if isinstance(s, (ast.For, ast.AsyncFor)) and _over_parameters(ctx, s) and _every_step(ctx, s, loop, end):
            hit = _copy_in(ctx, s)
            if hit is not None:
                return hit, s
        if not isinstance(s, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef)):
            for c in getattr(s, "_wp_nodes", []):
                if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in ctx.functions and \
                        _every_step(ctx, s, loop, end):
                    hit = _helper_copy(ctx, ctx.functions[c.func.id])
                    if hit is not None:
                        return c, s
    return None


def _start_name(st: ast.stmt) -> str | None:
    if isinstance(st, ast.Assign) and len(st.targets) == 1:
        return dotted(st.targets[0])
    if isinstance(st, ast.AnnAssign):
        return dotted(st.target)
    return None


def _restarts(ctx: Context, st: ast.stmt, name: str, end: ast.stmt) -> bool:
    """``st`` sets the start clock again whenever the end reading runs: ``t0 = t1`` (the end reading's name) or
    ``t0 = time.time()``, in the same block as the end reading."""
    if isinstance(st, ast.Assign):
        pairs = []
        for t in st.targets:
            if isinstance(t, ast.Tuple) and isinstance(st.value, ast.Tuple) and len(t.elts) == len(st.value.elts):
                pairs += list(zip(t.elts, st.value.elts))  # `dt, t0 = t1 - t0, t1`
            else:
                pairs.append((t, st.value))
        for t, v in pairs:
            if dotted(t) != name:
                continue
            end_name = _start_name(end)
            if (end_name and dotted(v) == end_name) or (isinstance(v, ast.Call) and ctx.is_clock(v)):
                parent = getattr(st, "_wp_parent", None)
                return parent is getattr(end, "_wp_parent", None) and not _other_branch(parent, st, end)
    return False


def _other_branch(parent: ast.AST, a: ast.stmt, b: ast.stmt) -> bool:
    if isinstance(parent, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try)):
        return (a in parent.body) != (b in parent.body)
    return False


def _trains_on(ctx: Context, timed: list[ast.stmt]) -> bool:
    from .periodic_work_in_step_time import _trains

    return any(isinstance(n, ast.Call) and _trains(ctx, n) for s in timed for n in getattr(s, "_wp_nodes", []))


def _param_source(ctx: Context, expr: ast.AST, depth: int = 0) -> bool:
    """``expr`` yields a model's parameters: ``m.parameters()``, ``m.named_parameters()`` (through ``zip``,
    ``enumerate``, ``list``...), a comprehension over them, or a name bound to one of these or filled by appending
    in a loop over them (``params = []; for n, p in m.named_parameters(): params.append(p)``)."""
    if depth > 3:
        return False
    if isinstance(expr, ast.Call):
        if ctx.method(expr) in _PARAM_METHODS:
            return True
        if isinstance(expr.func, ast.Name) and expr.func.id in _WRAPS:
            return any(_param_source(ctx, a, depth + 1) for a in expr.args)
        return False
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp)):
        return any(_param_source(ctx, g.iter, depth + 1) for g in expr.generators)
    if isinstance(expr, ast.Name):
        for v in ctx.assigns.get(expr.id, []):
            if _param_source(ctx, v, depth + 1):
                return True
        for c in ctx.calls:
            if ctx.method(c) in ("append", "extend") and isinstance(c.func, ast.Attribute) and \
                    dotted(c.func.value) == expr.id:
                st = getattr(c, "_wp_stmt", None)
                loops = getattr(st, "_wp_loops", ()) if st is not None else ()
                if loops and isinstance(loops[-1], (ast.For, ast.AsyncFor)) and \
                        _param_source(ctx, loops[-1].iter, depth + 1):
                    return True
    return False


def _over_parameters(ctx: Context, loop: ast.stmt) -> bool:
    return _param_source(ctx, loop.iter)  # type: ignore[attr-defined]


def _copy_in(ctx: Context, loop: ast.stmt) -> ast.Call | None:
    """A host copy of a tensor in ``loop``'s body (at any depth but a nested function)."""
    for n in ast.walk(loop):
        if isinstance(n, ast.Call) and ctx.method(n) in _COPIES and not n.args and not n.keywords and \
                isinstance(n.func, ast.Attribute) and (ctx.method(n) == "item" or ctx.is_tensorish(n.func.value)):
            if _in_lambda(n, loop):
                continue
            return n
    return None


def _in_lambda(n: ast.AST, top: ast.AST) -> bool:
    p = getattr(n, "_wp_parent", None)
    while p is not None and p is not top:
        if isinstance(p, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
            return True
        p = getattr(p, "_wp_parent", None)
    return False


def _helper_copy(ctx: Context, fn: ast.AST) -> ast.Call | None:
    """A function of the file whose body runs a loop over its model's parameters with a host copy in it, not under
    a condition of the function (``def grad_norms(model): for n, p in model.named_parameters(): ...item()``)."""
    cache = ctx.__dict__.setdefault("_wp114_param_helpers", {})
    if id(fn) not in cache:
        cache[id(fn)] = None
        for n in ast.walk(fn):
            if isinstance(n, (ast.For, ast.AsyncFor)) and _param_source(ctx, n.iter) and not _conditional(n, fn):
                c = _copy_in(ctx, n)
                if c is not None:
                    cache[id(fn)] = c
                    break
    return cache[id(fn)]


def _conditional(n: ast.AST, top: ast.AST) -> bool:
    p = getattr(n, "_wp_parent", None)
    while p is not None and p is not top:
        if isinstance(p, (ast.If, ast.While, ast.For, ast.AsyncFor)):
            return True
        p = getattr(p, "_wp_parent", None)
    return False


def _every_step(ctx: Context, st: ast.stmt, loop: ast.stmt, end: ast.stmt) -> bool:
    """``st`` runs on every iteration of ``loop`` that reads the interval, as far as the tests between them show
    (those around the end reading too aside: the step itself runs under them): every test between them holds a
    ``step % N`` with ``N`` 1 (``log_interval = 1``), and none compares a name the loop binds (``if it == 0:``,
    ``if step < warmup:``); any other test (a logging flag, a validation step, an option) is not shown to pass on
    every step."""
    bound = _bound_names(loop)
    around_end = set()
    p = getattr(end, "_wp_parent", None)
    while p is not None and p is not loop:
        around_end.add(id(p))
        p = getattr(p, "_wp_parent", None)
    node = getattr(st, "_wp_parent", None)
    while node is not None and node is not loop and id(node) not in around_end:
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            return False  # inside another loop of the step: not this class's shape
        if isinstance(node, ast.If):
            mods = [n for n in ast.walk(node.test) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod)]
            if not mods or not all(_is_one(ctx, n.right) for n in mods):
                return False  # `step % N` with N other than 1, or a test that is not shown to pass every step
                # (`if wandb_log:`, `if is_val_step:`, a non-default option: sets 101's held-out verdicts)
            for n in ast.walk(node.test):
                if isinstance(n, ast.Compare) and any(isinstance(o, (ast.Eq, ast.NotEq, ast.Lt, ast.LtE))
                                                      for o in n.ops) and \
                        any(isinstance(x, ast.Name) and x.id in bound for x in [n.left, *n.comparators]):
                    return False  # `if it == 0:`, `if step < warmup:`
        node = getattr(node, "_wp_parent", None)
    return node is not None


def _is_one(ctx: Context, e: ast.AST) -> bool:
    """``e`` is 1: the literal, or a name bound once in the file to the literal 1 (``log_interval = 1``)."""
    if isinstance(e, ast.Constant):
        return e.value == 1
    name = dotted(e)
    vals = ctx.assigns.get(name, []) if name else []
    return len(vals) == 1 and isinstance(vals[0], ast.Constant) and vals[0].value == 1


def _bound_names(loop: ast.stmt) -> set[str]:
    out: set[str] = set()
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        out |= {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    for n in ast.walk(loop):
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
    return out
