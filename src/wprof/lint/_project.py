"""The user's project as the linter sees it: the local modules a linted file imports, read (never run) on demand.

``wprof lint bench.py`` in a checkout reads ``from utils import benchmark``, ``from .timer import Timer``,
``import pkg.mod as m`` the way Python would find them for that file, but only inside the user's project:

- the linted file's own directory (a script's ``sys.path[0]``);
- for a relative import, the file's package chain (``.`` is the file's directory, ``..`` its parent...);
- the directory above the file's top package (the ``__init__.py`` chain), the project root (the nearest parent
  with ``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``) and its ``src/``; without a marker, the
  directories up to ``UP`` levels above the file.

Never outside the project root (or, without a marker, the highest directory searched), never through
``site-packages``, a virtual environment or another excluded directory, never a module of the standard library or of
a known GPU library (``torch``, ``numpy``, ``cupy``...). Each module is parsed and analysed (a :class:`Context` of its
own, so its names resolve through its own imports) at most once per run; a module that cannot be read or parsed is
skipped silently; ``MAX_DEPTH`` bounds the chain of imports followed and ``MAX_BYTES``/``MAX_MODULES`` the size.

:class:`._imported.ImportedDefs` is the mixin through which :class:`Context` asks about an imported definition.
Findings are reported only in the files the user selected; the imported modules are read for what their definitions
do.
"""

from __future__ import annotations

import ast
import os
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_DEPTH = 3  # a linted file's imports, theirs, and theirs: deeper modules are not read
MAX_BYTES = 128_000  # a larger module (about 3,000 lines) is not read: helpers are small, and big modules cost memory
MAX_MODULES = 256  # modules read in one run
UP = 2  # without a project marker: directories searched above the file's own
MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
_EXCLUDED = frozenset({"site-packages", "dist-packages", ".venv", "venv", "node_modules", "__pycache__", ".tox",
                       ".nox", ".eggs", ".git", "build", "dist"})
# third-party modules the rules know by name: never shadowed by a local file of the same name
_KNOWN = frozenset({
    "torch", "numpy", "cupy", "cupyx", "triton", "numba", "jax", "jaxlib", "pycuda", "cutlass", "cuda", "tensorflow",
    "transformers", "diffusers", "accelerate", "apex", "deepspeed", "xformers", "flash_attn", "scipy", "pandas",
    "matplotlib", "tqdm", "timm", "torchvision", "torchaudio", "thop", "pynvml", "nvtx", "ultralytics", "wprof",
})
_STDLIB = frozenset(getattr(sys, "stdlib_module_names", ()))
# standard modules a file beside the script cannot shadow: built into the interpreter, or imported while it starts
# (already in `sys.modules` when the script's own `sys.path[0]` is searched)
_UNSHADOWED = frozenset(sys.builtin_module_names) | frozenset({
    "os", "io", "abc", "codecs", "site", "stat", "posixpath", "ntpath", "genericpath", "encodings", "sys",
    "_collections_abc", "_sitebuiltins", "types", "enum", "re", "functools", "collections", "keyword", "operator",
    "reprlib", "warnings", "importlib", "zipimport", "__future__",
})
_SHADOWS: dict[tuple[str, str], Path | None] = {}


def shadowing_module(directory: Path | str, name: str) -> Path | None:
    """The file of the user's module ``name`` beside a script in ``directory`` that Python imports instead of the
    standard library's module of that name (``timeit.py`` next to ``bench.py``: ``sys.path[0]`` is searched before
    the standard library's folder), or None."""
    if name not in _STDLIB or name in _UNSHADOWED:
        return None
    key = (str(directory), name)
    if key not in _SHADOWS:
        _SHADOWS[key] = _module_file(Path(directory), (name,))
    return _SHADOWS[key]


@dataclass(frozen=True)
class Definition:
    """A top-level function or class of a project module, with the analysis of the module that defines it."""

    ctx: Any  # the defining module's Context
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    name: str


class Project:
    """One run's view of the user's checkout: module lookup and a cache of analysed modules."""

    def __init__(self, enabled: bool = True, selected: Any = ()) -> None:
        self.enabled = enabled
        self.selected = {os.path.realpath(p) for p in selected}  # the files linted in this run (real paths)
        self.findings: dict[tuple[str, Any], list[Any]] = {}  # (module, rules) -> what the rules report there
        self._times: dict[str, bool] = {}  # module -> its text may time something
        self._tops: dict[tuple[str, str], bool] = {}  # (root, top-level name) -> a package or module of that name
        self._real: dict[str, str] = {}
        self._contexts: dict[str, Any] = {}  # real path -> Context, or None (unreadable, too large, in progress)
        self._search: dict[str, tuple[tuple[Path, ...], Path]] = {}  # directory -> (search roots, boundary)
        self._found: dict[tuple[str, tuple[str, ...], int], Path | None] = {}  # (directory, parts, level) -> file
        self.read = 0  # modules read in this run

    # ---------------------------------------------------------------- where modules are
    def _roots(self, directory: Path) -> tuple[tuple[Path, ...], Path]:
        key = str(directory)
        if key not in self._search:
            self._search[key] = _search_roots(directory)
        return self._search[key]

    def find_module(self, importer: Path, parts: tuple[str, ...], level: int) -> Path | None:
        """The file of module ``parts`` imported from ``importer`` (``level`` leading dots), or None."""
        return self.find_in(importer.parent, str(importer.parent), parts, level)

    def find_in(self, directory: Path, key_dir: str, parts: tuple[str, ...], level: int) -> Path | None:
        key = (key_dir, parts, level)
        found = self._found.get(key, False)
        if found is False:
            found = self._found[key] = self._find_module(directory, parts, level)
        return found  # type: ignore[return-value]

    def _find_module(self, directory: Path, parts: tuple[str, ...], level: int) -> Path | None:
        roots, boundary = self._roots(directory)
        if level:
            base = directory
            for _ in range(level - 1):
                base = base.parent
            if not self._inside(base, boundary):
                return None
            candidates = [base]
        else:
            if parts and parts[0] in _STDLIB and shadowing_module(directory, parts[0]) is not None:
                found = _module_file(directory, parts)  # the user's `timeit.py` beside the file, not the stdlib's
                return found if found is not None and self._inside(found, boundary) else None
            if not parts or parts[0] in _KNOWN or parts[0] in _STDLIB or parts[0] == "__future__":
                return None
            candidates = list(roots)
        for root in candidates:
            if not level and not self._has_top(root, parts[0]):
                continue  # no `name/` nor `name.py` here: nothing under it either (one check per root and name)
            found = _module_file(root, parts)
            if found is not None and self._inside(found, boundary) and not (_EXCLUDED & set(found.parts)):
                return found
        return None

    def _has_top(self, root: Path, name: str) -> bool:
        key = (str(root), name)
        if key not in self._tops:
            self._tops[key] = _exists(root / name) or _is_file(root / f"{name}.py")
        return self._tops[key]

    def real(self, path: Path) -> str:
        """``os.path.realpath``, once per path."""
        key = str(path)
        if key not in self._real:
            self._real[key] = os.path.realpath(path)
        return self._real[key]

    def is_selected(self, path: Path | str) -> bool:
        return self.real(path) in self.selected  # type: ignore[arg-type]

    def _inside(self, path: Path, boundary: Path) -> bool:
        real, top = self.real(path), self.real(boundary)
        return real == top or real.startswith(top.rstrip(os.sep) + os.sep)

    # ---------------------------------------------------------------- what they hold
    def context(self, path: Path, depth: int) -> Any:
        """The analysed module at ``path`` (a :class:`Context`), or None: unreadable, too large, not Python, past
        the run's bound, or being analysed (an import cycle)."""
        key = str(path)
        if key in self._contexts:
            return self._contexts[key]
        self._contexts[key] = None
        if self.read >= MAX_MODULES:
            return None
        self.read += 1
        try:
            if path.stat().st_size > MAX_BYTES:
                return None
            from ._engine import decode_source

            source = decode_source(path.read_bytes())
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    tree = ast.parse(source, filename=str(path))
                except SyntaxError as exc:
                    from ._newer_syntax import older_fstrings

                    newer = older_fstrings(source)  # f-strings of Python 3.12 read on an older Python
                    if newer is None and isinstance(exc, TabError) and (tabs := _python2_tabs(source)) is not None:
                        try:  # a Python 2 module mixing tabs and spaces: its tabs read as Python 2 read them
                            tree, source = ast.parse(tabs, filename=str(path)), tabs
                        except SyntaxError as later:
                            tree, source = _recovered(tabs, path, later)
                    elif newer is None:
                        tree, source = _recovered(source, path, exc)
                    else:
                        tree, source = ast.parse(newer, filename=str(path)), newer
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError, LookupError, RecursionError, MemoryError):
            return None
        from ._context import Context

        try:
            ctx = Context(tree, source, str(path), import_view=ImportView(self, path, depth + 1))
        except (RecursionError, MemoryError):
            return None
        self._contexts[key] = ctx
        return ctx


    def gpu_context(self, path: Path, depth: int) -> Any:
        """A second analysis of the module at ``path`` as a module its caller uses on the GPU (a helper that never
        names a device, handed a model or tensors the caller put there): its ``uses_gpu`` is true; None when the
        module cannot be read. Cached per run."""
        path = Path(path)
        key = str(path)
        cache = self.__dict__.setdefault("_gpu_contexts", {})
        if key in cache:
            return cache[key]
        cache[key] = None
        plain = self.context(path, depth)
        if plain is None:
            return None
        from ._context import Context

        view = ImportView(self, path, depth + 1)
        view.used_on_gpu = True
        try:  # a tree of its own: the analysis caches its answers on the nodes (`_wp_work`...)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(plain.source, filename=str(path))
            cache[key] = Context(tree, plain.source, str(path), import_view=view)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        return cache[key]

    def may_time(self, path: Path, pattern: Any) -> bool:
        """The module's text has a word of timing (``pattern``: the engine's pre-filter); read once per run."""
        key = str(path)
        if key not in self._times:
            try:
                self._times[key] = path.stat().st_size <= MAX_BYTES and \
                    pattern.search(path.read_bytes().decode("utf-8", "replace")) is not None
            except OSError:
                self._times[key] = False
        return self._times[key]


class ImportView:
    """What one analysed file sees of the project: resolution of its imported names, from ``path``."""

    def __init__(self, project: Project, path: Path, depth: int = 0) -> None:
        self.project = project
        self.path = path
        self.depth = depth
        self.used_on_gpu = False  # a module read as its caller uses it: on the GPU (Project.gpu_context)
        self.extra_roots: list[Path] = []  # directories the file adds to sys.path itself (add_sys_path)
        self._sys_path_read = False
        self._dir = path.parent
        self._dir_key = str(self._dir)

    def find(self, parts: tuple[str, ...], level: int) -> Path | None:
        found = self.project.find_in(self._dir, self._dir_key, parts, level)
        if found is None and not level and parts and self.extra_roots:
            from ._sys_path import find_in_extra

            found = find_in_extra(self.project, self.extra_roots, parts)
        return found

    def has_package(self, top: str) -> bool:
        """A folder or module named ``top`` lies in one of the roots this file imports from: the project's own package,
        so a module of it the linter cannot find (``kvcodec.selector`` beside ``kvcodec/system.py``) is the project's
        code, not a library's."""
        if not self.project.enabled:
            return False
        roots, _ = self.project._roots(self._dir)
        return any(self.project._has_top(root, top) for root in roots)

    def add_sys_path(self, tree: ast.Module) -> None:
        """The directories the file puts on ``sys.path`` itself (``sys.path.append("../helpers")``,
        ``sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))``), searched after the usual ones; read
        once per file, only those inside the project."""
        if self._sys_path_read:
            return
        self._sys_path_read = True
        from ._sys_path import sys_path_dirs

        _, boundary = self.project._roots(self._dir)
        self.extra_roots = [d for d in sys_path_dirs(tree, self.path)
                            if self.project._inside(d, boundary) and not (_EXCLUDED & set(d.parts))]

    def calls_timing_modules(self, tree: ast.Module, pattern: Any) -> bool:
        """A file with no word of timing imports a project module that has one (whose helpers may hold a mistake
        to report at this file's calls): a cheap test on the import statements and the modules' text."""
        if not self.project.enabled or self.depth:
            return False
        self.add_sys_path(tree)
        todo = list(tree.body)  # the module's own import statements (under `if`/`try` too), not ones in functions
        nodes = []
        while todo:
            st = todo.pop()
            nodes.append(st)
            if isinstance(st, (ast.If, ast.Try, ast.With)):
                todo.extend([*st.body, *getattr(st, "orelse", []), *getattr(st, "finalbody", []),
                             *(x for h in getattr(st, "handlers", []) for x in h.body)])
        for node in nodes:
            if isinstance(node, ast.ImportFrom):  # `from timing import *` too: the module itself
                mod = tuple(node.module.split(".")) if node.module else ()
                cands = [mod] + [(*mod, a.name) for a in node.names if a.name != "*"]
                level = node.level
            elif isinstance(node, ast.Import):
                cands, level = [tuple(a.name.split(".")) for a in node.names], 0
            else:
                continue
            for parts in cands:
                f = self.find(parts, level) if (parts or level) else None
                if f is not None and not self.project.is_selected(f) and self.project.may_time(f, pattern):
                    return True  # (a module linted in this run reports its own mistakes)
        return False

    def with_timing_modules(self, tree: ast.Module, pattern: Any) -> bool:
        """A file with no word of timing opens a ``with`` block on a name it imports from a project module that has
        one (``from utils import benchmark``; ``with benchmark("GPU"): ...``): the block may be a timed region of
        this file, whose clocks are read in that module (linted in this run or not)."""
        if not self.project.enabled or self.depth:
            return False
        heads = {dotted_head(item.context_expr) for node in ast.walk(tree) if isinstance(node, (ast.With, ast.AsyncWith))
                 for item in node.items}
        heads.discard(None)
        if not heads:
            return False
        self.add_sys_path(tree)
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                mod = tuple(node.module.split(".")) if node.module else ()
                for a in node.names:
                    if (a.asname or a.name) in heads:
                        f = self.find((*mod, a.name), node.level) or self.find(mod, node.level)
                        if f is not None and self.project.may_time(f, pattern):
                            return True
                        d = self.resolve(node.level, (*mod, a.name))  # re-exported by a package's __init__
                        if d is not None and pattern.search(d.ctx.source) is not None:
                            return True
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if (a.asname or a.name.split(".")[0]) in heads:
                        f = self.find(tuple(a.name.split(".")), 0)
                        if f is not None and self.project.may_time(f, pattern):
                            return True
        return False

    def unselected_imports(self, table: dict[str, tuple[int, tuple[str, ...]]]) -> bool:
        """Some name of the file's import table comes from a project module not linted in this run (only then can a
        helper's mistake have to be reported at this file's calls)."""
        project = self.project
        for level, parts in table.values():
            for i in range(len(parts), (0 if level else 1) - 1, -1):
                f = self.find(parts[:i], level)
                if f is not None:
                    if not project.is_selected(f):
                        return True
                    break
        return False

    def resolve(self, level: int, parts: tuple[str, ...], hops: int = 0) -> Definition | None:
        """The definition ``parts`` names (a module path then a name: ``("utils", "benchmark")``), or None."""
        if self.depth >= MAX_DEPTH or hops > MAX_DEPTH or not parts:
            return None
        lowest = 0 if level else 1
        for i in range(len(parts) - 1, lowest - 1, -1):  # the longest module prefix that exists
            mod = self.find(parts[:i], level)
            if mod is None:
                continue
            rest = parts[i:]
            if len(rest) != 1:
                return None  # `pkg.mod.Class.method`: only a module's own top-level names are looked up
            ctx = self.project.context(mod, self.depth)
            return None if ctx is None else _lookup(ctx, rest[0], hops)
        return None


def _lookup(ctx: Any, name: str, hops: int) -> Definition | None:
    """``name`` at the top level of module ``ctx``: defined there, or imported there from a project module
    (``from .timer import Timer`` in a package's ``__init__.py``, ``from .timer import *`` too)."""
    table = _top_level(ctx)
    found = table.get(name)
    if isinstance(found, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return Definition(ctx, found, name)
    view = getattr(ctx, "import_view", None)
    if view is None:
        return None
    if isinstance(found, tuple):  # re-exported: (level, module parts, name)
        level, parts, orig = found
        return view.resolve(level, (*parts, orig), hops + 1)
    for level, parts in (table.get("*", ()) if not name.startswith("_") else ()):  # type: ignore[union-attr]
        d = view.resolve(level, (*parts, name), hops + 1)
        if d is not None:
            return d
    return None


def _top_level(ctx: Any) -> dict[str, Any]:
    """A module's top-level names: def/class nodes, imported names as (level, module parts, name), and ``"*"`` the
    star imports; statements under ``if``/``try``/``with`` at the top level count (the last binding wins)."""
    cached = ctx.__dict__.get("_wp_top_level")
    if cached is not None:
        return cached
    out: dict[str, Any] = {}
    stars: list[tuple[int, tuple[str, ...]]] = []
    todo = list(ctx.tree.body)
    while todo:
        st = todo.pop(0)
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[st.name] = st
        elif isinstance(st, ast.ImportFrom):
            parts = tuple(st.module.split(".")) if st.module else ()
            for a in st.names:
                if a.name == "*":
                    stars.append((st.level, parts))
                else:
                    out[a.asname or a.name] = (st.level, parts, a.name)
        elif isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and \
                isinstance(st.value, ast.Name) and isinstance(out.get(st.value.id), (ast.FunctionDef, ast.ClassDef)):
            out[st.targets[0].id] = out[st.value.id]  # sync = _sync_impl
        elif isinstance(st, (ast.If, ast.Try, ast.With)):
            todo[0:0] = [*st.body, *getattr(st, "orelse", []), *getattr(st, "finalbody", []),
                         *(s for h in getattr(st, "handlers", []) for s in h.body)]
    out["*"] = stars
    ctx._wp_top_level = out
    return out


def _module_file(root: Path, parts: tuple[str, ...]) -> Path | None:
    """``root/a/b/__init__.py`` (a package first, as Python finds it) or ``root/a/b.py``; ``parts == ()``: the
    package ``root`` itself."""
    d = root.joinpath(*parts)
    init = d / "__init__.py"
    if _is_file(init):
        return init
    if parts:
        f = d.with_name(d.name + ".py")
        if _is_file(f):
            return f
    return None


def _is_file(p: Path) -> bool:
    try:
        return p.is_file()
    except OSError:  # a folder we may not search (permissions), a name too long...
        return False


def _exists(p: Path) -> bool:
    try:
        return p.exists()
    except OSError:
        return False


def _inside(path: Path, boundary: Path) -> bool:
    try:
        real = os.path.realpath(path)
        top = os.path.realpath(boundary)
        return os.path.commonpath([real, top]) == top
    except ValueError:
        return False


def _search_roots(directory: Path) -> tuple[tuple[Path, ...], Path]:
    """(directories an absolute import is looked up in, in order; the directory nothing is read above)."""
    directory = Path(os.path.abspath(directory))
    roots = [directory]
    top = directory
    while _is_file(top / "__init__.py") and top.parent != top:
        top = top.parent  # the directory above the top package: `python -m pkg.mod` runs from there
    if top not in roots:
        roots.append(top)
    marker = None
    for d in (directory, *directory.parents):
        if any(_exists(d / m) for m in MARKERS):
            marker = d
            break
        if len(d.parts) <= 1:
            break
    if marker is not None:
        boundary = marker
        for r in (marker, marker / "src"):
            if r not in roots and _exists(r) and _inside(r, marker):
                roots.append(r)
    else:
        boundary = directory
        for _ in range(UP):
            if boundary.parent == boundary:
                break
            boundary = boundary.parent
            if boundary not in roots:
                roots.append(boundary)
        if not _inside(top, boundary):
            boundary = top
    return tuple(roots), boundary


def _python2_tabs(source: str) -> str | None:
    """``source`` with each line's leading tabs expanded to the next multiple of 8 columns, as Python 2 read them (a
    module mixing tabs and spaces, a ``TabError`` on Python 3); None when that changes nothing."""
    lines = source.splitlines(keepends=True)
    out = []
    for line in lines:
        body = line.lstrip(" \t")
        out.append(line[:len(line) - len(body)].expandtabs(8) + body)
    text = "".join(out)
    return None if text == source else text


def _recovered(source: str, path: Path, exc: SyntaxError) -> tuple[ast.AST, str]:
    """A module that does not parse, read without its failing statements (:mod:`._recover`) when none of them calls
    anything (a placeholder, a shell line): what its definitions do is still known. Raises ``exc`` otherwise."""
    from . import _recover

    rec = _recover.recover(source, lambda text: ast.parse(text, filename=str(path)), exc)
    if rec is None or any(rec.calls):
        raise exc
    return rec.tree, rec.source


def dotted_head(expr: ast.AST) -> str | None:
    """The first name of a ``with`` item's expression: ``benchmark`` of ``benchmark("GPU")``, ``utils`` of
    ``utils.Timer()``."""
    node = expr.func if isinstance(expr, ast.Call) else expr
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None
