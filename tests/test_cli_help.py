"""Every subcommand's --help: a plain-text description (no reST markup), an examples section, and every example in it
is accepted by the parser as written (no advertised option that is refused)."""

import argparse
import contextlib
import io
import shlex

import pytest

from wprof.cli import build_parser


def _subparsers():
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices


SUBCOMMANDS = sorted(_subparsers())


def test_every_command_is_there():
    assert set(SUBCOMMANDS) >= {"run", "inject", "bench", "template", "lint", "report", "compare", "env", "nsys",
                                "ncu"}


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_help_examples_parse_as_written(name):
    desc = _subparsers()[name].description or ""
    assert "``" not in desc, f"wprof {name} --help shows reST markup"
    examples = [line.split("   #")[0].split("  # ")[0].strip() for line in desc.splitlines()
                if line.startswith("  wprof ")]
    assert "examples" in desc and examples, f"wprof {name} --help has no examples"
    for ex in examples:
        argv = shlex.split(ex.split(" > ")[0].split(" && ")[0])[1:]
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                build_parser().parse_args(argv)
            except SystemExit as exc:
                assert not exc.code, f"{ex!r} is refused: {err.getvalue().strip()}"
