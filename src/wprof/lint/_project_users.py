"""Which modules of the user's project use a module's definitions, and whether one of them runs on the GPU: the
reverse of :mod:`._imported` (what a file imports), read only for a linted file that times something and shows no
GPU of its own.

A helper module often never says ``cuda``: ``bench_utils.py`` times ``model(x)`` for whatever model its caller hands
it, ``gpt.py`` defines an ``nn.Module`` whose ``forward_timed`` reads a clock around ``self.mlp(x)``; the script that
imports it builds the model and puts it on the GPU. The question the rules ask (is this GPU work?) is answered for
such a module by its users: a module of the same project that imports one of its definitions (or the module itself)
and uses it, in a file that uses the GPU (:meth:`._infer.NameModel._detect_gpu`), or hands it on to one that does
(a package ``__init__.py`` re-exporting it, a factory function returning the class, a class of another module built
from it), followed up to ``MAX_HOPS`` modules.

The project's files are found once per run and per project root (the boundary :mod:`._project` reads modules in:
the nearest parent with a project marker): their import statements are read as text (a regular expression over the
first ``MAX_BYTES`` of each file, no parse), and only the files whose imports name the module are parsed and
analysed, through :meth:`._project.Project.context` (bounded there by ``MAX_MODULES``).
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from typing import Any

MAX_FILES = 5000  # Python files indexed per project root: beyond that, the rest of the tree is not read
MAX_HOPS = 4  # modules a definition is followed through (re-exports, factories) to a user on the GPU
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]*(?:\(([^)]*)\)|([\w, \t]*))|import[ \t]+([\w., \t]+))",
                     re.M)
# in a notebook's JSON: a source line starts a string (`"from utils import bench\n",`) or follows an escaped newline
_NB_IMPORT = re.compile(r'(?:"|\\n)[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]*(?:\(([^)]*)\)|([\w, \t]*))|'
                        r'import[ \t]+([\w., \t]+))', re.M)
MAX_NOTEBOOKS = 64  # notebooks analysed as users in one run
_NOTEBOOK_BYTES = 4_000_000  # a larger notebook (outputs, images) is not read as a user
_WORD = re.compile(r"\w+")


def used_on_gpu_by_project(ctx: Any) -> bool:
    """A linted file that reads a host clock and shows no GPU of its own is used on the GPU by its project: a module
    of the project imports one of its definitions (or the module) and uses it in a file that uses the GPU, directly
    or through modules that hand it on."""
    view = getattr(ctx, "import_view", None)
    if view is not None and view.used_on_gpu:
        return True
    if view is None or not view.project.enabled or view.depth or not _times(ctx):
        return False
    path = Path(ctx.path)
    if path.suffix != ".py":
        return False  # (a notebook is nobody's module)
    names = frozenset(_top_defs(ctx.tree))
    return bool(names) and _used(view.project, path, names, 0, {view.project.real(path)})


def _times(ctx: Any) -> bool:
    return any(ctx.is_clock(c) for c in ctx.calls)


def _top_defs(tree: ast.Module) -> dict[str, ast.AST]:
    """The module's top-level functions and classes (under a top-level ``if``/``try`` too)."""
    out: dict[str, ast.AST] = {}
    todo = list(tree.body)
    while todo:
        st = todo.pop()
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[st.name] = st
        elif isinstance(st, (ast.If, ast.Try)):
            todo.extend([*st.body, *st.orelse, *getattr(st, "finalbody", []),
                         *(s for h in getattr(st, "handlers", []) for s in h.body)])
    return out


def _user_context(project: Any, path: Path) -> Any:
    """The analysis of a user module (``project.context``), or of a notebook's program (a notebook is nobody's
    module, but its cells import the project's helpers): cached per run."""
    if path.suffix != ".ipynb":
        return project.context(path, 0)
    cache = project.__dict__.setdefault("_wp_notebook_users", {})
    key = str(path)
    if key not in cache:
        cache[key] = None
        if len(cache) > MAX_NOTEBOOKS:
            return None
        try:
            from . import _notebook
            from ._context import Context
            from ._project import ImportView

            if path.stat().st_size > _NOTEBOOK_BYTES:
                return None
            nb = _notebook.load(path.read_text(encoding="utf-8-sig"))
            tree = compile(nb.source, str(path), "exec", _notebook.PARSE_FLAGS, dont_inherit=True)
            cache[key] = Context(tree, nb.source, str(path), magics=nb.magics,  # type: ignore[arg-type]
                                 import_view=ImportView(project, path, 1))
        except (OSError, ValueError, SyntaxError, UnicodeDecodeError, RecursionError, MemoryError):
            return None
    return cache[key]


def _used(project: Any, target: Path, names: frozenset[str], hops: int, seen: set[str]) -> bool:
    """Some project module imports ``target`` or one of its ``names`` and uses it in a file that uses the GPU, or
    hands it on (a name it re-exports, a function or class of its own that uses it) to a module that does."""
    for user in importers(project, target):
        real = project.real(user)
        if real in seen:
            continue
        seen.add(real)
        uctx = _user_context(project, user)
        if uctx is None:
            continue
        bound = _bound_names(uctx, target, names)
        if not bound:
            continue
        used = {b for b in bound if uctx.loads(b)}
        if used and uctx.uses_gpu:
            return True
        if hops + 1 >= MAX_HOPS or user.suffix == ".ipynb":
            continue
        carried = set(bound)  # (imported at its top level: re-exported as such, `from .gpt import SmallGPT`)
        defs = {name: {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
                for name, node in _top_defs(uctx.tree).items()}
        reach = set(used)
        while True:  # `def get_cls(name): return MHA`, `class Block: ... self.attn = get_cls(v)(...)`, and the
            more = {name for name, refs in defs.items() if name not in reach and refs & reach}  # classes built
            if not more:  # from those (`class Model: ... Block(cfg)`)
                break
            reach |= more
        carried |= reach & set(defs)
        if _used(project, user, frozenset(carried), hops + 1, seen):
            return True
    return False


def _bound_names(uctx: Any, target: Path, names: frozenset[str]) -> set[str]:
    """The local names of module ``uctx`` bound to module ``target`` (``import pkg.gpt as g``, ``from pkg import
    gpt``) or to one of its ``names`` (``from pkg.gpt import SmallGPT as M``; a star import binds them all)."""
    view = uctx.import_view
    if view is None:
        return set()
    project = view.project
    want = project.real(target)

    def is_target(parts: tuple[str, ...], level: int) -> bool:
        if not parts and not level:
            return False
        f = view.find(parts, level)
        return f is not None and project.real(f) == want

    out: set[str] = set()
    for local, (level, parts) in uctx._import_table().items():
        if is_target(parts, level):
            out.add(local)
        elif parts and parts[-1] in names and is_target(parts[:-1], level):
            out.add(local)
    for level, mod in uctx.__dict__.get("_wp_star_imports", ()):
        if is_target(mod, level):
            out |= {n for n in names if not n.startswith("_")}
    return out


def importers(project: Any, target: Path) -> list[Path]:
    """The project's Python files whose import statements name ``target``'s module (its file name, or its package's
    directory for an ``__init__.py``); read as text, once per run and project root."""
    stem = target.parent.name if target.name == "__init__.py" else target.stem
    _, boundary = project._roots(target.parent)
    index = _index(project, Path(boundary))
    return [p for p in index.get(stem, ()) if p != target]


def _index(project: Any, root: Path) -> dict[str, list[Path]]:
    """word -> the files under ``root`` whose import statements contain it (module path parts and imported names)."""
    cache = project.__dict__.setdefault("_wp_import_index", {})
    key = str(root)
    if key in cache:
        return cache[key]
    from ._project import _EXCLUDED, MAX_BYTES

    index: dict[str, list[Path]] = {}
    count = 0
    for here, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _EXCLUDED and not d.startswith("."))
        for f in sorted(files):
            notebook = f.endswith(".ipynb")
            if not (f.endswith(".py") or notebook):
                continue
            count += 1
            if count > MAX_FILES:
                break
            p = Path(here) / f
            try:
                with open(p, "rb") as fh:
                    text = fh.read(_NOTEBOOK_BYTES if notebook else MAX_BYTES).decode("utf-8", "replace")
            except OSError:
                continue
            if "import" not in text:
                continue
            words: set[str] = set()
            for m in (_NB_IMPORT if notebook else _IMPORT).finditer(text):
                for g in m.groups():
                    if g:
                        words.update(_WORD.findall(g))
            for w in words:
                index.setdefault(w, []).append(p)
        if count > MAX_FILES:
            break
    cache[key] = index
    return index


def project_param_shown(ctx: Any, fn: ast.AST, param: str) -> bool | None:
    """What the project's users' calls of a top-level function ``fn`` (or of the class whose ``__init__`` it is)
    hand the parameter ``param`` (a callable parameter a timing helper runs, a model a class keeps). True when one
    hands a callable or data shown on the GPU (in the user's own analysis: ``bench(net_on_cuda, x)``,
    ``time_it(lambda: model(x_cuda))``), False when calls are seen and none does (``time_it(json.loads, text)``:
    host work), None when no call is seen. Asked when no call in ``fn``'s own file shows what it is handed, whether
    or not that file is GPU code by itself."""
    from .rules._evidence import _on_gpu_value, shows_gpu_work

    seen = False
    for uctx, call, v in _user_values(ctx, fn, param, any_file=True):
        seen = True
        if shows_gpu_work(uctx, v) or _on_gpu_value(uctx, v) or any(
                _on_gpu_value(uctx, a) for a in [*call.args, *(k.value for k in call.keywords)] if a is not v):
            return True
    return False if seen else None


def project_param_placement(ctx: Any, fn: ast.AST, param: str) -> str | None:
    """Where the data the project's users hand a parameter of ``fn`` lives (``time_steps(grid_on_cuda)`` in a
    notebook): ``"cuda"`` when one call hands data placed there and none hands data of unknown placement, ``"cpu"``
    when all hand host data, else None."""
    places = [uctx.placement(v) for uctx, _, v in _user_values(ctx, fn, param)]
    if not places or None in places:
        return None
    return "cuda" if "cuda" in places else "cpu"


def _user_values(ctx: Any, fn: ast.AST, param: str, any_file: bool = False):
    """(user context, call, value) for each call of ``fn`` (a top-level function, or ``__init__`` of a top-level
    class: its constructor) in the project's modules and notebooks that import it, with the value it hands
    ``param``; nothing unless the file is GPU code only through its users (or, with ``any_file``, for any file:
    a timing helper no call of its own file shows what it runs)."""
    view = getattr(ctx, "import_view", None)
    name = getattr(fn, "name", None)
    args = getattr(fn, "args", None)
    if view is None or not (any_file or getattr(ctx, "_wp_gpu_from_project", False)) or name is None or args is None:
        return
    shift = 0
    owner = getattr(fn, "_wp_parent", None)
    if name == "__init__" and isinstance(owner, ast.ClassDef):  # `Runner(net, x)` hands `__init__(self, model, x)`
        name, fn, shift = owner.name, owner, 1
    if _top_defs(ctx.tree).get(name) is not fn:
        return
    pos = [a.arg for a in (*args.posonlyargs, *args.args)][shift:]
    index = pos.index(param) if param in pos else None
    project, path = view.project, Path(ctx.path)
    for user in importers(project, path):
        uctx = _user_context(project, user)
        if uctx is None:
            continue
        for local in _bound_names(uctx, path, frozenset({name})):
            for key in (local, f"{local}.{name}"):
                for ld in uctx.loads(key):
                    call = getattr(ld, "_wp_parent", None)
                    if not (isinstance(call, ast.Call) and call.func is ld):
                        continue
                    kw = [k.value for k in call.keywords if k.arg == param]
                    if kw:
                        yield uctx, call, kw[0]
                    elif index is not None and index < len(call.args) and \
                            not any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
                        yield uctx, call, call.args[index]
