"""WP104's inputs made one step removed from the timed call: random inputs a harness sample draws through a function
of the file (:func:`drawing_helper`), a constant input filled anew in every timed iteration as an argument of the
measured call (:func:`invariant_fills`), and a kernel launched on host arrays in a function the timed region calls
(:func:`host_array_launch_in`). The rule's docstring says what each reports and what stays silent."""

from __future__ import annotations

import ast

from .._context import Context, dotted

_RANDOM = frozenset({"randn", "rand", "randint", "randperm", "normal", "randn_like", "rand_like", "randint_like"})


def drawing_helper(ctx: Context, c: ast.Call) -> bool:
    """``c`` calls a plain function of the file that only draws inputs: every piece of GPU work in its body is a
    random draw (``def prime_grads(ps): for p in ps: p.grad = torch.randn(*p.shape, device=d)``), and each draw is
    stored into an attribute or item (``p.grad``, ``bufs[k]``) or returned, for the caller's work to read; memoized per
    function."""
    if not isinstance(c.func, ast.Name):
        return False
    fn = ctx.functions.get(c.func.id)
    if not isinstance(fn, ast.FunctionDef) or fn.decorator_list:
        return False
    memo = ctx.__dict__.setdefault("_wp_drawing_helpers", {})
    if id(fn) not in memo:
        nodes = [n for st in fn.body for n in ast.walk(st)]
        if any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) for n in nodes):
            memo[id(fn)] = False
        else:
            work = ctx.gpu_work_in(nodes)
            draws = [w for w in work if isinstance(w, ast.Call) and _is_draw(ctx, w)]
            memo[id(fn)] = bool(draws) and len(draws) == len(work) and all(_handed_out(d) for d in draws)
    return memo[id(fn)]


def _is_draw(ctx: Context, c: ast.Call) -> bool:
    head, _, last = (ctx.call_name(c) or "").rpartition(".")
    return (head in ("torch", "torch.cuda") and last in _RANDOM) or head == "cupy.random"


def _handed_out(draw: ast.Call) -> bool:
    """The draw is stored into an attribute or an item, or returned (not kept in a local)."""
    parent = getattr(draw, "_wp_parent", None)
    if isinstance(parent, ast.Return):
        return True
    return isinstance(parent, ast.Assign) and all(isinstance(t, (ast.Attribute, ast.Subscript))
                                                  for t in parent.targets)


_NOT_WORK = frozenset({"print", "len", "range", "list", "tuple", "zip", "enumerate", "append", "extend", "item",
                       "synchronize", "manual_seed", "format"})


def later_work(ctx: Context, c: ast.Call, other: ast.Call) -> bool:
    """``other`` runs after ``c`` in the sample and is the work the drawn inputs feed (GPU work, or a call of an
    object the sample was handed, `opt.step()`), not a print, a seed or a synchronize."""
    if other is c or (other.lineno, other.col_offset) <= (c.lineno, c.col_offset) or drawing_helper(ctx, other):
        return False
    last = (ctx.call_name(other) or dotted(other.func) or "").rpartition(".")[2]
    return bool(last) and last not in _NOT_WORK


_FILLS = frozenset({"ones", "ones_like", "full", "full_like"})  # values the work reads (not `zeros`/`empty`: often
# an output or an accumulator the work writes)


def invariant_fills(ctx: Context, r) -> list[ast.Call]:
    """``tk.attn_bwd(q, k, v, torch.ones_like(o))`` in a timed loop, ``o`` made before it: a constant input filled
    (``torch.ones``/``ones_like``/``full``/``full_like``) as an argument of the measured call in every iteration,
    every name it reads bound outside the loop, so it is the same tensor each time and could be made once. Not a
    fill shaped by the iteration's own result (``y.backward(torch.ones_like(y))``, ``y`` made in the loop)."""
    from ._host_made_copies import _varies

    out = []
    for c in r.calls():
        head, _, last = (ctx.call_name(c) or "").rpartition(".")
        if head != "torch" or last not in _FILLS or not r.in_loop(c):
            continue
        parent = getattr(c, "_wp_parent", None)
        if not (isinstance(parent, ast.Call) and c in parent.args and ctx.gpu_work_in([parent]) and
                any(isinstance(a, (ast.Name, ast.Attribute)) for a in parent.args if a is not c)):
            continue  # an argument of the work beside its data (not a value kept, nor a constant built from
            # constants: `torch.triu(torch.ones(n, n, device=d), 1)`, a mask, the opt-in part)
        st = c._wp_stmt  # type: ignore[attr-defined]
        repeat = r.loop if r.loop is not None else next(lp for lp in reversed(st._wp_loops) if r.contains(lp))
        if not _varies(ctx, c, r, repeat._wp_idx, repeat._wp_end):  # type: ignore[attr-defined]
            out.append(c)
    return out


def host_array_launch_in(ctx: Context, c: ast.Call) -> ast.Call | None:
    """The first launch on host arrays (:func:`_host_array_launch`) in the body of the plain function of the file
    that ``c`` calls (``def vector_add(a, b): c = np.zeros_like(a); kern[g, b](da, db, c)``, called between the
    readings), not in a function nested in it; memoized per function."""
    if not isinstance(c.func, ast.Name):
        return None
    fn = ctx.functions.get(c.func.id)
    if not isinstance(fn, ast.FunctionDef) or fn.decorator_list:
        return None  # (a kernel, a ufunc, a decorated function: not a plain helper)
    from .alloc_in_timed_region import _host_array_launch

    memo = ctx.__dict__.setdefault("_wp_helper_host_launch", {})
    if id(fn) not in memo:
        found = None
        todo = list(fn.body)
        while todo and found is None:
            n = todo.pop(0)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                continue
            if isinstance(n, ast.Call) and _host_array_launch(ctx, n):
                found = n
            todo.extend(ast.iter_child_nodes(n))
        memo[id(fn)] = found
    return memo[id(fn)]
