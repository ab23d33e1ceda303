"""The directories a file puts on ``sys.path`` itself, read from its code (never run): ``sys.path.append(
"../helpers")`` (relative to the file's own folder, the usual intent of a script run from there),
``sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))``, ``sys.path.append(str(Path(__file__).resolve()
.parent.parent))``, a module-level name bound once to such a path. :mod:`._project` searches them after the usual
roots, so ``from timing import *`` finds ``helpers/timing.py``."""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any

_PATH_FUNCS = ("abspath", "realpath", "normpath", "expanduser")


def sys_path_dirs(tree: ast.Module, path: Path) -> list[Path]:
    """The folders the module's top-level code adds to ``sys.path`` (under ``if``/``try`` too), in order."""
    names: dict[str, list[ast.AST]] = {}
    calls: list[ast.Call] = []
    todo = list(tree.body)
    while todo:
        st = todo.pop(0)
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
            names.setdefault(st.targets[0].id, []).append(st.value)
        elif isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
            calls.append(st.value)
        elif isinstance(st, (ast.If, ast.Try, ast.With)):
            todo[0:0] = [*st.body, *getattr(st, "orelse", []), *getattr(st, "finalbody", []),
                         *(s for h in getattr(st, "handlers", []) for s in h.body)]
    out: list[Path] = []
    for c in calls:
        f = c.func
        if not (isinstance(f, ast.Attribute) and f.attr in ("append", "insert", "extend") and
                _dotted(f.value) == "sys.path" and c.args):
            continue
        args = [c.args[-1]] if f.attr != "extend" else list(getattr(c.args[0], "elts", []))
        for a in args:
            d = _value(a, path, names, 0)
            if d is not None:
                d = Path(os.path.normpath(d))
                if d not in out:
                    out.append(d)
    return out


def find_in_extra(project: Any, roots: list[Path], parts: tuple[str, ...]) -> Path | None:
    """``parts`` (an absolute import) found under one of the file's own ``sys.path`` folders."""
    from ._project import _KNOWN, _STDLIB, _module_file

    if parts[0] in _KNOWN or parts[0] in _STDLIB or parts[0] == "__future__":
        return None
    for root in roots:
        found = _module_file(root, parts)
        if found is not None:
            return found
    return None


def _dotted(e: ast.AST) -> str | None:
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        base = _dotted(e.value)
        return None if base is None else f"{base}.{e.attr}"
    return None


def _value(e: ast.AST, path: Path, names: dict[str, list[ast.AST]], depth: int) -> str | None:
    """The path an expression names (a file or a folder), or None when it is not one the code shows."""
    if depth > 8:
        return None
    if isinstance(e, ast.Constant) and isinstance(e.value, str):
        return e.value if os.path.isabs(e.value) else os.path.join(str(path.parent), e.value)
    if isinstance(e, ast.Name):
        if e.id == "__file__":
            return str(path)
        vals = names.get(e.id, [])
        return _value(vals[0], path, names, depth + 1) if len(vals) == 1 else None
    if isinstance(e, ast.Subscript) and isinstance(e.value, ast.Attribute) and e.value.attr == "parents" and \
            isinstance(e.slice, ast.Constant) and isinstance(e.slice.value, int) and 0 <= e.slice.value < 8:
        inner = _value(e.value.value, path, names, depth + 1)  # Path(__file__).parents[1]
        for _ in range(e.slice.value + 1 if inner is not None else 0):
            inner = os.path.dirname(inner)
        return inner
    if isinstance(e, ast.Attribute) and e.attr == "parent":  # Path(__file__).parent
        inner = _value(e.value, path, names, depth + 1)
        return None if inner is None else os.path.dirname(inner)
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Div):  # Path(...) / "helpers"
        left = _value(e.left, path, names, depth + 1)
        if left is None or not (isinstance(e.right, ast.Constant) and isinstance(e.right.value, str)):
            return None
        return os.path.join(left, e.right.value)
    if not isinstance(e, ast.Call):
        return None
    q = _dotted(e.func) or ""
    last = e.func.attr if isinstance(e.func, ast.Attribute) else q
    if isinstance(e.func, ast.Attribute) and last in ("resolve", "absolute", "expanduser") and not e.args:
        return _value(e.func.value, path, names, depth + 1)  # Path(__file__).resolve()
    if q in ("os.getcwd", "getcwd", "pathlib.Path.cwd", "Path.cwd") and not e.args:
        return str(path.parent)  # the working directory: the script's own folder, as it is usually run
    if not e.args:
        return None
    first = _value(e.args[0], path, names, depth + 1)
    if first is None:
        return None
    if q in ("os.path.dirname", "path.dirname", "dirname"):
        return os.path.dirname(first)
    if q in ("str", "Path", "pathlib.Path", "os.fspath") or (q.startswith(("os.path.", "path.")) and last in _PATH_FUNCS):
        if len(e.args) == 1:
            return first
    if q in ("os.path.join", "path.join", "Path", "pathlib.Path"):
        rest = []
        for a in e.args[1:]:
            if not (isinstance(a, ast.Constant) and isinstance(a.value, str)):
                return None
            rest.append(a.value)
        return os.path.join(first, *rest)
    return None
