"""Loop workloads: :class:`Gauge` times the iterations of a training loop (see docs/loop.md).

``from wprof.loop import Gauge`` is light: torch is imported only when a gauge resolves its mode.
"""

from __future__ import annotations

from .config import FLAGS, GaugeConfig, format_wprof, parse_wprof
from .gauge import Gauge
from ..results.loop import Finding, LoopResult

__all__ = ["Gauge", "LoopResult", "Finding", "GaugeConfig", "FLAGS", "parse_wprof", "format_wprof"]
