"""Rank and world size, and the one all-gather of per-rank summaries at the window's end.

Rank and world size come from ``torch.distributed`` when it is initialized, else from the ``RANK`` / ``WORLD_SIZE``
environment variables (torchrun, Slurm launchers that export them), else 0 / 1. The gather uses
``torch.distributed.all_gather_object`` (Gloo on CPUs, NCCL on GPUs: with NCCL each rank must have called
``torch.cuda.set_device`` for its GPU, as every NCCL program does). No home-made transport.
"""

from __future__ import annotations

import os
import sys
from typing import Any

__all__ = ["rank_world", "dist_ready", "gather", "aggregate"]


def _dist() -> Any:
    if "torch" not in sys.modules:  # never import torch just to learn there is no process group
        return None
    try:
        import torch.distributed as dist
    except ImportError:
        return None
    try:
        return dist if dist.is_available() and dist.is_initialized() else None
    except Exception:
        return None


def dist_ready() -> bool:
    """True when a torch.distributed process group is initialized."""
    return _dist() is not None


def _env_int(names: tuple[str, ...], default: int) -> int:
    for n in names:
        v = os.environ.get(n)
        if v is not None:
            try:
                return int(v)
            except ValueError:
                continue
    return default


def rank_world() -> tuple[int, int]:
    """``(rank, world_size)`` of this process."""
    dist = _dist()
    if dist is not None:
        return int(dist.get_rank()), int(dist.get_world_size())
    return _env_int(("RANK", "SLURM_PROCID"), 0), _env_int(("WORLD_SIZE", "SLURM_NTASKS"), 1)


def gather(summary: dict[str, Any]) -> list[dict[str, Any]] | None:
    """All-gather one small dict per rank; None when there is no initialized process group (or one rank)."""
    dist = _dist()
    if dist is None or dist.get_world_size() < 2:
        return None
    out: list[Any] = [None] * dist.get_world_size()
    dist.all_gather_object(out, summary)
    return out


def aggregate(per_rank: list[dict[str, Any]], key: str = "step_ms_median") -> dict[str, Any]:
    """Slowest rank and spread of the per-rank medians.

    Each entry holds ``rank`` and the medians ``iter_ms_median``, ``data_ms_median``, ``step_ms_median``. ``spread``
    is (slowest - fastest) / fastest of ``key``; ``slowest_rank`` has the largest ``key``.
    """
    ranks = sorted(per_rank, key=lambda r: r["rank"])
    vals = [(r[key], r["rank"]) for r in ranks if r.get(key) is not None]
    out: dict[str, Any] = {"world_size": len(ranks), "by": key, "ranks": ranks}
    if vals:
        slow, slow_rank = max(vals)
        fast, fast_rank = min(vals)
        out.update(slowest_rank=slow_rank, slowest_ms=slow, fastest_rank=fast_rank, fastest_ms=fast,
                   spread=(slow - fast) / fast if fast > 0 else None)
    return out
