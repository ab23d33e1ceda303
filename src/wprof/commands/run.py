"""``wprof run [gauge options] -- script.py [args]`` / ``wprof run [options] -m module [args]``."""

from __future__ import annotations

import argparse

NAME = "run"
HELP = "time an unmodified training script (zero-code): the Gauge on its training loop"
ORDER = 10
DESCRIPTION = """\
Run a script as `python script.py args` would (same sys.argv, __name__ == "__main__", working directory,
sys.path[0], output and exit code) with a wprof.Gauge attached to its training loop. wprof finds the loop in the
script's source (a DataLoader, backward(), optimizer.step()), says which it picked and why, and rewrites it in
memory only: the file is not touched, and tracebacks point at the script's own lines. The gauge's lines and report
go to stderr; the script's stdout is its own. Results: <out-dir>/<name>.json and .jsonl, written even when the
script exits early, calls sys.exit, raises or is interrupted. wprof exits with the script's exit code.

examples:
  wprof run -- train.py --lr 3e-4
  wprof run --warmup 10 --iters 50 --gbs 256 -- train.py
  wprof run --loop train.py:88 -- train.py
  wprof run -m pkg.train --epochs 1
  wprof inject train.py          # the same rewrite, as a readable copy you can edit
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..inject.options import add_gauge_options, add_loop_option

    add_loop_option(parser)
    parser.add_argument("--dry-run", action="store_true", help="print the chosen loop and the rewrite, run nothing")
    parser.add_argument("--html", metavar="PATH", default=None,
                        help="also write the loop's report as a self-contained HTML page with plots (needs "
                             "matplotlib)")
    add_gauge_options(parser)
    parser.add_argument("-m", dest="module", nargs=argparse.REMAINDER, metavar="MODULE [args]",
                        help="run a module as `python -m MODULE args` would (everything after it is its own)")
    parser.add_argument("command", nargs=argparse.REMAINDER, metavar="-- script.py [args]",
                        help="the script and its arguments")


def run(args: argparse.Namespace) -> int:
    from ..errors import UsageError

    args._die_like_python = True  # an interrupted script ends wprof as it would end python (SIGINT)
    if getattr(args, "html", None) is not None and not args.dry_run:  # --html '' is an error, not silence
        from ..report.html import check_html_path

        check_html_path(args.html)  # before the script runs, not after

    command = list(args.command or [])
    if command and command[0] == "--":
        command = command[1:]
    if args.module is not None:
        if command:
            raise UsageError(f"give either -m MODULE or a script, not both (got -m and {command[0]!r})")
        if not args.module:
            raise UsageError("-m needs a module name, e.g. 'wprof run -m pkg.train --epochs 1'")
        from ..inject.session import run_module

        return run_module(args.module[0], args.module[1:], args)
    if not command:
        raise UsageError("no script to run: give it after '--', e.g. 'wprof run -- train.py --lr 3e-4', "
                         "or a module with -m")
    if command[0].startswith("-") and command[0] != "-":
        raise UsageError(f"{command[0]!r} is not a wprof run option; put the script after '--', e.g. "
                         f"'wprof run [options] -- train.py {command[0]}'")
    if command[0] == "-":
        raise UsageError("wprof run needs a script file, not '-' (stdin)")
    from ..inject.session import run_script

    return run_script(command[0], command[1:], args)
