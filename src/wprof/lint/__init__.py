"""Static checker for GPU timing anti-patterns (``wprof lint``).

It parses Python files (and the code cells of Jupyter notebooks, read with :mod:`json`) with :mod:`ast` and never
imports or runs them. Rules live one per module in
:mod:`wprof.lint.rules` (stable ``WP1xx`` codes, kebab-case names, ruff-style docs rendered into docs/rules.md).

>>> from wprof.lint import lint_source
>>> [d.code for d in lint_source("import time\\nt0 = time.time()\\nx = 1\\nprint(time.time() - t0)\\n", select=["ALL"])]
['WP106']
"""

from __future__ import annotations

from ._config import LintConfig, load_config
from ._diagnostic import Diagnostic, Edit, FileError, Fix
from ._engine import FileResult, Rule, all_rules, apply_edits, lint_paths, lint_source, rule_by_key, select_rules

__all__ = [
    "Diagnostic", "Edit", "FileError", "FileResult", "Fix", "LintConfig", "Rule", "all_rules", "apply_edits",
    "lint_paths", "lint_source", "load_config", "rule_by_key", "select_rules",
]
