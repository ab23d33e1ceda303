"""A timed region that builds or loads the object it then runs: the figure is build-plus-run by design.

``t0 = time.time(); llm = Llama(model_path=p, n_gpu_layers=-1); out = llm(prompt); print(time.time() - t0)``
times the load of the model together with its first completion. No warm-up can run before a model that does not
exist yet when the clock starts, so the first call inside such a region is no cold-call mistake: the interval says
what it is (a load-and-run time). Only a binding made by a call that builds a new object counts (a constructor, a
loader): a name re-bound inside the region to a wrapper or a move of an object that existed before
(``model = model.to("cuda")``, ``model = DataParallel(model)``) leaves that object's earlier life before the clock. A finer interval inside the
region around the first call but after the build (a per-file time inside a total) is still that call's cold sample."""

from __future__ import annotations

import ast

from .._context import Context


def _head(e: ast.AST) -> str | None:
    while isinstance(e, (ast.Attribute, ast.Call, ast.Subscript)):
        e = e.func if isinstance(e, ast.Call) else e.value
    return e.id if isinstance(e, ast.Name) else None


def built_in_region(ctx: Context, r, c: ast.AST) -> bool:
    """``c`` runs an object (``llm(...)``, ``model.generate(...)``) that a statement of region ``r`` before it binds
    to a newly built one (``llm = Llama(path)``)."""
    if not isinstance(c, ast.Call) or not isinstance(c.func, (ast.Name, ast.Attribute)):
        return False
    name = _head(c.func)
    stmt = getattr(c, "_wp_stmt", None)
    if name is None or stmt is None or getattr(stmt, "_wp_scope", None) is not r.scope or \
            not r.lo < stmt._wp_idx < r.hi:  # type: ignore[attr-defined]
        return False
    for s in r.scope.stmts[r.lo + 1:stmt._wp_idx]:  # type: ignore[attr-defined]
        if isinstance(s, (ast.Assign, ast.AnnAssign)) and s.value is not None and \
                any(isinstance(t, ast.Name) and t.id == name
                    for t in (s.targets if isinstance(s, ast.Assign) else [s.target])):
            v = s.value
            if isinstance(v, ast.Call) and _head(v.func) != name and \
                    not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(v)):
                # (a later re-binding of the same name to a move or a wrapper keeps it built here)
                return not any(o is not r and o.contains(c) and not o.contains(s) for o in ctx.regions)
                # (a finer interval inside, around the call but after the build, is a sample of the cold call)
    return False
