"""A number formatted from the result of the GPU work just before it (``loss, acc = eval_step(state,
(jnp.array(x), jnp.array(y)))``; ``print(f"loss {loss:.4f}")``): a numeric format spec (``:.4f``, ``:d``,
``:.2e``, ``:.1%``) needs a Python number on the host. Whatever the call returned, the text waits for its work: a
device scalar (a 0-d torch tensor, JAX or CuPy array) is read back to format it, as ``.item()``/``float()`` do,
and a host number means the call itself already waited for the device. The linter need not see what the call is."""

from __future__ import annotations

import ast

# the presentation types of the format-spec mini-language that format a number (not `s`, not none: an object's
# own `__format__` may print without reading anything)
_NUMERIC = frozenset("bcdeEfFgGnoxX%")


def numeric_spec(fv: ast.FormattedValue) -> bool:
    """The field's format spec is a literal ending in a numeric presentation type (``:.4f``, ``:>8.2e``, ``:d``)."""
    spec = fv.format_spec
    if not isinstance(spec, ast.JoinedStr) or not spec.values:
        return False
    last = spec.values[-1]
    return isinstance(last, ast.Constant) and isinstance(last.value, str) and last.value[-1:] in _NUMERIC


def _formatted_names(stmt: ast.stmt) -> list[ast.Name]:
    """Plain names formatted as numbers in the statement: f-string fields with a numeric spec, and the arguments of
    ``"{:.4f}".format(x)`` whose replacement fields all carry one."""
    out: list[ast.Name] = []
    for n in getattr(stmt, "_wp_nodes", ()):
        if isinstance(n, ast.FormattedValue) and numeric_spec(n) and isinstance(n.value, ast.Name):
            out.append(n.value)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "format" and \
                isinstance(n.func.value, ast.Constant) and isinstance(n.func.value.value, str) and \
                _all_fields_numeric(n.func.value.value):
            out += [a for a in n.args if isinstance(a, ast.Name)]
    return out


def _all_fields_numeric(template: str) -> bool:
    import string

    try:
        fields = [(f, spec) for _, f, spec, _ in string.Formatter().parse(template) if f is not None]
    except ValueError:
        return False
    return bool(fields) and all(spec and spec[-1] in _NUMERIC for _, spec in fields)


def _binds(st: ast.stmt, name: str) -> bool:
    targets = st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(st, ast.AnnAssign) else []
    return any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t))


def formats_work_result(ctx, stmt: ast.stmt) -> bool:
    """``stmt`` formats as a number a name bound, in the same block, by the statement holding the last GPU work
    before it (no GPU work between the two): reading that number waits for the work (module docstring). A binding
    in another block (a branch, a loop body the statement is not in) or a plain name that is a host value
    re-bound since is not taken."""
    from ._region_syncs import _conditional_path
    from ._walk import stmt_nodes

    scope = getattr(stmt, "_wp_scope", None)
    idx = getattr(stmt, "_wp_idx", None)
    if scope is None or idx is None:
        return False
    for name in _formatted_names(stmt):
        if _conditional_path(name, stmt):
            continue
        for j in range(idx - 1, -1, -1):
            prev = scope.stmts[j]
            if getattr(prev, "_wp_parent", None) is not getattr(stmt, "_wp_parent", None):
                break  # another block: a branch or loop the reading may not follow
            if _binds(prev, name.id):
                value = getattr(prev, "value", None)
                work = ctx.gpu_work_in(stmt_nodes(prev)) if value is not None else []
                if work and all(_inside(w, value) for w in work):
                    return True
                break
            if ctx.gpu_work_in(stmt_nodes(prev)):
                break  # work queued after the binding: the formatted value does not wait for it
    return False


def _inside(node: ast.AST, root: ast.AST) -> bool:
    while node is not None:
        if node is root:
            return True
        node = getattr(node, "_wp_parent", None)
    return False
