"""WP104: a Numba CUDA kernel defined in a module of the project, launched on host NumPy arrays inside a timed region.

A ``@cuda.jit`` kernel copies every host array it is handed to the device before the launch and back after it,
wherever the kernel is defined: ``scan.last_scan[1, tpb, 0, smem](a, aux)`` with ``a = np.arange(n)`` times two
transfers per array beside the kernel, as a launch of a kernel of the file does (``_launch_waits._numba_host_launch``).
The launch configuration may name a stream and a shared-memory size (``[grid, block, stream, smem]``): the copies are
made either way."""

from __future__ import annotations

import ast

from .._context import Context, dotted


def imported_kernel_host_launch(ctx: Context, c: ast.Call) -> bool:
    """``mod.kern[grid, block(, stream, smem)](a, ...)``, ``kern`` imported from a module of the project and decorated
    ``@cuda.jit`` there (or a kernel of the file launched with a stream or a shared-memory size), with an argument
    shown to be a host NumPy array."""
    from .._launch_waits import _qualify

    f = c.func
    if not (isinstance(f, ast.Subscript) and isinstance(f.slice, ast.Tuple) and 2 <= len(f.slice.elts) <= 4):
        return False
    name = dotted(f.value)
    if not name:
        return False
    if isinstance(f.value, ast.Name) and name in ctx.functions:
        if len(f.slice.elts) == 2:
            return False  # (`kern[grid, block](a)` of the file: `_numba_host_launch` reads it)
        fn, owner = ctx._def_in_effect(name, c), ctx  # type: ignore[attr-defined]
    else:
        d = ctx.imported_name(name) if ctx.import_view is not None else None
        fn, owner = (d.node, d.ctx) if d is not None else (None, None)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or \
            not any(_qualify(owner, dec) == "numba.cuda.jit" for dec in fn.decorator_list):
        return False
    return any(ctx._host_array_arg(a) for a in c.args)  # type: ignore[attr-defined]
