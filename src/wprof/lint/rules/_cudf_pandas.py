"""WP103 for a notebook's GPU data frames: the first timed call of cuDF (by name, or through its pandas mode) or
cuML is the GPU's cold start (fourteenth session, lint77).

``%load_ext cudf.pandas`` (or ``cudf.pandas.install()``) makes every later ``import pandas`` cuDF's proxy module:
pandas calls run on the GPU, and the first one creates the CUDA context, the memory pool and loads libcudf's
kernels. A notebook that times that first call (``%%time df = pd.read_csv(path)``, ``%time``, ``%%timeit -n1 -r1``)
right after enabling the mode and reports it as the accelerated pandas' speed holds that one-off start in the
figure. Reported at the first such magic when no pandas call ran, untimed, between the mode's start and it. The mode
enabled after pandas was imported, with no kernel restart between (``get_ipython().kernel.do_shutdown(restart=True)``),
accelerates nothing: silent. The same for a notebook that calls ``cudf``/``cuml`` by name: the first timing magic
whose code calls one of them (``%time gdf = cudf.read_csv(path)``), with no call of either before it, holds cuDF's
(or cuML's) start on the GPU. Plain pandas is host work.
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
    for n in ctx.all_nodes():
        if isinstance(n, ast.Import) and any(a.name.split(".")[0] == "pandas" for a in n.names):
            out.append(n.lineno)
        elif isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "pandas":
            out.append(n.lineno)
    return out


def _lib_calls(ctx: Context, nodes, prefixes: tuple) -> list[ast.Call]:
    return [c for c in nodes if isinstance(c, ast.Call) and (ctx.call_name(c) or "").startswith(prefixes)]


def cold_accelerated_magics(ctx: Context) -> list:
    """(magic, the first library call it times) for the first timing magic of a notebook's GPU data frames: after
    cuDF's pandas mode starts, the first magic that calls pandas; in a notebook that calls cuDF or cuML by name, the
    first magic that calls them; each when no call of that library ran, untimed, before it."""
    if not ctx.magics:
        return []
    out = []
    start = _enables(ctx)
    if start is not None and not any(line < start and not _restarts(ctx, line, start)
                                      for line in _pandas_import_lines(ctx)):  # (pandas imported before the mode,
        out.extend(_first_timed(ctx, start, ("pandas.",)))  # in the same kernel: not accelerated)
    out.extend(_first_timed(ctx, 0, ("cudf.", "cuml.")))
    return out


def _first_timed(ctx: Context, start: int, prefixes: tuple) -> list:
    from .no_warmup import _option
    from .timeit_magic_on_gpu_work import _nodes, magic_tree

    timed = [m for m in ctx.magics if m.line > start and (
        m.name == "time" or (m.name == "timeit" and _option(m.args, "-n") == "1" and _option(m.args, "-r") == "1"))]
    for m in sorted(timed, key=lambda m: m.line):
        tree = magic_tree(ctx, m)
        if tree is None:
            continue
        own = _lib_calls(ctx, _nodes(tree), prefixes)
        if not own:
            continue
        body_end = m.line + (m.body.count("\n") + 1 if m.kind == "cell" else 0)
        if any(start < c.lineno < m.line and not m.line <= c.lineno <= body_end
               for c in _lib_calls(ctx, ctx.calls, prefixes)):
            return []  # an untimed call started the library first
        return [(m, own[0])]
    return []
