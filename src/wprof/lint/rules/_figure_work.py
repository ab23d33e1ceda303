"""WP116's periodic figure writing: a training loop that redraws and saves a plot every few steps
(``if i % 100 == 0: plot_rewards(step_rewards, name)``, whose body ends in ``plt.savefig(...)``) inside the window
of a step time it reports at those same steps (set 116, a DQN loop: ``print("Step time : ", time.time() -
step_time)`` under ``if i % 100 == 0``). Rendering a Matplotlib figure and writing the PNG takes tens to hundreds of
milliseconds on the host, against a few milliseconds of GPU work per step, so every reported step time is mostly
the plot.

Only under a periodic condition (``_work_sites``): a figure saved once per epoch, unconditionally, is not counted
as every-epoch work."""

from __future__ import annotations

import ast

from .._context import Context

_SAVES = frozenset({"savefig"})  # `plt.savefig(...)`, `fig.savefig(...)`: renders the figure and writes the file


def figure_kind(ctx: Context, call: ast.Call) -> str | None:
    """'figure writing' when ``call`` saves a Matplotlib figure, or is a function of the file or of the project
    whose own body does (one level)."""
    if _saves(ctx, call):
        return "figure writing"
    found = ctx.callee_def(call)
    if found is None:
        return None
    fctx, fn = found
    cache = ctx.__dict__.setdefault("_wp116_figure_fns", {})
    if id(fn) not in cache:
        cache[id(fn)] = any(isinstance(c, ast.Call) and _saves(fctx, c) for c in ast.walk(fn))
    return "figure writing" if cache[id(fn)] else None


def _saves(ctx: Context, call: ast.Call) -> bool:
    if not (isinstance(call.func, ast.Attribute) and call.func.attr in _SAVES):
        return False
    q = ctx.call_name(call) or ""
    return q.startswith("matplotlib.") or any(v.split(".")[0] == "matplotlib" for v in ctx.imports.values())
