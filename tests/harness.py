"""Run a script, a module or the wprof command line inside the test process, as a fresh ``python`` would.

Why: a Python process that imports torch costs 3-5 s on the 2-core CI; the same run in the test process (torch already
imported) costs a fraction of a second. See tests/README.md for when a test still starts a process (``e2e`` marker).

What "as a fresh python would" means here, and what it does not cover:
- ``sys.argv``, ``sys.path[0]`` (the script's directory; the working directory for ``-m``), the working directory,
  a fresh ``__main__`` (``__file__`` absolute, ``__name__ == "__main__"``), the environment (``WPROF*`` removed
  unless given), ``sys.stdout``/``sys.stderr`` captured as text.
- How the process ends: an uncaught exception goes through ``sys.excepthook`` (so wprof's chained hook sees it) and
  the exit status is 1; ``SystemExit`` gives its code; an uncaught ``KeyboardInterrupt`` gives ``-2`` (the
  process would die of SIGINT, as ``subprocess`` reports it). Then the exit callbacks that wprof or the script
  registered with ``atexit`` during the run are called, last first, as the interpreter does at exit; callbacks that
  other libraries register (torch) stay registered for real.
- A process that signals itself (``os.kill(os.getpid(), SIGINT/SIGTERM)``, which is how ``wprof run`` dies of
  SIGINT like python) ends the run with ``-signal``; no signal is delivered. So the real signal paths (a SIGTERM
  handler, a death by SIGINT seen by the parent) need an ``e2e`` subprocess test.
- Afterwards everything is put back: cwd, argv, path, meta_path, environment, excepthook, SIGINT/SIGTERM handlers,
  ``wprof.inject.runtime`` sites and ``wprof.loop.exits``' cause, and modules imported from outside the venv and
  wprof (a project's ``engine.py``) are forgotten, so the next run imports its own.
Not covered in-process: a crash of the interpreter, import-time cost, torch imported or not (``test_light_import``),
real signals, several processes (torchrun, Gloo). Those stay ``e2e``.
"""

from __future__ import annotations

import atexit
import builtins
import importlib.machinery
import io
import logging
import os
import runpy
import signal
import sys
import tokenize
import traceback
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Ran", "run_python", "run_wprof", "python_process", "python_env", "SRC", "ROOT"]

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
_HARNESS_FILES = {os.path.abspath(__file__), os.path.abspath(runpy.__file__)}
_KEEP_PREFIXES = tuple({os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)})


@dataclass
class Ran:
    """How an in-process run ended; the fields of ``subprocess.CompletedProcess`` that tests read."""

    returncode: int
    stdout: str
    stderr: str
    how: str = "returned"  # "returned" | "sys.exit" | "exception" | "signal"
    exception: BaseException | None = field(default=None, repr=False)
    args: list[str] = field(default_factory=list)


class _Signalled(BaseException):
    """The run sent itself a fatal signal (``os.kill(os.getpid(), sig)``)."""

    def __init__(self, sig: int) -> None:
        super().__init__(sig)
        self.sig = sig


def python_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Environment for an ``e2e`` subprocess: this checkout's ``src`` first on PYTHONPATH, no ``WPROF*``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WPROF")}
    env["PYTHONPATH"] = str(SRC) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONHASHSEED"] = "0"
    env.setdefault("OMP_NUM_THREADS", "1")  # tiny tensors; no oversubscribed OpenMP threads (tests/conftest.py)
    env.update(extra or {})
    return env


def _exit_status(code: object) -> int:
    """The status the interpreter derives from ``SystemExit(code)`` (a non-int code is printed, status 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _trim(tb: types.TracebackType | None) -> types.TracebackType | None:
    """Drop this harness's (and runpy's) frames from the top of a traceback: python shows the script's first."""
    while tb is not None and os.path.abspath(tb.tb_frame.f_code.co_filename) in _HARNESS_FILES:
        tb = tb.tb_next
    return tb


def _ours(fn: Callable[..., object]) -> bool:
    mod = getattr(fn, "__module__", None) or getattr(getattr(fn, "__func__", None), "__module__", "") or ""
    return mod == "wprof" or mod.startswith(("wprof.", "__main__"))


def _forget(name: str, mod: object) -> bool:
    """A module imported during the run from the project under test (not the venv, not wprof): forget it."""
    try:  # some modules' __path__ is not a list (torch._classes: a namespace object that is not iterable)
        first = list(getattr(mod, "__path__", []) or [])[:1]
    except TypeError:
        first = []
    paths = [getattr(mod, "__file__", None), *first]
    paths = [os.path.realpath(p) for p in paths if isinstance(p, str)]
    if not paths:
        return False
    wprof_dir = os.path.realpath(SRC / "wprof")
    return not any(p.startswith(_KEEP_PREFIXES) or p.startswith(wprof_dir) for p in paths)


@contextmanager
def _isolated(cwd: str | os.PathLike[str] | None, env: Mapping[str, str] | None) -> Iterator[list]:
    """Everything a run may change, saved and put back; yields the list of captured exit callbacks."""
    saved = {
        "cwd": os.getcwd(), "argv": sys.argv, "path": list(sys.path), "meta_path": list(sys.meta_path),
        "modules": set(sys.modules), "main": sys.modules.get("__main__"), "environ": dict(os.environ),
        "excepthook": sys.excepthook, "stdout": sys.stdout, "stderr": sys.stderr,
        "sigint": signal.getsignal(signal.SIGINT), "sigterm": signal.getsignal(signal.SIGTERM),
        "register": atexit.register, "unregister": atexit.unregister, "run_exitfuncs": atexit._run_exitfuncs,
        "kill": os.kill, "loggers": _logging_state(),
    }
    exit_funcs: list[tuple[Callable[..., object], tuple, dict]] = []

    def register(fn, *args, **kwargs):
        if not _ours(fn):
            return saved["register"](fn, *args, **kwargs)
        exit_funcs.append((fn, args, kwargs))
        return fn

    def unregister(fn):
        exit_funcs[:] = [e for e in exit_funcs if e[0] != fn]
        saved["unregister"](fn)

    def kill(pid, sig):
        if pid == os.getpid() and sig in (signal.SIGINT, signal.SIGTERM):
            raise _Signalled(sig)
        return saved["kill"](pid, sig)

    _reset_wprof_state()
    for log in (logging.getLogger(), logging.getLogger("wprof")):  # a fresh interpreter has no handlers
        log.handlers = []
    logging.getLogger("wprof").setLevel(logging.NOTSET)
    logging.getLogger("wprof").propagate = True
    for k in [k for k in os.environ if k.startswith("WPROF")]:
        del os.environ[k]
    os.environ.update(env or {})
    atexit.register, atexit.unregister = register, unregister
    atexit._run_exitfuncs = lambda: _run_exit_funcs(exit_funcs)
    os.kill = kill
    if cwd is not None:
        os.chdir(cwd)
    try:
        yield exit_funcs
    finally:
        atexit.register, atexit.unregister = saved["register"], saved["unregister"]
        atexit._run_exitfuncs = saved["run_exitfuncs"]
        os.kill = saved["kill"]
        sys.stdout, sys.stderr = saved["stdout"], saved["stderr"]
        os.chdir(saved["cwd"])
        sys.argv = saved["argv"]
        sys.path[:] = saved["path"]
        sys.meta_path[:] = saved["meta_path"]
        if saved["main"] is not None:
            sys.modules["__main__"] = saved["main"]
        for name in set(sys.modules) - saved["modules"]:
            if _forget(name, sys.modules[name]):
                del sys.modules[name]
        os.environ.clear()
        os.environ.update(saved["environ"])
        sys.excepthook = saved["excepthook"]
        signal.signal(signal.SIGINT, saved["sigint"])
        signal.signal(signal.SIGTERM, saved["sigterm"])
        _restore_logging(saved["loggers"])
        _reset_wprof_state()


def _logging_state() -> list[tuple[logging.Logger, list[logging.Handler], int, bool]]:
    """The root and ``wprof`` loggers as the test runner set them up (pytest captures logging through root)."""
    return [(log, list(log.handlers), log.level, log.propagate)
            for log in (logging.getLogger(), logging.getLogger("wprof"))]


def _restore_logging(state: list[tuple[logging.Logger, list[logging.Handler], int, bool]]) -> None:
    for log, handlers, level, propagate in state:
        log.handlers = handlers
        log.setLevel(level)
        log.propagate = propagate


def _reset_wprof_state() -> None:
    """Process-wide state a fresh interpreter would not have: the exit cause and the runtime's loop sites."""
    exits = sys.modules.get("wprof.loop.exits")
    if exits is not None and hasattr(exits, "reset"):
        exits.reset()  # the exit cause, live exit hooks, a pending SIGTERM
    elif exits is not None and hasattr(exits, "_cause"):
        exits._cause = None
    runtime = sys.modules.get("wprof.inject.runtime")
    if runtime is not None:
        runtime.reset()


def _run_exit_funcs(exit_funcs: list) -> None:
    """As the interpreter does at exit: last registered first; an error is printed and the next one runs."""
    while exit_funcs:
        fn, args, kwargs = exit_funcs.pop()
        try:
            fn(*args, **kwargs)
        except SystemExit:
            pass
        except BaseException:
            print("Exception ignored in atexit callback:", fn, file=sys.stderr)
            traceback.print_exc()


def _finish(body: Callable[[], object], exit_funcs: list, out: io.StringIO, err: io.StringIO,
            args: list[str]) -> Ran:
    """Run ``body`` and end as the interpreter would (see the module docstring)."""
    how, exc, rc = "returned", None, 0
    try:
        result = body()
        rc = int(result) if isinstance(result, int) and not isinstance(result, bool) else 0
    except SystemExit as e:
        how, exc, rc = "sys.exit", e, _exit_status(e.code)
    except _Signalled as e:
        how, exc, rc = "signal", e, -e.sig
    except BaseException as e:  # noqa: BLE001 - the script's own error, printed as python prints it
        how, exc = "exception", e
        rc = -int(signal.SIGINT) if isinstance(e, KeyboardInterrupt) else 1
        e.__traceback__ = _trim(e.__traceback__)  # the hook prints the exception's own traceback
        sys.excepthook(type(e), e, e.__traceback__)
    try:
        _run_exit_funcs(exit_funcs)
    except _Signalled as e:  # an exit callback killed the process
        how, exc, rc = "signal", e, -e.sig
    return Ran(rc, out.getvalue(), err.getvalue(), how, exc, args)


def run_python(argv: Sequence[str], cwd: str | os.PathLike[str] | None = None,
               env: Mapping[str, str] | None = None) -> Ran:
    """``python ARGV`` inside this process: ``["script.py", *args]``, ``["-m", "pkg.mod", *args]`` or
    ``["-c", "code", *args]``. Relative script paths are relative to ``cwd``."""
    argv = [str(a) for a in argv]
    with _isolated(cwd, env) as exit_funcs:
        out, err = io.StringIO(), io.StringIO()
        if argv[0] == "-m":
            sys.path.insert(0, os.getcwd())

            def body() -> None:
                sys.argv = [argv[1], *argv[2:]]  # runpy puts the module's file in argv[0], as python -m does
                runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        else:
            if argv[0] == "-c":
                source, filename, argv0, path0 = argv[1], "<string>", "-c", ""
                args = argv[2:]
            else:
                filename = os.path.abspath(argv[0])
                try:
                    with tokenize.open(filename) as f:  # honours a coding line, as python does
                        source = f.read()
                except OSError as e:
                    return Ran(2, "", f"{sys.executable}: can't open file {filename!r}: [Errno {e.errno}] "
                                      f"{e.strerror}\n", "returned", e, argv)
                argv0, path0, args = argv[0], os.path.dirname(os.path.realpath(filename)), argv[1:]
            sys.path.insert(0, path0)
            main = types.ModuleType("__main__")
            main.__dict__.update(__file__=filename, __builtins__=builtins, __spec__=None, __package__=None,
                                 __cached__=None, __loader__=importlib.machinery.SourceFileLoader("__main__",
                                                                                                  filename))
            if argv[0] == "-c":
                del main.__dict__["__file__"]
            code = compile(source, filename, "exec", dont_inherit=True)

            def body() -> None:
                sys.modules["__main__"] = main
                sys.argv = [argv0, *args]
                exec(code, main.__dict__)
        sys.stdout, sys.stderr = out, err
        return _finish(body, exit_funcs, out, err, argv)


def run_wprof(argv: Sequence[str], cwd: str | os.PathLike[str] | None = None,
              env: Mapping[str, str] | None = None) -> Ran:
    """``wprof ARGV`` (``python -m wprof ARGV``) inside this process, through ``wprof.cli.main``."""
    from wprof import cli

    argv = [str(a) for a in argv]
    with _isolated(cwd, env) as exit_funcs:
        out, err = io.StringIO(), io.StringIO()
        sys.argv = [str(SRC / "wprof" / "__main__.py"), *argv]
        sys.stdout, sys.stderr = out, err
        return _finish(lambda: cli.main(argv), exit_funcs, out, err, argv)


def python_process(argv: Sequence[str], cwd: str | os.PathLike[str] | None = None,
                   env: Mapping[str, str] | None = None, timeout: float = 120):
    """``python ARGV`` in a fresh process (for ``@pytest.mark.e2e`` tests only): this checkout's ``src`` on
    PYTHONPATH, no ``WPROF*`` unless ``env`` gives it; returns ``subprocess.CompletedProcess`` (text)."""
    import subprocess

    return subprocess.run([sys.executable, *[str(a) for a in argv]], cwd=cwd, env=python_env(env),
                          capture_output=True, text=True, timeout=timeout)
