"""The sizes of a sweep one at a time (WP101's sample length, since the sixteenth session).

The size model of :mod:`._tensor_sizes` reads every value at the largest the code can give: a bound, so a sample
shown short is short at every size. A sweep that starts small (``for n in [1 << 10, ..., 1 << 28]``, a helper
called at 100 and at 4000) is then judged by its largest size alone, and a per-iteration synchronize that dominates
its small sizes goes unreported. This module re-reads the sample with the sweep pinned: each choice the size model
made while reading it (a loop over a literal list of sizes: one element; a function of the file called several
times: one call) is fixed in turn, and the sample is judged at each combination. The combinations where it is short
are the sizes for which the per-iteration synchronize dominates, and the finding names them.

Choices are recorded while the unpinned reading runs (``ctx._wp_size_choices``) and pinned through
``ctx._wp_size_pins``; both are read by ``_tensor_sizes._loop_values`` and ``_tensor_sizes._site_args``. The memo
tables of the size model are cleared around each pinned reading. Bounded: at most ``_MAX_POINTS`` choices and
``_MAX_COMBOS`` combinations per loop.
"""

from __future__ import annotations

import ast
from typing import Callable, TypeVar

T = TypeVar("T")

_MAX_POINTS = 3
_MAX_COMBOS = 48
_MEMOS = ("_wp_elements", "_wp_dims", "_wp_ints", "_wp_short_fn", "_wp_size_loop_values")


def _clear(ctx) -> None:
    for table in _MEMOS:
        ctx.__dict__.pop(table, None)


def note_choice(ctx, key: tuple, where: ast.AST, options: list) -> None:
    """The size model read ``options`` (loop elements, call sites) at ``where``; record it as a choice point."""
    record = ctx.__dict__.get("_wp_size_choices")
    if record is not None and len(options) > 1 and key not in record:
        record[key] = (where, options)


def pinned(ctx, key: tuple) -> int | None:
    pins = ctx.__dict__.get("_wp_size_pins")
    return pins.get(key) if pins else None


def sweep_hits(ctx, check: Callable[[], T | None], samples: ast.stmt) -> tuple[list[tuple[str, T]], int]:
    """``check()`` at each combination of the size choices it reads: the (label, result) of the combinations where
    it holds, and how many combinations were judged (0: no sweep). The choices are pinned one at a time, depth
    first, so a choice that only matters under another (the loop of sizes around one call of a helper) is read
    only there. A choice that is the loop ``samples`` itself (or a loop inside it) is no sweep of repeated
    samples: each of its iterations is one sample at another size (``for n in sizes: t0; op(n); sync; t1``), and
    nothing is reported."""
    inner = {id(n) for n in ast.walk(samples) if isinstance(n, (ast.For, ast.AsyncFor))}
    hits: list[tuple[str, T]] = []
    leaves = 0
    stack: list[list[tuple[tuple, ast.AST, list, int]]] = [[]]  # each: the pins so far, in the order chosen
    try:
        while stack:
            pins = stack.pop()
            ctx._wp_size_pins = {key: i for key, _, _, i in pins}
            ctx._wp_size_choices = {}
            _clear(ctx)
            found = check()
            fresh = [(key, where, opts) for key, (where, opts) in ctx._wp_size_choices.items()
                     if key not in ctx._wp_size_pins]
            if any(key == ("loop", k) for key, _, _ in fresh for k in inner):
                return [], 0  # the timed loop runs over the sizes: one sample per size
            if fresh and len(pins) < _MAX_POINTS:
                key, where, opts = fresh[0]
                stack.extend(pins + [(key, where, opts, i)] for i in reversed(range(len(opts))))
                if len(stack) + leaves > _MAX_COMBOS:
                    return [], 0
                continue
            if not pins or fresh:
                return [], 0  # no sweep, or more choices than are read
            leaves += 1
            if found is not None:
                hits.append((_label(ctx, pins), found))
    finally:
        ctx._wp_size_pins = None
        ctx._wp_size_choices = None
        _clear(ctx)
    return hits, leaves


def _label(ctx, pins) -> str:
    parts = []
    for key, where, opts, i in pins:
        if key[0] == "loop":
            names = [n.id for n in ast.walk(where.target) if isinstance(n, ast.Name)]  # type: ignore[attr-defined]
            parts.append(f"{names[0] if len(names) == 1 else '(' + ', '.join(names) + ')'} = {_text(ctx, opts[i])}")
        elif len(pins) == 1:  # a call of the helper with no loop around it: name it by its line
            parts.append(f"the call on line {getattr(opts[i], 'lineno', '?')}")
    return ", ".join(parts)


def describe(labels: list[str]) -> str:
    """The sizes at which a check held, short: ``size = 32, 64, 256`` when one loop variable varies, else the
    distinct labels (four at most)."""
    distinct = list(dict.fromkeys(labels))
    heads = {lab.split(" = ", 1)[0] for lab in distinct}
    if len(heads) == 1 and all(" = " in lab and ", " not in lab for lab in distinct):
        values = [lab.split(" = ", 1)[1] for lab in distinct]
        if all(v.isdigit() for v in values):
            values = [str(v) for v in sorted(int(v) for v in values)]
        shown = ", ".join(values[:6]) + (f" and {len(values) - 6} more" if len(values) > 6 else "")
        return f"{heads.pop()} = {shown}"
    return "; ".join(distinct[:4]) + (f" and {len(distinct) - 4} more" if len(distinct) > 4 else "")


def _text(ctx, node) -> str:
    if isinstance(node, ast.AST) and hasattr(node, "lineno"):
        text = " ".join(ctx.text(node).split())
        return text if len(text) <= 24 else text[:21] + "..."
    if isinstance(node, ast.Constant):
        return repr(node.value)
    return "?"
