"""Small readings of a sample's syntax tree shared by WP101's sample-length model (split out of `_sample_length`):
whether a node sits inside another expression, the outermost nodes of a list of work, the names a loop target binds."""

from __future__ import annotations

import ast


def inside(node: ast.AST, outer: ast.AST) -> bool:
    p = getattr(node, "_wp_parent", None)
    while p is not None and not isinstance(p, ast.stmt) and p is not outer:
        p = getattr(p, "_wp_parent", None)
    return p is outer and not isinstance(p, ast.stmt)


def top_nodes(work: list[ast.AST]) -> list[ast.AST]:
    ids = {id(n) for n in work}
    out = []
    for n in work:
        p = getattr(n, "_wp_parent", None)
        nested = False
        while p is not None and not isinstance(p, ast.stmt):
            if id(p) in ids:
                nested = True
                break
            p = getattr(p, "_wp_parent", None)
        if not nested:
            out.append(n)
    return out


def names(target: ast.AST | None) -> set[str]:
    if target is None:
        return set()
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name) and n.id != "_"}
