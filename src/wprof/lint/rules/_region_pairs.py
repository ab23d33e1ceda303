"""How one timed region relates to the others of its scope, for WP104: the GPU side of a CPU-versus-GPU comparison
that prepares its inputs the way its CPU side does, and a total around a narrower region that times the kernel alone.

- **symmetric comparison** (:func:`symmetric_host_twin`): the region's interval and the interval of a host-only
  region of the same scope meet in one division (``speedup = cpu_time / gpu_time``), and both regions draw their
  inputs (``A = np.random.rand(n)`` timed on the CPU side, ``A = cp.random.rand(n)`` or ``A = np.random.rand(n);
  dA = cp.asarray(A)`` on the GPU side): the comparison is of the whole thing, inputs made and moved included, on
  each side; the draws and copies are what it means to time (set 83, a course notebook: "how does the speedup change
  after the additional cost of data movement?"). A comparison whose CPU side draws nothing, or that no expression
  links (two ``%%timeit`` cells), stays reported.
- **mirrored comparison** (:func:`_mirrored`): the host region times the very statements of the GPU one with the array
  library swapped (``a = np.random.rand(n, n); np.dot(a, b)`` and ``a = cp.random.rand(n, n); cp.dot(a, b)``, each
  between its own readings, no division needed): input generation is timed on both sides on purpose.
- **total around the kernel's own region** (:func:`timed_alone_inside`): a longer region holds a narrower one that
  times the launch by itself (``kernel_start = time.time(); k[grid](..., out); sync; kernel_time = ...`` inside
  ``start_time`` ... ``execution_time``): the longer one is the end-to-end figure, meant to include the buffer made
  for the launch (set 77).
"""

from __future__ import annotations

import ast

from .._context import Context
from .._walk import stmt_nodes
from ._on_purpose import interval_name

_HOST_DRAWS = ("numpy.random.",)
_DEVICE_DRAWS = ("cupy.random.", "jax.random.")
_TORCH_DRAWS = frozenset({"rand", "randn", "randint", "rand_like", "randn_like", "randperm", "normal"})


def _draws(ctx: Context, r) -> bool:
    for c in r.calls():
        q = ctx.call_name(c) or ""
        head, _, last = q.rpartition(".")
        if q.startswith(_HOST_DRAWS + _DEVICE_DRAWS) or (head == "torch" and last in _TORCH_DRAWS):
            return True
    return False


def _host_only(ctx: Context, r) -> bool:
    nodes = [n for s in r.stmts() for n in stmt_nodes(s)]
    return bool(nodes) and not ctx.gpu_work_in(nodes)


def symmetric_host_twin(ctx: Context, r) -> bool:
    """The region is the GPU side of a CPU-versus-GPU comparison whose CPU side, a host-only region of the same
    scope, draws its inputs inside its readings as this one does, and the two intervals meet in a division; or
    whose CPU side is its mirror (:func:`_mirrored`)."""
    if r.kind not in ("host", "event") or not _draws(ctx, r):
        return False
    if any(_mirrored(ctx, r, h) for h in ctx.regions):
        return True
    name = interval_name(r)
    if name is None:
        return False
    twins = {}
    for h in ctx.regions:
        if h is r or h.scope is not r.scope or h.outer is not None:
            continue
        hn = interval_name(h)
        if hn is not None and hn != name:
            twins.setdefault(hn, []).append(h)
    if not twins:
        return False
    for left, right in _divisions(ctx, r.scope):
        if name in left or name in right:
            for hn, hs in twins.items():
                if (name in left and hn in right) or (name in right and hn in left):
                    if any(_host_only(ctx, h) and _draws(ctx, h) for h in hs):
                        return True
    return False


_HOST_TWINS = (("cupy.", "numpy."), ("jax.numpy.", "numpy."), ("jax.random.", "numpy.random."))


def _mirrored(ctx: Context, r, h) -> bool:
    """``h``, a host-only region of ``r``'s scope that draws its inputs, times the same statements as ``r`` with the
    array library swapped (``a = np.random.rand(n, n); c = np.dot(a, b)`` beside ``a = cp.random.rand(n, n); c =
    cp.dot(a, b)``): a like-for-like comparison written side by side, input generation timed on both sides."""
    if h is r or h.scope is not r.scope or h.outer is not None or h.kind != "host" or not _host_only(ctx, h) or \
            not _draws(ctx, h):
        return False
    mine = [s for s in r.stmts() if not _wait(ctx, s)]  # (the GPU side's waits have no host counterpart)
    return len(mine) == len(h.stmts()) and [_host_form(ctx, s) for s in h.stmts()] == [_host_form(ctx, s) for s in mine]


def _wait(ctx: Context, st: ast.stmt) -> bool:
    return isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and ctx.is_sync(st.value, hidden=False)


def _host_form(ctx: Context, st: ast.stmt) -> str:
    """``st`` with every call's qualified name written for the host library (``cupy.dot`` -> ``numpy.dot``)."""
    parts = [type(st).__name__]
    for n in ast.walk(st):
        if isinstance(n, ast.Call):
            q = ctx.call_name(n) or ctx.text(n.func)
            for gpu, host in _HOST_TWINS:
                if q.startswith(gpu):
                    q = host + q[len(gpu):]
                    break
            parts.append(q + "(" + ", ".join(ctx.text(a) for a in n.args) + ")")
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            parts.append(n.id + "=")
    return " ".join(parts)


def _divisions(ctx: Context, scope) -> list[tuple[set[str], set[str]]]:
    """The names on each side of every division in ``scope``'s statements (each node read once), cached."""
    cache = ctx.__dict__.setdefault("_wp_scope_divisions", {})
    out = cache.get(id(scope))
    if out is None:
        out = []
        for st in scope.stmts:
            for n in stmt_nodes(st):
                if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div):
                    out.append(({x.id for x in ast.walk(n.left) if isinstance(x, ast.Name)},
                                {x.id for x in ast.walk(n.right) if isinstance(x, ast.Name)}))
        cache[id(scope)] = out
    return out


def timed_alone_inside(ctx: Context, r, work: ast.AST, made: ast.AST) -> bool:
    """A narrower region of the same scope, inside ``r``, times ``work`` and not ``made``: ``r`` is the total."""
    for inner in ctx.regions:
        if inner is r or inner.scope is not r.scope or inner.outer is not None:
            continue
        if r.lo <= inner.lo and inner.hi <= r.hi and (inner.lo, inner.hi) != (r.lo, r.hi) and \
                inner.contains(work) and not inner.contains(made):
            return True
    return False
