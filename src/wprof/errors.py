"""The wprof exception tree.

Every error a user can cause is a :class:`WprofError`; its message quotes the bad value and says the fix, and its
``exit_code`` is what ``wprof`` exits with. ``cli.main`` prints ``wprof: error: <message>`` on stderr and returns the
code. Any other exception escaping wprof is a bug and keeps its traceback.

::

    WprofError (exit 1)
    ├── UsageError (2)                  bad arguments, flags or configuration values
    │   └── ConfigError (2)             a bad token in the WPROF environment variable
    ├── TargetError (3)                 a benchmark target / script cannot be found or loaded
    ├── UserCodeError (4)               the user's callable or script raised; names the phase
    ├── DeviceUnavailableError (5)      CUDA (or the requested device) is not available
    ├── MissingDependencyError (6)      an optional package is missing; carries the pip line
    ├── ResultFileError (7)             a result file cannot be read, parsed or written
    └── ProfilerError (8)               an external profiler (nsys, ncu) failed or is missing
"""

from __future__ import annotations

__all__ = [
    "WprofError",
    "UsageError",
    "ConfigError",
    "TargetError",
    "UserCodeError",
    "DeviceUnavailableError",
    "MissingDependencyError",
    "ResultFileError",
    "ProfilerError",
]


class WprofError(Exception):
    """Base class of every error wprof raises on purpose."""

    exit_code: int = 1


class UsageError(WprofError):
    """A bad argument value: the message quotes it and says what is accepted."""

    exit_code = 2


class ConfigError(UsageError):
    """A bad token in the ``WPROF`` environment variable or a config table."""

    exit_code = 2


class TargetError(WprofError):
    """A target (``file.py:factory``, ``module:factory``, a script) cannot be found, loaded or called."""

    exit_code = 3


class UserCodeError(WprofError):
    """The user's code raised. ``phase`` says when (setup, first call, warmup, timing)."""

    exit_code = 4

    def __init__(self, message: str, *, phase: str | None = None) -> None:
        super().__init__(message)
        self.phase = phase


class DeviceUnavailableError(WprofError):
    """The requested device (CUDA) is not available on this machine."""

    exit_code = 5


class MissingDependencyError(WprofError, ImportError):
    """An optional package is not installed; the message carries the exact ``pip install`` line."""

    exit_code = 6


class ResultFileError(WprofError):
    """A result file cannot be written, read, or parsed (or has an unknown schema)."""

    exit_code = 7


class ProfilerError(WprofError):
    """An external profiler (nsys, ncu) is missing or failed."""

    exit_code = 8
