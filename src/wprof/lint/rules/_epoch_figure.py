"""WP116: what a figure reports: an epoch's wall time, labelled as such (twentieth session, reported).

``start = time.time()`` at the top of each epoch, the epoch's step loop, and after it ``print('Time taken for epoch
{} is {} sec'.format(epoch + 1, int(time.time() - start)))``: the figure spans the whole epoch and says so. The
evaluation or checkpoint the step loop runs every N steps belongs to that epoch, so the epoch's wall time includes
it by definition (set 127). Such a window is reported only when it is labelled as training time or divides a count
(``training_or_rate``), like the epoch loops known from a called epoch's training. An epoch window printed without
a label (``print(ep, t2 - t1, train_loss)``), or one labelled as training time (``"Epoch Training Time"``), stays
reported: it reads as the training's time.
"""
from __future__ import annotations

import ast
import re

_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_TIME = r"(time|took|taken|duration|completed|finished|elapsed)"
_EPOCH_TIME = re.compile(rf"\bepoch\b[^\n]{{0,30}}?\b{_TIME}\b|\b{_TIME}\b[^\n]{{0,25}}?\bepoch\b", re.IGNORECASE)


def epoch_label(st: ast.stmt) -> bool:
    """A string of report statement ``st`` names an epoch's time (``Time taken for epoch``, ``Epoch 3 completed
    in``, ``epoch time``)."""
    return any(isinstance(n, ast.Constant) and isinstance(n.value, str) and _EPOCH_TIME.search(n.value)
               for n in ast.walk(st))


def epoch_window(scope, stmt: ast.stmt, resets: list[int], reports: list) -> bool:
    """The interval read at ``stmt`` spans an epoch: its start clock is restarted in the same loop as the reading
    (the epoch loop), a loop nested in that one lies between the restart and the reading (the epoch's steps), the
    reading is not inside it, and a report of the figure labels it as an epoch's time."""
    loops = getattr(stmt, "_wp_loops", ())
    if not loops:
        return False
    epoch = loops[-1]
    end = stmt._wp_idx  # type: ignore[attr-defined]
    starts = [int(i) for i in resets if i < end and scope.stmts[int(i)]._wp_loops and
              scope.stmts[int(i)]._wp_loops[-1] is epoch]  # type: ignore[attr-defined]
    if not starts:
        return False
    lo = starts[-1]
    if not any(isinstance(st, _LOOPS) and st._wp_loops and st._wp_loops[-1] is epoch  # type: ignore[attr-defined]
               for st in scope.stmts[lo + 1:end]):
        return False
    return any(epoch_label(st) for st, _ in reports)
