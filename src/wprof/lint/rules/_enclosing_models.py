"""WP103: a nested function (a thread's target, a request handler) that times the first call of a model its
enclosing function has just built.

``def test_shared_model(cfg): model = WhisperModel(size, device=DEVICE); def worker(i): t0 = time.time();
model.transcribe(path); times.append(time.time() - t0)``, each worker run in a thread: the enclosing function
builds the model anew on each call (one per configuration), so the first worker's sample holds the model's cold
first call, averaged with the warm ones (set 113, ASR-notes' singleton mode). The model is a free name of the
nested function, bound in the enclosing function before the nested ``def`` by a constructor or loader, and used
nowhere else in the enclosing function (no warm-up there).
"""

from __future__ import annotations

import ast
from types import SimpleNamespace

from .._context import Context


def enclosing_fresh_model(ctx: Context, name: str, r, fresh_model, used) -> ast.Call | None:
    """The loader call that binds ``name`` in the function enclosing the region's function (``fresh_model``'s
    answer there), when the region's function is nested in a function with parameters, never binds ``name`` itself,
    and the enclosing function does not use the model before or besides handing it to the nested function."""
    fn = r.scope.node
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    outer = getattr(fn, "_wp_scope", None)
    if outer is None or not isinstance(outer.node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not outer.params:
        return None
    if any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(fn)) or \
            any(isinstance(n, (ast.Nonlocal, ast.Global)) and name in n.names for n in ast.walk(fn)):
        return None
    loader = fresh_model(ctx, name, SimpleNamespace(scope=outer, lo=fn._wp_idx))  # type: ignore[attr-defined]
    if loader is None or used(name, outer, len(outer.stmts)):
        return None
    return loader
