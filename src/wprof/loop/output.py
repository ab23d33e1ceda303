"""The gauge's text output: per-iteration lines, the ``Average:`` line, and where they go.

Lines go through :mod:`logging` (logger ``"wprof"``) and start with ``<rank>:[wprof] ``. When neither the ``wprof``
logger nor the root logger has a handler, the gauge adds the console handler (plain messages to stderr). By default only rank 0 prints
(``all_ranks=True`` / ``--all-ranks`` for every rank).
"""

from __future__ import annotations

import logging
import math
from typing import Any

from .._log import ensure_console_handler

__all__ = ["LOGGER_NAME", "get_logger", "prefix", "iteration_line", "average_line", "fmt_ms", "LazyLine",
           "clock_note"]

LOGGER_NAME = "wprof"


def get_logger() -> logging.Logger:
    """The ``wprof`` logger; adds the console handler (stderr) when the user configured no logging at all."""
    log = logging.getLogger(LOGGER_NAME)
    if not logging.getLogger().handlers and not log.handlers:
        return ensure_console_handler()
    if log.level == logging.NOTSET:
        log.setLevel(logging.INFO)  # the gauge's lines are what the user asked for: let them reach the handlers
    return log


def prefix(rank: int) -> str:
    """``0:[wprof] `` -- every gauge line starts with it (the rank, then the tool)."""
    return f"{rank}:[wprof] "


def fmt_ms(v: float) -> str:
    return "n/a" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.2f}"


def iteration_line(i: int, iter_ms: float, data_ms: float, step_ms: float, gbs: int | None,
                   tokens: int | None = None) -> str:
    """``[0005]: iter 125.34 ms, data 12.45 ms, fps 256.32`` (``step`` instead of ``fps`` without a batch size),
    then ``, tokens/s 65618`` for token batches."""
    tail = (f"fps {gbs / (step_ms / 1e3):.2f}" if gbs and step_ms > 0 else f"step {fmt_ms(step_ms)} ms")
    if tokens and step_ms > 0:
        tail += f", tokens/s {tokens / (step_ms / 1e3):.0f}"
    return f"[{i:04d}]: iter {fmt_ms(iter_ms)} ms, data {fmt_ms(data_ms)} ms, {tail}"


class LazyLine:
    """An iteration line formatted only if a handler emits it (``logging`` calls ``str()`` when formatting)."""

    __slots__ = ("args",)

    def __init__(self, *args: Any) -> None:
        self.args = args

    def __str__(self) -> str:
        return iteration_line(*self.args)


_CLOCK_WORDS = {"cuda-events": "CUDA events", "host+synchronize": "host clock after synchronize", "host": "host clock"}


def clock_note(clocks: dict[str, str] | None) -> str:
    """``clocks: iter, step, fps on CUDA events; data on the host clock`` (empty without clocks)."""
    if not clocks:
        return ""
    by: dict[str, list[str]] = {}
    for k in ("iter_ms", "step_ms", "fps", "data_ms"):
        if k in clocks:
            by.setdefault(clocks[k], []).append(k.removesuffix("_ms"))
    return "clocks: " + "; ".join(f"{', '.join(v)} on the {_CLOCK_WORDS.get(c, c)}" if c.startswith("host")
                                  else f"{', '.join(v)} on {_CLOCK_WORDS.get(c, c)}" for c, v in by.items())


def _stat(s: Any, unit: str) -> str:
    u = f" {unit}" if unit else ""
    return f"{s.mean:.2f}{u} (median {s.median:.2f}, p95 {s.p95:.2f})"


def average_line(summaries: dict[str, Any], n: int, clocks: dict[str, str] | None = None) -> str:
    """``Average: iter 125.10 ms (median 124.90, p95 130.20), data ..., step ..., fps ... over 30 iterations``, then
    which clock produced each value when ``clocks`` is given."""
    if n == 0:
        return "Average: no iteration was measured"
    parts = [f"iter {_stat(summaries['iter_ms'], 'ms')}", f"data {_stat(summaries['data_ms'], 'ms')}",
             f"step {_stat(summaries['step_ms'], 'ms')}"]
    if "fps" in summaries:
        parts.append(f"fps {_stat(summaries['fps'], '')}")
    if "tokens_per_s" in summaries:
        t = summaries["tokens_per_s"]
        parts.append(f"tokens/s {t.mean:.0f} (median {t.median:.0f}, p95 {t.p95:.0f})")
    note = clock_note(clocks)
    return "Average: " + ", ".join(parts) + f" over {n} iterations" + (f" ({note})" if note else "")
