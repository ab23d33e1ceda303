"""Jupyter notebooks (nbformat 4) as one program: code cells in order, IPython syntax made neutral, positions mapped.

A notebook runs top to bottom, so its code cells are linted together as one module (a warmup call in an earlier
cell counts). Each cell's lines keep their text and number; IPython-only lines are replaced in place:

- a line magic ``%name ...``, a shell escape ``!cmd`` and a help line (``obj?``, ``??obj``) at the start of a
  statement become ``pass  # <original text>`` with the same indentation; ``x = %magic ...`` / ``x = !cmd``
  become ``x = None  # <original text>``; ``%timeit STMT`` and ``%time STMT`` become ``STMT  # <original text>``
  (the statement does run: it warms up what follows, and ``%time y = f()`` assigns ``y``);
- a cell magic ``%%name`` on the first line of a cell becomes a comment; when the magic's body is not Python in
  this process (``%%bash``, ``%%writefile``, ``%%html``...) the whole cell is left out;
- a cell that does not parse is read again with IPython's automagic: a statement line that starts with a line
  magic's name or a shell alias and is not Python by itself (``pip install triton``, ``matplotlib inline``,
  ``timeit f(x)``) is that magic (IPython runs it so while no variable shadows the name).

The magics found are kept (:class:`Magic`) so rules can read them (WP115 reads ``%timeit``). Cell numbers are
1-based positions in the notebook's ``cells`` list (markdown cells counted), as ruff prints them.
Only the standard library is used: the notebook is read with :mod:`json`.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from typing import Any

from . import _recover
from ._newer_syntax import older_fstrings

# cell magics whose body is Python run in the kernel's namespace: the body is linted with the rest
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "memit", "mprun"})
PARSE_FLAGS = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT  # IPython runs top-level `await`

_LINE_MAGIC = re.compile(r"^(?P<indent>[ \t]*)(?P<text>(?:%(?!%)|![ \t]*)\S.*)$")  # `! pip ...` too
_ASSIGN_MAGIC = re.compile(r"^(?P<indent>[ \t]*)(?P<target>[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*=\s*"
                           r"(?P<text>(?:%|![ \t]*)\S.*)$")
_HELP = re.compile(r"^(?P<indent>[ \t]*)(?P<text>\?{1,2}[A-Za-z_][\w.]*|[A-Za-z_][\w.]*\?{1,2})[ \t]*$")
_CELL_MAGIC = re.compile(r"^[ \t]*%%(?P<name>[A-Za-z_][\w]*)")
_MAGIC_NAME = re.compile(r"^%(?P<name>[A-Za-z_]\w*)")
# IPython's line magics and default shell aliases (`%lsmagic`, `%alias` on POSIX), which automagic (on by default)
# runs without the `%`; plus the common extensions' (`autoreload`)
AUTOMAGICS = frozenset("""
    alias alias_magic autoawait autocall automagic autoreload autosave bookmark cat cd clear colors conda config cp
    debug dhist dirs doctest_mode ed edit env gui hist history killbgscripts ldir less lf lk ll load load_ext loadpy
    logoff logon logstart logstate logstop ls lsmagic lx macro magic mamba man matplotlib micromamba mkdir more mv
    notebook page pastebin pdb pdef pdoc pfile pinfo pinfo2 pip popd pprint precision prun psearch psource pushd pwd
    pycat pylab qtconsole quickref recall rehashx reload_ext rep rerun reset reset_selective rm rmdir run save sc
    set_env store sx system tb time timeit unalias unload_ext who who_ls whos xdel xmode""".split())
_AUTOMAGIC = re.compile(r"^(?P<indent>[ \t]*)(?P<name>[A-Za-z_]\w*)(?:[ \t].*)?$")


class NotebookError(ValueError):
    """The file is not a readable nbformat 4 notebook (the message says why)."""


@dataclass(frozen=True)
class Magic:
    """An IPython line or cell magic: ``kind`` "line" (``%timeit x``) or "cell" (``%%timeit`` + its body).

    ``line`` and ``col`` (1-based) are the virtual program's, where the magic text starts; ``args`` is the text
    after the magic's name on its line; ``body`` is a cell magic's remaining cell text (else "")."""

    kind: str
    name: str
    args: str
    body: str
    line: int
    col: int
    end_col: int
    cell: int
    shown: tuple[int, float] | None = None  # a `%timeit`'s recorded output: (loops per run, mean seconds per loop)


@dataclass
class Cell:
    index: int  # 1-based position in the notebook's cells
    text: str  # the cell's source, joined
    lines: list[str]  # its lines, without line endings
    program: list[str]  # the same lines with IPython syntax made neutral
    magics: list[Magic] = field(default_factory=list)  # positions relative to the cell (line in cell)
    python: bool = True  # False for %%bash and other non-Python cell magics
    timeit_shown: list[tuple[int, float]] = field(default_factory=list)  # the `%timeit` lines of its saved output


@dataclass
class Notebook:
    """A parsed notebook and the program built from its code cells."""

    doc: dict[str, Any]
    cells: list[Cell]
    indent: int = 1
    source: str = ""  # the virtual program
    index: list[tuple[int, int]] = field(default_factory=list)  # virtual line - 1 -> (cell, line in cell)
    magics: list[Magic] = field(default_factory=list)  # virtual positions
    errors: list[tuple[int, int, int, str]] = field(default_factory=list)  # (cell, line, col, message)

    def where(self, line: int) -> tuple[int, int]:
        """(cell, line in cell) for a 1-based virtual line."""
        if 0 < line <= len(self.index):
            return self.index[line - 1]
        return self.index[-1] if self.index else (1, line)


def split_lines(text: str) -> list[str]:
    """Lines of a cell, without endings (a trailing newline does not start another line)."""
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def source_text(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    if isinstance(src, list):
        return "".join(s for s in src if isinstance(s, str))
    return src if isinstance(src, str) else ""


def load(text: str) -> Notebook:
    """Parse a notebook's JSON text and build its program; raise :class:`NotebookError` if it is not nbformat 4."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotebookError(f"not a notebook: invalid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("cells"), list):
        fmt = doc.get("nbformat") if isinstance(doc, dict) else None
        raise NotebookError(f"not an nbformat 4 notebook (nbformat {fmt!r}, no 'cells' list): open and save it "
                            "in Jupyter to upgrade it")
    m = re.match(r"\{\r?\n( +)\"", text)
    nb = Notebook(doc, [], indent=len(m.group(1)) if m else 1)
    for i, raw in enumerate(doc["cells"], 1):
        if not isinstance(raw, dict) or raw.get("cell_type") != "code":
            continue
        cell_text = source_text(raw)
        nb.cells.append(transform_cell(i, cell_text))
        nb.cells[-1].timeit_shown = timeit_outputs(raw)
    _build(nb)
    return nb


def transform_cell(index: int, text: str) -> Cell:
    lines = split_lines(text)
    cell = Cell(index, text, lines, list(lines))
    first = next((k for k, ln in enumerate(lines) if ln.strip()), None)
    if first is not None:
        m = _CELL_MAGIC.match(lines[first])
        if m:
            name = m.group("name")
            stripped = lines[first].strip()
            args = stripped[2 + len(name):].strip()
            body = "\n".join(lines[first + 1:])
            cell.magics.append(Magic("cell", name, args, body, first + 1, 1, len(lines[first]) + 1, index))
            if name not in PYTHON_CELL_MAGICS:
                cell.python = False
                return cell
            cell.program[first] = "# " + stripped
    starts = _statement_starts(cell.lines)
    continued = False  # the previous magic or shell line ended in `\`: this line is more of its text
    for k, ln in enumerate(cell.lines):
        if continued:
            cell.program[k] = "# " + ln.strip()  # `!curl -L url \` + `  -o file`: shell text, not Python
            continued = ln.rstrip().endswith("\\")
            continue
        if not starts[k] or (first is not None and k == first and cell.magics):
            continue
        continued = bool((_ASSIGN_MAGIC.match(ln) or _LINE_MAGIC.match(ln)) and ln.rstrip().endswith("\\"))
        m = _ASSIGN_MAGIC.match(ln)
        if m:
            cell.program[k] = f"{m.group('indent')}{m.group('target')} = None  # {m.group('text')}"
            _note_line_magic(cell, k, len(ln) - len(m.group("text")), m.group("text"))
            continue
        m = _LINE_MAGIC.match(ln) or _HELP.match(ln)
        if m:
            indent, magic_text = m.group("indent"), m.group("text")
            mg = _note_line_magic(cell, k, len(indent), magic_text)
            code = timed_code(mg.kind, mg.name, mg.args, "") if mg and mg.name in TIMING_MAGICS else ""
            if code and _parses(code):
                # `%timeit f(x)` runs f(x) (a warmup for what follows); `%time y = f(x)` also assigns y
                cell.program[k] = f"{indent}{code}  # {magic_text}"
            else:
                cell.program[k] = f"{indent}pass  # {magic_text}"
    return cell


def automagic_cell(cell: Cell) -> Cell | None:
    """The cell read with IPython's automagic (``pip install x`` is ``%pip install x``), or None when no line is
    one. Only lines that start a statement, name a line magic and do not parse as Python by themselves change:
    ``ls = 3`` or ``time.sleep(1)`` stay Python. Positions stay the cell's own."""
    starts = _statement_starts(cell.lines)
    lines = list(cell.lines)
    changed = False
    for k, ln in enumerate(lines):
        m = _AUTOMAGIC.match(ln)
        if starts[k] and m and m.group("name") in AUTOMAGICS and not _parses(ln.strip()):
            lines[k] = f"{m.group('indent')}%{ln[len(m.group('indent')):]}"
            changed = True
    if not changed:
        return None
    out = transform_cell(cell.index, "\n".join(lines))
    out.text, out.lines = cell.text, cell.lines  # the magic lines keep their own text for messages and fixes
    return out


def _note_line_magic(cell: Cell, k: int, col: int, text: str) -> Magic | None:
    m = _MAGIC_NAME.match(text)
    if not m:
        return None  # a shell escape or a help line
    name = m.group("name")
    mg = Magic("line", name, text[len(name) + 1:].strip(), "", k + 1, col + 1, len(cell.lines[k]) + 1, cell.index)
    cell.magics.append(mg)
    return mg


# what `%timeit` prints: IPython 5 and later (`148 µs ± 67.3 µs per loop (mean ± std. dev. of 7 runs, 1 loop
# each)`), and earlier (`10000 loops, best of 3: 11 µs per loop`)
_TIMEIT_NEW = re.compile(r"([\d.]+) (ns|[µμu]s|ms|s) ± [\d.]+ \S+ per loop \(mean ± std\. dev\. of [\d,]+ runs?, "
                         r"([\d,]+) loops? each\)")
_TIMEIT_OLD = re.compile(r"([\d,]+) loops?, best of [\d,]+: ([\d.]+) (ns|[µμu]s|ms|s) per loop")
_UNIT_S = {"ns": 1e-9, "µs": 1e-6, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def timeit_outputs(raw: dict[str, Any]) -> list[tuple[int, float]]:
    """(loops per run, seconds per loop) of each ``%timeit`` result line a code cell's saved output printed, in
    order: what IPython picked when the notebook last ran (its stream outputs only)."""
    out: list[tuple[int, float]] = []
    outputs = raw.get("outputs")
    for o in outputs if isinstance(outputs, list) else []:
        if not isinstance(o, dict) or o.get("output_type") != "stream":
            continue
        text = o.get("text", "")
        text = "".join(t for t in text if isinstance(t, str)) if isinstance(text, list) else str(text)
        for line in text.splitlines():
            new, old = _TIMEIT_NEW.search(line), _TIMEIT_OLD.search(line)
            found = (new.group(3), new.group(1), new.group(2)) if new else \
                (old.group(1), old.group(2), old.group(3)) if old else None
            if found is None:
                continue
            try:
                out.append((int(found[0].replace(",", "")), float(found[1]) * _UNIT_S[found[2]]))
            except ValueError:
                return []  # a line this reader cannot read: no line is matched to its magic
    return out


TIMING_MAGICS = frozenset({"timeit", "time"})
_OPTS_WITH_VALUE = frozenset({"-n", "-r", "-p"})  # %timeit -n 100 -r 7 stmt


def timeit_number(args: str) -> int | None:
    """The loop count ``-n N`` (or ``-nN``) given to ``%timeit``/``%%timeit`` in ``args``, or None when IPython picks
    it (1, 10, 100... calls until a try lasts 0.2 s) or it is not a literal."""
    toks = args.split()
    i = 0
    while i < len(toks) and toks[i].startswith("-"):  # the options come before the statement
        tok = toks[i]
        if tok.startswith("-n"):
            value = tok[2:] or (toks[i + 1] if i + 1 < len(toks) else "")
            return int(value) if value.isdigit() else None
        i += 2 if tok in _OPTS_WITH_VALUE else 1  # `-r 5`: skip the value too
    return None


def timed_code(kind: str, name: str, args: str, body: str) -> str:
    """The code a timing magic measures: the statement after the options (line), or the cell body (cell)."""
    if kind == "cell":
        return body
    if name == "time":
        return args
    rest = args
    while rest.startswith("-"):
        tok, _, after = rest.partition(" ")
        rest = after.lstrip()
        if tok in _OPTS_WITH_VALUE:  # the value is the next token
            _, _, rest = rest.partition(" ")
            rest = rest.lstrip()
    return rest


def _parses(code: str) -> bool:
    try:
        compile(code, "<magic>", "exec", PARSE_FLAGS, dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def _syntax_error(code: str) -> SyntaxError | None:
    try:
        compile(code, "<cell>", "exec", PARSE_FLAGS, dont_inherit=True)
    except SyntaxError as exc:
        return exc
    except ValueError as exc:  # null bytes
        return SyntaxError(str(exc))
    return None


def _statement_starts(lines: list[str]) -> list[bool]:
    """For each line, whether it begins a statement (not inside a bracket, a triple-quoted string or after ``\\``).

    A light scan (strings, comments, brackets): enough to leave a ``%`` or ``!`` inside a docstring alone."""
    out = []
    depth = 0
    triple: str | None = None
    cont = False
    magic_cont = False  # inside a magic or shell line continued with `\`
    for ln in lines:
        if magic_cont:
            out.append(False)
            magic_cont = ln.rstrip().endswith("\\")
            continue
        out.append(depth == 0 and triple is None and not cont)
        if out[-1] and (_LINE_MAGIC.match(ln) or _HELP.match(ln) or _ASSIGN_MAGIC.match(ln)
                        or _CELL_MAGIC.match(ln)):
            cont = False
            magic_cont = ln.rstrip().endswith("\\")
            continue  # magic text is not Python: do not scan it for brackets
        i, n = 0, len(ln)
        while i < n:
            c = ln[i]
            if triple is not None:
                if c == "\\":
                    i += 2
                    continue
                if ln.startswith(triple, i):
                    i += 3
                    triple = None
                    continue
                i += 1
                continue
            if c == "#":
                break
            if c in "\"'":
                if ln.startswith(c * 3, i):
                    triple = c * 3
                    i += 3
                    continue
                j = i + 1
                while j < n and ln[j] != c:
                    j += 2 if ln[j] == "\\" else 1
                i = j + 1
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth = max(0, depth - 1)
            i += 1
        cont = triple is None and ln.rstrip().endswith("\\") and "#" not in ln
    return out


_SKIPPED = " (cell skipped; the other cells are linted)"  # a cell that does not parse is left out of the program


def _recovered_cell(cell: Cell, exc: SyntaxError):
    """The cell without its failing statements (:mod:`._recover`), when none of them calls anything (a
    placeholder, prose, a shell line): what a skipped call did is unknown, so such a cell is skipped whole."""
    text = "\n".join(cell.program) + "\n"
    try:
        rec = _recover.recover(text, lambda t: compile(t, f"<cell {cell.index}>", "exec", PARSE_FLAGS,
                                                       dont_inherit=True), exc)
    except (RecursionError, MemoryError):
        return None
    return None if rec is None or any(rec.calls) else rec


def _build(nb: Notebook) -> None:
    """Check each cell alone (a syntax error is the cell's), then concatenate the good ones into the program."""
    program: list[str] = []
    for pos, cell in enumerate(nb.cells):
        if not cell.python or not cell.lines:
            continue
        text = "\n".join(cell.program) + "\n"
        try:
            compile(text, f"<cell {cell.index}>", "exec", PARSE_FLAGS, dont_inherit=True)
        except SyntaxError as exc:
            newer = older_fstrings(text)  # f-strings of Python 3.12 read on an older Python
            auto = automagic_cell(cell)
            auto_exc = _syntax_error("\n".join(auto.program) + "\n") if auto is not None else exc
            if newer is not None and _parses(newer):
                cell.program = newer.split("\n")[:-1]  # same lines; a fix never writes these back (apply_program)
            elif auto_exc is None:
                cell = nb.cells[pos] = auto
            else:
                exc = auto_exc  # the error left once the magic lines are read as magics
                line = exc.lineno or 1
                col = exc.offset or 1
                rec = _recovered_cell(cell, exc)
                if rec is None:
                    nb.errors.append((cell.index, line, col, f"SyntaxError: {exc.msg}{_SKIPPED}"))
                    continue
                nb.errors.append((cell.index, line, col, _recover.describe(rec).replace("the rest", "the rest of "
                                                                                         "the cell")))
                cell.program = rec.source.split("\n")[:len(cell.program)]
        except ValueError as exc:  # null bytes
            nb.errors.append((cell.index, 1, 1, f"SyntaxError: {exc}{_SKIPPED}"))
            continue
        base = len(program)
        for k, ln in enumerate(cell.program):
            program.append(ln)
            nb.index.append((cell.index, k + 1))
        timeits = [mg for mg in cell.magics if mg.name == "timeit"]
        shown = cell.timeit_shown if len(cell.timeit_shown) == len(timeits) else []  # one line per magic, in order
        for mg in cell.magics:
            nb.magics.append(Magic(mg.kind, mg.name, mg.args, mg.body, base + mg.line, mg.col, mg.end_col,
                                   mg.cell, shown[timeits.index(mg)] if shown and mg in timeits else None))
    nb.source = "\n".join(program) + ("\n" if program else "")


def apply_program(nb: Notebook, fixed: str) -> dict[str, Any] | None:
    """The notebook document with the fixed program's lines put back into their cells (magic lines kept as they
    were); None when the fix changed the number of lines (the mapping would be lost)."""
    new_lines = split_lines(fixed)
    if len(new_lines) != len(nb.index):
        return None
    by_cell = {c.index: c for c in nb.cells}
    changed: dict[int, list[str]] = {}
    for (cell_no, k), new in zip(nb.index, new_lines):
        cell = by_cell[cell_no]
        if cell.program[k - 1] == new or cell.program[k - 1] != cell.lines[k - 1]:
            continue  # unchanged, or a magic placeholder (never edited back)
        changed.setdefault(cell_no, list(cell.lines))[k - 1] = new
    if not changed:
        return None
    doc = json.loads(json.dumps(nb.doc))  # a deep copy; every other field stays as read
    for cell_no, lines in changed.items():
        cell = by_cell[cell_no]
        text = "\n".join(lines) + ("\n" if cell.text.endswith("\n") else "")
        raw = doc["cells"][cell_no - 1]
        if isinstance(raw.get("source"), list):
            raw["source"] = re.findall(r"[^\n]*\n|[^\n]+$", text)  # one string per line, as Jupyter keeps them
        else:
            raw["source"] = text
    return doc


def dumps(nb: Notebook, doc: dict[str, Any]) -> str:
    """JSON text as Jupyter writes it: ``indent=1`` (or the file's own indent), non-ASCII kept, trailing newline."""
    return json.dumps(doc, indent=nb.indent, ensure_ascii=False) + "\n"
