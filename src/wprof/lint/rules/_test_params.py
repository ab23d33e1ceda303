"""The values a parametrized test hands its parameters (WP101's sizes, through `_tensor_sizes._site_args`).

A test method is never called by the file: its arguments come from its decorator, one row per generated test.
Read as calls of the function, one per row:

- ``@parameterized.parameters(*CASES)`` / ``@parameterized.parameters((16384, torch.int32), ...)`` and
  ``@parameterized.expand(CASES)`` (absl and the `parameterized` package): a row is a tuple or list of positional
  values (after ``self``), a single value for a one-parameter test, or a dict of keyword values;
- ``@pytest.mark.parametrize("n, dtype", [(4096, ...), ...])``: the names given in the first argument, the rows in
  the second (one name: each row is its value).

A row the code does not spell out (a name of unknown value, a generator) gives None for every parameter, as an
unknown call does.
"""

from __future__ import annotations

import ast

from .._context import Context

_MAX_ROWS = 64  # beyond, a parametrization is not read row by row: bounded work per file


def test_rows(ctx: Context, fn: ast.AST, name: str) -> list[ast.AST | None]:
    """What each generated test passes for parameter ``name`` of ``fn`` (empty when ``fn`` is not parametrized)."""
    args = getattr(fn, "args", None)
    if args is None:
        return []
    pos = [a.arg for a in (*args.posonlyargs, *args.args)]
    shift = 1 if pos and pos[0] in ("self", "cls") else 0
    defaults = dict(zip(pos[len(pos) - len(args.defaults):], args.defaults))
    out: list[ast.AST | None] = []
    for d in getattr(fn, "decorator_list", []):
        if not isinstance(d, ast.Call):
            continue
        q = ctx.qualname(d.func) or ""
        if q.endswith(("parameterized.parameters", "parameterized.expand")):
            rows = _rows(ctx, d.args if q.endswith("parameters") else d.args[:1], spread=q.endswith("expand"))
            if rows is None:
                out.append(None)
                continue
            for row in rows:
                out.append(_positional(row, pos, shift, name, defaults))
        elif q.endswith("mark.parametrize") and len(d.args) >= 2:
            names = _arg_names(d.args[0])
            rows = _rows(ctx, [d.args[1]], spread=True)
            if names is None or rows is None:
                out.append(None)
                continue
            if name not in names:
                continue  # another decorator's parameter: this one does not set it
            k = names.index(name)
            for row in rows:
                if len(names) == 1:
                    out.append(row)
                elif isinstance(row, (ast.Tuple, ast.List)) and len(row.elts) == len(names):
                    out.append(row.elts[k])
                else:
                    out.append(None)
    return out


def _rows(ctx: Context, given: list[ast.expr], spread: bool) -> list[ast.AST] | None:
    """The rows of a parametrization: each argument a row (``parameters(a, b)``), a starred name of a literal
    tuple of rows (``parameters(*CASES)``), or (``spread``) one literal list of rows or a name bound to one."""
    rows: list[ast.AST] = []
    for a in given:
        star = isinstance(a, ast.Starred)
        v = a.value if star else a
        if star or spread:
            if isinstance(v, ast.Name):
                values = ctx.assigns.get(v.id, [])
                v = values[0] if len(values) == 1 else None  # type: ignore[assignment]
            if not isinstance(v, (ast.Tuple, ast.List)):
                return None
            rows.extend(v.elts)
        else:
            rows.append(v)
    return rows if 0 < len(rows) <= _MAX_ROWS else None


def _positional(row: ast.AST, pos: list[str], shift: int, name: str,
                defaults: dict[str, ast.expr]) -> ast.AST | None:
    if isinstance(row, ast.Dict):
        for k, v in zip(row.keys, row.values):
            if isinstance(k, ast.Constant) and k.value == name:
                return v
        return defaults.get(name)
    if name not in pos:
        return None
    idx = pos.index(name) - shift
    if idx < 0:
        return None
    elts = row.elts if isinstance(row, (ast.Tuple, ast.List)) else [row]
    if any(isinstance(e, ast.Starred) for e in elts):
        return None
    return elts[idx] if idx < len(elts) else defaults.get(name)


def _arg_names(node: ast.AST) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [s.strip() for s in node.value.split(",") if s.strip()]
    if isinstance(node, (ast.Tuple, ast.List)) and all(isinstance(e, ast.Constant) and isinstance(e.value, str)
                                                       for e in node.elts):
        return [e.value for e in node.elts]  # type: ignore[attr-defined]
    return None
