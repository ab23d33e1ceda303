"""The warmup walk (``_first_run``) on a function of the program called again the way it was called before
(warmforms, set 120): ``for i in range(5): inference()`` as a warm-up, then ``start = timer(); inference()``.

The walk names a value a function makes (``img = transform(img)``) by a new identity on every call, so an op on it
(``img.unsqueeze(0).to("cuda")``) looked like work that never ran, and the second call of the function like a cold
one. A call of a function of the program whose callee and arguments (identities, constants: ``made_by_call``) are
those of a call that ran before runs the same code on values made the same way: an op on a value made inside that
call (or inside the calls it makes) is not new work. What the body reaches outside itself (a global model rebound
to a new object, a compiled callable's first call) is judged as before; a call with other arguments (another model
name, another size) is a first call as before."""

from __future__ import annotations

import ast
import re

_PREFIX = "\0call:"  # the key a completed call's signature is remembered by in the walk's state (`ran`)
_MINTED = re.compile(r"[A-Za-z_]\w*#(\d+)$")  # `img#20`: a value the walk named when a statement made it


def signature(w, c: ast.Call, env: dict, d: tuple | None) -> str | None:
    """The key of ``c``, a call of a function of the program (``d``), with its arguments: None when an argument is
    an expression the walk does not name (then no two calls are known to be the same)."""
    from ._first_run import made_by_call

    if d is None or not isinstance(d[1], (ast.FunctionDef, ast.AsyncFunctionDef)) or \
            not isinstance(c.func, ast.Name):
        return None  # (a method of an instance: its object's state may differ between calls)
    got = made_by_call(w, c, env)
    return None if got is None else _PREFIX + got


def enter(w, sig: str | None, ran) -> None:
    """Before the expansion of a call: remember where the walk's naming of new values stood, and whether the same
    call ran before (``sig`` in ``ran``)."""
    frames = w.__dict__.setdefault("_wp_repeat", [])
    frames.append((w.counter, sig is not None and sig in ran))


def leave(w, sig: str | None, ran) -> None:
    w.__dict__["_wp_repeat"].pop()
    if sig is not None:
        ran.add(sig)


def made_in_repeat(w, key: str | None) -> bool:
    """``key`` is an op on a value named inside a repeated call of a function of the program (``img#20.unsqueeze``
    while the second ``inference()`` runs): the same op on a value made the same way ran in the earlier call."""
    frames = w.__dict__.get("_wp_repeat")
    if not frames or key is None or "." not in key:
        return False
    m = _MINTED.match(key.split(".", 1)[0])
    if m is None or key.split(".", 1)[0] in w.compiled_ids:
        return False
    n = int(m.group(1))
    return any(rep and n > start for start, rep in frames)
