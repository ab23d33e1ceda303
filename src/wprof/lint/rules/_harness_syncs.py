"""WP101 in the body of a sample a harness runs: an explicit synchronize inside the callable handed to
``triton.testing.do_bench`` (or to a helper of the project that hands it on to one).

``do_bench`` records a CUDA event before and after each call of the callable and synchronizes once per batch of
samples; a synchronize inside the callable stalls the host in the middle of every sample, so the GPU idles between
the callable's launches and each event interval includes a host round trip and the launch latency that follows it.
The callable is read directly (a lambda, a local ``def`` passed by name) and one call deep (``lambda: run(x)`` with
``run`` a function of the file).
"""

from __future__ import annotations

import ast

from .._context import SYNC_ATTRS, SYNC_FUNCS, SYNCING_LAST_NAMES, Context
from .._samples import harness_bodies
from .._walk import nested_in

_EVENT_HARNESSES = SYNCING_LAST_NAMES | {"do_bench", "do_bench_cudagraph"}


def harness_syncs(ctx: Context) -> list[tuple[ast.Call, str, int]]:
    """(the first explicit synchronize, the harness's label, how many) per callable of an event-timed harness."""
    out = []
    for body in harness_bodies(ctx):
        if not _event_timed(ctx, body.harness):
            continue
        syncs = [c for c in body.calls() if _explicit_sync(ctx, c)]
        if not syncs:
            for c in body.calls():  # one call deep: `lambda: run(x)`, `run` a function of the file
                fn = ctx.functions.get(c.func.id) if isinstance(c.func, ast.Name) else None
                if fn is not None and fn is not body.fn:
                    syncs = [s for s in ctx.calls_in_function(fn) if _explicit_sync(ctx, s) and
                             not nested_in(s, fn)]
                    if syncs:
                        break
        if syncs:
            out.append((syncs[0], body.label, len(syncs)))
    return out


def _event_timed(ctx: Context, harness: ast.Call) -> bool:
    """The harness times each call with CUDA events: ``do_bench`` itself, or a function (of the file or of the
    project) that hands the callable on to it."""
    q = ctx.call_name(harness) or ""
    last = q.rpartition(".")[2] or (harness.func.attr if isinstance(harness.func, ast.Attribute) else "")
    if last in _EVENT_HARNESSES:
        return True
    found = ctx.callee_def(harness)
    if found is None:
        return False
    hctx, fn = found
    return any((hctx.call_name(c) or "").rpartition(".")[2] in _EVENT_HARNESSES for c in hctx.calls_in_function(fn))


def _explicit_sync(ctx: Context, c: ast.Call) -> bool:
    return ctx.call_name(c) in SYNC_FUNCS or ctx.method(c) in SYNC_ATTRS
