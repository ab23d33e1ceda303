"""cProfile over the gauge's window: where the host (Python) spends its time, as a ``.prof`` file and a top table.

cProfile slows Python code several-fold, so step times measured with it are not representative; the gauge says so.
Open the file with ``python -m pstats FILE`` or snakeviz.
"""

from __future__ import annotations

import cProfile
import pstats
from pathlib import Path
from typing import Any

__all__ = ["CProfileWindow", "top_functions"]


def top_functions(stats: pstats.Stats, limit: int = 15) -> list[dict[str, Any]]:
    """The ``limit`` functions with the most cumulative time: name, calls, tottime_ms, cumtime_ms."""
    rows = []
    for (file, line, func), (cc, nc, tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        rows.append({"function": f"{Path(file).name}:{line}({func})", "calls": nc, "tottime_ms": tt * 1e3,
                     "cumtime_ms": ct * 1e3})
    rows.sort(key=lambda r: -r["cumtime_ms"])
    return rows[:limit]


class CProfileWindow:
    """Window action: ``cProfile.Profile`` enabled over the window, dumped to ``path``."""

    name = "cprofile"

    def __init__(self, path: str | Path, limit: int = 15) -> None:
        self.path = Path(path)
        self.limit = limit
        self._prof: cProfile.Profile | None = None

    def start(self) -> None:
        self._prof = cProfile.Profile()
        self._prof.enable()

    def stop(self) -> dict[str, Any]:
        prof, self._prof = self._prof, None
        if prof is None:
            return {}
        prof.disable()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        prof.dump_stats(str(self.path))
        return {"artifact": str(self.path), "top_functions": top_functions(pstats.Stats(prof), self.limit),
                "warning": "cProfile was on during the window: host-side times are inflated."}
