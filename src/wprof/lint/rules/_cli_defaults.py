"""The value a command-line option takes when the script is run as written: ``args.n`` with
``args = parser.parse_args()`` and ``parser.add_argument("--n", type=int, default=4096)`` is 4096.

A benchmark script's sizes often come from ``argparse``; what the script measures by default is what its defaults
say, which is what a reader of its printed numbers sees unless told otherwise. Read for WP101's sample sizes.
"""

from __future__ import annotations

import ast


def cli_default(ctx, attr: ast.Attribute) -> ast.AST | None:
    """The ``default=`` expression of the option ``attr`` reads (``args.seq_len`` from ``--seq-len``/
    ``--seq_len``/``dest="seq_len"``), when ``attr``'s object is bound only to ``parse_args()`` results and one
    ``add_argument`` of the file defines that option; None otherwise."""
    if not isinstance(attr.value, ast.Name):
        return None
    values = ctx.assigns.get(attr.value.id, [])
    if not values or not all(isinstance(v, ast.Call) and ctx.method(v) == "parse_args" for v in values):
        return None
    found = _options(ctx).get(attr.attr)
    return found if found is not None and not isinstance(found, list) else None


def _options(ctx) -> dict[str, ast.AST | list]:
    """dest -> default expression for every ``add_argument`` of the file (a list marks a dest defined twice)."""
    cached = ctx.__dict__.get("_wp_cli_defaults")
    if cached is not None:
        return cached
    out: dict[str, ast.AST | list] = {}
    for c in ctx.calls:
        if ctx.method(c) != "add_argument":
            continue
        kw = {k.arg: k.value for k in c.keywords if k.arg}
        default = kw.get("default")
        dest = kw.get("dest")
        if isinstance(dest, ast.Constant) and isinstance(dest.value, str):
            name = dest.value
        else:
            flags = [a.value for a in c.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            longs = [f for f in flags if f.startswith("--")]
            pick = longs[0] if longs else (flags[0] if flags else None)
            if pick is None:
                continue
            name = pick.lstrip("-").replace("-", "_")
        if default is None:
            continue
        out[name] = [] if name in out else default
    ctx._wp_cli_defaults = out
    return out
