"""The gauge's exit paths: ``atexit``, SIGTERM and fork, so that an interrupted run still writes its result and the
script still ends as it would under ``python`` (docs/reliability.md states the guarantees).

- **Interpreter exit** (end of the script, ``sys.exit``, an uncaught exception, Ctrl-C): an ``atexit`` callback per
  live gauge finishes its window as ``interrupted`` (``partial`` before it started). :func:`cause` says why the
  process is ending, for that result's reason: an uncaught exception (seen through a chained ``sys.excepthook``,
  which runs before ``atexit``), SIGTERM, or None for the end of the script or ``sys.exit``.
- **SIGTERM** (only when no other handler is installed: the script's own handler wins): the handler writes the result
  of every live gauge at once, then restores the default action and sends SIGTERM again, so the process dies of
  signal 15 exactly as under ``python`` (status -15 / 143 in a shell; the script's ``except:`` and ``finally`` blocks
  never see it, as they would not without wprof). A SIGTERM that arrives while a gauge is writing its result waits
  for the write to finish.
- **fork**: a child forked while a gauge is live (a helper, a worker) inherits nothing: ``os.register_at_fork``
  switches the child's copies of the gauges off (they pass batches through, write and print nothing), drops their
  exit callbacks and gives SIGTERM back its default action. The ``atexit`` callback also checks the process id.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["ExitHook", "cause"]

_cause: str | None = None
_prev_excepthook: Any = None
_hooks: list[ExitHook] = []  # installed and not removed, in this process, oldest first
_old_sigterm: Any = None  # the disposition ours replaced (always SIG_DFL: we never replace another handler)
_pending: int | None = None  # a signal that arrived while a gauge was writing: delivered once the write ends
_fork_hook = False


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


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass


def die_of(signum: int) -> None:
    """End the process as the signal's default action would (the parent sees "killed by signal N")."""
    _flush()
    try:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        time.sleep(1.0)  # delivery to this (main) thread is immediate on Linux; this only covers odd platforms
    finally:
        os._exit(128 + signum)


def _sigterm(signum: int, frame: Any) -> None:
    """SIGTERM: write every live gauge's result, then die of SIGTERM as python would."""
    global _cause, _pending
    _cause = "SIGTERM"
    if any(h.busy() for h in _hooks):
        _pending = signum  # a result is being written: ExitHook.remove() delivers the signal after it
        return
    _finish_all_and_die(signum)


def _finish_all_and_die(signum: int) -> None:
    pid = os.getpid()
    for h in list(_hooks):
        if h.pid == pid:
            try:
                h.callback()
            except BaseException:  # noqa: BLE001 -- the process is dying of the signal whatever a callback does
                pass
    die_of(signum)


def _install_sigterm() -> None:
    """Our handler, only over the default action (a handler of the script or a framework is left alone)."""
    global _old_sigterm
    if threading.current_thread() is not threading.main_thread():
        return  # signal handlers can only be set from the main thread
    try:
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            _old_sigterm = signal.signal(signal.SIGTERM, _sigterm)
    except (ValueError, OSError):
        pass


def _restore_sigterm() -> None:
    """The default action back, if our handler is still the one installed."""
    if threading.current_thread() is not threading.main_thread():
        return
    try:
        if signal.getsignal(signal.SIGTERM) is _sigterm:
            signal.signal(signal.SIGTERM, _old_sigterm if _old_sigterm is not None else signal.SIG_DFL)
    except (ValueError, OSError):
        pass


def reset() -> None:
    """Forget the process-wide state (the exit cause, live hooks, a pending signal): for tests that run scripts in
    the test process as a fresh interpreter would (tests/harness.py)."""
    global _cause, _pending
    _cause, _pending = None, None
    _hooks.clear()
    _restore_sigterm()


_fork_mask: set[int] | None = None  # the forking thread's signal mask while SIGTERM is held across a fork


def _before_fork() -> None:
    """Hold SIGTERM across the fork while our handler is installed: the child would otherwise inherit the handler
    for the moment before :func:`_after_fork_in_child` restores the default, and a SIGTERM sent to it then was
    lost (python's child would have died of it). Held, it is delivered after, with the action the process has."""
    global _fork_mask
    try:
        if signal.getsignal(signal.SIGTERM) is _sigterm:
            _fork_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    except (ValueError, OSError, AttributeError):
        _fork_mask = None


def _release_fork_mask() -> None:
    global _fork_mask
    if _fork_mask is not None:
        mask, _fork_mask = _fork_mask, None
        try:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        except (ValueError, OSError):
            pass


def _after_fork_in_child() -> None:
    """The child of a fork inherits copies of the live gauges: switch them off, drop their exit paths."""
    try:
        _switch_off_in_child()
    finally:
        _release_fork_mask()  # a SIGTERM held across the fork now ends the child by the default action


def _switch_off_in_child() -> None:
    global _cause, _pending
    _cause, _pending = None, None
    hooks = list(_hooks)
    _hooks.clear()
    for h in hooks:
        atexit.unregister(h.at_exit)
        if h.on_fork_child is not None:
            try:
                h.on_fork_child()
            except Exception:
                pass
    _restore_sigterm()


class ExitHook:
    """Runs ``callback`` at interpreter exit and on SIGTERM, in the installing process only, until :meth:`remove`.

    ``busy``: True while the owner is writing its result (a SIGTERM then waits for the write); ``on_fork_child``:
    called in the child of a fork (the owner switches itself off there)."""

    def __init__(self, callback: Callable[[], None], busy: Callable[[], bool] | None = None,
                 on_fork_child: Callable[[], None] | None = None) -> None:
        self.callback = callback
        self.busy: Callable[[], bool] = busy or (lambda: False)
        self.on_fork_child = on_fork_child
        self.installed = False
        self.pid: int | None = None

    def at_exit(self) -> None:
        if self.pid == os.getpid():  # never in a forked child (the fork hook unregisters it there too)
            self.callback()

    def install(self) -> None:
        global _fork_hook
        self.installed = True
        self.pid = os.getpid()
        atexit.register(self.at_exit)
        _hooks.append(self)
        _chain_excepthook()
        if not _fork_hook and hasattr(os, "register_at_fork"):
            os.register_at_fork(before=_before_fork, after_in_parent=_release_fork_mask,
                                after_in_child=_after_fork_in_child)
            _fork_hook = True
        _install_sigterm()

    def remove(self) -> None:
        global _pending
        atexit.unregister(self.at_exit)
        if self in _hooks:
            _hooks.remove(self)
        if _pending is not None and not any(h.busy() for h in _hooks):
            signum, _pending = _pending, None
            _finish_all_and_die(signum)  # a SIGTERM came while this result was written: now it ends the process
        if not _hooks:
            _restore_sigterm()
