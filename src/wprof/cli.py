"""Argument parsing and dispatch only.

Each subcommand lives in ``wprof.commands.<name>`` and exposes ``NAME``, ``HELP``, ``ORDER``,
``add_arguments(parser)`` and ``run(args) -> int``; this module discovers them, builds one parser, and turns a
:class:`~wprof.errors.WprofError` into ``wprof: error: <message>`` on stderr with the error's exit code. Command
modules import only the standard library at module level, so ``wprof --help`` stays light.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType

from . import __version__
from .errors import WprofError

PROG = "wprof"


def _command_modules() -> list[ModuleType]:
    from . import commands

    mods = [
        importlib.import_module(f"{commands.__name__}.{info.name}")
        for info in pkgutil.iter_modules(commands.__path__)
        if not info.name.startswith("_")
    ]
    return sorted(mods, key=lambda m: (getattr(m, "ORDER", 100), m.NAME))


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage through the same one-line error as everything else (exit 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{PROG}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="wprof: honest timings of GPU work in Python (training loops and kernels).",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for mod in _command_modules():
        p = sub.add_parser(
            mod.NAME,
            help=mod.HELP,
            description=getattr(mod, "DESCRIPTION", mod.HELP),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (never raises for a user's mistake)."""
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args) or 0)
    except WprofError as exc:
        from .results._text import printable  # a message may quote a result file's text: never send its escapes

        print(f"{PROG}: error: {printable(exc, keep_newlines=True)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
