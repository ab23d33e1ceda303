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

:class:`ImportedDefs` is the mixin through which :class:`Context` asks about an imported definition (does it
synchronize, launch GPU work, move data to the GPU, return per-sample times, is it a timer class): each question is
answered by the module that defines it, as it would be for a definition of the same file. Findings are reported only
in the files the user selected; the imported modules are read for what their definitions do.
"""

from __future__ import annotations

import ast
import builtins
import os
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_DEPTH = 3  # a linted file's imports, theirs, and theirs: deeper modules are not read
MAX_BYTES = 1_000_000  # a larger module is not read
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
_BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True)
class Definition:
    """A top-level function or class of a project module, with the analysis of the module that defines it."""

    ctx: Any  # the defining module's Context
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    name: str


class Project:
    """One run's view of the user's checkout: module lookup and a cache of analysed modules."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
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
        key = (str(importer.parent), parts, level)
        if key not in self._found:
            self._found[key] = self._find_module(importer.parent, parts, level)
        return self._found[key]

    def _find_module(self, directory: Path, parts: tuple[str, ...], level: int) -> Path | None:
        roots, boundary = self._roots(directory)
        if level:
            base = directory
            for _ in range(level - 1):
                base = base.parent
            if not _inside(base, boundary):
                return None
            candidates = [base]
        else:
            if not parts or parts[0] in _KNOWN or parts[0] in _STDLIB or parts[0] == "__future__":
                return None
            candidates = list(roots)
        for root in candidates:
            found = _module_file(root, parts)
            if found is not None and _inside(found, boundary) and not (_EXCLUDED & set(found.parts)):
                return found
        return None

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
                tree = ast.parse(source, filename=str(path))
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError, LookupError, RecursionError, MemoryError):
            return None
        from ._context import Context

        try:
            ctx = Context(tree, source, str(path), import_view=ImportView(self, path, depth + 1))
        except (RecursionError, MemoryError):
            return None
        self._contexts[key] = ctx
        return ctx


class ImportView:
    """What one analysed file sees of the project: resolution of its imported names, from ``path``."""

    def __init__(self, project: Project, path: Path, depth: int = 0) -> None:
        self.project = project
        self.path = path
        self.depth = depth

    def resolve(self, level: int, parts: tuple[str, ...], hops: int = 0) -> Definition | None:
        """The definition ``parts`` names (a module path then a name: ``("utils", "benchmark")``), or None."""
        if self.depth >= MAX_DEPTH or hops > MAX_DEPTH or not parts:
            return None
        lowest = 0 if level else 1
        for i in range(len(parts) - 1, lowest - 1, -1):  # the longest module prefix that exists
            mod = self.project.find_module(self.path, parts[:i], level)
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


class ImportedDefs:
    """Mixin of :class:`Context`: the definitions this file imports from the project (``import_view`` set by the
    engine; None for text linted without a file, and then nothing is imported)."""

    import_view: ImportView | None = None

    def _import_table(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        """local name -> (level, dotted parts it stands for), from every import statement of the file."""
        cached = self.__dict__.get("_wp_import_table")
        if cached is None:
            cached = {}
            for scope in self.scopes:  # type: ignore[attr-defined]
                for st in scope.stmts:
                    if isinstance(st, ast.Import):
                        for a in st.names:
                            if a.asname:
                                cached[a.asname] = (0, tuple(a.name.split(".")))
                            else:
                                head = a.name.split(".")[0]
                                cached[head] = (0, (head,))
                    elif isinstance(st, ast.ImportFrom):
                        mod = tuple(st.module.split(".")) if st.module else ()
                        for a in st.names:
                            if a.name != "*":
                                cached[a.asname or a.name] = (st.level, (*mod, a.name))
                            else:
                                self.__dict__.setdefault("_wp_star_imports", []).append((st.level, mod))
            self._wp_import_table = cached
        return cached

    def imported_def(self, expr: ast.AST) -> Definition | None:
        """The project definition that a name or dotted attribute (``benchmark``, ``utils.benchmark``,
        ``m.Timer``) refers to through this file's imports; None when it is not imported from the project, or it is
        a name defined in this file."""
        view = self.import_view
        if view is None or not view.project.enabled:
            return None
        from ._names import dotted

        d = dotted(expr)
        if d is None:
            return None
        cache = self.__dict__.setdefault("_wp_imported", {})
        if d in cache:
            return cache[d]
        cache[d] = None
        head, *rest = d.split(".")
        entry = self._import_table().get(head)
        if (not rest and head in self.functions) or head in self.classes:  # type: ignore[attr-defined]
            return None
        if entry is None:  # `from util import *` (public names only), unless the file binds the name itself
            if head.startswith("_") or head in _BUILTINS or head in self.assigns or \
                    not self.__dict__.get("_wp_star_imports"):  # type: ignore[attr-defined]
                return None
            for level, mod in self.__dict__.get("_wp_star_imports", ()):
                found = view.resolve(level, (*mod, head, *rest))
                if found is not None:
                    cache[d] = found
                    return found
            return None
        level, parts = entry
        found = view.resolve(level, (*parts, *rest))
        cache[d] = found
        return found

    def calls_gpu_code_of_project(self) -> bool:
        """The file calls a function it imports from the project that puts data on the GPU itself (``y =
        mm_on_gpu(x, w)`` in a notebook, ``mm_on_gpu`` doing ``x.cuda()`` in the module beside it): it uses the GPU.
        (A harness that runs a callable it is handed, ``bench_gpu_time(fn)``, says nothing of the caller's data.)"""
        if self.import_view is None or not self.import_view.project.enabled:
            return False
        calls = self.calls  # type: ignore[attr-defined]
        if not any(self.is_clock(c) or self.method(c) in ("record", "timeit", "repeat") or  # type: ignore
                   (self.call_name(c) or "").startswith("timeit.") for c in calls):  # type: ignore[attr-defined]
            return False  # nothing timed here: whether it uses the GPU changes no finding, no module is read for it
        table = self._import_table()
        for c in calls:
            head = c.func
            while isinstance(head, ast.Attribute):
                head = head.value
            if isinstance(head, ast.Name) and head.id in table:
                d = self.imported_function(c)
                if d is not None and d.ctx.uses_gpu and d.ctx._moves_to_gpu(d.node):
                    return True
        return False

    def imported_name(self, name: str) -> Definition | None:
        """:meth:`imported_def` of a dotted name given as text (a callee key: ``fused_gelu``, ``ops.fused_gelu``)."""
        parts = name.split(".")
        if not all(p.isidentifier() for p in parts):
            return None
        expr: ast.expr = ast.Name(id=parts[0], ctx=ast.Load())
        for p in parts[1:]:
            expr = ast.Attribute(value=expr, attr=p, ctx=ast.Load())
        return self.imported_def(expr)

    def callee_def(self, call: ast.Call) -> tuple[Any, ast.AST] | None:
        """(the context it lives in, the def) of the function ``call`` calls: one of this file (``f(...)``) or one
        imported from the project's modules (``f(...)``, ``mod.f(...)``); None otherwise."""
        if isinstance(call.func, ast.Name) and call.func.id in self.functions:  # type: ignore[attr-defined]
            return self, self.functions[call.func.id]  # type: ignore[attr-defined]
        d = self.imported_function(call)
        return (d.ctx, d.node) if d is not None else None

    def imported_function(self, call: ast.Call) -> Definition | None:
        d = self.imported_def(call.func)
        return d if d is not None and isinstance(d.node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    def imported_syncs(self, call: ast.Call, hidden: bool) -> bool:
        """A call of an imported project function that synchronizes (directly or through its own calls)."""
        d = self.imported_function(call)
        return d is not None and function_syncs(d.ctx, d.node, hidden)

    def imported_gpu_work(self, call: ast.Call) -> bool:
        """A call of an imported project function that launches GPU work, as its module sees it (in a file that uses
        the GPU: the others are not timing GPU work, and their imports are not read for it)."""
        if not getattr(self, "uses_gpu", False):
            return False
        d = self.imported_function(call)
        return d is not None and d.node.name in d.ctx._gpu_callables

    def puts_on_gpu_call(self, call: ast.Call) -> bool:
        """Strong evidence: a call of a function imported from the project whose body moves data to the GPU in so
        many words (``x.cuda()``, ``.to("cuda")``, ``device="cuda"``); a CuPy call or a ``"cuda"`` string in a branch
        is not enough (``fit(X)`` written for NumPy and CuPy alike). (A function of the same file is not taken as
        evidence: on set 23 a wrapper whose inner op had run before was reported strong, which the warmup model does
        not yet see through.)"""
        d = self.imported_function(call)
        if d is None:
            return False
        ctx, fn = d.ctx, d.node
        cache = ctx.__dict__.setdefault("_wp_puts_on_gpu", {})
        if id(fn) not in cache:
            cache[id(fn)] = any(
                ctx.method(c) == "cuda" or (ctx.method(c) == "to" and ctx.placement(c) == "cuda") or
                any(k.arg == "device" and ctx._device_value(k.value) == "cuda" for k in c.keywords)
                for c in ctx.calls_in_function(fn))
        return cache[id(fn)]

    def imported_moves_to_gpu(self, call: ast.Call) -> bool:
        """A call of an imported project function that puts data on the GPU itself (``x.cuda()`` inside)."""
        d = self.imported_function(call)
        return d is not None and d.ctx._moves_to_gpu(d.node)


def function_syncs(ctx: Any, fn: ast.AST, hidden: bool) -> bool:
    """``fn`` (a function of ``ctx``'s module) synchronizes: one of its calls waits, or calls a function of the
    module (or one it imports from the project) that does."""
    cache = ctx.__dict__.setdefault("_wp_fn_syncs", {})
    key = (id(fn), hidden)
    if key not in cache:
        cache[key] = False  # recursion: not shown to wait
        syncing = ctx._syncing_functions(hidden)
        cache[key] = any(ctx._direct_sync(c, hidden) or ctx._callee_name(c) in syncing
                         for c in ctx.calls_in_function(fn))
    return cache[key]
