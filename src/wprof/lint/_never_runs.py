"""Code of a file that never runs, so that nothing found in it is a measurement anyone gets (falseclass, sets
137-156): the findings the rules report on its lines are dropped.

Three facts, each decided only when sure:

- An ``elif`` whose test repeats (the same expression, with no call, ``await`` or ``:=`` in it) the test of an
  earlier ``if``/``elif`` of its chain: when that test is true the earlier branch runs, so this one never does
  (``if evt.name == 'aten::linear': ... elif evt.name == 'aten::linear': ...``, set 150).
- A private module-level function nothing calls: its name starts with ``_`` and is written nowhere else in its
  file (no call, no reference, no string, not even a comment naming it: a call commented out is one the user runs
  by uncommenting it), it has no decorator, the file uses no dynamic lookup (``globals()``, ``getattr``, ``eval``,
  ``vars``, ``fire.Fire``, ``inspect``), and no file of the project that imports the module names it
  (``_ignore_test_cuda_speed``: renamed so pytest does not collect it, set 150). A public function counts as
  called even where nothing in the project calls it: the readers judge a program's uncalled public benchmark
  function (its call left out of ``__main__``) a true finding in three repositories of sets 86-145, and runners
  call some by name (``tf.app.run()`` runs ``main``).
- Everything from a module-level statement that raises on import on: a decorator or top-level statement reading
  ``m.name`` of a module ``m`` of the project the file imports (``import inferno``; the linter reads its source),
  where that module defines no ``name`` at all (no binding, no submodule file, no ``__getattr__``, ``*`` import,
  ``globals()``, ``setattr`` or ``sys.modules``): ``@inferno.kernel('relu_vec4')`` of a package whose ``kernel``
  was removed (set 154) raises AttributeError there, so no timing after it runs.
"""

from __future__ import annotations

import ast
import bisect
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from ._import_typos import bound_names

_DYNAMIC = re.compile(r"\bglobals\(\)|\bgetattr\(|\beval\(|\bexec\(|\bvars\(|\bFire\(|\binspect\b|__dict__|"
                      r"\blocals\(\)|\bimportlib\b")
_IMPURE = (ast.Call, ast.Await, ast.NamedExpr, ast.Yield, ast.YieldFrom)


def _pure(e: ast.AST) -> bool:
    return not any(isinstance(n, _IMPURE) for n in ast.walk(e))


def _repeated_elifs(tree: ast.AST) -> list[ast.If]:
    """The ``elif`` parts whose test repeats an earlier test of their chain."""
    out = []
    for n in ast.walk(tree):
        if not isinstance(n, ast.If) or isinstance(getattr(n, "_wp_parent_elif", None), ast.If):
            continue
        seen: set[str] = set()
        node = n
        while True:
            key = ast.dump(node.test) if _pure(node.test) else None
            if key is not None and key in seen:
                out.append(node)
            elif key is not None:
                seen.add(key)
            if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
                node.orelse[0]._wp_parent_elif = node  # type: ignore[attr-defined]
                node = node.orelse[0]
            else:
                break
    return out


def _uncalled_functions(ctx: Any) -> list[ast.AST]:
    """The private module-level functions nothing can call (see the module docstring)."""
    tree, source = ctx.tree, ctx.source
    defs = [s for s in getattr(tree, "body", ()) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
            and not s.decorator_list and s.name.startswith("_") and not s.name.endswith("__")]
    if not defs or ctx.magics or _DYNAMIC.search(source):
        return []  # (a public function: other files, a runner, `tf.app.run()` calling `main`, or its user call it)
    words = Counter(re.findall(r"\w+", source))  # (once: a search per def was defs x file size)
    return [d for d in defs if words[d.name] == 1 and d.name not in _names_in_importers(ctx)]  # named once: its `def` (a comment naming it is a call to come)


def _names_in_importers(ctx: Any) -> set[str]:
    """Every word of the project files whose imports name this file's module (None-safe: no project, none)."""
    got = ctx.__dict__.get("_wp_importer_words")
    if got is not None:
        return got
    got = set()
    view = getattr(ctx, "import_view", None)
    project = getattr(view, "project", None)
    if project is not None and ctx.path:
        try:
            from ._project_users import importers

            target = Path(ctx.path).resolve()
            for p in importers(project, target):
                try:
                    got.update(re.findall(r"\w+", p.read_text(encoding="utf-8", errors="replace")))
                except OSError:
                    continue
        except Exception:  # noqa: BLE001  (no project boundary: nothing known)
            got = set()
    ctx._wp_importer_words = got  # type: ignore[attr-defined]
    return got


def _holds_one(marks: list[int], first: int, last: int) -> bool:
    """Whether the sorted line numbers ``marks`` hold one in ``first``..``last``."""
    i = bisect.bisect_left(marks, first)
    return i < len(marks) and marks[i] <= last


def never_run_lines(ctx: Any, lines: set[int] | None = None) -> list[tuple[int, int]]:
    """Line ranges (first, last) of the file's code that never runs; with ``lines``, only where one of them could lie
    (the top-level statements holding one of those lines are searched)."""
    got = []
    crash = _import_crash_line(ctx)
    if crash is not None:
        got.append((crash, 10**9))
    body = getattr(ctx.tree, "body", ())
    if lines is None:
        tops = list(body)
    else:  # a top-level statement holding one of ``lines``: one bisect each (linear in the file, not statements x lines)
        marks = sorted(lines)
        tops = [s for s in body
                if _holds_one(marks, s.lineno, getattr(s, "end_lineno", None) or s.lineno)]
    for top in tops:
        for e in _repeated_elifs(top):
            first, last = e.body[0].lineno, max(getattr(s, "end_lineno", s.lineno) or s.lineno for s in e.body)
            got.append((first, last))
    if any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and not s.decorator_list for s in tops):
        for d in _uncalled_functions(ctx):
            got.append((d.lineno, getattr(d, "end_lineno", d.lineno) or d.lineno))
    return got


def running(ctx: Any, diagnostics: list) -> list:
    """The diagnostics whose line may run (none lies in code :func:`never_run_lines` names)."""
    spans = never_run_lines(ctx, {d.line for d in diagnostics})
    if not spans:
        return list(diagnostics)
    return [d for d in diagnostics if not any(a <= d.line <= b for a, b in spans)]


_COMPUTED = re.compile(r"__getattr__|import \*|\bglobals\(\)|\bsetattr\(|sys\.modules|__dict__|__all__ *\+?=.*\+")


def _module_names(path: Path) -> frozenset[str] | None:
    """The names a project module (or package ``__init__.py``) can have: its bindings and, for a package, its
    submodules (None: computed names, or unreadable)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
        tree = ast.parse(text)
    except (OSError, SyntaxError, ValueError):
        return None
    if _COMPUTED.search(text):
        return None
    names = bound_names(tree)
    if path.name == "__init__.py":
        try:
            names.update(p.stem if p.suffix == ".py" else p.name for p in path.parent.iterdir())
        except OSError:
            return None
    return frozenset(names)


def _import_crash_line(ctx: Any) -> int | None:
    """The line of the first module-level statement that reads an attribute a project module it imports does not
    define (None: none known)."""
    view = getattr(ctx, "import_view", None)
    if view is None:
        return None
    modules: dict[str, Path] = {}
    read: dict[Path, frozenset[str] | None] = {}
    for s in getattr(ctx.tree, "body", ()):
        if isinstance(s, ast.Import):
            for a in s.names:
                if a.asname is None and "." in a.name:
                    continue
                if a.name.split(".")[0] in sys.stdlib_module_names:  # a sibling `logging.py` does not shadow the
                    modules.pop(a.asname or a.name, None)          # standard library for a package's modules
                    continue
                try:
                    found = view.find(tuple(a.name.split(".")), 0)
                except Exception:  # noqa: BLE001
                    found = None
                if found is not None:
                    modules[a.asname or a.name] = Path(found)
                else:
                    modules.pop(a.asname or a.name, None)
            continue
        if isinstance(s, (ast.If, ast.Try, ast.With)) or not modules:
            continue  # (a conditional part: not decided)
        parts = list(s.decorator_list) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
            else [] if isinstance(s, (ast.Import, ast.ImportFrom)) else [s]
        for part in parts:
            for n in ast.walk(part):
                if isinstance(n, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
                    break
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in modules \
                        and isinstance(n.ctx, ast.Load):
                    path = modules[n.value.id]
                    if path not in read:  # each module read once per file, not once per attribute read
                        read[path] = _module_names(path)
                    names = read[path]
                    if names is not None and n.attr not in names:
                        return s.lineno
        for n in ast.walk(s):  # a rebinding of the module's name ends what is known
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                modules.pop(n.id, None)
    return None
