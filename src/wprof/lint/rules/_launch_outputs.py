"""WP104's default part for kernel launches handed a buffer filled inside the timed region: ``k(x, cupy.zeros((n,
m)).astype("int32"))``, ``kern[grid](x, out, n)`` after ``out = torch.zeros_like(x)`` between the readings.

A kernel the file builds or compiles (a Triton or Numba ``kern[grid](...)``, a CuPy ``ElementwiseKernel``/
``RawKernel``, a function of the file that returns one, ``_k()(x, y)``) writes into the buffers it is handed. When
such a buffer is made between the readings by a factory that fills it (``zeros``, ``ones``, ``full`` and their
``_like`` forms) or is converted on the way (``.astype(...)``, ``.to(dtype)``: a second allocation and a copy
kernel), the region times an allocation and one or two extra kernels beside the kernel it measures: for the short
kernels such benchmarks time, as long as the kernel or longer (set 53: an output buffer made inline in the launch,
while the file allocates the other kernels' outputs before their readings).

Not reported: ``empty``/``empty_like`` alone (a caching allocator's lookup, no kernel: opt-in), an output the
measured function allocates itself (``y = torch.empty_like(x)`` inside a kernel wrapper, set 33: part of the op), a
buffer made before the start reading, and a kernel that accumulates with atomics (``tl.atomic_add``, ``atomicAdd``):
it needs a zeroed buffer on every launch, so the fill is part of each run.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted

_FILLS = frozenset({"zeros", "ones", "full", "zeros_like", "ones_like", "full_like"})
_MADE = _FILLS | {"empty", "empty_like"}
_CASTS = frozenset({"astype", "to", "float", "half", "double", "int", "long", "bfloat16"})


def launch_output_fills(ctx: Context, r) -> list[tuple[ast.Call, ast.Call]]:
    """(the factory call, the launch it feeds) for each buffer filled or converted inside region ``r`` and handed to
    a kernel launch of the region, in order."""
    from ._common import _factory_launches

    factories = _factory_launches(ctx, r)  # `_binarize()(x, y)`: a kernel a function of the file builds
    stmts = r.stmts()
    made: dict[str, ast.Call] = {}  # names bound in the region to a filled buffer
    out: list[tuple[ast.Call, ast.Call]] = []
    for st in stmts:
        for c in _calls(st):
            if not (_launch(ctx, c) or id(c) in factories) or _accumulates(ctx, c):
                continue
            for a in [*c.args, *(k.value for k in c.keywords)]:
                for e in (a.elts if isinstance(a, (ast.Tuple, ast.List)) else [a]):
                    f = made.get(e.id) if isinstance(e, ast.Name) else _filled(ctx, e)
                    if f is not None and all(f is not g for g, _ in out):
                        out.append((f, c))
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
            f = _filled(ctx, st.value)
            if f is not None:
                made[st.targets[0].id] = f
            else:
                made.pop(st.targets[0].id, None)
    return out


def _calls(st: ast.stmt) -> list[ast.Call]:
    from .._walk import stmt_calls

    return list(stmt_calls(st))


def _filled(ctx: Context, e: ast.AST) -> ast.Call | None:
    """``cupy.zeros(shape)``, ``torch.full_like(x, 1)``, ``cupy.zeros(n).astype("int32")``, ``torch.empty(n).to(
    torch.int32)``: a factory that fills, or any factory converted on the way (a copy kernel); the factory call."""
    cast = False
    while isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in _CASTS and \
            isinstance(e.func.value, ast.Call):
        if e.func.attr == "to" and any(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                       for a in e.args):
            return None  # `.to("cuda")`: a move, not a conversion (a host buffer copied: another class)
        cast, e = True, e.func.value
    if not isinstance(e, ast.Call):
        return None
    from .alloc_in_timed_region import is_factory

    q = ctx.call_name(e) or ""
    if not is_factory(q) or not q.startswith(("torch.", "cupy.")):
        return None
    last = q.rpartition(".")[2]
    if last in _FILLS or (cast and last in _MADE):
        return e
    return None


def _launch(ctx: Context, c: ast.Call) -> bool:
    """A launch of a kernel the file builds or compiles: ``kern[grid](...)``, ``k(...)`` with ``k = cp.RawKernel(
    ...)`` (``_k()(...)``, ``_k`` returning an ``ElementwiseKernel``, is read by ``_factory_launches``)."""
    f = c.func
    if isinstance(f, ast.Subscript):
        return ctx.is_compiled(dotted(f.value))
    return isinstance(f, ast.Name) and f.id not in ctx.functions and ctx.is_compiled(f.id)


def _accumulates(ctx: Context, c: ast.Call) -> bool:
    """The kernel adds into its buffer with atomics (``tl.atomic_add``, ``cuda.atomic.add``, ``atomicAdd`` in its
    source string): a zeroed buffer on every launch is part of the run."""
    f = c.func
    name = dotted(f.value) if isinstance(f, ast.Subscript) else \
        (f.func.id if isinstance(f, ast.Call) and isinstance(f.func, ast.Name) else dotted(f))
    nodes: list[ast.AST] = []
    if name in ctx.functions:
        nodes = [ctx.functions[name]]
    nodes += ctx.assigns.get(name or "", [])
    nodes += [v for n in list(nodes) for a in ast.walk(n) if isinstance(a, ast.Name)  # `cp.RawKernel(src, "k")`
              for v in ctx.assigns.get(a.id, []) if isinstance(v, ast.Constant)]  # with `src = """..."""`
    for node in nodes:
        for n in ast.walk(node):
            text = n.value if isinstance(n, ast.Constant) and isinstance(n.value, str) else \
                (n.attr if isinstance(n, ast.Attribute) else None)
            if text is not None and "atomic" in text.lower():
                return True
    return False
