"""``wprof lint PATH...``: find GPU timing anti-patterns in Python files and notebooks without running them."""

from __future__ import annotations

import argparse
import sys

NAME = "lint"
HELP = "find timing anti-patterns (text, JSON, SARIF)"
ORDER = 50
DESCRIPTION = """\
Find GPU timing anti-patterns in Python files, Jupyter notebooks (.ipynb) and directories without
running them (ast only; nothing is imported). A notebook's code cells are linted together, top to
bottom; positions read `nb.ipynb:cell 3:2:5`. Rules: docs/rules.md, or `wprof lint --explain WP101`.
The modules of your project that a file imports (`from utils import benchmark`, `from .timer import
Timer`) are read too, never run, to see what their functions and classes do; findings are reported
only in the files you name (`--no-follow-imports`, or follow-imports = false, reads each file alone).

Exit status: 0 no findings, 1 findings (or a file that could not be parsed), 2 usage error.
The `default` rules are on (WP104 and WP114 only in part: `--explain` says which findings); `--extend-select
extra` adds the opt-in rules (WP106, WP108, WP111) and the other findings of WP104 and WP114.
Suppress one line with `# noqa: WP101`; configure with [tool.wprof.lint] select/extend-select/ignore/exclude
in pyproject.toml.

examples:
  wprof lint bench/ train.py timing.ipynb
  wprof lint --format sarif -o lint.sarif .
  wprof lint --extend-select WP106 --ignore WP105 --fix .
"""


def _codes(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="Python files, notebooks or directories (default: .)")
    parser.add_argument("--format", choices=("text", "json", "sarif"), default="text", help="output format")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE instead of stdout")
    parser.add_argument("--select", type=_codes, metavar="CODES",
                        help="comma-separated codes, prefixes, names or groups (default, extra, ALL) to enable "
                             "(default: config, else the `default` group)")
    parser.add_argument("--extend-select", type=_codes, metavar="CODES",
                        help="add codes, names or groups to the selection (e.g. extra, WP106)")
    parser.add_argument("--ignore", type=_codes, metavar="CODES", help="comma-separated codes or names to disable")
    parser.add_argument("--fix", action="store_true", help="apply safe fixes in place (notebooks too)")
    parser.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, apply unsafe fixes too")
    parser.add_argument("--diff", action="store_true", help="print the fixes as a unified diff; write nothing")
    parser.add_argument("--config", metavar="PYPROJECT", help="read [tool.wprof.lint] from this file")
    parser.add_argument("--no-follow-imports", action="store_true",
                        help="read each file alone, not the project modules it imports (docs/lint.md)")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    parser.add_argument("--explain", metavar="CODE", help="print a rule's documentation and exit")
    parser.add_argument("--list-rules", action="store_true", help="list the rules and exit")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..errors import UsageError
    from ..lint import _format, all_rules, lint_paths, load_config, rule_by_key

    if args.explain:
        rule = rule_by_key(args.explain)
        if rule is None:
            raise UsageError(f"unknown rule {args.explain!r}: see `wprof lint --list-rules`")
        from ..lint._docs import group_line

        print(f"# {rule.code} {rule.name}\n\n{rule.summary.split(': ', 1)[-1]}\n\n{group_line(rule)}\n\n{rule.doc}")
        return 0
    if args.list_rules:
        from ..lint._docs import _in_part

        for r in all_rules():
            fix = {"safe": " [fix]", "unsafe": " [unsafe fix]"}.get(r.fix, "")
            opt = " (opt-in: extra)" if r.group != "default" else " (default in part; the rest: extra)" if \
                _in_part(r) else ""
            print(f"{r.code}  {r.name:<26} {r.summary.split(': ', 1)[-1]}{fix}{opt}")
        return 0
    if args.output is not None and not args.output.strip():  # `-o ''`: said before anything is linted or fixed
        raise UsageError(f"-o {args.output!r}: the path is empty; give a file name such as lint.sarif")
    paths = args.paths or ["."]
    if args.config and not Path(args.config).is_file():
        raise UsageError(f"config file {args.config!r} does not exist: pass the path of a pyproject.toml")
    config = load_config(Path(paths[0]) if Path(paths[0]).is_dir() else Path(paths[0]).parent,
                         Path(args.config) if args.config else None)
    if config.note:
        print(f"wprof: note: {config.note}", file=sys.stderr)
    select = args.select or list(config.select)
    extend = ([] if args.select else list(config.extend_select)) + list(args.extend_select or [])
    ignore = list(config.ignore) + list(args.ignore or [])
    results = lint_paths(paths, select=select, extend_select=extend, ignore=ignore, exclude=config.exclude,
                         fix=args.fix or args.diff, unsafe=args.unsafe_fixes, write=not args.diff,
                         follow_imports=config.follow_imports and not args.no_follow_imports)
    diags = [d for r in results for d in r.diagnostics]
    errors = [e for r in results for e in r.errors]
    fixed = sum(r.fixed for r in results)
    if args.diff:
        import difflib

        out = []
        for r in results:
            if r.fixed_source is not None and r.source is not None:
                out.extend(difflib.unified_diff(r.source.splitlines(keepends=True),
                                                r.fixed_source.splitlines(keepends=True),
                                                fromfile=f"a/{r.path}", tofile=f"b/{r.path}"))
        text = "".join(out) + f"Would fix {fixed} finding{'s' if fixed != 1 else ''}.\n"
        fixed = 0
    elif args.format == "json":
        text = _format.to_json(diags, errors, files=len(results), fixed=fixed)
    elif args.format == "sarif":
        text = _format.to_sarif(diags, errors, all_rules())
    else:
        text = _format.format_text(diags, errors, fixed=fixed)
    if args.output is not None:
        from ..lint._engine import write_atomic

        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    if args.exit_zero:
        return 0
    return 1 if (diags or errors) else 0
