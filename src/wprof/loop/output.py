"""The gauge's text output: per-iteration lines, the ``Average:`` line, and where they go.

Lines go through :mod:`logging` (logger ``"wprof"``) and start with ``<rank>:[wprof] ``. They always go to stderr:
unless the user gave the ``wprof`` logger a handler of its own, the gauge adds the console handler (plain messages to
the current ``sys.stderr``) and stops the lines from propagating to the root logger, whose handlers may write to
stdout (``logging.basicConfig(stream=sys.stdout)``) and would mix wprof's lines into the script's output. By default
only rank 0 prints (``all_ranks=True`` / ``--all-ranks`` for every rank).
"""

from __future__ import annotations

import logging
import math
from typing import Any

from .._log import ensure_console_handler
from ..report.loop import average_line, clock_note  # the end-of-window lines: the renderer `wprof report` uses

__all__ = ["LOGGER_NAME", "get_logger", "prefix", "iteration_line", "average_line", "fmt_ms", "LazyLine",
           "clock_note"]

LOGGER_NAME = "wprof"


def get_logger() -> logging.Logger:
    """The ``wprof`` logger; adds the console handler (stderr, no propagation to the root logger's handlers) unless
    the user gave the ``wprof`` logger handlers of its own."""
    log = logging.getLogger(LOGGER_NAME)
    if not log.handlers:
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

