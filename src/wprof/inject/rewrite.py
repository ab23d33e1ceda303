"""Instrument the chosen loop: one plan, two renderings.

The transformation depends on the loop's kind (see :mod:`wprof.inject.finder`):

- ``for ... in SOURCE`` (``loader``, ``enumerate(loader)``, ``tqdm(loader)``) and ``for ... in range(n)``: the data
  source (or the range) is wrapped by the gauge, ``for x, y in gauge.wrap(loader):``, which marks one step at each
  ``__next__`` and counts the time inside it as data time. Wrappers such as ``enumerate``/``tqdm`` stay outside, so
  their own cost is not called data loading. A ``range`` loop also gets ``with gauge.data():`` around each fetch.
- ``while ...`` loops: ``gauge.begin_step()`` as the first statement of the body, ``with gauge.data():`` around each
  statement that fetches a batch (``next(it)``, ``get_batch()``), and ``gauge.end_step()`` after the loop.
- ``trainer.train()`` / ``trainer.fit(...)`` (kind ``"trainer"``): the receiver becomes
  ``wprof.integrations.attach(trainer, gauge)``, which adds the framework's wprof callback and returns the trainer.

:func:`render_source` applies the plan as text edits for ``wprof inject`` (a readable copy: ``import wprof``, one
``wprof.Gauge(...)`` line, the wrapped loop); :func:`transform_tree` applies it to the AST for ``wprof run``, calling
:mod:`wprof.inject.runtime` and keeping every original statement on its original line (inserted nodes reuse the line
of the statement they attach to), so tracebacks still point at the user's lines.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass, field
from typing import Any

from .finder import Candidate

__all__ = ["Plan", "make_plan", "render_source", "transform_tree", "unified_diff", "GAUGE_VAR"]

GAUGE_VAR = "wprof_gauge"
RUNTIME = "__import__('wprof.inject.runtime', fromlist=['wrap'])"
_PLACEHOLDER = "__wprof_expr__"


@dataclass(frozen=True)
class Plan:
    """What to change in one file: the chosen loop, its site id, and the Gauge keyword arguments."""

    filename: str
    site: str  # "train.py:42", the registry key of the gauge at runtime
    candidate: Candidate
    gauge_kwargs: dict[str, Any] = field(default_factory=dict)  # written into the inject copy's Gauge(...)
    gauge_var: str = GAUGE_VAR
    observe_dim: int = 0  # the batch dimension the copy's observe() reads (1: sequence-first, inject/layout.py)
    observe_why: str = ""


def _used_names(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return names


def make_plan(filename: str, tree: ast.Module, candidate: Candidate, site: str,
              gauge_kwargs: dict[str, Any] | None = None) -> Plan:
    """A plan for ``candidate``; the gauge variable name avoids every name the script already uses."""
    used = _used_names(tree)
    var = GAUGE_VAR
    k = 2
    while var in used:
        var = f"{GAUGE_VAR}{k}"
        k += 1
    return Plan(filename=filename, site=site, candidate=candidate, gauge_kwargs=dict(gauge_kwargs or {}),
                gauge_var=var)


# --- shared: which nodes change ---------------------------------------------------------------------------------------

def _wrapped_expr(c: Candidate) -> ast.expr | None:
    """The data source a for-loop's gauge wraps, or the trainer a callback is attached to; None for ``while`` and
    ``range`` loops (they use the hooks)."""
    if c.kind in ("for", "trainer") and c.source_node is not None:
        return c.source_node
    return None


def _uses_hooks(c: Candidate) -> bool:
    return c.kind in ("for-range", "while")


def _runs_once(c: Candidate, tree: ast.Module) -> bool:
    """True for a loop outside every function and every other loop: it runs once, so ``wprof.Gauge(loader)`` inline
    is enough (loops in functions or inside an epoch loop get one gauge made up front and wrapped each time)."""
    parents = _parent_map(tree)
    p = parents.get(c.node)
    while p is not None:
        if isinstance(p, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                          ast.Lambda)):
            return False
        p = parents.get(p)
    return True


def _data_stmts(c: Candidate) -> tuple[ast.stmt, ...]:
    return c.fetches if _uses_hooks(c) else ()


# --- text edits for `wprof inject` ---------------------------------------------------------------------------------

def _kwargs_src(kwargs: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in kwargs.items())


def _insert_after_line(tree: ast.Module, c: Candidate) -> int:
    """1-based line after which ``import wprof`` and the Gauge go: after the top-level imports (before the loop)."""
    last = 0
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        last = body[0].end_lineno or body[0].lineno
    loop_line = c.lineno
    for stmt in body:
        if stmt.lineno > loop_line:
            break
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            last = stmt.end_lineno or stmt.lineno
        if stmt.lineno <= loop_line <= (stmt.end_lineno or stmt.lineno) and not isinstance(stmt, (ast.Import,
                                                                                                    ast.ImportFrom)):
            break
    return last


def _line_offsets(lines: list[str]) -> list[int]:
    offs = [0]
    for line in lines:
        offs.append(offs[-1] + len(line))
    return offs


def _abs(lines: list[str], offs: list[int], lineno: int, col_utf8: int) -> int:
    """Absolute character offset of (1-based line, UTF-8 byte column) in the joined source."""
    text = lines[lineno - 1]
    col = len(text.encode("utf-8")[:col_utf8].decode("utf-8", errors="replace"))
    return offs[lineno - 1] + col


def render_source(plan: Plan, source: str, tree: ast.Module) -> str:
    """The instrumented copy as text: original formatting and comments kept, a few lines added.

    ``tree`` is the parsed ``source`` that the plan's candidate points into. Raises ValueError for layouts the text
    edit cannot express readably (a loop body on its header line, a fetch sharing its line).
    """
    c = plan.candidate
    g = plan.gauge_var
    lines = source.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    offs = _line_offsets(lines)
    text = "".join(lines)
    nl = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) on the joined text

    expr = _wrapped_expr(c)
    # `for b in wprof.Gauge(loader, global_batch_size=N):` when the loop runs once and N is known; otherwise one gauge
    # made up front, wrapped around the loader each time the loop starts (and learning the batch size at run time)
    inline = expr is not None and c.kind == "for" and _runs_once(c, tree) and "global_batch_size" in plan.gauge_kwargs
    kw = _kwargs_src(plan.gauge_kwargs)
    if expr is not None:
        a = _abs(lines, offs, expr.lineno, expr.col_offset)
        b = _abs(lines, offs, expr.end_lineno or expr.lineno, expr.end_col_offset or 0)
        if c.kind == "trainer":  # the framework's loop: its callback drives the gauge
            rep = f"wprof.integrations.attach({text[a:b]}, {g})"
        elif inline:
            rep = f"wprof.Gauge({text[a:b]}{', ' + kw if kw else ''})"
        else:  # Gauge.wrap: one gauge across epochs; learns the global batch size when it was not given
            rep = f"{g}.wrap({text[a:b]})"
        edits.append((a, b, rep))

    loop = c.node
    assert loop is not None
    if _uses_hooks(c):
        first = loop.body[0]
        if first.lineno == loop.lineno:
            raise ValueError(f"the loop at line {loop.lineno} has its body on the header line; put the body on its "
                             "own lines and run again")
        indent = lines[first.lineno - 1][: len(lines[first.lineno - 1]) - len(lines[first.lineno - 1].lstrip())]
        a = offs[first.lineno - 1]
        edits.append((a, a, f"{indent}{g}.begin_step(){nl}"))
        end = loop.end_lineno or loop.lineno
        loop_indent = lines[loop.lineno - 1][: len(lines[loop.lineno - 1]) - len(lines[loop.lineno - 1].lstrip())]
        a = offs[end]
        edits.append((a, a, f"{loop_indent}{g}.end_step(){nl}"))
    for stmt in _data_stmts(c):
        first_line, last_line = stmt.lineno, stmt.end_lineno or stmt.lineno
        line = lines[first_line - 1]
        indent = line[: len(line) - len(line.lstrip())]
        if len(indent) != stmt.col_offset:  # `a = 1; x = next(it)`: statement shares its line, use begin/end hooks
            raise ValueError(f"line {first_line}: the fetch shares its line with another statement; put it on its "
                             "own line and run again")
        block = "".join(lines[first_line - 1:last_line])
        indented = "".join(("    " + ln if ln.strip() else ln) for ln in block.splitlines(keepends=True))
        a, b = offs[first_line - 1], offs[last_line]
        learn = ""
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] \
            if isinstance(stmt, ast.AnnAssign) else []
        if targets and "global_batch_size" not in plan.gauge_kwargs:  # the hooks never see the batch: hand it over
            extra = f", dim={plan.observe_dim}, why={plan.observe_why!r}" if plan.observe_dim else ""
            learn = f"{indent}{g}.observe({ast.unparse(targets[0])}{extra})  # wprof: learns the batch size{nl}"
        edits.append((a, b, f"{indent}with {g}.data():{nl}{indented}{learn}"))

    at = _insert_after_line(tree, c)
    if c.kind == "trainer":
        pre = f"import wprof.integrations{nl}{g} = wprof.Gauge({kw})  # wprof: times {c.iterable}.{_method(c)}() at " \
              f"line {c.lineno}{nl}"
    elif inline:
        pre = f"import wprof{nl}"
    else:
        pre = f"import wprof{nl}{g} = wprof.Gauge({kw})  # wprof: times the loop at line {c.lineno}{nl}"
    a = offs[at]
    edits.append((a, a, pre))

    out = text
    for a, b, rep in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:a] + rep + out[b:]
    return out


def _method(c: Candidate) -> str:
    node = c.source_node
    for sub in ast.walk(c.node) if c.node is not None else ():
        if isinstance(sub, ast.Attribute) and sub.value is node:
            return sub.attr
    return "train"


def unified_diff(original: str, new: str, a_name: str, b_name: str) -> str:
    return "".join(difflib.unified_diff(original.splitlines(keepends=True), new.splitlines(keepends=True),
                                        fromfile=a_name, tofile=b_name))


# --- AST transform for `wprof run` ---------------------------------------------------------------------------------

def _snippet_expr(src: str, expr: ast.expr) -> ast.expr:
    node = ast.parse(src, mode="eval").body
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            sub.args = [expr if isinstance(a, ast.Name) and a.id == _PLACEHOLDER else a for a in sub.args]
    return node


def _set_location(node: ast.AST, like: ast.AST, keep: ast.AST | None = None) -> None:
    """Give ``node`` and its new children the location of ``like``; leave the original subtree ``keep`` alone."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n is keep:
            continue
        if "lineno" in n._attributes:
            n.lineno = like.lineno  # type: ignore[attr-defined]
            n.col_offset = like.col_offset  # type: ignore[attr-defined]
            n.end_lineno = getattr(like, "end_lineno", like.lineno)  # type: ignore[attr-defined]
            n.end_col_offset = getattr(like, "end_col_offset", like.col_offset)  # type: ignore[attr-defined]
        stack.extend(ast.iter_child_nodes(n))


def _replace_child(parent: ast.AST, old: ast.AST, new: ast.AST) -> bool:
    for fname, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, fname, new)
            return True
        if isinstance(value, list):
            for i, v in enumerate(value):
                if v is old:
                    value[i] = new
                    return True
    return False


def _parent_map(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def transform_tree(plan: Plan, tree: ast.Module) -> ast.Module:
    """Rewrite ``tree`` in place (the tree the plan's candidate points into) to call wprof.inject.runtime."""
    c = plan.candidate
    loop = c.node
    assert loop is not None
    site = repr(plan.site)
    parents = _parent_map(tree)
    expr = _wrapped_expr(c)
    if expr is not None:
        fn = "attach" if c.kind == "trainer" else "wrap"
        new = _snippet_expr(f"{RUNTIME}.{fn}({site}, {_PLACEHOLDER})", expr)
        _set_location(new, expr, keep=expr)
        if not _replace_child(parents[expr], expr, new):
            raise AssertionError("wrapped expression not found in its parent")
    for stmt in _data_stmts(c):
        with_node = ast.parse(f"with {RUNTIME}.data({site}):\n    pass").body[0]
        assert isinstance(with_node, ast.With)
        with_node.body = [stmt]
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] \
            if isinstance(stmt, ast.AnnAssign) else []
        if targets:  # learn the batch size from what was fetched (until known; reads .shape only)
            got = ast.parse(f"{RUNTIME}.observe({site}, {ast.unparse(targets[0])})").body[0]
            with_node.body.append(got)
        _set_location(with_node, stmt, keep=stmt)
        if not _replace_child(parents[stmt], stmt, with_node):
            raise AssertionError("fetch statement not found in its parent")
    if _uses_hooks(c):
        begin = ast.parse(f"{RUNTIME}.begin_step({site})").body[0]
        _set_location(begin, loop.body[0])
        loop.body.insert(0, begin)
        end = ast.parse(f"{RUNTIME}.end_step({site})").body[0]
        _set_location(end, loop)
        parent = parents[loop]
        for fname, value in ast.iter_fields(parent):
            if isinstance(value, list) and loop in value:
                value.insert(value.index(loop) + 1, end)
                break
    ast.fix_missing_locations(tree)
    return tree
