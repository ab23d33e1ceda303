"""Flags a file fixes with a literal, and the branches they decide (set 197: SiamCAR's ``speed.py``).

``use_gpu = False`` written once in ``main()``, then ``device = torch.device('cuda' if torch.cuda.is_available() and
use_gpu else 'cpu')`` and ``if torch.cuda.is_available() and use_gpu: x = x.cuda()``: as written, the model and its
input stay on the CPU and the timed loop runs there. The placement model (``_placement``) reads a conditional
device through the test these flags decide, and a binding inside a branch they rule out does not reach later
reads. Findings inside such a branch are kept: set 177's notebook times ``model.generate`` under ``if not
use_new_generate:`` with the flag True, and the cold first call it reports is as real in the branch that runs.

A name is a flag only when sure of its value wherever it is read:
- in a function: bound exactly once in the function (nested functions included), by ``name = True`` / ``False``
  as a statement of the function's own body (not inside a branch or loop), not a parameter, not ``global`` or
  ``nonlocal``; read after that statement;
- at module level: bound exactly once in the whole file (any function's local of that name, a parameter, an
  import, a ``def`` or a loop target counts as another binding), by ``name = True`` / ``False`` at module level.
A test is decided from flags, ``True``/``False`` literals, ``not``, ``and`` and ``or`` (``torch.cuda.is_available()
and use_gpu`` is False with ``use_gpu = False``, undecided with ``use_gpu = True``). Anything else is undecided.
"""

from __future__ import annotations

import ast
from typing import Any

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _stores(root: ast.AST) -> dict[str, int]:
    """How many times each name is bound under ``root`` (assignments, parameters, imports, defs, declarations)."""
    count: dict[str, int] = {}

    def add(name: str, k: int = 1) -> None:
        count[name] = count.get(name, 0) + k

    for n in ast.walk(root):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            add(n.id)
        elif isinstance(n, ast.arg):
            add(n.arg)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            for g in n.names:
                add(g, 2)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for a in n.names:
                add((a.asname or a.name).split(".")[0], 2)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(n.name, 2)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            add(n.name, 2)
    return count


def _bool_assign(st: ast.stmt) -> tuple[str, bool] | None:
    if isinstance(st, (ast.Assign, ast.AnnAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        v = st.value
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and isinstance(v, ast.Constant) and \
                isinstance(v.value, bool):
            return targets[0].id, v.value
    return None


def _flags_of(ctx: Any, node: ast.AST) -> dict[str, tuple[bool, int]]:
    """name -> (value, index of its binding statement) for the flags of the module or function ``node``."""
    cache = ctx.__dict__.setdefault("_wp_literal_flags", {})
    got = cache.get(id(node))
    if got is not None:
        return got
    got = {}
    body = getattr(node, "body", None)
    if isinstance(body, list):
        count = _stores(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
                if x is not None:
                    count[x.arg] = count.get(x.arg, 0) - 1 + 2  # its own parameters: never a flag
        for st in body:
            hit = _bool_assign(st)
            if hit is not None and count.get(hit[0]) == 1:
                got[hit[0]] = (hit[1], getattr(st, "_wp_idx", -1))
    cache[id(node)] = got
    return got


def _enclosing_function(stmt: ast.AST) -> ast.AST | None:
    scope = getattr(stmt, "_wp_scope", None)
    node = getattr(scope, "node", None)
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _name_value(ctx: Any, name: ast.Name) -> bool | None:
    stmt = getattr(name, "_wp_stmt", None)
    if stmt is None:
        return None
    fn = _enclosing_function(stmt)
    if fn is not None:
        local = _flags_of(ctx, fn).get(name.id)
        if local is not None:
            value, idx = local
            return value if idx < getattr(stmt, "_wp_idx", -1) else None
        if _stores(fn).get(name.id):
            return None  # bound in the function some other way: not the module's flag
    elif getattr(getattr(stmt, "_wp_scope", None), "node", None) is not ctx.tree:
        return None  # a class body: its own names
    module = _flags_of(ctx, ctx.tree).get(name.id)
    if module is None:
        return None
    value, idx = module
    if fn is None and idx >= getattr(stmt, "_wp_idx", -1):
        return None  # read at module level before the flag is set
    return value


def truth(ctx: Any, test: ast.AST) -> bool | None:
    """The value of ``test`` the file's literal flags decide, else None."""
    if isinstance(test, ast.Constant) and isinstance(test.value, bool):
        return test.value
    if isinstance(test, ast.Name) and isinstance(test.ctx, ast.Load):
        return _name_value(ctx, test)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        v = truth(ctx, test.operand)
        return None if v is None else not v
    if isinstance(test, ast.BoolOp):
        vals = [truth(ctx, v) for v in test.values]
        stop = isinstance(test.op, ast.Or)  # `or`: one True decides; `and`: one False decides
        if stop in vals:
            return stop
        if all(v is (not stop) for v in vals):
            return not stop
    return None


def chosen(ctx: Any, expr: ast.IfExp) -> ast.AST | None:
    """The branch a conditional expression takes when flags decide its test, else None."""
    v = truth(ctx, expr.test)
    return None if v is None else (expr.body if v else expr.orelse)


def ruled_out(ctx: Any, stmt: ast.AST) -> bool:
    """``stmt`` sits in a branch of an ``if`` (in its own function or module body) that flags rule out."""
    return in_ruled_out_branch(stmt, lambda test: truth(ctx, test))


def in_ruled_out_branch(node: ast.AST, decide: Any, own_scope: bool = True) -> bool:
    """``node`` sits in a branch of an ``if`` whose test ``decide`` answers against it (True: the ``else`` never
    runs; False: the body never runs; None: either may). With ``own_scope``, only the ``if`` statements of its own
    function or module body count."""
    child, p = node, getattr(node, "_wp_parent", None)
    while p is not None and not (own_scope and (not isinstance(p, ast.stmt) or isinstance(p, (*_FUNCS, ast.ClassDef)))):
        if isinstance(p, ast.If) and child is not p.test:
            v = decide(p.test)
            if v is not None and (child in p.body) != v:
                return True
        child, p = p, getattr(p, "_wp_parent", None)
    return False
