"""A measured value read only on the CPU path: the host clock's interval (or a with-timer's reading) is used only in
the branch of a device test that runs without CUDA, while the CUDA path times the same work with events (WP102)."""

from __future__ import annotations

import ast

from .._context import Context
from ._evidence import cpu_only


def _value_name(r) -> str | None:
    """The name the region's measurement lands in: the with-timer's ``as`` name, or the interval's target."""
    if r.timer:
        n = getattr(r.start, "_wp_parent", None)
        while n is not None and not isinstance(n, (ast.With, ast.AsyncWith, ast.stmt)):
            n = getattr(n, "_wp_parent", None)
        if isinstance(n, (ast.With, ast.AsyncWith)):
            for item in n.items:
                if item.context_expr is r.start and isinstance(item.optional_vars, ast.Name):
                    return item.optional_vars.id
        return None
    st = r.interval
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        return st.targets[0].id
    return None


def read_only_on_cpu(ctx: Context, r) -> bool:
    """Every later read of the region's measurement, in its function, sits on the CPU path of a device test
    (``if not use_gpu: qps = n / t.elapsed`` / ``else: end.record(); ...``): the host clock never times GPU work."""
    name = _value_name(r)
    if name is None:
        return False
    after = getattr(r.end, "end_lineno", None) or getattr(r.end, "lineno", 0)
    if r.timer:  # a with-timer is read after its block
        n = getattr(r.start, "_wp_parent", None)
        while n is not None and not isinstance(n, (ast.With, ast.AsyncWith)):
            n = getattr(n, "_wp_parent", None)
        after = getattr(n, "end_lineno", after) if n is not None else after
    reads = [ld for ld in ctx.loads(name)
             if getattr(getattr(ld, "_wp_stmt", None), "_wp_scope", None) is r.scope and ld.lineno > after]
    return bool(reads) and all(cpu_only(ctx, ld._wp_stmt) for ld in reads)
