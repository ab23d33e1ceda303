"""Load a benchmark target: ``path.py:factory``, ``package.module:factory``, or a timeit-style stmt/setup.

The factory runs once, outside timing: it allocates the inputs and returns the zero-argument callable to time.
Every failure is one clear line: file/module/attribute not found, not callable, the factory raising (phase
"setup"), the factory returning something that is not callable.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import TargetError, UsageError, UserCodeError

__all__ = ["load_target", "parse_params"]


def parse_params(items: list[str] | None) -> dict[str, Any]:
    """``["n=4096", "dtype=bf16"]`` -> ``{"n": 4096, "dtype": "bf16"}`` (Python literals, else strings)."""
    import ast

    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.isidentifier():
            raise UsageError(f"--param {item!r} must look like NAME=VALUE, e.g. --param n=4096.")
        try:
            out[key] = ast.literal_eval(raw)
        except (ValueError, SyntaxError):
            out[key] = raw
    return out


def _first_line(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):  # not wprof's exit status: say what the code did
        return f"it called sys.exit({exc.code!r})"
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


def _import_file(path: Path) -> Any:
    if not path.exists():
        raise TargetError(f"file '{path}' not found. TARGET is path.py:factory or package.module:factory.")
    if path.suffix != ".py":
        raise TargetError(f"'{path}' is not a .py file. TARGET is path.py:factory or package.module:factory.")
    mod_name = f"_wprof_target_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(mod_name, path)
    if spec is None or spec.loader is None:
        raise TargetError(f"cannot load '{path}' as a Python module.")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.resolve().parent))
    sys.modules[mod_name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        raise TargetError(f"syntax error in '{path}' line {exc.lineno}: {exc.msg}.") from None
    except (Exception, SystemExit) as exc:
        raise UserCodeError(f"importing '{path}' raised during setup: {_first_line(exc)}", phase="setup") from exc
    return module


def _import_module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
            raise TargetError(f"module '{name}' not found (on sys.path, cwd {os.getcwd()}). "
                              "Use path.py:factory for a file, or install/cd so the module imports.") from None
        raise UserCodeError(f"importing '{name}' raised during setup: {_first_line(exc)}", phase="setup") from exc
    except SyntaxError as exc:
        raise TargetError(f"syntax error in module '{name}' ({exc.filename} line {exc.lineno}): {exc.msg}.") from None
    except (Exception, SystemExit) as exc:
        raise UserCodeError(f"importing '{name}' raised during setup: {_first_line(exc)}", phase="setup") from exc


def load_target(spec: str, params: dict[str, Any] | None = None) -> tuple[Any, str]:
    """Resolve ``spec`` to (callable, name), or ((fn, args), name) when the factory returns ``(fn, args)``.

    Calls the factory with ``params`` as keyword arguments."""
    where, sep, attr = spec.rpartition(":")
    if not sep or not where or not attr:
        raise TargetError(f"target {spec!r} must be path.py:factory or package.module:factory "
                          "(or use --stmt/--setup).")
    if where.endswith(".py") or os.sep in where or "/" in where:
        module = _import_file(Path(where))
    else:
        module = _import_module(where)
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            names = sorted(n for n in dir(module) if not n.startswith("_") and callable(getattr(module, n, None)))
            raise TargetError(f"'{where}' has no attribute '{attr}'. Callables there: {', '.join(names) or 'none'}.")
        obj = getattr(obj, part)
    if not callable(obj):
        raise TargetError(f"'{where}:{attr}' is a {type(obj).__name__}, not a callable factory.")
    try:
        fn = obj(**(params or {}))
    except TypeError as exc:
        if params and "argument" in str(exc):
            given = ", ".join(f"{k}={v!r}" for k, v in params.items())
            raise UsageError(f"factory '{attr}' does not accept the given --param values ({given}): "
                             f"{_first_line(exc).rstrip(':.')}.") from None
        raise UserCodeError(f"factory '{attr}' raised during setup: {_first_line(exc)}", phase="setup") from exc
    except (Exception, SystemExit) as exc:
        raise UserCodeError(f"factory '{attr}' raised during setup: {_first_line(exc)}", phase="setup") from exc
    if isinstance(fn, tuple) and len(fn) == 2 and callable(fn[0]) and isinstance(fn[1], (tuple, list)):
        return fn, attr  # (fn, args): the inputs are passed to fn, so cache="rotate" can copy them
    if not callable(fn):
        raise TargetError(f"factory '{attr}' returned a {type(fn).__name__}; it must return the zero-argument "
                          "callable to time (allocate inputs in the factory, return e.g. lambda: torch.mm(a, b)), "
                          "or (fn, args) with fn taking args.")
    return fn, attr


def load_stmt(stmt: str, setup: str = "") -> tuple[Callable[[], Any], str]:
    """timeit-style: run ``setup`` once, return a function that runs ``stmt`` in the same namespace."""
    ns: dict[str, Any] = {"__name__": "__wprof_stmt__"}
    try:
        code_setup = compile(textwrap.dedent(setup), "<setup>", "exec")
        body = textwrap.indent(textwrap.dedent(stmt), "    ")
        code_fn = compile(f"def __wprof_fn():\n{body}\n", "<stmt>", "exec")
    except SyntaxError as exc:
        raise TargetError(f"syntax error in {exc.filename} line {exc.lineno}: {exc.msg}.") from None
    try:
        exec(code_setup, ns)
    except (Exception, SystemExit) as exc:
        raise UserCodeError(f"--setup raised during setup: {_first_line(exc)}", phase="setup") from exc
    # stmt names resolve in the setup namespace as globals
    exec(code_fn, ns)
    return ns["__wprof_fn"], stmt.strip().splitlines()[0][:60]
