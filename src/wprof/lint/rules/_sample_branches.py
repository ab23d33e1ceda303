"""A sample that runs one of two short ops chosen by a setting (WP101's reading of a sample's work).

``if op == "saxpy": c = alpha * a + b`` / ``else: c = a + b`` inside a timed loop: the test reads no device value
(a string, a flag, an option), so every iteration runs the same one branch, and the sample is short when each branch
alone makes a short sample. The region's statements are in preorder (an ``if`` and then the statements of both
branches); each branch is read as the sample with the ``if`` and the other branch left out.
"""

from __future__ import annotations

import ast
from typing import Callable


def branch_samples(ctx, loop: ast.stmt, stmts: list[ast.stmt], short: Callable) -> ast.stmt | None | bool:
    """None when the sample holds no such choice (read it as it is); False when a branch is not a short sample;
    else the short statement of the first branch."""
    ifs = [s for s in stmts if isinstance(s, ast.If)]
    if len(ifs) != 1 or not ifs[0].orelse or any(isinstance(n, ast.Call) for n in ast.walk(ifs[0].test)):
        return None  # no choice, several, one without `else`, or a test that calls something (a device read?)
    choice = ifs[0]
    found = []
    for keep, drop in ((choice.body, choice.orelse), (choice.orelse, choice.body)):
        dropped = {id(n) for s in drop for n in ast.walk(s) if isinstance(n, ast.stmt)} | {id(choice)}
        kept = {id(n) for s in keep for n in ast.walk(s) if isinstance(n, ast.stmt)}
        if not kept:
            return False
        found.append(short(ctx, loop, [s for s in stmts if id(s) not in dropped]))
    return found[0] if all(found) else False
