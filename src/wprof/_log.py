"""The ``wprof`` logger's console handler: plain messages to whatever ``sys.stderr`` is at the time."""

from __future__ import annotations

import logging
import sys


class _CurrentStderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to the current ``sys.stderr`` (tests and notebooks replace it after the handler is made)."""

    _wprof_console = True

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property  # type: ignore[override]
    def stream(self):  # noqa: D401
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


def ensure_console_handler(level: int = logging.INFO) -> logging.Logger:
    """Attach the console handler to the ``wprof`` logger once (used by the CLI and the gauge)."""
    logger = logging.getLogger("wprof")
    if not any(getattr(h, "_wprof_console", False) for h in logger.handlers):
        h = _CurrentStderr()
        h.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(h)
        logger.propagate = False
    if logger.level == logging.NOTSET or logger.level > level:
        logger.setLevel(level)
    return logger
