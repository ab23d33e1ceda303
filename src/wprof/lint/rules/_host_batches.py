"""Synthetic batches drawn on the host and copied to the device in every step of a timed training loop (WP104).

A training region's own tensors (labels, noise, accumulators) are part of the step, and random inputs drawn in a
``range`` loop in place of a data loader are reported only on request. One case is reported by default, on a cost
model: a random batch drawn on the host (a ``torch`` draw with no ``device``, no CuPy) and moved to the device
(``torch.rand(b, 3, 224, 224).to(device)``, ``.cuda()``) in every iteration of a loop inside the timed window (a
``range`` loop or a ``while`` loop: not a loop over a data loader, whose batches are the run's input), whose size the
code shows to be large (at least :data:`LARGE_ELEMENTS` elements): the host RNG fills it at a few hundred MB/s on
one core and the copy goes from pageable memory, tens of milliseconds per step, a material share of the step time
the window reports. A small draw (an index, a label vector) stays an opt-in finding.
"""

from __future__ import annotations

import ast

from .._context import Context, dotted
from ._one_step_inputs import _RANDOM
from ._tensor_sizes import _elements

LARGE_ELEMENTS = 1 << 22  # 4M elements (16 MB in fp32): tens of ms of host RNG and pageable copy per step


def host_drawn_batch(ctx: Context, r, c: ast.Call, moved) -> bool:
    """``c``, inside training region ``r``, is a large random batch drawn on the host and moved to the device in
    every iteration of a ``range``/``while`` loop of the region (``moved`` is the rule's test of the move)."""
    q = ctx.call_name(c) or ""
    head, _, last = q.rpartition(".")
    if head != "torch" or last not in _RANDOM or last.endswith("_like"):
        return False
    if any(k.arg == "device" for k in c.keywords) or not moved(ctx, c):
        return False
    stmt = getattr(c, "_wp_stmt", c)
    loops = [lp for lp in getattr(stmt, "_wp_loops", ()) if r.contains(lp) or lp is r.loop]
    if not loops or not all(isinstance(lp, ast.While) or (isinstance(lp, ast.For) and isinstance(lp.iter, ast.Call)
                                                          and dotted(lp.iter.func) == "range") for lp in loops):
        return False
    n = _elements(ctx, c, 0)
    return n is not None and n >= LARGE_ELEMENTS
