"""Per-iteration samples that tile a loop and wait inside each sample (twenty-third session, tiled).

``for img in images: t0 = time.time(); x = torch.from_numpy(img).cuda(); y = model(x); times.append(time.time() -
t0)``: the blocking copy from host memory (torch synchronizes the stream after it), or a synchronize, at the top
of each sample drains whatever the previous sample left queued (a read of the step's own value, ``loss.item()``
before the backward, is not counted: the optimizer-tail fixtures of the sixteenth session keep it reported).
When the samples tile the loop (the loop's body does no GPU work outside the sample, so nothing is queued between
one sample's end read and the next one's start read), each sample holds one full period of the loop, shifted by
the part of a step still queued at its end read: their mean or sum is right except for the last sample's tail. With
many passes (20 or more, or a count the file does not show) that tail is a small share: weak, as a whole-loop
region paced by such copies (:func:`._copy_paced.paced_by_host_copies`). A wait before the start read (``x =
x.cuda(); t0 = time.time(); model(x)``) leaves the sample a launch: reported (set 79); so does a loop over a loader
(``for x, y in loader``), whose fetch between two samples runs while the previous step's tail does, untimed (set
91), and a sweep over written-out settings (``for b in [100, 200, ...]``: each sample is its setting's figure, and
one setting's tail lands in the next one's sample; set 84).

Windows of many passes tile the loop the same way (``t0`` read before the loop; ``if step % 10 == 0: dt =
time.time() - t0; t0 = time.time()``): each pass waiting before its last GPU work, a window misses only its last
step's tail and holds the previous window's. A wait counts when it runs on every pass: in the loop's body or a
``with`` block of it, not under a test.
"""

from __future__ import annotations

import ast

from .._walk import stmt_calls, stmt_nodes
from ._host_timer_weak import few_passes


def tiled_waiting_samples(ctx, r) -> bool:
    """``r`` is one sample per pass of a loop of at least 20 passes (or an unknown count) whose body does GPU work
    only inside the sample (the samples tile the loop), and the sample waits for the device, on every pass, in a
    statement of the loop's own body between its start read and its last GPU work (a blocking copy from the host,
    a synchronizing read, a synchronize); or a window of such passes (:func:`_tiled_windows`)."""
    if not 0 <= r.lo < r.hi < len(r.scope.stmts):
        return False  # (a `with` timer's region ends with its block: no end-read statement)
    lp = r.loop
    if lp is None:
        return _tiled_windows(ctx, r)
    if not isinstance(lp, (ast.For, ast.AsyncFor, ast.While)):
        return False
    lo_stmt, hi_stmt = r.scope.stmts[r.lo], r.scope.stmts[r.hi]
    if not _every_pass(lo_stmt, lp) or not _every_pass(hi_stmt, lp):
        return False  # a reading under a test: some passes are not sampled, or start where another ended
    if few_passes(ctx, lp, r.scope) or not _cheap_header(ctx, lp):
        return False  # (a loader's fetch between two samples runs while the previous step's tail does: untimed)
    from ._indexed_sweeps import configuration_loop, indexed_sweep

    if configuration_loop(ctx, lp, r.scope) or indexed_sweep(ctx, lp):
        return False  # `for b in batch_sizes:` one figure per setting, not repeats: b's tail lands in the next one's
    body = _body(r.scope, lp)
    outside = [b for b in body if not r.lo <= b._wp_idx <= r.hi]  # type: ignore[attr-defined]
    if any(ctx.gpu_work_in(stmt_nodes(b)) or (_every_pass(b, lp) and _shown_wait(ctx, b)) for b in outside):
        return False  # GPU work queued, or a wait on every pass (`y.cpu()` after the end read), between one sample's
        # end and the next one's start: not tiled (the tail runs, or is drained, outside every sample)
    if isinstance(lp, ast.While) and ctx.gpu_work_in(list(ast.walk(lp.test))):
        return False
    return _waits_before_last(ctx, r, lp, [b for b in body if r.lo < b._wp_idx < r.hi])  # type: ignore[attr-defined]


def _tiled_windows(ctx, r) -> bool:
    """Windows of many passes: the start read before a loop of at least 20 passes (or an unknown count), the end
    read in that loop's body (``if step % 10 == 0: dt = time.time() - t0; ...; t0 = time.time()``), the start
    read again after it in the same block with no GPU work between (the windows tile the loop), and every pass
    waiting for the device before its last GPU work (``images = torch.rand(...).to(device)`` at the top of each
    step): each window misses only its last step's tail and holds the previous window's."""
    hi_stmt = r.scope.stmts[r.hi]
    loops = [lp for lp in getattr(hi_stmt, "_wp_loops", ()) if r.contains(lp)]
    if not loops or not isinstance(r.scope.stmts[r.lo], ast.Assign):
        return False
    lp = loops[-1]  # the innermost loop holding the end read: its passes fill the windows
    if few_passes(ctx, lp, r.scope):
        return False
    names = {t.id for t in r.scope.stmts[r.lo].targets if isinstance(t, ast.Name)}  # type: ignore[attr-defined]
    clock = ctx.text(r.start)
    parent = getattr(hi_stmt, "_wp_parent", None)
    reset = None
    for b in r.scope.stmts[r.hi + 1:lp._wp_end + 1]:  # type: ignore[attr-defined]
        if getattr(b, "_wp_parent", None) is parent and isinstance(b, ast.Assign) and \
                {t.id for t in b.targets if isinstance(t, ast.Name)} & names and \
                any(ctx.text(n) == clock for n in ast.walk(b.value)):
            reset = b
            break
        if ctx.gpu_work_in(stmt_nodes(b)):
            return False  # GPU work queued between the end read and the next window's start (a wait there drains
            # one step's tail outside the windows: one step of many, still weak)
    if reset is None:
        return False
    return _waits_before_last(ctx, r, lp, [b for b in _body(r.scope, lp) if b._wp_idx < r.hi])  # type: ignore


def _body(scope, lp: ast.stmt) -> list[ast.stmt]:
    return [b for b in scope.stmts[lp._wp_idx + 1:lp._wp_end + 1]  # type: ignore[attr-defined]
            if lp in getattr(b, "_wp_loops", ())]


def _every_pass(st: ast.stmt, lp: ast.stmt) -> bool:
    """``st`` runs on every pass of ``lp``: a statement of its body, or of a ``with`` block in it (no test)."""
    p = getattr(st, "_wp_parent", None)
    while p is not None and p is not lp:
        if not isinstance(p, (ast.With, ast.AsyncWith)):
            return False
        p = getattr(p, "_wp_parent", None)
    return p is lp


def _waits_before_last(ctx, r, lp: ast.stmt, stmts: list[ast.stmt]) -> bool:
    """A statement of ``stmts`` (a pass of ``lp``) run on every pass waits for the device before the last of them
    that does GPU work."""
    last = next((b for b in reversed(stmts) if ctx.gpu_work_in(stmt_nodes(b))), None)
    if last is None:
        return False
    for b in stmts:
        if b._wp_idx >= last._wp_idx:  # type: ignore[attr-defined]
            break
        if isinstance(b, (ast.With, ast.AsyncWith)) or not _every_pass(b, lp):
            continue  # under a test or in an inner loop: not a wait of every pass (a `with` header: its body is read)
        if _waits(ctx, r, b):
            return True
    return False


def _shown_wait(ctx, b: ast.stmt) -> bool:
    """A call of ``b`` waits for the device by itself: a blocking copy from the host, an explicit synchronize, a
    read of a value to the host (``.item()``, ``.cpu()``, ``.numpy()``, ``.tolist()``); not a call that waits only
    by what the file's other code does (a project method read as waiting)."""
    from .._waits import _blocking_host_copy

    return any(_blocking_host_copy(ctx, c) or (ctx.call_name(c) or "").endswith("synchronize") or
               ctx.method(c) in ("item", "cpu", "numpy", "tolist", "synchronize") for c in stmt_calls(b))


def _waits(ctx, r, b: ast.stmt) -> bool:
    """A call of ``b`` waits for the device whatever the sample's own work: a blocking copy from the host, a
    synchronize (not a JAX wait on an array the region does not bind). Not a read of the step's own value
    (``loss.item()`` before the backward): kept reported, as the optimizer-tail fixtures ask (sixteenth session)."""
    from .._region_syncs import waits_on_input
    from .._waits import _blocking_host_copy

    return any(_blocking_host_copy(ctx, c) or (ctx.is_sync(c, hidden=False) and not waits_on_input(c, r))
               for c in stmt_calls(b))


_LISTS = (ast.List, ast.Tuple, ast.Set, ast.ListComp, ast.Constant)
_LISTING = ("os.listdir", "glob.glob", "sorted", "list", "tuple", "os.scandir")


def _cheap_header(ctx, lp: ast.stmt) -> bool:
    """The loop's own step between two passes is host bookkeeping the file shows (a ``range``, a list written out or
    built from a directory listing, a counter test), not a fetch from a loader or an iterator the file does not show
    (``for x, y in loader``: the next batch is read and collated there, outside both samples)."""
    if isinstance(lp, ast.While):
        return not any(isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id == "len")
                       for n in ast.walk(lp.test))
    return _cheap_iter(ctx, lp.iter, 0)  # type: ignore[attr-defined]


def _cheap_iter(ctx, it: ast.AST, depth: int) -> bool:
    if depth > 3:
        return False
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in (
            "enumerate", "zip", "reversed", "tqdm") and it.args:
        return all(_cheap_iter(ctx, a, depth + 1) for a in it.args if not isinstance(a, ast.Starred))
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ("range", "trange"):
        return True
    if isinstance(it, _LISTS):
        return True
    if isinstance(it, ast.Call) and (ctx.call_name(it) or "") in _LISTING:
        return True
    if isinstance(it, ast.Name):
        vs = ctx.assigns.get(it.id)
        return bool(vs) and all(_cheap_iter(ctx, v, depth + 1) for v in vs)
    return False
