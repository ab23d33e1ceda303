"""WP103 for a notebook accelerated by cuDF's pandas mode: its first timed pandas call is the GPU's cold start
(fourteenth session, lint77).

``%load_ext cudf.pandas`` (or ``cudf.pandas.install()``) makes every later ``import pandas`` cuDF's proxy module:
pandas calls run on the GPU, and the first one creates the CUDA context, the memory pool and loads libcudf's
kernels. A notebook that times that first call (``%%time df = pd.read_csv(path)``, ``%time``, ``%%timeit -n1 -r1``)
right after enabling the mode and reports it as the accelerated pandas' speed holds that one-off start in the
figure. Reported at the first such magic when no pandas call ran, untimed, between the mode's start and it. The mode
enabled after pandas was imported, with no kernel restart between (``get_ipython().kernel.do_shutdown(restart=True)``),
accelerates nothing: silent. A notebook without the mode (plain pandas, or cuDF called by name) is not read here.
"""

from __future__ import annotations

import ast

from .._context import Context


def _enables(ctx: Context) -> int | None:
    """The program line where cuDF's pandas mode starts: a ``%load_ext cudf.pandas`` magic or a top-level
    ``cudf.pandas.install()`` call; None when the notebook has neither."""
    lines = [m.line for m in ctx.magics if m.name == "load_ext" and m.args.split()[:1] == ["cudf.pandas"]]
    lines += [c.lineno for c in ctx.calls if ctx.call_name(c) == "cudf.pandas.install"]
    return min(lines) if lines else None


def _restarts(ctx: Context, lo: int, hi: int) -> bool:
    """A kernel restart (``get_ipython().kernel.do_shutdown(restart=True)``, ``os._exit(...)``) on a line in
    ``(lo, hi)``."""
    for c in ctx.calls:
        if lo < c.lineno < hi and (ctx.method(c) == "do_shutdown" or ctx.call_name(c) == "os._exit"):
            return True
    return False


def _pandas_import_lines(ctx: Context) -> list[int]:
    out = []
    for n in ast.walk(ctx.tree):
        if isinstance(n, ast.Import) and any(a.name.split(".")[0] == "pandas" for a in n.names):
            out.append(n.lineno)
        elif isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "pandas":
            out.append(n.lineno)
    return out


def _pandas_calls(ctx: Context, nodes) -> list[ast.Call]:
    return [c for c in nodes if isinstance(c, ast.Call) and (ctx.call_name(c) or "").startswith("pandas.")]


def cold_accelerated_magics(ctx: Context) -> list:
    """(magic, the first pandas call it times) for the first timing magic after cuDF's pandas mode starts, when
    its timed code calls pandas and no pandas call ran before it in the mode."""
    if not ctx.magics:
        return []
    start = _enables(ctx)
    if start is None:
        return []
    if any(line < start and not _restarts(ctx, line, start) for line in _pandas_import_lines(ctx)):
        return []  # pandas imported before the mode, in the same kernel: not accelerated
    from .no_warmup import _option
    from .timeit_magic_on_gpu_work import _nodes, magic_tree

    timed = [m for m in ctx.magics if m.line > start and (
        m.name == "time" or (m.name == "timeit" and _option(m.args, "-n") == "1" and _option(m.args, "-r") == "1"))]
    for m in sorted(timed, key=lambda m: m.line):
        tree = magic_tree(ctx, m)
        if tree is None:
            continue
        own = _pandas_calls(ctx, _nodes(tree))
        if not own:
            continue
        body_end = m.line + (m.body.count("\n") + 1 if m.kind == "cell" else 0)
        if any(start < c.lineno < m.line and not m.line <= c.lineno <= body_end
               for c in _pandas_calls(ctx, ctx.calls)):
            return []  # an untimed pandas call started the GPU first
        return [(m, own[0])]
    return []
