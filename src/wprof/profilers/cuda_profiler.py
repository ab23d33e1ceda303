"""``torch.cuda.profiler.start()/stop()`` (cudaProfilerStart/Stop) at the edges of the gauge's window.

With no profiler attached both calls return at once, so the gauge makes them unconditionally (``profiler_api=True``).
Under ``nsys profile --capture-range=cudaProfilerApi --capture-range-end=stop`` or ``ncu --profile-from-start off``
only the window is captured.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CudaProfilerRange"]


class CudaProfilerRange:
    """Window action: cudaProfilerStart at the window's start, cudaProfilerStop at its end."""

    name = "profiler_api"

    def __init__(self) -> None:
        import torch

        self._profiler = torch.cuda.profiler
        self._started = False

    def start(self) -> None:
        self._profiler.start()
        self._started = True

    def stop(self) -> dict[str, Any]:
        if self._started:
            self._profiler.stop()
            self._started = False
        return {}
