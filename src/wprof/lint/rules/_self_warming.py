"""Library calls that warm themselves up: a fact about a library, not a name of a repository. An Ultralytics model
(``YOLO(weights)``, ``RTDETR(weights)``) runs its input through a predictor that sets itself up and runs
``model.warmup()`` on a dummy batch before the first real frame (``BasePredictor.stream_inference``). Handed a whole
video (a path with a video suffix) or asked to stream (``stream=True``), one call processes every frame after that
warm-up: its first frame is not cold, and the predictor's set-up is a one-off part of a long run. Read by WP103;
one call on one image or tensor stays a cold first call (the set-up is most of it)."""

from __future__ import annotations

import ast

from .._context import Context
from .._names import unwrap_moves

_WARMING_MODELS = ("ultralytics.YOLO", "ultralytics.RTDETR", "ultralytics.YOLOWorld", "ultralytics.NAS")
_RUNS = frozenset({"predict", "track", "__call__"})
_VIDEO = (".mp4", ".avi", ".mov", ".mkv", ".webm", ".m4v", ".mpg", ".mpeg", ".wmv")


def warms_itself(ctx: Context, call: ast.AST) -> bool:
    """``model.predict("clip.mp4", stream=True)`` of an Ultralytics model: the call warms its predictor first and
    runs over a stream of frames."""
    if not isinstance(call, ast.Call):
        return False
    f = call.func
    base = f.value if isinstance(f, ast.Attribute) and f.attr in _RUNS else f if isinstance(f, ast.Name) else None
    if not isinstance(base, ast.Name):
        return False
    values = ctx.assigns.get(base.id, [])
    if not values or not all(isinstance(v := unwrap_moves(x), ast.Call) and
                             (ctx.call_name(v) or "") in _WARMING_MODELS for x in values):
        return False
    if any(k.arg == "stream" and isinstance(k.value, ast.Constant) and k.value.value is True for k in call.keywords):
        return True
    source = [k.value for k in call.keywords if k.arg == "source"] + call.args[:1]
    return bool(source) and _video(ctx, source[0])


def _video(ctx: Context, v: ast.AST) -> bool:
    values = ctx.assigns.get(v.id, []) if isinstance(v, ast.Name) else [v]
    return bool(values) and all(isinstance(x, ast.Constant) and isinstance(x.value, str) and
                                x.value.lower().endswith(_VIDEO) for x in values)
