"""WP104 in the body of a sample a harness runs: a module built and moved to the device in every sample.

``do_bench(lambda: apex_norm(x))`` where ``apex_norm`` does ``ln = LayerNorm(n).to("cuda")`` before calling it:
each sample constructs the module on the host (parameter allocation and initialisation kernels on the CPU), copies
its parameters to the device (allocations and blocking host-to-device copies) and only then runs the op that the
benchmark compares with the others. The callable is read directly and one call deep (a function of the file it
calls), as for WP101's synchronizes in a harness's callable.

A module is a constructor call (a class of the file, or a name from ``torch.nn``) moved by ``.to(...)``/``.cuda()``,
chained (``Net().cuda()``) or through a name bound to it in the same function (``m = Net(); m.to(dev)``).
"""

from __future__ import annotations

import ast

from .._context import Context
from .._samples import harness_bodies
from .._walk import nested_in


def built_in_samples(ctx: Context) -> list[tuple[ast.Call, str, str]]:
    """(the device move, the module's constructor text and where it is, the harness's label) per callable, the
    first one."""
    out = []
    seen: set[int] = set()
    for body in harness_bodies(ctx):
        moves = [m for c in body.calls() if (m := _module_move(ctx, c, body.calls()))]
        where = ""
        if not moves:
            for c in body.calls():  # one call deep: `lambda: run(x)`, `run` a function of the file
                fn = ctx.functions.get(c.func.id) if isinstance(c.func, ast.Name) else None
                if fn is not None and fn is not body.fn:
                    calls = [x for x in ctx.calls_in_function(fn) if not nested_in(x, fn)]
                    moves = [m for x in calls if (m := _module_move(ctx, x, calls))]
                    if moves:
                        where = f" (in `{c.func.id}`, which the sample calls)"  # type: ignore[attr-defined]
                        break
        moves = [m for m in moves if id(m[0]) not in seen]
        if moves:
            seen.add(id(moves[0][0]))
            out.append((moves[0][0], f"`{moves[0][1]}`{where}", body.label))
    return out


def built_in_regions(ctx: Context) -> list[tuple[ast.Call, str]]:
    """(the device move, the constructor text and where) per timed region whose samples repeat (one per iteration
    of a loop, or a loop inside the region) and build and move a module in every repetition, directly or in a
    function of the file the repeated code calls."""
    from ._number_purpose import whole_run

    out = []
    for r in ctx.regions:
        if r.kind not in ("event", "host") or whole_run(ctx, r):
            continue  # (a whole run's number, `global_step / (time.time() - start)`: what each update builds is
            # part of the run)
        calls = [c for c in r.calls() if _repeated(r, c)]
        moves = [m for c in calls if (m := _module_move(ctx, c, calls))]
        where = ""
        if not moves:
            for c in calls:
                fn = ctx.functions.get(c.func.id) if isinstance(c.func, ast.Name) else None
                if fn is not None:
                    inner = [x for x in ctx.calls_in_function(fn) if not nested_in(x, fn)]
                    moves = [m for x in inner if (m := _module_move(ctx, x, inner))]
                    if moves:
                        where = f" (in `{c.func.id}`, which each sample calls)"  # type: ignore[attr-defined]
                        break
        if moves:
            out.append((moves[0][0], f"`{moves[0][1]}`{where}"))
    return out


def _repeated(r, c: ast.Call) -> bool:
    """``c`` runs once per repetition of one measurement: the loop that makes the samples (the region's own loop,
    or a loop inside it) runs over ``range(...)`` and its variable is not read by the call (a loop over
    configurations builds a new module for each on purpose)."""
    stmt = c._wp_stmt  # type: ignore[attr-defined]
    loops = [lp for lp in stmt._wp_loops if lp is r.loop or r.contains(lp)]  # type: ignore[attr-defined]
    def repeats(lp) -> bool:
        it = getattr(lp, "iter", None)
        names = {n.id for n in ast.walk(getattr(lp, "target", ast.Pass())) if isinstance(n, ast.Name)}
        return isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and \
            not any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(c))
    return bool(loops) and all(repeats(lp) for lp in loops)


def _module_move(ctx: Context, c: ast.Call, calls: list[ast.Call]) -> tuple[ast.Call, str] | None:
    """``c`` moves a module built in the same body to a device: ``Net(...).to(dev)``, ``Net().cuda()``, or
    ``m.to(dev)``/``m.cuda()`` with ``m = Net(...)`` among ``calls``."""
    if not (isinstance(c.func, ast.Attribute) and c.func.attr in ("to", "cuda")):
        return None
    if c.func.attr == "to" and not _device_arg(ctx, c):
        return None  # `.to(torch.bfloat16)`: a cast on the device it is on
    recv = c.func.value
    if isinstance(recv, ast.Call) and _constructor(ctx, recv):
        return c, ctx.text(recv.func)
    if isinstance(recv, ast.Name):
        for other in calls:
            st = getattr(other, "_wp_stmt", None)
            if other.lineno < c.lineno and isinstance(st, ast.Assign) and st.value is other and \
                    len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) and st.targets[0].id == recv.id and \
                    _constructor(ctx, other):
                return c, ctx.text(other.func)
    return None


def _constructor(ctx: Context, c: ast.Call) -> bool:
    if isinstance(c.func, ast.Name) and c.func.id in ctx.classes:
        return True
    q = ctx.call_name(c) or ""
    last = q.rpartition(".")[2]
    return q.startswith("torch.nn.") and last[:1].isupper()


def _device_arg(ctx: Context, c: ast.Call) -> bool:
    """A device is among ``.to(...)``'s arguments: a string or ``torch.device``, ``device=``, or a name or
    attribute that says device."""
    for a in [*c.args, *(k.value for k in c.keywords if k.arg == "device")]:
        if isinstance(a, ast.Constant) and isinstance(a.value, (str, int)) and not isinstance(a.value, bool):
            return True
        if isinstance(a, ast.Call) and (ctx.call_name(a) or "").endswith("device"):
            return True
        text = ctx.text(a).lower()
        if "device" in text or "cuda" in text or text in ("dev", "gpu"):
            return True
    return False
