"""``[tool.wprof.lint]`` in pyproject.toml: ``select``, ``extend-select``, ``ignore``, ``exclude`` (lists of strings)
and ``follow-imports`` (true or false: read the project modules a linted file imports).

The nearest pyproject.toml at or above the start directory that has a ``[tool.wprof.lint]`` table is used. TOML is
read with :mod:`tomllib` (Python 3.11+), else ``tomli`` if installed; without either the table is skipped and the
reason is returned as a note (the run goes on with the defaults).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError

KEYS = ("select", "extend-select", "ignore", "exclude", "follow-imports")


@dataclass(frozen=True)
class LintConfig:
    select: tuple[str, ...] = ("default",)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    follow_imports: bool = True
    source: str | None = None  # the pyproject.toml it came from
    note: str | None = None  # why a config was skipped


def _toml_loader() -> Any:
    try:
        import tomllib

        return tomllib
    except ImportError:
        try:
            import tomli  # type: ignore[import-not-found]

            return tomli
        except ImportError:
            return None


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above ``start`` whose text has a ``[tool.wprof.lint]`` table."""
    start = start.resolve()
    for d in (start, *start.parents):
        f = d / "pyproject.toml"
        if f.is_file():
            try:
                text = f.read_text(encoding="utf-8")
            except OSError:
                continue
            if "tool.wprof.lint" in text or "[tool.wprof]" in text:
                return f
    return None


def load_config(start: Path, explicit: Path | None = None) -> LintConfig:
    """Read the lint table; a bad key or value raises :class:`ConfigError` quoting it."""
    path = explicit or find_pyproject(start)
    if path is None:
        return LintConfig()
    loader = _toml_loader()
    if loader is None:
        return LintConfig(note=f"[tool.wprof.lint] in {path} was not read: Python < 3.11 needs `pip install tomli`")
    try:
        with open(path, "rb") as f:
            doc = loader.load(f)
    except OSError as exc:
        raise ConfigError(f"cannot read config {str(path)!r}: {exc.strerror}") from None
    except Exception as exc:  # tomllib.TOMLDecodeError and tomli's
        raise ConfigError(f"{str(path)!r} is not valid TOML: {exc}") from None
    table = doc.get("tool", {}).get("wprof", {}).get("lint", {})
    if not isinstance(table, dict):
        raise ConfigError(f"[tool.wprof.lint] in {str(path)!r} must be a table")
    values: dict[str, tuple[str, ...]] = {}
    follow = True
    for key, value in table.items():
        if key not in KEYS:
            raise ConfigError(f"unknown key {key!r} in [tool.wprof.lint] of {str(path)!r}: use one of "
                              f"{', '.join(KEYS)}")
        if key == "follow-imports":
            if not isinstance(value, bool):
                raise ConfigError(f"[tool.wprof.lint] follow-imports = {value!r} in {str(path)!r}: give true or false")
            follow = value
            continue
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise ConfigError(f"[tool.wprof.lint] {key} = {value!r} in {str(path)!r}: give a list of strings, "
                              f'e.g. {key} = ["WP101"]')
        values[key] = tuple(value)
    return LintConfig(select=values.get("select", ("default",)), extend_select=values.get("extend-select", ()),
                      ignore=values.get("ignore", ()),
                      exclude=values.get("exclude", ()), follow_imports=follow, source=str(path))
