"""The gauge's exit paths: ``atexit`` and SIGTERM, so that an interrupted run still writes its result.

SIGTERM becomes ``SystemExit(128 + 15)`` (only when no other handler is installed), so ``atexit`` runs; the gauge's
callback finishes the window as ``interrupted`` (or ``partial`` before it started). :func:`cause` says why the process
is ending, for that result's reason: an uncaught exception (seen through a chained ``sys.excepthook``, which runs
before ``atexit``), SIGTERM, or None for the end of the script or ``sys.exit``.
"""

from __future__ import annotations

import atexit
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["ExitHook", "cause"]

_cause: str | None = None
_prev_excepthook: Any = None


def cause() -> str | None:
    """Why the process is ending: ``"Ctrl-C: uncaught KeyboardInterrupt"``, ``"uncaught ValueError"``,
    ``"SIGTERM"``, or None (the script ended or called ``sys.exit``, as far as Python can tell)."""
    return _cause


def _excepthook(tp: type[BaseException], value: BaseException, tb: Any) -> None:
    global _cause
    _cause = ("Ctrl-C: " if issubclass(tp, KeyboardInterrupt) else "") + f"uncaught {tp.__name__}"
    (_prev_excepthook or sys.__excepthook__)(tp, value, tb)


def _chain_excepthook() -> None:
    global _prev_excepthook
    if sys.excepthook is not _excepthook:
        _prev_excepthook = sys.excepthook
        sys.excepthook = _excepthook


def _sigterm(signum: int, frame: Any) -> None:
    """SIGTERM -> SystemExit, so atexit runs and the gauge writes its (interrupted) result."""
    global _cause
    _cause = "SIGTERM"
    raise SystemExit(128 + signum)


class ExitHook:
    """Runs ``callback`` at interpreter exit (and on SIGTERM) until :meth:`remove` is called."""

    def __init__(self, callback: Callable[[], None]) -> None:
        self.callback = callback
        self.installed = False
        self._old_sigterm: Any = None

    def install(self) -> None:
        self.installed = True
        atexit.register(self.callback)
        _chain_excepthook()
        if threading.current_thread() is threading.main_thread():
            try:
                if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
                    self._old_sigterm = signal.signal(signal.SIGTERM, _sigterm)
            except (ValueError, OSError):
                pass

    def remove(self) -> None:
        atexit.unregister(self.callback)
        if self._old_sigterm is not None and threading.current_thread() is threading.main_thread():
            try:
                if signal.getsignal(signal.SIGTERM) is _sigterm:
                    signal.signal(signal.SIGTERM, self._old_sigterm)
            except (ValueError, OSError):
                pass
            self._old_sigterm = None
