"""Run a (rewritten) script the way ``python script.py args`` or ``python -m module args`` would.

What the script sees is what the interpreter would give it: ``sys.argv`` (``[script, *args]``; for ``-m`` the
module's file path), a fresh ``__main__`` module with ``__name__ == "__main__"``, ``__file__`` (absolute, as
Python 3.9+ sets it), ``__spec__``/``__package__``/``__loader__`` (set for ``-m`` so relative imports work),
``sys.path[0]`` (the script's directory; the working directory for ``-m``) and the unchanged working directory.
The code is compiled from the rewritten AST under the ORIGINAL filename, and the rewrite keeps every original
statement on its original line, so tracebacks point at the user's file and lines.

The outcome is returned, never raised: :class:`Outcome` carries the exit code Python would have used (0, the
``sys.exit`` code, 1 for an uncaught exception after printing its traceback through ``sys.excepthook``, 130 for
Ctrl-C), so the caller can write results before it exits with that code.
"""

from __future__ import annotations

import ast
import builtins
import importlib.machinery
import importlib.util
import os
import sys
import tokenize
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..errors import TargetError

__all__ = ["Script", "Outcome", "load_script", "load_module", "execute"]


@dataclass
class Script:
    """A script ready to run: its source, parsed tree, and everything ``__main__`` needs."""

    display: str  # what the user typed: "train.py" or "-m pkg.train"
    filename: str  # absolute path compiled into code objects (tracebacks show it)
    source: str
    tree: ast.Module
    argv0: str  # sys.argv[0]
    path0: str  # sys.path[0]
    spec: importlib.machinery.ModuleSpec | None = None  # set for -m


@dataclass(frozen=True)
class Outcome:
    """How the script ended: ``exit_code`` as Python would report it, and why."""

    exit_code: int
    how: str  # "returned" | "sys.exit" | "exception" | "interrupted"
    exception: BaseException | None = None


def _parse(source: str, filename: str, display: str) -> ast.Module:
    try:
        return ast.parse(source, filename=filename)
    except SyntaxError as exc:
        where = f"{display}:{exc.lineno}" if exc.lineno else display
        raise TargetError(f"{where}: syntax error: {exc.msg}. Fix the script; wprof runs only valid Python.") \
            from None


def _read(path: str, display: str) -> str:
    try:
        with tokenize.open(path) as f:  # honours a PEP 263 encoding line, as the interpreter does
            return f.read()
    except (SyntaxError, UnicodeDecodeError) as exc:
        raise TargetError(f"{display}: cannot decode the file ({exc}). Save it as UTF-8.") from None
    except OSError as exc:
        raise TargetError(f"cannot read {display}: {exc.strerror or exc}.") from None


def load_script(path: str) -> Script:
    """Read and parse ``path`` (TargetError, one line, for a missing file, a directory or a syntax error)."""
    if not os.path.exists(path):
        raise TargetError(f"script '{path}' does not exist. Check the path (relative paths start at the working "
                          f"directory, {os.getcwd()}).")
    if os.path.isdir(path):
        raise TargetError(f"'{path}' is a directory; pass the script inside it (e.g. '{os.path.join(path, 'train.py')}') "
                          "or a package with -m.")
    filename = os.path.abspath(path)
    source = _read(path, path)
    return Script(display=path, filename=filename, source=source, tree=_parse(source, filename, path),
                  argv0=path, path0=os.path.dirname(os.path.realpath(path)))


def load_module(name: str) -> Script:
    """Find module ``name`` as ``python -m`` would (a package runs its ``__main__``) and parse its source."""
    display = f"-m {name}"
    path0 = os.getcwd()
    with _sys_path0(path0):
        try:
            spec = importlib.util.find_spec(name)
            if spec is not None and spec.submodule_search_locations is not None:
                spec = importlib.util.find_spec(f"{name}.__main__")
                if spec is None:
                    raise TargetError(f"'{name}' is a package without a __main__ module; run one of its modules "
                                      f"with -m {name}.MODULE.")
        except (ImportError, ValueError) as exc:
            raise TargetError(f"cannot find module '{name}' ({exc}). Run from the directory that holds it or "
                              "install its package.") from None
    if spec is None:
        raise TargetError(f"no module named '{name}' (searched the working directory and sys.path). Check the name "
                          "or run from the directory that holds it.")
    loader = spec.loader
    if spec.origin is None or not isinstance(loader, importlib.machinery.SourceFileLoader):
        raise TargetError(f"module '{name}' has no Python source to rewrite (origin: {spec.origin}).")
    source = loader.get_source(spec.name) or ""
    return Script(display=display, filename=spec.origin, source=source,
                  tree=_parse(source, spec.origin, spec.origin), argv0=spec.origin, path0=path0, spec=spec)


@contextmanager
def _sys_path0(path0: str) -> Iterator[None]:
    """Replace ``sys.path[0]`` (wprof's own entry: its bin dir or the cwd) with the script's, then restore it."""
    saved = list(sys.path)
    if sys.path:
        sys.path[0] = path0
    else:
        sys.path.insert(0, path0)
    try:
        yield
    finally:
        sys.path[:] = saved


def _main_module(script: Script) -> types.ModuleType:
    mod = types.ModuleType("__main__")
    g = mod.__dict__
    g["__file__"] = script.filename
    g["__builtins__"] = builtins
    if script.spec is not None:
        g["__spec__"] = script.spec
        g["__loader__"] = script.spec.loader
        g["__package__"] = script.spec.parent
        g["__cached__"] = script.spec.cached
    else:
        g["__spec__"] = None
        g["__package__"] = None
        g["__cached__"] = None
        g["__loader__"] = importlib.machinery.SourceFileLoader("__main__", script.filename)
    return mod


def _exit_code(code: Any) -> int:
    """The process exit status Python derives from ``SystemExit(code)`` (printing a non-int code to stderr)."""
    if code is None:
        return 0
    if isinstance(code, bool):
        return int(code)
    if isinstance(code, int):
        return code & 0xFF if code >= 0 else code % 256
    try:
        sys.stderr.write(f"{code}\n")
    except Exception:
        pass
    return 1


def _user_traceback(tb: types.TracebackType | None, filename: str) -> types.TracebackType | None:
    """Drop wprof's own frames (this runner) from the top of a traceback."""
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    return tb


def execute(script: Script, code: types.CodeType, args: list[str],
            on_exit: Callable[[Outcome], None] | None = None) -> Outcome:
    """Run ``code`` as ``__main__`` with ``sys.argv = [argv0, *args]``; return how it ended.

    ``on_exit`` runs after the script ends (however it ends) and after an uncaught exception's traceback is printed,
    while ``sys.argv``/``__main__`` are still the script's: the place to finish gauges and write results.
    """
    mod = _main_module(script)
    saved_main = sys.modules.get("__main__")
    saved_argv = sys.argv
    sys.modules["__main__"] = mod
    sys.argv = [script.argv0, *args]
    outcome: Outcome
    try:
        with _sys_path0(script.path0):
            try:
                exec(code, mod.__dict__)
                outcome = Outcome(0, "returned")
            except SystemExit as exc:
                outcome = Outcome(_exit_code(exc.code), "sys.exit", exc)
            except KeyboardInterrupt as exc:
                _print_exception(exc, script.filename)
                outcome = Outcome(130, "interrupted", exc)
            except BaseException as exc:  # the script's own error: print it as Python would, exit 1
                _print_exception(exc, script.filename)
                outcome = Outcome(1, "exception", exc)
            if on_exit is not None:
                on_exit(outcome)
    finally:
        sys.argv = saved_argv
        if saved_main is not None:
            sys.modules["__main__"] = saved_main
    return outcome


def _print_exception(exc: BaseException, filename: str) -> None:
    try:
        sys.stdout.flush()
    except Exception:
        pass
    tb = _user_traceback(exc.__traceback__, filename)
    exc.__traceback__ = tb
    sys.excepthook(type(exc), exc, tb)
