"""Branches the file's own constants decide (fresherrors, set 133): ``device = 'cuda:0' if torch.cuda.is_available()
else 'cpu'`` and later ``if device == 'cuda': net = torch.nn.DataParallel(net)``. Neither value ``device`` can hold
equals ``'cuda'``, so the branch never runs and its calls are no timed work.

A name counts only when the whole file binds it once, at module level, to a string constant or a conditional
expression of string constants (``a if cond else b``, nested): then every value it can hold is known. Any other
binding anywhere (a parameter, a loop target, a ``global`` rebinding, an augmented assignment, an import) leaves
the test undecided, and so does any test other than ``name == "literal"`` / ``!=`` (either side)."""

from __future__ import annotations

import ast

from .._context import Context


def _values(e: ast.AST) -> set[str] | None:
    if isinstance(e, ast.Constant) and isinstance(e.value, str):
        return {e.value}
    if isinstance(e, ast.IfExp):
        a, b = _values(e.body), _values(e.orelse)
        return None if a is None or b is None else a | b
    return None


def _string_names(ctx: Context) -> dict[str, set[str]]:
    """name -> every value it can hold, for the names bound once in the file, at module level, to string
    constants (cached per file)."""
    got = ctx.__dict__.get("_wp_string_names")
    if got is not None:
        return got
    count: dict[str, int] = {}
    for n in ctx.all_nodes():
        name = n.id if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) else \
            n.arg if isinstance(n, ast.arg) else None
        if isinstance(n, (ast.Global, ast.Nonlocal)):
            for g in n.names:
                count[g] = count.get(g, 0) + 2
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for a in n.names:
                k = (a.asname or a.name).split(".")[0]
                count[k] = count.get(k, 0) + 2
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            count[n.name] = count.get(n.name, 0) + 2
        if name is not None:
            count[name] = count.get(name, 0) + 1
    got = {}
    for s in getattr(ctx.tree, "body", ()):
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and \
                count.get(s.targets[0].id) == 1 and (vals := _values(s.value)) is not None:
            got[s.targets[0].id] = vals
    ctx._wp_string_names = got  # type: ignore[attr-defined]
    return got


def decided(ctx: Context, test: ast.AST) -> bool | None:
    """The value of an ``if`` test the file's string constants decide (None: not known)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq))):
        return None
    left, right = test.left, test.comparators[0]
    if isinstance(left, ast.Constant):
        left, right = right, left
    if not (isinstance(left, ast.Name) and isinstance(right, ast.Constant) and isinstance(right.value, str)):
        return None
    vals = _string_names(ctx).get(left.id)
    if vals is None:
        return None
    eq = {v == right.value for v in vals}
    if len(eq) != 1:
        return None
    return eq.pop() if isinstance(test.ops[0], ast.Eq) else not eq.pop()


def in_dead_branch(ctx: Context, node: ast.AST) -> bool:
    """``node`` sits in a branch of an ``if`` that never runs (:func:`decided`)."""
    from .._literal_flags import in_ruled_out_branch

    return in_ruled_out_branch(node, lambda test: decided(ctx, test), own_scope=False)
