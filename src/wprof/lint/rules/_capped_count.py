"""A loop count capped by a small setting: ``range(min(N_PROMPTS, len(prompts)))`` with ``N_PROMPTS = 3`` runs a
few samples, not a walk over a data set (``_common._range_like``): the first sample's compilation or start-up is a
large share of the timed total, not a small one as in a run over every batch (set 47). A cap of more than a handful
(``min(args.limit, len(data))``, limit 1000), or one the file does not give, is still read as a walk over the data.
"""

from __future__ import annotations

import ast

_FEW = 10


def few(ctx, e: ast.AST) -> bool:
    """``e`` is a count the file gives of at most a handful (``3``, ``N = 3``, ``int(os.environ.get("N", 3))``, an
    argparse default): the cap of a ``min(...)`` loop count."""
    from ._tensor_sizes import _int_value

    if isinstance(e, ast.Name):
        values = ctx.assigns.get(e.id, [])
        if len(values) != 1:
            return False
        e = values[0]
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "int" and len(e.args) == 1:
        e = e.args[0]  # `int(os.environ.get("N", 3))`: its default
        if isinstance(e, ast.Call) and (ctx.call_name(e) or "") in ("os.environ.get", "os.getenv") and \
                len(e.args) == 2:
            e = e.args[1]
    n = _int_value(ctx, e)
    return n is not None and 0 < n <= _FEW
