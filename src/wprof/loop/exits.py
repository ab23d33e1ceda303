"""The gauge's exit paths: ``atexit`` and SIGTERM, so that an interrupted run still writes its result.

SIGTERM becomes ``SystemExit(128 + 15)`` (only when no other handler is installed), so ``atexit`` runs; the gauge's
callback finishes the window as ``interrupted`` (or ``partial`` before it started).
"""

from __future__ import annotations

import atexit
import signal
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["ExitHook"]


def _sigterm(signum: int, frame: Any) -> None:
    """SIGTERM -> SystemExit, so atexit runs and the gauge writes its (interrupted) result."""
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
