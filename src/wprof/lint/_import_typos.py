"""A file that cannot run: a module-level ``from M import N`` of a standard-library module ``M`` that defines no
``N`` but a name ``N`` extends (``from dataclasses import dataclassЬщ``: stray characters typed after
``dataclass``, set 132). The import raises ImportError before any line that follows, so no timing in the file runs
and nothing is reported in it.

The standard library's source is read (never imported) to list the names the module defines at its top level;
a module without a Python source, or one that computes its names (``__getattr__``, ``from x import *``,
``globals()``) decides nothing. Only an unconditional import counts (not under ``try``, ``if`` or a function)."""

from __future__ import annotations

import ast
import importlib.util
import sys
from functools import lru_cache


@lru_cache(maxsize=256)
def _defined(module: str) -> frozenset[str] | None:
    if "." in module or module not in getattr(sys, "stdlib_module_names", ()):
        return None
    try:
        spec = importlib.util.find_spec(module)  # a top-level module: found, not run
    except (ImportError, ValueError):
        return None
    origin = getattr(spec, "origin", None)
    if not origin or not origin.endswith(".py") or spec.submodule_search_locations:
        return None
    try:
        with open(origin, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    if "__getattr__" in text or "import *" in text or "globals()" in text:
        return None
    return frozenset(bound_names(ast.parse(text)))


def bound_names(tree: ast.AST) -> set[str]:
    """Every name a module binds anywhere (assigned, defined, imported): what `module.name` can find in it."""
    names: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            names.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in n.names)
    return names


def cannot_run(tree: ast.AST) -> bool:
    """The module's own top-level statements import a name its standard-library module does not define, a name
    that extends one it does (a typo): the file stops there."""
    for s in getattr(tree, "body", ()):
        if not isinstance(s, ast.ImportFrom) or s.level or not s.module:
            continue
        loaded = sys.modules.get(s.module)  # (already imported here: its names answer without reading its source)
        names = [a for a in s.names if a.name != "*" and not (loaded is not None and hasattr(loaded, a.name))]
        defined = _defined(s.module) if names else None
        if defined is None:
            continue
        for a in names:
            if a.name not in defined and \
                    any(len(d) >= 4 and a.name.startswith(d) for d in defined if not d.startswith("_")):
                return True
    return False
