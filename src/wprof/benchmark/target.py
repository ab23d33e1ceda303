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

__all__ = ["call_factory", "load_target", "parse_axes", "parse_params", "resolve_factory", "unpack_target"]


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


def _split_top(raw: str) -> list[str]:
    """Split at commas outside brackets and quotes: ``1024,2048`` -> 2 pieces, ``(1,2)`` -> 1."""
    parts, depth, quote, cur = [], 0, "", []
    for ch in raw:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return parts


def _literal(raw: str) -> Any:
    import ast

    try:
        return ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        return raw


def parse_axes(items: list[str] | None) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """``--param`` values -> (fixed, axes). ``n=4096`` is fixed; ``n=1024,2048,4096`` (commas outside brackets and
    quotes) is an axis of a sweep, each value a Python literal or else a string. ``shape=(1024,1024)`` stays one
    value (a tuple); a string with a comma needs quotes: ``sep="','"``."""
    fixed: dict[str, Any] = {}
    axes: dict[str, list[Any]] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.isidentifier():
            raise UsageError(f"--param {item!r} must look like NAME=VALUE or NAME=V1,V2,..., e.g. --param n=4096.")
        if key in fixed or key in axes:
            raise UsageError(f"--param {key} is given twice; give all its values in one flag: --param {key}=A,B,C.")
        pieces = [p.strip() for p in _split_top(raw)]
        if len(pieces) == 1:
            fixed[key] = _literal(raw)
            continue
        if any(not p for p in pieces):
            raise UsageError(f"--param {item!r} has an empty value between commas; write e.g. {key}=1024,2048.")
        values = [_literal(p) for p in pieces]
        if len({repr(v) for v in values}) != len(values):
            raise UsageError(f"--param {item!r} repeats a value; give each value once.")
        axes[key] = values
    return fixed, axes


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


def resolve_factory(spec: str) -> tuple[Callable[..., Any], str]:
    """Import the module or file of ``spec`` (once) and return (factory, attribute name)."""
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
    return obj, attr


def call_factory(factory: Callable[..., Any], attr: str, params: dict[str, Any] | None = None) -> Any:
    """Call the factory with ``params`` as keyword arguments; returns what it returned, checked: a callable,
    ``(fn, args)``, ``(fn, {work})`` or ``(fn, args, {work})`` (see :func:`unpack_target`)."""
    try:
        fn = factory(**(params or {}))
    except TypeError as exc:
        if params and "argument" in str(exc):
            given = ", ".join(f"{k}={v!r}" for k, v in params.items())
            raise UsageError(f"factory '{attr}' does not accept the given --param values ({given}): "
                             f"{_first_line(exc).rstrip(':.')}.") from None
        raise UserCodeError(f"factory '{attr}' raised during setup: {_first_line(exc)}", phase="setup") from exc
    except (Exception, SystemExit) as exc:
        raise UserCodeError(f"factory '{attr}' raised during setup: {_first_line(exc)}", phase="setup") from exc
    if isinstance(fn, tuple) and len(fn) in (2, 3) and callable(fn[0]) and (
            isinstance(fn[-1], dict) or (len(fn) == 2 and isinstance(fn[1], (tuple, list)))):
        if len(fn) == 3 and not isinstance(fn[1], (tuple, list)):
            raise TargetError(f"factory '{attr}' returned (fn, {type(fn[1]).__name__}, dict); the middle item must "
                              "be the args tuple: (fn, args, {'flops': ..., 'bytes': ...}).")
        return fn  # (fn, args) / (fn, work) / (fn, args, work)
    if not callable(fn):
        raise TargetError(f"factory '{attr}' returned a {type(fn).__name__}; it must return the zero-argument "
                          "callable to time (allocate inputs in the factory, return e.g. lambda: torch.mm(a, b)), "
                          "or (fn, args) with fn taking args, optionally with a work declaration "
                          "(fn, {'flops': ..., 'bytes': ...}).")
    return fn


def load_target(spec: str, params: dict[str, Any] | None = None) -> tuple[Any, str]:
    """Resolve ``spec`` to (callable, name), or ((fn, args), name) when the factory returns ``(fn, args)`` (or the
    tuple with a work declaration: :func:`unpack_target` splits it).

    Calls the factory with ``params`` as keyword arguments."""
    factory, attr = resolve_factory(spec)
    return call_factory(factory, attr, params), attr


def unpack_target(obj: Any) -> tuple[Callable[..., Any], tuple | None, dict[str, Any] | None]:
    """What a factory returned -> (fn, args or None, work declaration or None)."""
    if not isinstance(obj, tuple):
        return obj, None, None
    if len(obj) == 3:
        return obj[0], tuple(obj[1]), dict(obj[2])
    if isinstance(obj[1], dict):
        return obj[0], None, dict(obj[1])
    return obj[0], tuple(obj[1]), None


def load_stmt(stmt: str, setup: str = "") -> tuple[Callable[[], Any], str]:
    """timeit-style: run ``setup`` once, return a function that runs ``stmt`` in the same namespace."""
    ns: dict[str, Any] = {"__name__": "__wprof_stmt__"}
    try:
        code_setup = compile(textwrap.dedent(setup), "<setup>", "exec")
        body = textwrap.indent(textwrap.dedent(stmt), "    ")
        code_fn = compile(f"def __wprof_fn():\n{body}\n", "<stmt>", "exec")
    except SyntaxError as exc:
        line = (exc.lineno or 1) - (1 if exc.filename == "<stmt>" else 0)  # the statement's own line, not the wrapper's
        raise TargetError(f"syntax error in {exc.filename} line {line}: {exc.msg}.") from None
    try:
        exec(code_setup, ns)
    except (Exception, SystemExit) as exc:
        raise UserCodeError(f"--setup raised during setup: {_first_line(exc)}", phase="setup") from exc
    # stmt names resolve in the setup namespace as globals
    exec(code_fn, ns)
    return ns["__wprof_fn"], stmt.strip().splitlines()[0][:60]
