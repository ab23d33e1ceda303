"""Lint the rest of a file that does not parse: skip the statements that do not.

A published benchmark script often fails to parse for a reason that has nothing to do with its timing code: a
placeholder left for the reader (``os.environ["HF_TOKEN"] = <hf_token>``), a stray shell line (``python bench.py
--n 4``), one Python 2 ``print``. Rather than lose every finding of the file, :func:`recover` blanks the smallest
failing piece -- the logical line (the whole statement, over its continuation lines) that holds the syntax error --
and parses again, a few times at most. Line numbers and columns of every other line are kept, so findings point at
the file as it is. A header that opens a block (``for x in <items>:``) becomes ``if True:`` so its body is still
read (a function's or class's header a placeholder function or class, so its body stays theirs); any other
statement becomes ``pass`` (or nothing, where ``pass`` does not fit the indentation). A Python 2 file has its
``print x`` and ``except E, e:`` statements read as Python 3 first (:func:`py2_statements`).

What a skipped statement did is unknown. When its text calls something (it may have waited for the device, warmed
a kernel up or printed the samples), the findings it could have changed are not reported (:func:`unsure`). A
skipped placeholder, shell line or comment-like text calls nothing and costs no finding."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable
from dataclasses import dataclass

MAX_SKIPS = 4  # statements skipped at most; a file with more errors is reported as before
_MAX_SPAN = 12  # lines one skipped statement may cover; a longer "statement" is an unclosed bracket: give up
_CALL = re.compile(r"(?:([A-Za-z_][\w.]*)|[\])])\s*\(|^\s*(print|exec)\b", re.MULTILINE)  # Python 2's too
# calls that only build a value or read configuration and files on the host, with no device work, wait or report:
# a placeholder inside them (`dict(token=<token>)`, `from_pretrained(<model path>)`) hides nothing
_VALUE_CALLS = frozenset({"dict", "list", "tuple", "set", "str", "int", "float", "bool", "len", "range", "getenv",
                          "get", "format", "join", "Path", "environ", "setdefault", "split", "strip", "replace",
                          "open", "login", "from_pretrained", "hf_hub_download", "snapshot_download", "add_argument",
                          "ArgumentParser", "parse_args", "basicConfig", "getLogger", "makedirs", "exists"})


@dataclass(frozen=True)
class Recovered:
    tree: ast.AST
    source: str  # the text parsed: the skipped lines blanked, every other line as in the file
    skipped: tuple[tuple[int, int], ...]  # (first line, last line) of each skipped statement, 1-based
    calls: tuple[bool, ...]  # whether each skipped statement's text calls something
    error: SyntaxError  # the file's first syntax error, as the parser reported it
    py2: bool = False  # Python 2 print/except statements were read as Python 3


_PY2_PRINT = re.compile(r"^(\s*)print(\s+)(?![\s=(.,\[)>])(.*)$")


def _comment_at(text: str) -> int:
    """Where a trailing ``#`` comment starts in a line of code (outside string literals), or its length."""
    quote = None
    i = 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif text.startswith(quote, i):
                i += len(quote) - 1
                quote = None
        elif c in "'\"":
            quote = text[i:i + 3] if text[i:i + 3] in ("'''", '"""') else c
            i += len(quote) - 1
        elif c == "#":
            return i
        i += 1
    return len(text)
_PY2_EXCEPT = re.compile(r"^(\s*except\s+)([\w.]+)(\s*),(\s*)(\w+)(\s*:)")


def py2_statements(source: str) -> str | None:
    """A Python 2 file's ``print x, y`` statements read as calls (``print(x, y)``: the space after ``print`` becomes
    the opening parenthesis, the closing one goes before a trailing comment) and ``except E, e:`` as ``except E as
    e:``; every other line, and every column before the change, as it was. None when no line changes."""
    lines = source.split("\n")
    changed = False
    for i, ln in enumerate(lines):
        m = _PY2_PRINT.match(ln)
        if m and m.group(3).strip():
            rest = m.group(3)
            cut = _comment_at(rest)
            code = rest[:cut].rstrip()
            lines[i] = f"{m.group(1)}print({m.group(2)[1:]}{code}){rest[len(code):]}"
            changed = True
            continue
        m = _PY2_EXCEPT.match(ln)
        if m:
            lines[i] = f"{m.group(1)}{m.group(2)}{m.group(3)} as{m.group(4) or ' '}{m.group(5)}{m.group(6)}" + \
                ln[m.end():]
            changed = True
    return "\n".join(lines) if changed else None


def recover(source: str, parse: Callable[[str], ast.AST], first: SyntaxError) -> Recovered | None:
    """The file parsed without its failing statements (at most :data:`MAX_SKIPS`), or None when that does not
    make it parse. ``first``: the error the unchanged text gave. A Python 2 file (its first error a ``print``
    statement) has its ``print`` and ``except E, e`` statements read as Python 3 first (:func:`py2_statements`)."""
    py2, error = None, first
    if (first.msg or "").startswith("Missing parentheses in call to 'print'"):
        py2 = py2_statements(source)
        if py2 is not None:
            try:
                return Recovered(parse(py2), py2, (), (), first, py2=True)
            except SyntaxError as again:
                source, error = py2, again
            except (ValueError, TypeError):
                return None
    rec = _recover_statements(source, parse, error)
    if rec is not None and py2 is not None:
        return Recovered(rec.tree, rec.source, rec.skipped, rec.calls, first, py2=True)
    return rec


def _recover_statements(source: str, parse: Callable[[str], ast.AST], first: SyntaxError) -> Recovered | None:
    lines = source.split("\n")
    original = list(lines)
    skipped: list[tuple[int, int]] = []
    exc = first
    for _ in range(MAX_SKIPS):
        line = exc.lineno
        if not line or line > len(lines) or any(a <= line <= b for a, b in skipped):
            return None
        a, b = _statement(lines, line)
        if b - a >= _MAX_SPAN:
            return None
        tree = None
        for replace in _replacements(lines, a, b):
            trial = lines[:a - 1] + replace + lines[b:]
            try:
                tree = parse("\n".join(trial))
            except SyntaxError as again:
                if (again.lineno or 0) > b:  # this statement is gone; the next error is further on
                    lines, exc = trial, again
                    break
                continue
            except (ValueError, TypeError):
                return None
            lines = trial
            break
        else:
            return None
        skipped.append((a, b))
        if tree is not None:
            calls = tuple(_calls("\n".join(original[s - 1:e])) for s, e in skipped)
            return Recovered(tree, "\n".join(lines), tuple(skipped), calls, first)
    return None


def _calls(text: str) -> bool:
    """Whether a skipped statement's text calls something that may matter (wait, warm up, print)."""
    for m in _CALL.finditer(text):
        name = m.group(1)
        if name is None or name.rsplit(".", 1)[-1] not in _VALUE_CALLS:
            return True
    return False


def _statement(lines: list[str], line: int) -> tuple[int, int]:
    """The logical line (first, last) that holds ``line``: continuation lines inside brackets or after a
    backslash belong to it. Falls back to the line alone where the text does not tokenize."""
    try:
        start = None
        for tok in tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline):
            if tok.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING):
                continue
            if start is None:
                start = tok.start[0]
            if tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
                end = tok.start[0]
                if start <= line <= end:
                    return start, end
                if start > line:
                    break
                start = None
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    return line, line


def _replacements(lines: list[str], a: int, b: int) -> list[list[str]]:
    """What may stand in for lines a..b: the same number of lines, neutral for the parser."""
    first = lines[a - 1]
    indent = first[:len(first) - len(first.lstrip())]
    blank = [""] * (b - a)
    following = next((ln for ln in lines[b:] if ln.strip() and not ln.lstrip().startswith("#")), "")
    opens_block = len(following) - len(following.lstrip()) > len(indent) and first.rstrip().endswith(":")
    if opens_block:
        head = first.lstrip()
        if head.startswith(("def ", "async def ")):  # the body stays a function's (its parameters unknown)
            return [[indent + "def _wp_skipped(*args, **kwargs):"] + blank]
        if head.startswith("class "):
            return [[indent + "class _wp_skipped:"] + blank]
        return [[indent + "if True:"] + blank]
    return [[indent + "pass"] + blank, [""] + blank]


_WARMUP_RULES = frozenset({"WP103", "WP112"})  # what ran before is read across the file, in execution order
_REPORT_RULES = frozenset({"WP105"})  # how the samples are reported: anywhere in the function


def unsure(tree: ast.AST, rec: Recovered) -> Callable[[int, str], bool]:
    """Whether a finding (line, rule code) is not reported because a skipped statement that calls something may
    have changed it: it may have warmed the work up (the warm-up rules' findings anywhere in the file), printed
    the samples (WP105 in the function that holds it) or waited for the device (any other rule's findings in that
    function at or after the skipped line, at module level outside every function, and likewise after each call of
    that function, two levels up)."""
    defs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    funcs = [(n.lineno, n.end_lineno or n.lineno) for n in defs]
    calls_of: dict[str, list[int]] = {}  # function name -> lines that call it (`f(...)`, `self.f(...)`)
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            name = n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", None)
            if name:
                calls_of.setdefault(name, []).append(n.lineno)

    def holder(line: int) -> tuple[int, int]:
        inside = [f for f in funcs if f[0] <= line <= f[1]]
        return max(inside) if inside else (0, 0)

    spans: list[tuple[int, int, int]] = []  # (holder's first line, holder's last line, skipped line); 0, 0: module
    todo = [(a, 0) for (a, b), calls in zip(rec.skipped, rec.calls) if calls]
    seen: set[tuple[int, int]] = set()
    while todo:  # the skipped line's function, then (two levels) every call of that function: it may wait there
        line, depth = todo.pop()
        span = (*holder(line), line)
        if span in seen:
            continue
        seen.add(span)
        spans.append(span)
        if span[:2] != (0, 0) and depth < 2:
            d = next(f for f in defs if (f.lineno, f.end_lineno or f.lineno) == span[:2])
            todo += [(at, depth + 1) for at in calls_of.get(d.name, ())]

    def held(line: int, first: int, last: int) -> bool:
        if (first, last) == (0, 0):
            return not any(s <= line <= e for s, e in funcs)
        return first <= line <= last

    def drop(line: int, code: str) -> bool:
        if spans and code in _WARMUP_RULES:
            return True
        return any(held(line, first, last) and (code in _REPORT_RULES or line >= skipped)
                   for first, last, skipped in spans)
    return drop


def describe(rec: Recovered) -> str:
    """The one line that says what was skipped: ``SyntaxError: invalid syntax (line 8 skipped; the rest is
    linted)``."""
    spans = [f"{a}" if a == b else f"{a}-{b}" for a, b in rec.skipped]
    what = ("line " if len(spans) == 1 and "-" not in spans[0] else "lines ") + ", ".join(spans)
    py2 = "Python 2 print statements read as calls" if rec.py2 else ""
    if not spans:
        return f"SyntaxError: {rec.error.msg} ({py2}; the rest is linted)"
    return f"SyntaxError: {rec.error.msg} ({py2 + '; ' if py2 else ''}{what} skipped; the rest is linted)"
