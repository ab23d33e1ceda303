"""A first run timed on purpose, shown beside its warm figure: a notebook (or a script) times a compiled function's
first call to show what compiling costs, then times the same call again later (the next timed region or timing
magic that calls it: "Second run", "let's run it again to eliminate compilation time"). The first timing is a
demonstration of the compile cost, not the reported figure: WP112 leaves it silent (WP103 does not: a library
op's first run is no compile the code set up itself, and set 53's `%time` then `%timeit` of `cp.arange` is a true
cold timing). A single cold timing
with no later warm re-timing of the same call stays reported, and so does one whose later timing calls the callable
on other arguments or after a name of the call is bound again (a new shape or a new function compiles anew)."""

from __future__ import annotations

import ast

from .._context import Context
from ._common import callee_key


def _bound(stmts: list[ast.stmt]) -> set[str]:
    """Names the statements bind (assignments, loop targets, definitions, imports)."""
    out: set[str] = set()
    for st in stmts:
        for n in ast.walk(st):
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                out.add(n.id)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.add(n.name)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                out.update((a.asname or a.name).split(".")[0] for a in n.names)
    return out


def _same_call(a: ast.Call, b: ast.AST) -> bool:
    return isinstance(b, ast.Call) and ast.dump(a) == ast.dump(b)


def _timings(ctx: Context, scope, after: int) -> list[tuple[int, list[ast.AST], str | None]]:
    """(first line, the nodes it runs, the label its figure is printed under) of each timed region of ``scope`` and
    each timing magic starting after line ``after``, in order."""
    out: list[tuple[int, list[ast.AST], str | None]] = []
    for q in ctx.regions:
        if q.scope is scope and q.start.lineno > after:  # type: ignore[attr-defined]
            out.append((q.start.lineno, [n for s in q.stmts() for n in ast.walk(s)],  # type: ignore[attr-defined]
                        printed_label(q)))
    if ctx.magics and isinstance(scope.node, ast.Module):
        from .timeit_magic_on_gpu_work import TIMING_MAGICS, magic_tree

        for m in ctx.magics:
            if m.name in TIMING_MAGICS and m.line > after:
                tree = magic_tree(ctx, m)
                if tree is not None:
                    out.append((m.line, list(ast.walk(tree)), None))
    out.sort(key=lambda t: t[0])
    return out


def printed_label(r) -> str | None:
    """The text a one-off host interval is printed under: the string constants of the ``print`` call that holds
    the interval (``print('gpu mat mul global:', time.time() - start)``), else None."""
    st = getattr(r, "interval", None)
    if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Name)
            and st.value.func.id == "print"):
        return None
    parts = [n.value for n in ast.walk(st.value) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return "".join(parts).strip() or None


def _own_label(ctx: Context, scope, end_line: int) -> str | None:
    """The printed label of the region of ``scope`` whose timed statements end at ``end_line``."""
    for q in ctx.regions:
        if q.scope is scope and region_end_line(q) == end_line:
            return printed_label(q)
    return None


def retimed_later(ctx: Context, scope, call: ast.Call, key: str, end_line: int) -> bool:
    """The cold ``call`` (of callable ``key``, timed once by a timing that ends at ``end_line`` in ``scope``) is timed
    again by the next later timing that calls ``key``: the same call (callee and arguments written alike), with no
    name of it bound again in between. Then the first timing shows the first run (compile included) on purpose.
    Not when both figures are printed under one and the same label (``print('time for cuda reduce:', ...)`` twice):
    nothing tells the cold figure from the warm one, so the first is a sample of the measurement, not a
    demonstration of the compile."""
    if not isinstance(call, ast.Call):
        return False
    names = {n.id for n in ast.walk(call) if isinstance(n, ast.Name)}
    own = _own_label(ctx, scope, end_line)
    for line, nodes, label in _timings(ctx, scope, end_line):
        calls = [n for n in nodes if isinstance(n, ast.Call) and callee_key(n) == key]
        if not calls:
            continue
        if not any(_same_call(call, c) for c in calls):
            return False  # the next timing of it runs it otherwise (another shape may compile again)
        if own is not None and label == own:
            return False  # the same label twice: the cold figure is shown as the warm one
        between = [st for st in scope.stmts if end_line < st.lineno < line]
        return not (_bound(between) & names)
    return False


def region_end_line(r) -> int:
    """The last line of region ``r``'s timed statements (a `with` timer: the end of its body)."""
    stmts = r.stmts()
    end = max((getattr(s, "end_lineno", s.lineno) for s in stmts), default=r.start.lineno)
    return max(end, getattr(r.end, "end_lineno", None) or getattr(r.end, "lineno", 0) or 0)
