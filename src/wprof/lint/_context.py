"""The shared analysis of one file that every rule reads: :class:`Context`, the composition of its concerns.

- :mod:`._walk`: the one pass over the AST (scopes, statements in order, calls, words), the import model
  (``ctx.qualname``) and the indexes over the annotated tree (``loads``, ``scope_assigns``, ``stmt_calls``...);
- :mod:`._infer`: which names hold tensors, GPU callables or compiled functions, and whether the file uses the GPU;
- :mod:`._gpu_work`: host vs GPU work (``is_gpu_work``, ``gpu_work_in``) and the call kinds (clocks, events, NVTX);
- :mod:`._placement`, :mod:`._syncs`, :mod:`._imported`: where tensors live, which calls wait for the device, and
  what the project's imported functions do.
This module adds the rule-facing rest: regions and reporting. Nothing is executed and nothing outside the standard
library is imported.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Any

from ._diagnostic import Diagnostic, Fix
from ._names import (  # noqa: F401 -- re-exported: rules import these names from here
    HOST_CLOCKS, SYNC_FUNCS, HIDDEN_SYNC_FUNCS, SYNC_ATTRS, HIDDEN_SYNC_METHODS, EVENT_CTORS, TORCH_FACTORIES,
    NVTX_PUSH, NVTX_POP, NVTX_MODULES, HOST_BUILTINS, HOST_METHODS, SYNCING_CALLS, SYNCING_METHODS,
    SYNCING_LAST_NAMES, TRANSFER_METHODS, GPU_MODULE_PREFIXES, NOT_WORK_PREFIXES, COMPILERS, dotted,
)
from ._gpu_work import WorkModel
from ._infer import NameModel
from ._placement import PlacementModel
from ._imported import ImportedDefs
from ._project import ImportView
from ._syncs import SyncModel
from ._walk import FileWalk, Scope


class Context(FileWalk, NameModel, WorkModel, PlacementModel, SyncModel, ImportedDefs):
    """Shared analysis of one file; rules read it and call :meth:`report`. ``import_view``: the project modules the
    file imports (:mod:`._project`), None to read this file alone."""

    def __init__(self, tree: ast.Module, source: str, path: str, *, magics: Sequence[Any] = (),
                 import_view: ImportView | None = None) -> None:
        self.import_view = import_view
        self.tree = tree
        self.source = source
        self.path = path
        self.magics = list(magics)  # IPython magics blanked out of a notebook's program (``_notebook.Magic``)
        self.lines = source.splitlines()
        self.imports: dict[str, str] = {}
        self.relative_imports: dict[str, str] = {}
        self.scopes: list[Scope] = []
        self.calls: list[ast.Call] = []
        self.attributes: list[ast.Attribute] = []
        self.subtractions: list[ast.BinOp] = []
        self.assigns: dict[str, list[ast.AST]] = {}  # name -> value expressions assigned to it
        self.assign_stmts: dict[str, list[ast.stmt]] = {}
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        self.words: set[str] = set()  # identifiers and attribute names, lower-cased
        self.diagnostics: list[Diagnostic] = []
        self._rule: tuple[str, str] = ("", "")
        self._weak_ok = False  # the running rule also reports weak-evidence findings (group `extra` selected)
        self._opt_in_ok = False  # the running rule was selected by name: its opt-in findings are reported too
        # (empty until _infer_names fills them; made first: _detect_gpu may already ask them)
        self._tensorish: set[str] = set()
        self._gpu_callables: set[str] = set()
        self._compiled: set[str] = set()
        self._device_objects: set[str] = set()  # names bound to an object a library built with a GPU `device=`
        self._kernels: set[str] = set()  # names bound to a kernel of a GPU library (PyCUDA, CuPy): launches
        self._cuda_ufuncs: set[str] = set()  # functions of the file made Numba GPU ufuncs (`@vectorize(target="cuda")`)
        self._lazy_jits: set[str] = set()  # functions of the file under Numba's `@jit`/`@njit` with no signature and no
        # `cache=True`: compiled on their first call (on the host, whatever the target), whatever their arguments
        self._inferred = False
        self._walk_scope(tree, frozenset())
        self.uses_gpu = self._detect_gpu() and not self.hides_gpus()  # CUDA_VISIBLE_DEVICES="-1": no GPU at all
        self.imports_torch = any(q == "torch" or q.startswith("torch.") for q in self.imports.values())
        self._infer_names()
        self._inferred = True
        self._regions = None

    def imports_any(self, *roots: str) -> bool:
        """The file imports a module of one of these top-level packages (``imports_any("cupy", "cupyx")``)."""
        cache = self.__dict__.setdefault("_wp_import_roots", {})
        if roots not in cache:
            cache[roots] = any(str(q).split(".", 1)[0] in roots for q in self.imports.values())
        return cache[roots]

    # ---------------------------------------------------------------- regions
    @property
    def regions(self):  # list[Region]
        if self._regions is None:
            from ._regions import find_regions

            self._regions = find_regions(self)
        return self._regions

    # ---------------------------------------------------------------- reporting
    def position(self, node: ast.AST) -> tuple[int, int, int, int]:
        """(line, col, end_line, end_col): 1-based lines, 0-based character columns."""
        line = node.lineno  # type: ignore[attr-defined]
        end_line = getattr(node, "end_lineno", None) or line
        return (line, self.char_col(line, node.col_offset),  # type: ignore[attr-defined]
                end_line, self.char_col(end_line, getattr(node, "end_col_offset", None) or 0))

    def char_col(self, line: int, byte_col: int) -> int:
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        if text.isascii():
            return byte_col
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def text(self, node: ast.AST) -> str:
        """The source text of ``node`` (like ``ast.get_source_segment``, without re-splitting the file)."""
        try:
            line, end_line = node.lineno, node.end_lineno  # type: ignore[attr-defined]
            col, end_col = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
        except AttributeError:
            return ""
        if end_line is None or end_col is None:
            return ""
        chunk = [ln.encode("utf-8") for ln in self.lines[line - 1:end_line]]
        if not chunk:
            return ""
        if len(chunk) == 1:
            return chunk[0][col:end_col].decode("utf-8", "replace")
        chunk[0], chunk[-1] = chunk[0][col:], chunk[-1][:end_col]
        return b"\n".join(chunk).decode("utf-8", "replace")

    def report(self, node: ast.AST, message: str, fix_title: str, fix: Fix | None = None, *,
               weak: bool = False, why_extra: str = "weak evidence", opt_in: bool = False) -> None:
        """A finding; ``weak=True``: the evidence is weak (the mistake is possible, not shown), so it is reported
        only when the group ``extra`` is selected, with the message saying so (``why_extra`` names another reason
        a finding is not decision-relevant enough for the default rules). ``opt_in=True``: the part of a default
        rule that stays opt-in (shown when the rule is selected by its code or name, or with ``extra``)."""
        if opt_in and not self._opt_in_ok:
            return
        if weak:
            if not self._weak_ok:
                return
            message += f" ({why_extra}, shown with `extra`)"
        line, col, end_line, end_col = self.position(node)
        self.report_at(line, col + 1, end_line, end_col + 1, message, fix_title, fix)

    def report_at(self, line: int, column: int, end_line: int, end_column: int, message: str, fix_title: str,
                  fix: Fix | None = None) -> None:
        """Report a span given directly (1-based lines and columns), e.g. a notebook magic that has no AST node."""
        code, name = self._rule
        self.diagnostics.append(Diagnostic(code, name, message, fix_title, self.path, line, column, end_line,
                                           end_column, fix))
