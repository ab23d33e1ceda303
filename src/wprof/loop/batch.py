"""Where a gauge learns its global batch size when none was given (``Gauge.wrap`` and ``wprof run``).

First source that answers: the wrapped object's ``batch_size`` attribute (a torch ``DataLoader``) times the world
size; else the first batch's first dimension (a tensor, or the first tensor-like in a tuple/list/dict batch) times
the world size. Only ``.shape`` is read; nothing here synchronizes the device or imports torch.
"""

from __future__ import annotations

from typing import Any

__all__ = ["batch_size_of", "loader_batch_size", "global_batch_size", "loader_source", "BATCH_SOURCE"]

BATCH_SOURCE = "first dimension of the batch"


def loader_source(obj: Any) -> str:
    """``DataLoader.batch_size``: the attribute the batch size came from, named by the object's type."""
    return f"{type(obj).__name__}.batch_size"


def loader_batch_size(obj: Any) -> int | None:
    """``obj.batch_size`` when it is a positive int (a DataLoader with ``batch_size=None`` gives None)."""
    bs = getattr(obj, "batch_size", None)
    if isinstance(bs, int) and not isinstance(bs, bool) and bs > 0:
        return bs
    return None


def batch_size_of(batch: Any) -> int | None:
    """First dimension of a tensor, or of the first tensor-like in a tuple/list/dict batch; None if there is none."""
    stack = [batch]
    for _ in range(16):
        if not stack:
            return None
        obj = stack.pop(0)
        shape = getattr(obj, "shape", None)
        if shape is not None:
            try:
                return int(shape[0]) if len(shape) >= 1 else None
            except (TypeError, ValueError, IndexError):
                return None
        if isinstance(obj, dict):
            stack.extend(obj.values())
        elif isinstance(obj, (tuple, list)):
            stack.extend(obj)
    return None


def global_batch_size(per_rank: int, source: str) -> tuple[int, str]:
    """``(per_rank x world size, "SOURCE (per_rank) x world size W")`` -- the value and its recorded source."""
    from .distributed import rank_world

    world = rank_world()[1]
    return per_rank * world, f"{source} ({per_rank}) x world size {world}"
