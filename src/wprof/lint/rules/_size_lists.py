"""The literal lists a loop of sizes runs over (WP101's reading of sample sizes).

``for n in SIZES`` runs over a list literal, a name bound to one, an ``argparse`` option whose ``default=`` is one
(``for n in args.sizes``), or a list built by a comprehension over a ``range`` of constants
(``[1 << e for e in range(10, 25)]``, ``[2 ** p for p in range(8, 15)]``): the sizes a script measures as written.
A comprehension is read at the ends of its range (its element is an arithmetic of the loop variable: products,
powers and shifts of non-negative constants grow with it), which is all a bound on the size needs.
"""

from __future__ import annotations

import ast

from ._cli_defaults import cli_default


def literal_lists(ctx, it: ast.AST, loop: ast.stmt) -> list[ast.AST]:
    """The list (or tuple) literals the iterable ``it`` of ``loop`` may be; other values are returned as they are
    (the caller rejects them)."""
    if isinstance(it, ast.Attribute):
        default = cli_default(ctx, it)
        it = default if default is not None else it
    if isinstance(it, ast.Name):
        values = [getattr(a, "value", None) for a in ctx.scope_assigns(it.id, loop._wp_scope)]  # type: ignore
    else:
        values = [it]
    return [_expanded(v) for v in values]


def _expanded(v):
    """A comprehension over ``range`` of constants, as a list literal of its two end elements; else ``v``."""
    if not isinstance(v, ast.ListComp) or len(v.generators) != 1:
        return v
    gen = v.generators[0]
    it = gen.iter
    if gen.ifs or gen.is_async or not isinstance(gen.target, ast.Name) or not (
            isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and
            1 <= len(it.args) <= 2 and not it.keywords):
        return v
    bounds = [_const(a, None, None) for a in it.args]
    if any(b is None for b in bounds):
        return v
    lo, hi = (0, bounds[0] - 1) if len(bounds) == 1 else (bounds[0], bounds[1] - 1)  # type: ignore[operator]
    if hi < lo or lo < 0:
        return v
    ends = [_const(v.elt, gen.target.id, x) for x in (lo, hi)]
    if any(e is None for e in ends):
        return v
    return ast.List(elts=[ast.Constant(value=e) for e in ends], ctx=ast.Load())


def _const(n: ast.AST, var: str | None, value: int | None) -> int | None:
    """A non-negative integer arithmetic of constants and ``var`` (bound to ``value``), else None."""
    if isinstance(n, ast.Constant) and isinstance(n.value, int) and not isinstance(n.value, bool) and n.value >= 0:
        return n.value
    if isinstance(n, ast.Name) and n.id == var:
        return value
    if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Mult, ast.Pow, ast.LShift, ast.Add)):
        a, b = _const(n.left, var, value), _const(n.right, var, value)
        if a is None or b is None or (isinstance(n.op, (ast.Pow, ast.LShift)) and b > 64):
            return None
        if isinstance(n.op, ast.Mult):
            return a * b
        if isinstance(n.op, ast.Add):
            return a + b
        return a ** b if isinstance(n.op, ast.Pow) else a << b
    return None


def shape_args(ctx, args: list[ast.AST]) -> list[ast.AST]:
    """A factory's dimension arguments with a shape bound once to a literal spelled out: ``torch.randn(shape)`` and
    ``torch.randn(*shape)`` with ``shape = (64, 4096)`` give ``64, 4096``; another starred argument is dropped."""
    out: list[ast.AST] = []
    for a in args:
        inner = a.value if isinstance(a, ast.Starred) else a
        bound = ctx.assigns.get(inner.id, []) if isinstance(inner, ast.Name) else []
        literal = bound[0] if len(bound) == 1 and isinstance(bound[0], (ast.Tuple, ast.List)) else None
        if literal is not None and (isinstance(a, ast.Starred) or len(args) == 1):
            out.extend(literal.elts)
        elif not isinstance(a, ast.Starred):
            out.append(a)
    return out


def keyed_values(ctx, sub: ast.Subscript, loop_values) -> list[ast.AST] | None:
    """The values ``cfg["rows"]`` takes when ``cfg`` runs over a literal list of dict literals (``for cfg in
    CONFIGS``, read by ``loop_values``) or is bound once to one: each dict's value for that key; None when a dict
    lacks the key or the container is not shown."""
    key = sub.slice
    if not (isinstance(sub.value, ast.Name) and isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    scope = getattr(getattr(sub, "_wp_stmt", None), "_wp_scope", None)
    dicts = loop_values(ctx, sub.value.id, scope) or ctx.assigns.get(sub.value.id, [])
    out = []
    for d in dicts:
        if not isinstance(d, ast.Dict):
            return None
        hit = [v for k, v in zip(d.keys, d.values) if isinstance(k, ast.Constant) and k.value == key.value]
        if len(hit) != 1:
            return None
        out.append(hit[0])
    return out or None
