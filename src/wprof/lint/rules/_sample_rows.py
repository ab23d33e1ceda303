"""A sample printed as its own row beside a mean of the samples (WP103).

``_common._mean_of_per_iteration`` asks whether a region's per-iteration samples end in a mean and no robust
statistic; a read of the samples it cannot follow counts as handled (``_sample_uses._robust``). One read it can
follow: the current sample, ``times[epoch]`` (the list indexed by a loop variable), formatted into a printed row
(``print(f"Epoch {epoch}: {imgs_sec[epoch]:.2f} images/sec")``). That row shows one sample each iteration; the mean
printed after the loop (``np.mean(imgs_sec)``, "Total average") still carries the cold first one (set 131, a
5-epoch DDP benchmark of 25 steps per epoch). A row is no robust statistic, as with the warm-up walk's reading
(``_common._robust_shown``: samples saved or plotted leave the mean biased)."""

from __future__ import annotations

import ast


def printed_row(node: ast.AST) -> bool:
    """``node`` (a read of the samples) is ``samples[i]`` with ``i`` a loop variable of an enclosing ``for``,
    formatted in an f-string or handed to ``print``."""
    sub = getattr(node, "_wp_parent", None)
    if not (isinstance(sub, ast.Subscript) and sub.value is node and isinstance(sub.slice, ast.Name)):
        return False
    st = getattr(node, "_wp_stmt", None)
    loops = getattr(st, "_wp_loops", ()) or ()
    if not any(isinstance(lp, (ast.For, ast.AsyncFor)) and
               any(isinstance(n, ast.Name) and n.id == sub.slice.id for n in ast.walk(lp.target)) for lp in loops):
        return False
    up = getattr(sub, "_wp_parent", None)
    if isinstance(up, ast.FormattedValue):
        return True
    return isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id == "print"
