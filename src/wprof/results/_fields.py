"""Typed reads of a result document: each field is checked as it is read, so a damaged or hand-edited file is one
error that names the field (``summary.median: expected a number, got 'fast'``), never a traceback later.

Every reader raises :class:`FieldError` (a ``ValueError``); :func:`wprof.results.load_result` turns it into a
:class:`~wprof.errors.ResultFileError` that names the file.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["FieldError", "MISSING", "obj", "text", "integer", "number", "flag", "numbers", "mapping", "texts",
           "opt_obj", "opt_number", "opt_integer", "items"]

MISSING: Any = object()


class FieldError(ValueError):
    """A field of a result document is missing or has the wrong type."""


def _show(v: Any) -> str:
    r = repr(v)
    return r if len(r) <= 40 else r[:37] + "..."


def _get(d: dict[str, Any], key: str, where: str, default: Any) -> Any:
    if key in d:
        return d[key]
    if default is MISSING:
        raise FieldError(f"{where}{key}: missing")
    return default


def obj(v: Any, where: str) -> dict[str, Any]:
    """``v`` itself, checked to be a JSON object."""
    if not isinstance(v, dict):
        raise FieldError(f"{where.rstrip('.')}: expected an object, got {_show(v)}")
    return v


def opt_obj(d: dict[str, Any], key: str, where: str) -> dict[str, Any] | None:
    v = d.get(key)
    return None if v is None else dict(obj(v, where + key))


def mapping(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> dict[str, Any]:
    """An object field (``{}`` when absent or null and a default is given)."""
    v = _get(d, key, where, default)
    if v is None and default is not MISSING:
        return {}
    return dict(obj(v, where + key))


def text(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> str:
    v = _get(d, key, where, default)
    if v is None and default is not MISSING:
        return default
    if not isinstance(v, str):
        raise FieldError(f"{where}{key}: expected a string, got {_show(v)}")
    return v


_INT_LIMIT = 2**63  # counts, sizes and ranks: an integer past this is damage, and would overflow float arithmetic


def integer(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> int:
    v = _get(d, key, where, default)
    if isinstance(v, bool) or not isinstance(v, int):
        if isinstance(v, float) and v.is_integer() and abs(v) < _INT_LIMIT:
            return int(v)
        raise FieldError(f"{where}{key}: expected an integer, got {_show(v)}")
    if abs(v) >= _INT_LIMIT:
        raise FieldError(f"{where}{key}: expected an integer below 2**63, got {_show(v)}")
    return v


def opt_integer(d: dict[str, Any], key: str, where: str) -> int | None:
    return None if d.get(key) is None else integer(d, key, where)


def _num(v: Any, where: str) -> float:
    if v is None:  # NaN and infinities are written as null
        return math.nan
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise FieldError(f"{where}: expected a number, got {_show(v)}")
    try:
        return float(v)
    except OverflowError:
        raise FieldError(f"{where}: expected a number in float range, got {_show(v)}") from None


def number(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> float:
    """A number; ``null`` reads as NaN (how NaN is written)."""
    return _num(_get(d, key, where, default), where + key)


def opt_number(d: dict[str, Any], key: str, where: str) -> float | None:
    return None if d.get(key) is None else number(d, key, where)


def flag(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> bool:
    v = _get(d, key, where, default)
    if not isinstance(v, bool):
        raise FieldError(f"{where}{key}: expected true or false, got {_show(v)}")
    return v


def numbers(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> tuple[float, ...]:
    v = _get(d, key, where, default)
    if not isinstance(v, (list, tuple)):
        raise FieldError(f"{where}{key}: expected a list of numbers, got {_show(v)}")
    return tuple(_num(x, f"{where}{key}[{i}]") for i, x in enumerate(v))


def texts(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> tuple[str, ...]:
    v = _get(d, key, where, default)
    if not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v):
        raise FieldError(f"{where}{key}: expected a list of strings, got {_show(v)}")
    return tuple(v)


def items(d: dict[str, Any], key: str, where: str, default: Any = MISSING) -> list[dict[str, Any]]:
    """A list of objects."""
    v = _get(d, key, where, default)
    if not isinstance(v, (list, tuple)):
        raise FieldError(f"{where}{key}: expected a list, got {_show(v)}")
    return [obj(x, f"{where}{key}[{i}]") for i, x in enumerate(v)]
