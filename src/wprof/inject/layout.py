"""Which dimension of a batch counts samples: evidence in the code, for batches whose layout the shape alone does not
tell (``wprof run`` on hook loops, where the batch size is read from the fetched tensors).

PyTorch's recurrent and transformer modules take ``(seq, batch, ...)`` unless built with ``batch_first=True``
(``nn.RNN``, ``nn.LSTM``, ``nn.GRU``, ``nn.Transformer``, ``nn.TransformerEncoderLayer``/``DecoderLayer``,
``nn.MultiheadAttention``). A script or project module that builds one without ``batch_first=True`` (or subclasses
one without passing it) feeds sequence-first batches, as pytorch/examples' word_language_model does: its
``get_batch()`` returns ``(bptt, batch)`` slices. :func:`batch_layout` reads the files (never runs them) and says
which dimension to take and why; with evidence both ways it keeps the first dimension and says the layout is
ambiguous. AST only.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass

__all__ = ["Layout", "batch_layout", "project_layout", "SEQ_FIRST_MODULES"]

SEQ_FIRST_MODULES = {"RNN", "LSTM", "GRU", "Transformer", "TransformerEncoderLayer", "TransformerDecoderLayer",
                     "MultiheadAttention"}


@dataclass(frozen=True)
class Layout:
    """The batch dimension to read (0 or 1) and the sentence that says why (empty: no evidence)."""

    dim: int = 0
    why: str = ""


def _name(expr: ast.expr) -> str:
    return expr.id if isinstance(expr, ast.Name) else expr.attr if isinstance(expr, ast.Attribute) else ""


def _batch_first(call: ast.Call) -> bool | None:
    for kw in call.keywords:
        if kw.arg == "batch_first":
            return bool(kw.value.value) if isinstance(kw.value, ast.Constant) else None
    return False


def _evidence(tree: ast.Module, short: str) -> tuple[list[str], list[str]]:
    seq, bat = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in SEQ_FIRST_MODULES:
            bf = _batch_first(node)
            what = f"{ast.unparse(node.func)}(...) at {short}:{node.lineno}"
            if bf is True:
                bat.append(f"{what} has batch_first=True")
            elif bf is False:
                seq.append(f"{what} has no batch_first=True")
        elif isinstance(node, ast.ClassDef):
            bases = [b for b in node.bases if _name(b) in SEQ_FIRST_MODULES]
            if not bases:
                continue
            flags = [_batch_first(c) for c in ast.walk(node) if isinstance(c, ast.Call)
                     and any(k.arg == "batch_first" for k in c.keywords)]
            what = f"class {node.name}({ast.unparse(bases[0])}) at {short}:{node.lineno}"
            if True in flags:
                bat.append(f"{what} passes batch_first=True")
            elif not flags:
                seq.append(f"{what} keeps batch_first=False")
    return seq, bat


def batch_layout(files: list[tuple[str, ast.Module]]) -> Layout:
    """The batch dimension for the script and its project modules (``(path, tree)`` pairs)."""
    seq: list[str] = []
    bat: list[str] = []
    for path, tree in files:
        s, b = _evidence(tree, os.path.basename(path))
        seq += s
        bat += b
    if seq and not bat:
        return Layout(1, f"sequence-first: {seq[0]}" + (f" (and {len(seq) - 1} more)" if len(seq) > 1 else ""))
    if seq and bat:
        return Layout(0, f"layout ambiguous: {seq[0]}, but {bat[0]}; the first dimension was taken")
    return Layout(0, "")


def project_layout(tree: ast.Module, filename: str, path0: str, package: str | None = None) -> Layout:
    """:func:`batch_layout` of a script and the project modules it imports (unreadable modules are skipped)."""
    from .imports import local_modules

    files = [(filename, tree)]
    for _, path in local_modules(tree, filename, path0, package):
        try:
            with open(path, encoding="utf-8") as f:
                files.append((path, ast.parse(f.read(), filename=path)))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
    return batch_layout(files)
