"""A call the code labels a warm-up by a comment (fresh103, twenty-second session).

``# warm up`` on the line above ``bench(10, 100)`` (or after it, on its line) says what the call is for: the author
runs the timing function once to warm it, and the calls after it are the measurement. Comments are not in the
syntax tree, so the source lines are read: the comment block directly above the call's statement (no blank line or
code between) or a comment ending the statement's first line. A call so labelled is a warm-up run only when the same
function is called again after it (the measured calls): a labelled call that is the only one is still the
measurement.
"""
from __future__ import annotations

import ast
import re

from .._context import Context, dotted

_NOT = re.compile(r"\b(?:no|not|without|skip\w*|cold)\b", re.IGNORECASE)  # "no warm-up", "cold start"
_WARM = re.compile(r"#.*\bwarm[\s_-]*(?:ing[\s_-]*)?up\b|#.*\bwarmup\b|#.*\bwarm\b", re.IGNORECASE)


def _comment_of(line: str) -> bool:
    """``line`` carries a comment naming a warm-up (a ``#`` outside a string: a plain scan is enough for the
    short statements that call a helper), not one that denies it (``# no warm-up``, ``# cold start``)."""
    i = line.find("#")
    return i >= 0 and line[:i].count('"') % 2 == 0 and line[:i].count("'") % 2 == 0 and \
        bool(_WARM.search(line[i:])) and not _NOT.search(line[i:])


def labelled_warmup(ctx: Context, site: ast.Call) -> bool:
    """``site`` (a call of a function of the file, a statement of its own) is labelled a warm-up by a comment and
    the same function is called again at a later line."""
    st = getattr(site, "_wp_stmt", None)
    if not isinstance(st, (ast.Expr, ast.Assign)) or st.value is not site:
        return False
    lines = ctx.lines
    labelled = 0 < st.lineno <= len(lines) and _comment_of(lines[st.lineno - 1])
    i = st.lineno - 2
    while not labelled and i >= 0 and lines[i].lstrip().startswith("#"):
        labelled = _comment_of(lines[i])
        i -= 1
    if not labelled:
        return False
    from ._evidence import call_sites

    name = (dotted(site.func) or "").rsplit(".", 1)[-1]
    here = (site.lineno, site.col_offset)
    return bool(name) and any(c is not site and (c.lineno, c.col_offset) > here for c in call_sites(ctx, name))


def reads_only(c: ast.Call) -> bool:
    """``model.get_sentence_embedding_dimension()``, ``enc.get_max_seq_length()``: a getter, a ``get_*`` method called
    with no argument, reads the object's state and runs none of its work (no forward pass, no kernel): the object
    is not exercised by it. (A getter handed data, ``clip.get_text_features(**inputs)``, runs the model.)"""
    return isinstance(c.func, ast.Attribute) and c.func.attr.startswith("get_") and not c.args and not c.keywords
