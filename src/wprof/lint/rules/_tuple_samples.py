"""Samples returned inside a tuple: a function of the file that times its work and returns the result with the
interval (``return result, end - start``, or a name bound to the interval: ``return result, total_time,
time_per_step``), called in a loop and unpacked (``result, t, per_step = run(pipe, prompt)``;
``times.append(t)``). Each call is one sample, as when the function returns the interval alone (set 117's
stable-diffusion benchmark: the run's total and per-step times kept per run, only their means stored)."""

from __future__ import annotations

import ast

from .._context import Context



def assigned_calls(ctx: Context, names, target: type) -> list[tuple[ast.Call, ast.Assign]]:
    """(call, statement) of each ``x = f(...)`` (``target`` ``ast.Name``) or ``a, b = f(...)`` (``ast.Tuple``) of the
    file whose ``f`` is one of ``names``."""
    out = []
    if not names:
        return out
    for c in ctx.calls:
        if not (isinstance(c.func, ast.Name) and c.func.id in names):
            continue
        st = getattr(c, "_wp_parent", None)
        if isinstance(st, ast.Assign) and st.value is c and len(st.targets) == 1 and isinstance(st.targets[0], target):
            out.append((c, st))
    return out


def literal_returns(ctx: Context, kind: type) -> list[tuple[str, object, list[ast.Return]]]:
    """(name, scope, returns) of each function of the file whose every `return` hands back a ``kind`` literal
    (``return t, out``: a tuple; ``return {"latency": dt}``: a dict)."""
    out = []
    for name, fn in ctx.functions.items():
        scope = getattr(fn, "_wp_own_scope", None)
        if scope is None:
            continue
        returns = [st for st in scope.stmts if isinstance(st, ast.Return) and st.value is not None]
        if returns and all(isinstance(st.value, kind) for st in returns):
            out.append((name, scope, returns))
    return out

def tuple_sample_lists(ctx: Context) -> set[str]:
    """The containers (``times``) the unpacked intervals of such calls are stored in."""
    from .._regions import _samples_of
    from ._sample_sources import _is_interval

    slots: dict[str, set[int]] = {}  # function name -> indices of the returned tuple that are intervals
    for name, scope, returns in literal_returns(ctx, ast.Tuple):
        sizes = {len(st.value.elts) for st in returns}  # type: ignore[attr-defined]
        if len(sizes) != 1:
            continue
        idx = set.intersection(*({i for i, e in enumerate(st.value.elts)  # type: ignore[attr-defined]
                                  if _is_interval(ctx, e, scope, st)} for st in returns))
        if idx:
            slots[name] = idx
    out: set[str] = set()
    for c, st in assigned_calls(ctx, slots, ast.Tuple):
        for i, t in enumerate(st.targets[0].elts):
            if i not in slots[c.func.id] or not isinstance(t, ast.Name):
                continue
            scope = st._wp_scope  # type: ignore[attr-defined]
            later = sorted((ld for ld in ctx.scope_loads(t.id, scope)
                            if ld._wp_stmt._wp_idx > st._wp_idx),  # type: ignore[attr-defined]
                           key=lambda ld: ld._wp_stmt._wp_idx)  # type: ignore[attr-defined]
            for load in later[:1]:  # the first use after the call: `times.append(t)`
                key = _samples_of(ctx, load)
                if key is not None:
                    out.add(key)
    return out
