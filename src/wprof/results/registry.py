"""The one registry of result kinds: schema, the versions read, the class, and the renderer.

Each kind is named by import path, so :func:`load_result` imports only the class of the file it reads (never torch)
and ``wprof report`` imports only that kind's renderer. A new kind (the sweep) adds one :class:`Kind` here, one
module in ``wprof/results/`` and one in ``wprof/report/``; ``tests/results/test_registry.py`` checks that every
entry resolves.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import Any

from ..errors import ResultFileError
from ._fields import FieldError
from ._io import read_json
from ._text import printable

__all__ = ["Kind", "KINDS", "kind_of", "result_class", "renderer", "html_page", "load_result", "parse_result"]


@dataclass(frozen=True)
class Kind:
    """One result kind. ``reads``: the schema versions this wprof reads (the class upgrades the older ones)."""

    name: str  # "wprof.bench"
    version: int  # the version written now
    reads: tuple[int, ...]
    cls: str  # "module:Class" of the frozen result class
    renderer: str  # module in wprof.report with blocks(result, samples=False)
    html: str = ""  # "module:function(result) -> str": the self-contained HTML page (wprof.report.html)

    @property
    def schema(self) -> str:
        return f"{self.name}/{self.version}"


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("wprof.bench", 2, (1, 2), "wprof.results.bench:BenchResult", "wprof.report.bench",
         "wprof.report.html_bench:bench_page"),
    Kind("wprof.loop", 1, (1,), "wprof.results.loop:LoopResult", "wprof.report.loop", "wprof.report.html_loop:loop_page"),
    Kind("wprof.compare", 1, (1,), "wprof.results.compare:CompareResult", "wprof.report.compare",
         "wprof.report.html_bench:compare_page"),
    Kind("wprof.ncu", 1, (1,), "wprof.results.ncu:NcuResult", "wprof.report.ncu", "wprof.report.html:ncu_page"),
    Kind("wprof.sweep", 1, (1,), "wprof.results.sweep:SweepResult", "wprof.report.sweep",
         "wprof.report.html_sweep:sweep_page"),
    Kind("wprof.sweep-compare", 1, (1,), "wprof.results.sweep:SweepCompareResult", "wprof.report.sweep",
         "wprof.report.html_sweep:sweep_compare_page"),
)}


def kind_of(result: Any) -> Kind:
    """The registry entry of a result object (by its class)."""
    for k in KINDS.values():
        mod, _, name = k.cls.partition(":")
        if type(result).__name__ == name and type(result).__module__ == mod:
            return k
    raise TypeError(f"{type(result).__name__} is not a registered wprof result kind")


def result_class(kind: Kind) -> type:
    mod, _, name = kind.cls.partition(":")
    return getattr(importlib.import_module(mod), name)


def html_page(kind: Kind) -> Any:
    """The function that renders this kind's HTML page."""
    mod, _, name = kind.html.partition(":")
    return getattr(importlib.import_module(mod), name)


def renderer(kind: Kind) -> Any:
    """The kind's renderer module (``blocks(result, samples=False)``)."""
    return importlib.import_module(kind.renderer)


def parse_result(doc: dict[str, Any], where: str = "the document") -> Any:
    """The result object of a parsed document; ResultFileError (naming ``where``) when it is not a readable one."""
    schema = doc.get("schema")
    if not isinstance(schema, str) or "/" not in schema:
        raise ResultFileError(f"{where} has no wprof 'schema' field; it was not written by wprof.")
    name, _, version = schema.partition("/")
    kind = KINDS.get(name)
    if kind is None:
        raise ResultFileError(f"{where} has schema '{printable(schema[:60])}', which this wprof does not know "
                              f"(known: {', '.join(sorted(KINDS))}).")
    major = version.partition(".")[0]
    if not major.isdigit() or int(major) not in kind.reads:
        wrote = doc.get("wprof_version")
        wrote = wrote if isinstance(wrote, str) and wrote.isprintable() and len(wrote) < 40 else "version unknown"
        raise ResultFileError(f"{where} has schema '{printable(schema[:60])}', a version this wprof does not read (it reads "
                              f"{', '.join(f'{name}/{v}' for v in kind.reads)}); render it with the wprof that "
                              f"wrote it ({wrote}).")
    cls = result_class(kind)
    try:
        return cls.from_dict(doc)
    except FieldError as exc:
        raise ResultFileError(f"{where} is not a valid {name}/{major} document: {printable(exc)}.") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResultFileError(f"{where} is not a valid {name}/{major} document ({type(exc).__name__}: "
                              f"{printable(exc)}).") from None


def load_result(path: str | os.PathLike[str]) -> Any:
    """Load any wprof result file and return its frozen class (BenchResult, LoopResult, CompareResult, NcuResult,
    SweepResult, SweepCompareResult)."""
    return parse_result(read_json(path), f"'{path}'")
