"""WP112: a function compiled per input shape timed once per shape. A fact about JAX: ``jax.jit`` traces and compiles
its function again for every new shape (and dtype) of its array arguments, so a sweep over sizes that builds a new
input from the size in each iteration and times one call of the jitted function per size times a compilation in
every row, whatever ran before with other shapes (a warm-up on a small array warms that shape only)."""

from __future__ import annotations

import ast

from .._context import Context, dotted
from .._names import JAX_COMPILERS
from .._walk import stmt_calls
from ._common import _times_first_call

_PER_SHAPE = JAX_COMPILERS  # compilers that specialize on every argument shape


def retraced_rows(ctx: Context) -> list[tuple[ast.Call, str]]:
    """(timed call, function) for each region inside a loop over a written-out list of sizes whose timed code calls
    a per-shape compiled function on an array the loop body built from the loop variable, with no call of that
    function on it before the region in the same iteration."""
    out: list[tuple[ast.Call, str]] = []
    jitted = _per_shape_compiled(ctx)
    if not jitted:
        return out
    for r in ctx.regions:
        loops = [lp for lp in getattr(r.scope.stmts[r.lo], "_wp_loops", ()) if isinstance(lp, (ast.For, ast.AsyncFor))]
        loop = loops[-1] if loops else r.loop  # (the innermost loop around the region: one row per iteration)
        if not isinstance(loop, (ast.For, ast.AsyncFor)):
            continue
        if not _written_out(ctx, loop.iter) or _times_first_call(ctx, r):
            continue  # (`first_call_ms = ...` beside a warm measurement of the row: the compile timed on purpose)
        targets = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
        body = r.scope.stmts[loop._wp_idx + 1:r.lo]  # type: ignore[attr-defined]  # the iteration before the region
        sized = {t.id for st in body if isinstance(st, ast.Assign) for t in st.targets if isinstance(t, ast.Name)
                 and any(isinstance(n, ast.Name) and n.id in targets for n in ast.walk(st.value))}
        if not sized:
            continue
        for c in r.calls():
            name = dotted(c.func)
            if name not in jitted or not any(isinstance(a, ast.Name) and a.id in sized for a in c.args):
                continue
            if any(dotted(c2.func) == name for st in body for c2 in stmt_calls(st)):
                continue  # a call on this iteration's input before the region: compiled for its shape already
            out.append((c, name))
            break
    return out


def _per_shape_compiled(ctx: Context) -> set[str]:
    """Functions of the file compiled by ``jax.jit`` (decorated, or a name bound to ``jax.jit(f)``)."""
    names = {fn.name for fn in ctx.functions.values() if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
             and any(ctx.qualname(d.func if isinstance(d, ast.Call) else d) in _PER_SHAPE for d in fn.decorator_list)}
    names |= {n for n, vals in ctx.assigns.items() if vals and all(
        isinstance(v, ast.Call) and ctx.call_name(v) in _PER_SHAPE for v in vals)}
    return names


def _written_out(ctx: Context, it: ast.AST) -> bool:
    """A list or tuple literal of sizes, or a name bound only to one."""
    if isinstance(it, ast.Name):
        vals = ctx.assigns.get(it.id, [])
        return bool(vals) and all(isinstance(v, (ast.List, ast.Tuple)) for v in vals)
    return isinstance(it, (ast.List, ast.Tuple))


_TRITON_JIT = frozenset({"triton.jit", "triton.autotune", "triton.heuristics"})


def respecialized(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """A fact about Triton: a ``@triton.jit`` kernel is compiled once per set of ``tl.constexpr`` values, so a
    warm-up launch with other constexpr values (``spin[g](x, REPS=1)``) leaves the timed launch
    (``spin[g](x, REPS=128)``) a first call of its own specialization: it compiles inside the timed region.
    (timed launch, kernel, ``PARAM=timed value`` vs warm-up value) for a one-off region (not in a loop) whose
    launch of a kernel of the file was preceded, in the same scope, only by launches that differ from it in at least
    one constexpr argument, both values written out (a literal, or a name bound only to that literal)."""
    out: list[tuple[ast.Call, str, str]] = []
    kernels = _constexpr_kernels(ctx)
    if not kernels:
        return out
    for r in ctx.regions:
        if r.loop is not None or getattr(r.scope.stmts[r.lo], "_wp_loops", ()):
            continue
        for c in r.calls():
            if not isinstance(c.func, ast.Subscript):
                continue
            name = dotted(c.func.value)
            if name not in kernels:
                continue
            params, constexprs = kernels[name]
            before = [c2 for st in r.scope.stmts[:r.lo] for c2 in stmt_calls(st)
                      if isinstance(c2.func, ast.Subscript) and dotted(c2.func.value) == name]
            if not before:
                continue  # never launched before: the first-call finders' case
            diffs = []
            for c2 in before:
                d = next(((p, a, b) for p in constexprs
                          if (a := _const(ctx, _arg(c, params, p))) is not None and
                          (b := _const(ctx, _arg(c2, params, p))) is not None and a != b), None)
                if d is None:
                    break  # an earlier launch with the same (or unknown) constexpr values warmed it
                diffs.append(d)
            else:
                p, a, b = diffs[-1]
                out.append((c, name, f"`{p}={a!r}` (the launch before used `{p}={b!r}`)"))
    return out


def _constexpr_kernels(ctx: Context) -> dict[str, tuple[list[str], list[str]]]:
    """Kernels of the file decorated ``@triton.jit`` (or autotuned) with ``tl.constexpr`` parameters: name ->
    (positional parameters, constexpr parameters)."""
    out = {}
    for fn in ctx.functions.values():
        if not isinstance(fn, ast.FunctionDef) or not any(
                ctx.qualname(d.func if isinstance(d, ast.Call) else d) in _TRITON_JIT for d in fn.decorator_list):
            continue
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        consts = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
                  if a.annotation is not None and (dotted(a.annotation) or "").split(".")[-1] == "constexpr"]
        if consts:
            out[fn.name] = (params, consts)
    return out


def _arg(call: ast.Call, params: list[str], p: str) -> ast.AST | None:
    for k in call.keywords:
        if k.arg == p:
            return k.value
    if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    i = params.index(p) if p in params else -1
    return call.args[i] if 0 <= i < len(call.args) else None


def _const(ctx: Context, expr: ast.AST | None):
    """The written-out value of an argument: a literal (int, float, bool, str), or a name bound only to one
    literal in the file."""
    if isinstance(expr, ast.Name):
        vals = ctx.assigns.get(expr.id, [])
        if len(vals) != 1:
            return None
        expr = vals[0]
    if isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float, str)):
        return expr.value
    return None
