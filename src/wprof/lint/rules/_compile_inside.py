"""WP112: a compile construct executed inside the timed region (between the clock reads or the event records).

``SourceModule(src)`` runs nvcc and loads the module, ``torch.utils.cpp_extension.load_inline`` / ``load`` build an
extension: the timed number is mostly compilation. Host work, so events bracket it too (the end event is recorded
only after the host compiled). (A CuPy or Numba kernel compiles on its first launch, not where it is built: the
first-call model of :func:`._common.warmup_findings` sees that launch.)"""

from __future__ import annotations

import ast
import re

from .._context import Context
from .._walk import stmt_nodes

# compiled when called (not lazily, on a first launch)
_BUILDS = frozenset({
    "pycuda.compiler.SourceModule", "pycuda.compiler.DynamicSourceModule", "torch.utils.cpp_extension.load_inline",
    "torch.utils.cpp_extension.load",
})

# the reading is labelled as a compile or build time: measured on purpose
_COMPILE_LABEL = re.compile(r"compil|\bbuild|\bnvcc\b|\bjit\b")


def compiled_inside(ctx: Context) -> list[tuple[ast.Call, str]]:
    """(the compile call, its name) for each region whose statements compile a module or an extension (the first
    one: one finding per region)."""
    from ._common import end_to_end
    from ._number_purpose import whole_run

    out: list[tuple[ast.Call, str]] = []
    seen: set[int] = set()
    for r in ctx.regions:
        if r.kind not in ("host", "event") or not any(
                (ctx.call_name(c) or "") in _BUILDS for c in r.calls()):
            continue
        if end_to_end(ctx, r) or whole_run(ctx, r) or _labelled(ctx, r):
            continue  # a whole run's total (setup meant to be inside), or a compile time measured on purpose
        calls = r.calls()
        for c in calls:
            if id(c) in seen:
                continue
            q = ctx.call_name(c) or ""
            if q in _BUILDS and not _built_before(ctx, c, q, r):
                seen.add(id(c))
                out.append((c, q.rsplit(".", 1)[-1]))
                break  # one per region: the first compile
    return out


def _built_before(ctx: Context, c: ast.Call, q: str, r) -> bool:
    """The same build (the same arguments) ran before the region in its scope: the compiled code is cached (PyCUDA's
    cubin cache, the extension already loaded), so the region compiles nothing."""
    from .._walk import stmt_calls

    args = ast.dump(ast.Tuple(elts=list(c.args), ctx=ast.Load())) + "".join(ast.dump(k) for k in c.keywords)
    for st in r.scope.stmts[:r.lo]:
        for k in stmt_calls(st):
            if k is not c and ctx.call_name(k) == q and \
                    ast.dump(ast.Tuple(elts=list(k.args), ctx=ast.Load())) + "".join(ast.dump(w) for w in k.keywords) \
                    == args:
                return True
    return False


def _labelled(ctx: Context, r) -> bool:
    """What the code calls the number (:func:`._number_purpose.labels`: names, the printed strings), or a string of
    the statement taking the interval or of the two after the region's end, says compile or build."""
    from ._number_purpose import labels

    stmts = [st for st in (r.interval, *r.scope.stmts[r.hi:r.hi + 2]) if st is not None]
    said = labels(ctx, r) + [n.value for st in stmts for n in stmt_nodes(st)
                             if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return any(_COMPILE_LABEL.search(s.lower()) for s in said)
