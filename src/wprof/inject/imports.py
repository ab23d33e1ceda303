"""Training loops that live in a module the script imports (``from engine import train_one_epoch``).

:func:`local_modules` lists the project files a script imports: modules found next to the script (or, for ``-m``,
in its package), never installed packages. ``wprof run`` analyses them beside the script and, when the best loop is
in one of them, :class:`RewriteImporter` makes ``import engine`` load the rewritten tree instead of the file's bytes
(compiled under the real file name, so tracebacks and line numbers are the file's own). Nothing is written to disk:
no ``.pyc`` for the rewritten code either.
"""

from __future__ import annotations

import ast
import importlib.abc
import importlib.machinery
import os
import sys
from types import CodeType, ModuleType
from typing import Any

__all__ = ["local_modules", "RewriteImporter"]


def _module_file(base: str, dotted: str) -> str | None:
    """``base/a/b.py`` or ``base/a/b/__init__.py`` for ``a.b``, when it exists."""
    parts = dotted.split(".")
    stem = os.path.join(base, *parts)
    for cand in (stem + ".py", os.path.join(stem, "__init__.py")):
        if os.path.isfile(cand):
            return os.path.realpath(cand)
    return None


def local_modules(tree: ast.Module, script_file: str, path0: str,
                  package: str | None = None) -> list[tuple[str, str]]:
    """``(module name, real path)`` of each project module ``tree`` imports, in the order found.

    Absolute imports resolve against ``path0`` (the run's ``sys.path[0]``: the script's folder, or the working
    directory for ``-m``); relative imports (a ``-m`` package) against the script's package folder. ``from pkg import
    name`` also tries ``pkg.name`` as a module. Only files that exist there count: installed packages are never
    analysed."""
    here = os.path.dirname(os.path.realpath(script_file))
    root = os.path.realpath(path0)
    out: dict[str, str] = {}
    me = os.path.realpath(script_file)

    def add(name: str, base: str) -> None:
        path = _module_file(base, name)
        if path and path != me and name not in out:
            out[name] = path

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                add(a.name, root)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative (a -m package): from the script's package folder, up level - 1 folders
                parts = package.split(".") if package else []
                up = node.level - 1
                if up >= len(parts):
                    continue
                base = here
                for _ in range(up):
                    base = os.path.dirname(base)
                prefix = ".".join(parts[: len(parts) - up])
                names = [f"{node.module}.{a.name}" if node.module else a.name for a in node.names]
                for dotted in names + ([node.module] if node.module else []):
                    path = _module_file(base, dotted)
                    if path and path != me:
                        out.setdefault(f"{prefix}.{dotted}", path)
            elif node.module:
                add(node.module, root)
                for a in node.names:
                    add(f"{node.module}.{a.name}", root)
    return list(out.items())


class _Loader(importlib.machinery.SourceFileLoader):
    """Loads one file's module from a code object built elsewhere (the rewritten tree)."""

    def __init__(self, fullname: str, path: str, code: CodeType) -> None:
        super().__init__(fullname, path)
        self._code = code

    def get_code(self, fullname: str) -> CodeType:  # no .pyc read or written: the code is not the file's bytes
        return self._code


class RewriteImporter(importlib.abc.MetaPathFinder):
    """A ``sys.meta_path`` finder: the module whose file is ``path`` runs ``code`` instead of the file's bytes."""

    def __init__(self, path: str, code: CodeType) -> None:
        self.path = os.path.realpath(path)
        self.code = code
        self._stem = os.path.splitext(os.path.basename(self.path))[0]
        if self._stem == "__init__":
            self._stem = os.path.basename(os.path.dirname(self.path))
        self.loaded: str | None = None  # the module name it was imported as

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None) -> Any:
        if fullname.rpartition(".")[2] != self._stem:  # cheap filter: every other import goes its usual way
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not spec.origin or os.path.realpath(spec.origin) != self.path:
            return None
        spec.loader = _Loader(fullname, spec.origin, self.code)
        self.loaded = fullname
        return spec

    def install(self) -> None:
        sys.meta_path.insert(0, self)

    def remove(self) -> None:
        try:
            sys.meta_path.remove(self)
        except ValueError:
            pass
