"""Where a gauge learns its global batch size when none was given (``Gauge.wrap`` and ``wprof run``).

First source that answers: the wrapped object's ``batch_size`` attribute (a torch ``DataLoader``) times the world
size; else the first batch's first dimension (a tensor, or the first tensor-like in a tuple/list/dict batch) times
the world size. Only ``.shape`` is read; nothing here synchronizes the device or imports torch.
"""

from __future__ import annotations

from typing import Any

__all__ = ["batch_size_of", "tokens_of", "loader_batch_size", "global_batch_size", "loader_source", "BATCH_SOURCE",
           "TOKENS_SOURCE", "dim_source"]

BATCH_SOURCE = "first dimension of the batch"
TOKENS_SOURCE = "elements of the batch's token-id tensor"
_INT_DTYPES = {"torch.int64", "torch.int32", "torch.int16", "torch.uint16", "torch.uint32", "int64", "int32", "int16"}
_TOKEN_KEYS = ("input_ids", "tokens", "token_ids", "idx")


def dim_source(dim: int) -> str:
    """``first dimension of the batch`` / ``dimension 1 of the batch``."""
    return BATCH_SOURCE if dim == 0 else f"dimension {dim} of the batch"


def loader_source(obj: Any) -> str:
    """``DataLoader.batch_size``: the attribute the batch size came from, named by the object's type."""
    return f"{type(obj).__name__}.batch_size"


def loader_batch_size(obj: Any) -> int | None:
    """``obj.batch_size`` when it is a positive int (a DataLoader with ``batch_size=None`` gives None)."""
    bs = getattr(obj, "batch_size", None)
    if isinstance(bs, int) and not isinstance(bs, bool) and bs > 0:
        return bs
    return None


def _tensors(batch: Any):
    """Tensor-likes (objects with ``.shape``) of a batch, breadth first through tuples, lists and dicts."""
    stack = [batch]
    for _ in range(64):
        if not stack:
            return
        obj = stack.pop(0)
        if getattr(obj, "shape", None) is not None:
            yield obj
        elif isinstance(obj, dict):
            stack.extend(obj.values())
        elif isinstance(obj, (tuple, list)):
            stack.extend(obj)


def batch_size_of(batch: Any, dim: int = 0) -> int | None:
    """Dimension ``dim`` (the first by default) of a tensor, or of the first tensor-like in a tuple/list/dict batch;
    None if there is none (or it has too few dimensions)."""
    for obj in _tensors(batch):
        try:
            shape = obj.shape
            return int(shape[dim]) if len(shape) > dim else None
        except (TypeError, ValueError, IndexError):
            return None
    return None


def tokens_of(batch: Any) -> int | None:
    """Token ids in a batch: the number of elements of its ``input_ids`` (a dict batch; also ``tokens``,
    ``token_ids``, ``idx``), else of its first tensor-like, when that tensor holds integers and has at least two
    dimensions (a batch of sequences: padding counts). None for anything else (images, features, 1-D labels)."""
    if isinstance(batch, dict):
        for k in _TOKEN_KEYS:
            if k in batch:
                batch = batch[k]
                break
    for obj in _tensors(batch):
        shape = getattr(obj, "shape", ())
        if str(getattr(obj, "dtype", "")) not in _INT_DTYPES:
            return None
        try:
            if len(shape) < 2:
                return None
            n = 1
            for d in shape:
                n *= int(d)
            return n or None
        except (TypeError, ValueError):
            return None
    return None


def global_batch_size(per_rank: int, source: str) -> tuple[int, str]:
    """``(per_rank x world size, "SOURCE (per_rank) x world size W")`` -- the value and its recorded source."""
    from .distributed import rank_world

    world = rank_world()[1]
    return per_rank * world, f"{source} ({per_rank}) x world size {world}"
