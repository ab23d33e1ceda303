"""A warm-up that runs the model's forward only, before timed training steps (WP103).

``_ = model(x)`` (often under ``torch.no_grad()``) before a timed loop of forward, ``.backward()`` and optimizer steps,
or before one timed forward-backward: the code shows its warm-up, and it does not reach the backward. Autograd's
start-up, the backward kernels' lazy loading, cuDNN's backward algorithm choice and the optimizer's first step (its
state allocation) land in the timed steps. The fresh verdicts: truth items of sets 30 (a hub model warmed with one
forward, then 300 timed training steps), 37 (a no-grad forward, then timed forward-backward iterations) and 42 (a
no-grad forward per freshly built model, then one timed forward-backward, printed per model).

Reported at the timed ``.backward()`` when: the region times the model's call (a name bound to a model the code shows
on the GPU) and a backward; the same model (the same binding) is called before the region in the scope, with no
backward, no optimizer step and no call of the file's functions that trains before it; the model is not handed to
other code before (a trainer, a profiler: they may run the backward); the region is not a run over data (a loader)
nor a per-iteration sample of a loop that keeps its model (then the second sample is warm; a model rebuilt in each
iteration, with its own forward warm-up, is cold in every one).
"""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_calls


def forward_only_warmups(ctx: Context) -> list[ast.Call]:
    from ._common import _times_first_call, cpu_only, data_driven, is_library
    from ._evidence import on_gpu
    from ._reach import reachable_before

    out: list[ast.Call] = []
    if not ctx.uses_gpu or is_library(ctx):
        return out
    seen: set[int] = set()
    for r in ctx.regions:
        if r.outer is not None or r.kind == "with" or data_driven(ctx, r) or _times_first_call(ctx, r) or \
                cpu_only(ctx, r.scope.stmts[r.lo]):
            continue
        calls = r.calls()
        back = next((c for c in calls if ctx.method(c) == "backward"), None)
        if back is None or id(back) in seen:
            continue
        models = {c.func.id for c in calls if isinstance(c.func, ast.Name) and c.func.id not in ctx.imports and
                  c.func.id not in ctx.functions and on_gpu(ctx, c)}
        if not models:
            continue
        before = reachable_before(ctx, r.scope, r.lo)
        if r.loop is not None and not _rebuilt_in_loop(r, models):
            continue
        warm = {m for m in models if _forward_only_before(ctx, m, before, r)}
        if not warm:
            continue
        seen.add(id(back))
        out.append(back)
    return out


def _rebuilt_in_loop(r, models: set[str]) -> bool:
    """A model of ``models`` is bound anew inside the region's loop, before the region (a fresh model each time)."""
    loop = r.loop
    for st in r.scope.stmts[loop._wp_idx + 1:r.lo]:  # type: ignore[attr-defined]
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id in models for t in st.targets):
            return True
    return False


def _forward_only_before(ctx: Context, model: str, before: list[ast.stmt], r) -> bool:
    """``model`` is called (its forward) in ``before``, after its latest binding there, and nothing there runs a
    backward, an optimizer step, a function of the file that does, or hands ``model`` to other code."""
    bound = [i for i, st in enumerate(before) if isinstance(st, (ast.Assign, ast.AnnAssign)) and any(
        isinstance(t, ast.Name) and t.id == model for t in (st.targets if isinstance(st, ast.Assign) else [st.target]))]
    tail = before[bound[-1] + 1:] if bound else before
    if bound and any(_hands(c, model) for c in stmt_calls(before[bound[-1]])):
        return False
    called = False
    for st in tail:
        for c in stmt_calls(st):
            m = ctx.method(c)
            if m in ("backward", "step") or _trains(ctx, c):
                return False
            if isinstance(c.func, ast.Name) and c.func.id == model:
                called = True
            elif _hands(c, model):
                return False  # `profile(model)`, `trainer = Trainer(model=model)`: other code may run its backward
    return called


_SAFE = frozenset(("to", "cuda", "eval", "train", "half", "float", "bfloat16", "type", "parameters",
                   "named_parameters", "requires_grad_", "zero_grad", "state_dict", "modules", "children"))


def _hands(c: ast.Call, model: str) -> bool:
    """``c`` hands ``model`` to other code (an argument, or a method of its own other than placement, dtype and its
    parameters: ``Adam(model.parameters())``, ``model.cuda()`` hand nothing)."""
    if isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name) and c.func.value.id == model:
        return c.func.attr not in _SAFE
    for a in list(c.args) + [k.value for k in c.keywords]:
        for n in ast.walk(a):
            if isinstance(n, ast.Name) and n.id == model:
                p = getattr(n, "_wp_parent", None)
                if not (isinstance(p, ast.Attribute) and p.attr in _SAFE):
                    return True
    return False


def _trains(ctx: Context, c: ast.Call) -> bool:
    """A call of a function of the file whose body runs a backward."""
    if not isinstance(c.func, ast.Name) or c.func.id not in ctx.functions:
        return False
    fn = ctx.functions[c.func.id]
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "backward"
               for n in ast.walk(fn))
