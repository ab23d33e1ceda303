"""Clocks: the one place that talks to ``torch.cuda`` timing.

- Host clock: ``time.perf_counter_ns`` (monotonic, ~80 ns per read on the device machine).
- CUDA event clock: pre-allocated ``torch.cuda.Event(enable_timing=True)`` pairs; ``elapsed_time`` in ms
  (resolution about 0.5 µs), read only after the work is known complete.

Every result names its clock: ``HOST`` or ``CUDA_EVENTS``.
"""

from __future__ import annotations

import time
from typing import Any

from ._optional import require

HOST = "host"
CUDA_EVENTS = "cuda-events"

__all__ = ["HOST", "CUDA_EVENTS", "host_ns", "EventPool", "synchronize"]

host_ns = time.perf_counter_ns


class EventPool:
    """``n`` pre-allocated pairs of timing events on one device (allocate before timing, never inside)."""

    def __init__(self, n: int, device: Any = None) -> None:
        torch = require("torch")
        self._torch = torch
        self.device = device
        with torch.cuda.device(device) if device is not None else _null():
            self.starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
            self.ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]

    def __len__(self) -> int:
        return len(self.starts)

    def grow(self, n: int) -> None:
        """Make room for ``n`` pairs (call between timed spans only)."""
        torch = self._torch
        while len(self.starts) < n:
            self.starts.append(torch.cuda.Event(enable_timing=True))
            self.ends.append(torch.cuda.Event(enable_timing=True))

    def elapsed_ms(self, count: int) -> list[float]:
        """Elapsed ms of the first ``count`` pairs; the caller must have synchronized the end events."""
        return [self.starts[i].elapsed_time(self.ends[i]) for i in range(count)]


def synchronize(device: Any = None) -> None:
    """Wait for all queued work on ``device`` (CUDA) to finish."""
    require("torch").cuda.synchronize(device)


class _null:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *a: object) -> None:
        return None
