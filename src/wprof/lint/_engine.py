"""The linter's engine: find files, parse them, run the selected rules, honour ``# noqa``, apply fixes.

Nothing here imports or runs the code it reads: files are parsed with :mod:`ast` and nothing else. A notebook
(``.ipynb``) is read with :mod:`json`; its code cells become one program (:mod:`._notebook`) whose positions are
mapped back to (cell, line in cell) before they are reported.
"""

from __future__ import annotations

import ast
import dataclasses
import fnmatch
import gc
import importlib
import io
import os
import pkgutil
import re
import tokenize
import warnings
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from ..errors import UsageError
from . import _notebook, _recover
from ._context import Context
from ._imported import helper_findings
from ._project import ImportView, Project
from ._diagnostic import SAFE, Diagnostic, Edit, FileError, Fix
from ._newer_syntax import older_fstrings
from ._write import write_atomic  # noqa: F401 -- commands.lint imports it from here

EXCLUDED_DIRS = frozenset({
    ".git", ".hg", ".svn", ".venv", "venv", "__pycache__", "node_modules", "build", "dist", ".tox", ".nox",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages", ".eggs", ".ipynb_checkpoints",
})
_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Za-z]+[0-9]+(?:\s*,?\s*[A-Za-z]+[0-9]+)*))?", re.IGNORECASE)
_CODE = re.compile(r"[A-Za-z]+[0-9]+")
_MAY_MATCH = re.compile(r"tim|Tim|record|elapsed|cuda_|stopwatch|Stop[wW]atch|\btoc\(|measure|Event|TIM|Benchmark|do_bench|"
                        r"profiler\.benchmark")


@dataclass(frozen=True)
class Rule:
    """A rule module seen through its constants: code, kebab-case name, docstring, fix availability, check."""

    code: str
    name: str
    summary: str
    doc: str
    fix: str  # "safe" | "unsafe" | "none"
    module: ModuleType
    group: str = "default"  # "default": on unless ignored; "extra": opt-in (select or extend-select it)
    weak: bool = False  # also report its weak-evidence findings (on when the group `extra` or ALL is selected)
    explicit: bool = False  # selected by its code, name or group `extra`/ALL, not only as part of `default`: its
    # opt-in findings (a default rule's part that stays opt-in, `report(..., opt_in=True)`) are reported too

    def check(self, ctx: Context) -> str | None:
        """Run the rule on ``ctx``; a bug of the rule (an exception on code it did not expect) drops that rule's
        findings on this file and comes back as one line, so the other rules' findings and the other files stay."""
        ctx._rule = (self.code, self.name)
        ctx._weak_ok = self.weak
        ctx._opt_in_ok = self.explicit
        before = len(ctx.diagnostics)
        try:
            self.module.check(ctx)
        except (RecursionError, MemoryError):
            raise
        except Exception as exc:  # noqa: BLE001 - a linter bug must not cost the user the whole run
            del ctx.diagnostics[before:]
            return f"{self.code} ({type(exc).__name__}: {exc})"
        return None


def all_rules() -> list[Rule]:
    """Every rule, sorted by code (one module each under ``wprof.lint.rules``)."""
    global _RULES
    if _RULES is None:
        from . import rules

        found = []
        for info in pkgutil.iter_modules(rules.__path__):
            if info.name.startswith("_"):
                continue
            mod = importlib.import_module(f"{rules.__name__}.{info.name}")
            doc = (mod.__doc__ or "").strip()
            summary, _, body = doc.partition("\n")
            found.append(Rule(mod.CODE, mod.NAME, summary.strip(), body.strip(), getattr(mod, "FIX", "none"), mod,
                              getattr(mod, "GROUP", "default")))
        _RULES = sorted(found, key=lambda r: r.code)
    return _RULES


_RULES: list[Rule] | None = None


def rule_by_key(key: str) -> Rule | None:
    """A rule by code (``WP101``) or name (``sync-every-iteration``)."""
    k = key.strip()
    for r in all_rules():
        if r.code.lower() == k.lower() or r.name == k.lower():
            return r
    return None


GROUPS = ("default", "extra")
DEFAULT_SELECT = ("default",)


def select_rules(select: Sequence[str], ignore: Sequence[str] = (), extend_select: Sequence[str] = ()) -> list[Rule]:
    """Rules picked ruff-style: ``select`` (codes, code prefixes such as ``WP1``, rule names, the groups ``default``
    and ``extra``, or ``ALL``) plus ``extend_select``, minus ``ignore``."""

    def matches(rule: Rule, keys: Sequence[str]) -> bool:
        for k in keys:
            k = k.strip()
            if k.upper() == "ALL" or rule.code.startswith(k.upper()) or rule.name == k.lower() or \
                    rule.group == k.lower():
                return True
        return False

    for k in (*select, *extend_select, *ignore):
        if not any(matches(r, [k]) for r in all_rules()):
            codes = ", ".join(r.code for r in all_rules())
            raise UsageError(f"unknown rule selector {k!r}: use a code or prefix ({codes}), a rule name, a group "
                             f"({', '.join(GROUPS)}), or ALL")
    weak = any(k.strip().lower() in ("extra", "all") for k in (*select, *extend_select))
    named = [k for k in (*select, *extend_select) if k.strip().lower() != "default"]
    return [dataclasses.replace(r, weak=weak, explicit=weak or matches(r, named)) if weak or matches(r, named) else r
            for r in all_rules() if matches(r, [*select, *extend_select]) and not matches(r, ignore)]


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: FileError | None = None  # the file could not be linted (or only without the lines it names)
    fixed: int = 0
    source: str | None = None  # for a notebook, its JSON text
    fixed_source: str | None = None
    lines: int = 0
    cell_errors: list[FileError] = field(default_factory=list)  # notebook cells that could not be parsed

    @property
    def errors(self) -> list[FileError]:
        return ([self.error] if self.error else []) + self.cell_errors


def _noqa_lines(source: str) -> dict[int, frozenset[str] | None]:
    """line -> codes suppressed there (None: every code, a bare ``# noqa``)."""
    out: dict[int, frozenset[str] | None] = {}
    if "noqa" not in source and "NOQA" not in source:
        return out
    for i, line in enumerate(source.splitlines(), 1):
        if "#" not in line:
            continue
        m = _NOQA.search(line)
        if m:
            codes = m.group("codes")
            out[i] = frozenset(c.upper() for c in _CODE.findall(codes)) if codes else None
    return out


def check_source(source: str, path: str, rules: Sequence[Rule], *,
                 magics: Sequence[_notebook.Magic] = (), notebook: bool = False,
                 imports: ImportView | None = None) -> tuple[list[Diagnostic], FileError | None]:
    """Lint one file's text; a syntax error (or an expression too deep for Python's compiler) comes back as a
    :class:`FileError`, never raised. ``imports``: the project modules the file can import (:mod:`._project`);
    None reads the text alone.

    The cyclic garbage collector is paused meanwhile: a file's AST is hundreds of thousands of objects that all
    live until the end, and every full collection would walk all of them again (linting time grew with the
    square of the file's size; 50,000 lines took 22 s)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _check_source(source, path, rules, magics=magics, notebook=notebook, imports=imports)
    except (RecursionError, MemoryError) as exc:
        what = "an expression is nested too deeply" if isinstance(exc, RecursionError) else "the file is too large"
        return [], FileError(path, 1, 1, f"cannot lint: {what} ({type(exc).__name__}); split it")
    finally:
        if enabled:
            gc.enable()


def _check_source(source: str, path: str, rules: Sequence[Rule], *,
                  magics: Sequence[_notebook.Magic] = (), notebook: bool = False,
                  imports: ImportView | None = None) -> tuple[list[Diagnostic], FileError | None]:
    """For a notebook's program (``notebook=True``) top-level ``await`` is allowed and ``magics`` are the IPython
    magics that were blanked out of it (rules such as WP115 read them)."""
    mended = False
    try:
        tree = _parse(source, path, notebook)
    except SyntaxError as exc:
        newer = older_fstrings(source)  # f-strings of Python 3.12 read on an older Python
        if newer is None and isinstance(exc, TabError):
            source, exc, newer = _python2_source(source, path, notebook, exc)
        try:
            tree, source, mended = _parse(newer, path, notebook), newer, True  # type: ignore[arg-type]
        except (SyntaxError, ValueError, TypeError):
            exported = None if notebook else _ipython_export(source, path)
            if exported is None:
                return _recovered(source, path, rules, magics, notebook, imports, exc)
            tree, source, magics = exported  # a notebook saved as .py (`!pip ...` lines): read as its cells are
    except ValueError as exc:  # null bytes
        return [], FileError(path, 1, 1, f"SyntaxError: {exc}")
    found, failed = _findings(tree, source, path, rules, magics, imports)
    if mended:  # a fix would copy the rewritten f-strings' text into the file: report without one
        found = [dataclasses.replace(d, fix=None) for d in found]
    return found, _internal_error(path, failed)


def _python2_source(source: str, path: str, notebook: bool, exc: SyntaxError) -> tuple[str, SyntaxError, str | None]:
    """A Python 2 file mixing tabs and spaces (a ``TabError`` here): its text with leading tabs read as Python 2 read
    them (``_project._python2_tabs``). (source, error, parsed text or None): when the expanded text parses it is the
    text to lint; when it fails on something else (a ``print`` statement) it is the text the recovery reads."""
    from ._project import _python2_tabs

    expanded = _python2_tabs(source)
    if expanded is None:
        return source, exc, None
    try:
        _parse(expanded, path, notebook)
    except SyntaxError as later:
        return expanded, later, None
    except (ValueError, TypeError):
        return source, exc, None
    return source, exc, expanded


def _internal_error(path: str, failed: list[str]) -> FileError | None:
    """One error line naming the rules that failed on this file (their findings here are missing)."""
    if not failed:
        return None
    return FileError(path, 1, 1, f"internal error in {'; '.join(failed)}: that rule's findings on this file are "
                                 "missing; please report it with the file")


def _recovered(source: str, path: str, rules: Sequence[Rule], magics: Sequence[_notebook.Magic], notebook: bool,
               imports: ImportView | None, exc: SyntaxError) -> tuple[list[Diagnostic], FileError]:
    """A file that does not parse: the findings of the rest, its failing statements skipped (:mod:`._recover`;
    never a fix), and one error line that says which lines were skipped; or only the error when that fails."""
    rec = _recover.recover(source, lambda text: _parse(text, path, notebook), exc)
    if rec is None:
        return [], FileError(path, exc.lineno or 1, (exc.offset or 1), f"SyntaxError: {exc.msg}")
    drop = _recover.unsure(rec.tree, rec)
    found, _failed = _findings(rec.tree, rec.source, path, rules, magics, imports)
    found = [dataclasses.replace(d, fix=None) for d in found if not drop(d.line, d.code)]
    return found, FileError(path, exc.lineno or 1, (exc.offset or 1), _recover.describe(rec))


def _parse(source: str | None, path: str, notebook: bool) -> ast.AST:
    if source is None:
        raise TypeError("nothing to parse")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escape sequences in user code are not our business
        if notebook:
            return compile(source, path, "exec", _notebook.PARSE_FLAGS, dont_inherit=True)
        return ast.parse(source, filename=path)


def _findings(tree: ast.AST, source: str, path: str, rules: Sequence[Rule], magics: Sequence[_notebook.Magic],
              imports: ImportView | None) -> tuple[list[Diagnostic], list[str]]:
    """The findings, and the rules that failed (:meth:`Rule.check`)."""
    own = _MAY_MATCH.search(source) is not None or \
        (imports is not None and imports.with_timing_modules(tree, _MAY_MATCH))  # `with benchmark("GPU"):` of utils
    if not own and not (imports is not None and imports.calls_timing_modules(tree, _MAY_MATCH)):
        return [], []  # no clock, event, timer or profiler attribute, here or in a helper it imports
    from ._import_typos import cannot_run

    if cannot_run(tree):
        return [], []  # `from dataclasses import dataclassЬщ`: ImportError before any timing runs
    try:
        ctx = Context(tree, source, path, magics=magics, import_view=imports)  # type: ignore[arg-type]
    except (RecursionError, MemoryError):
        raise
    except Exception as exc:  # noqa: BLE001 - the shared analysis failed on this file: one error line, the run goes on
        return [], [f"the file's analysis ({type(exc).__name__}: {exc})"]
    failed = [f for rule in rules if (f := rule.check(ctx))] if own else []
    try:
        # mistakes inside the project's helpers this file calls, when the helper's file is not linted in this run
        ctx.diagnostics.extend(helper_findings(ctx, lambda module: _module_findings(module, rules),
                                               tuple((r.code, r.weak, r.explicit) for r in rules)))
        if ctx.diagnostics:
            from ._never_runs import running

            ctx.diagnostics = running(ctx, ctx.diagnostics)  # not in an unreachable elif, an uncalled def, after a crash
    except (RecursionError, MemoryError):
        raise
    except Exception as exc:  # noqa: BLE001
        failed.append(f"the project's helpers ({type(exc).__name__}: {exc})")
    return _kept(ctx.diagnostics, source), failed


def _module_findings(ctx: Context, rules: Sequence[Rule]) -> list[Diagnostic]:
    """What the rules report in an imported module of the project (its own ``# noqa`` comments honoured)."""
    saved, ctx.diagnostics = ctx.diagnostics, []
    try:
        if _MAY_MATCH.search(ctx.source):
            for rule in rules:
                rule.check(ctx)  # (a rule that fails on a helper module: only its findings there are missing)
        ctx.diagnostics.extend(helper_findings(ctx, lambda module: _module_findings(module, rules),
                                               tuple((r.code, r.weak, r.explicit) for r in rules)))
        return _kept(ctx.diagnostics, ctx.source)
    finally:
        ctx.diagnostics = saved


def _kept(diagnostics: Sequence[Diagnostic], source: str) -> list[Diagnostic]:
    """The findings not silenced by ``# noqa``, each once, in position order."""
    noqa = _noqa_lines(source)
    out = []
    seen = set()
    for d in diagnostics:
        codes = noqa.get(d.line, frozenset())
        if codes is None or d.code in codes:
            continue
        key = (d.code, d.line, d.column, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    out.sort(key=Diagnostic.sort_key)
    return out


_CELL_MAGIC_LINE = re.compile(r"^[ \t]*%%([A-Za-z_]\w*)")
_IPYTHON_LINE = re.compile(r"^[ \t]*(?:[A-Za-z_][\w.]*\s*=\s*)?[!%]", re.MULTILINE)


def _ipython_export(source: str, path: str) -> tuple[ast.Module, str, list[_notebook.Magic]] | None:
    """A ``.py`` file that does not parse because it holds IPython lines (a Colab or Jupyter export: ``!pip install
    triton``, ``%timeit f(x)``, a ``%%time`` cell): the program with those lines made neutral as in a notebook's
    cells (same line numbers), and its magics; None when it has no such line or still does not parse."""
    if not _IPYTHON_LINE.search(source):
        return None
    lines = source.split("\n")
    for i, ln in enumerate(lines):  # `%%time` opening a cell in the middle of the export: its body is Python
        m = _CELL_MAGIC_LINE.match(ln)
        if m:
            if m.group(1) not in _notebook.PYTHON_CELL_MAGICS:
                return None  # `%%bash`, `%%writefile`: where its body ends is not known in a flat file
            lines[i] = "# " + ln
    cell = _notebook.transform_cell(1, "\n".join(lines))
    if not cell.python:
        return None
    program = "\n".join(cell.program) + ("\n" if source.endswith("\n") else "")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(program, filename=path)
    except (SyntaxError, ValueError):
        return None
    return tree, program, [dataclasses.replace(m, cell=None) for m in cell.magics]  # type: ignore[arg-type]


def apply_edits(source: str, edits: Iterable[Edit]) -> tuple[str, int]:
    """Apply non-overlapping edits (later ones that overlap an earlier one are skipped); return (text, applied)."""
    lines = source.splitlines(keepends=True)
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln))

    def offset(line: int, col: int) -> int:
        return starts[line - 1] + col if line - 1 < len(starts) else len(source)

    spans = sorted((offset(e.line, e.col), offset(e.end_line, e.end_col), e.content) for e in edits)
    out, pos, applied = [], 0, 0
    for a, b, content in spans:
        if a < pos:
            continue
        out.append(source[pos:a])
        out.append(content)
        pos = b
        applied += 1
    out.append(source[pos:])
    return "".join(out), applied


def fix_source(source: str, path: str, rules: Sequence[Rule], *, unsafe: bool = False, max_passes: int = 10,
               magics: Sequence[_notebook.Magic] = (), notebook: bool = False, imports: ImportView | None = None,
               ) -> tuple[str, int, list[Diagnostic], FileError | None]:
    """Apply fixes until none is left (or ``max_passes``); return (text, fixes applied, remaining, error)."""
    fixed = 0
    kw = {"magics": magics, "notebook": notebook, "imports": imports}
    diags, err = check_source(source, path, rules, **kw)
    for _ in range(max_passes):
        if err:
            break
        chosen = [d for d in diags if d.fix and (unsafe or d.fix.applicability == SAFE)]
        if not chosen:
            break
        edits: list[Edit] = []
        taken: list[tuple[int, int, int, int]] = []
        used = 0
        seen_fixes: set[int] = set()
        for d in chosen:
            if id(d.fix) in seen_fixes:  # a fix shared by several findings (WP106 readings of one component)
                used += 1
                continue
            seen_fixes.add(id(d.fix))
            spans = [(e.line, e.col, e.end_line, e.end_col) for e in d.fix.edits]  # type: ignore[union-attr]
            if any(_overlaps(s, t) for s in spans for t in taken):
                continue
            taken.extend(spans)
            edits.extend(d.fix.edits)  # type: ignore[union-attr]
            used += 1
        new, _ = apply_edits(source, edits)
        if new == source:
            break
        source, fixed = new, fixed + used
        diags, err = check_source(source, path, rules, **kw)
    return source, fixed, diags, err


def _overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return (a[0], a[1]) < (b[2], b[3]) and (b[0], b[1]) < (a[2], a[3])


SUFFIXES = (".py", ".ipynb")


def iter_files(paths: Sequence[str], exclude: Sequence[str] = ()) -> Iterator[Path]:
    """Python files and notebooks under ``paths`` (a file named explicitly is always linted); raise for a missing
    path."""
    for p in paths:
        path = Path(p)
        if not path.exists():
            raise UsageError(f"path {p!r} does not exist: pass Python files or directories to lint")
        if path.is_file():
            yield path
            continue
        found = []
        for root, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d not in EXCLUDED_DIRS and not d.startswith(".")
                       and not _excluded(os.path.join(root, d), exclude)]
            found.extend(Path(root, f) for f in files if f.endswith(SUFFIXES) and not _excluded(os.path.join(root, f),
                                                                                             exclude))
        yield from sorted(found)


def _excluded(path: str, patterns: Sequence[str]) -> bool:
    if not patterns:
        return False
    norm = path.replace(os.sep, "/")
    if norm.startswith("./"):
        norm = norm[2:]
    name = os.path.basename(path)
    return any(fnmatch.fnmatch(norm, pat) or fnmatch.fnmatch(name, pat) or norm.startswith(pat.rstrip("/") + "/")
               for pat in patterns)


def display_path(path: Path) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


def decode_source(raw: bytes) -> str:
    """A Python file's text as Python reads it: a BOM or a PEP 263 ``# -*- coding: latin-1 -*-`` line decides the
    encoding (UTF-8 otherwise). Newlines are kept as they are, so fixes write them back unchanged."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    return raw.decode("utf-8-sig" if encoding == "utf-8-sig" else encoding)


def _encoding(raw: bytes) -> str:
    encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    return encoding


def lint_file(path: Path, rules: Sequence[Rule], *, fix: bool = False, unsafe: bool = False,
              write: bool = True, project: Project | None = None) -> FileResult:
    """Lint (and with ``fix`` rewrite, atomically) one file; ``project``: the run's cache of the modules files
    import (a fresh one when None; ``Project(enabled=False)`` reads each file alone)."""
    shown = display_path(path)
    imports = ImportView(project if project is not None else Project(selected=[path]), path)
    try:
        raw = path.read_bytes()
        source = decode_source(raw) if path.suffix != ".ipynb" else raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError) as exc:
        msg = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return FileResult(shown, error=FileError(shown, 1, 1, f"cannot read file: {msg}"))
    if path.suffix == ".ipynb":
        return lint_notebook_text(source, shown, rules, fix=fix, unsafe=unsafe,
                                  write_to=path if (fix and write) else None, imports=imports)
    res = FileResult(shown, source=source, lines=source.count("\n") + 1)
    if fix:
        new, n, diags, err = fix_source(source, shown, rules, unsafe=unsafe, imports=imports)
        res.diagnostics, res.error, res.fixed = diags, err, n
        if n and new != source:
            res.fixed_source = new
            if write:
                write_atomic(path, new, what="--fix", follow_link=True, encoding=_encoding(raw))
        return res
    res.diagnostics, res.error = check_source(source, shown, rules, imports=imports)
    return res


def lint_notebook_text(text: str, shown: str, rules: Sequence[Rule], *, fix: bool = False, unsafe: bool = False,
                       write_to: Path | None = None, imports: ImportView | None = None) -> FileResult:
    """Lint a notebook's JSON text: the code cells as one program, positions as (cell, line in cell); ``imports``:
    the project modules its cells import (the ``.py`` files beside the notebook, :mod:`._project`).

    With ``fix`` the fixes are applied to the program, put back into their cells and, with ``write_to``, the
    notebook is rewritten atomically (JSON as Jupyter writes it; every other field as read)."""
    try:
        nb = _notebook.load(text)
    except _notebook.NotebookError as exc:
        return FileResult(shown, error=FileError(shown, 1, 1, str(exc)), source=text)
    res = FileResult(shown, source=text, lines=len(nb.index))
    res.cell_errors = [FileError(shown, line, col, msg, cell) for cell, line, col, msg in nb.errors]
    kw = {"magics": nb.magics, "notebook": True, "imports": imports}
    if fix:
        new, n, diags, err = fix_source(nb.source, shown, rules, unsafe=unsafe, **kw)
        doc = _notebook.apply_program(nb, new) if n and new != nb.source else None
        if doc is not None:
            res.fixed = n
            res.fixed_source = _notebook.dumps(nb, doc)
            if write_to is not None:
                write_atomic(write_to, res.fixed_source, what="--fix", follow_link=True)
        else:  # nothing to fix, or a fix that would not map back into the cells: report unfixed findings
            diags, err = check_source(nb.source, shown, rules, **kw)
    else:
        diags, err = check_source(nb.source, shown, rules, **kw)
    if err is not None:  # each cell parsed alone, so this is rare (a cell ending in a backslash...)
        cell, line = nb.where(err.line)
        res.cell_errors.append(FileError(shown, line, err.column, err.message, cell))
    res.diagnostics = sorted((_to_cell(d, nb) for d in diags), key=Diagnostic.sort_key)
    return res


def _to_cell(d: Diagnostic, nb: _notebook.Notebook) -> Diagnostic:
    cell, line = nb.where(d.line)
    end_cell, end_line = nb.where(d.end_line)
    end_col = d.end_column
    if end_cell != cell:  # never for one statement; clamp to the end of the start line
        end_line, end_col = line, len(nb.source.split("\n")[d.line - 1]) + 1
    fix = None
    if d.fix is not None:
        edits = []
        for e in d.fix.edits:
            ec, el = nb.where(e.line)
            _, eel = nb.where(e.end_line)
            edits.append(Edit(el, e.col, eel, e.end_col, e.content, ec))
        fix = Fix(tuple(edits), d.fix.applicability)
    return Diagnostic(d.code, d.name, d.message, d.fix_title, d.path, line, d.column, end_line, end_col, fix, cell)


def lint_paths(paths: Sequence[str], *, select: Sequence[str] = DEFAULT_SELECT, ignore: Sequence[str] = (),
               exclude: Sequence[str] = (), fix: bool = False, unsafe: bool = False,
               write: bool = True, extend_select: Sequence[str] = (), follow_imports: bool = True,
               ) -> list[FileResult]:
    """Lint every Python file and notebook under ``paths``; one :class:`FileResult` per file, in path order.
    With ``follow_imports`` the project modules the files import are read (each once per run) for what their
    definitions do; findings are reported in the linted files only."""
    rules = select_rules(select, ignore, extend_select)
    files = list(iter_files(paths, exclude))
    project = Project(enabled=follow_imports, selected=files)
    return [lint_file(p, rules, fix=fix, unsafe=unsafe, write=write, project=project) for p in files]


def lint_source(source: str, path: str = "<string>", *, select: Sequence[str] = DEFAULT_SELECT,
                ignore: Sequence[str] = ()) -> list[Diagnostic]:
    """Diagnostics for one piece of source text (a syntax error raises :class:`SyntaxError`)."""
    diags, err = check_source(source, path, select_rules(select, ignore))
    if err:
        raise SyntaxError(err.message)
    return diags
