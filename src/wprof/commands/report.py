"""``wprof report RESULT.json``: render a saved result (bench, loop, compare, ncu) as the run printed it."""

from __future__ import annotations

import argparse
from typing import Any

NAME = "report"
HELP = "render a saved result file (text, markdown, JSON, or a self-contained HTML page with plots)"
ORDER = 60
DESCRIPTION = """\
Render a saved result (wprof.bench, wprof.loop, wprof.compare, wprof.ncu, wprof.sweep) with the lines the run
printed. Text from the file is printed as text only (escape sequences shown, never sent), and the closing advice is
recomputed from the result's data, never copied from the file.

examples:
  wprof report r.json                   # a terminal gets colour; piped output is plain lines, never wrapped
  wprof report r.json --format md       # markdown, for a pull request or an issue
  wprof report train.json --samples     # also every iteration's (or call's) values
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("result", metavar="RESULT.json", help="a result written with --json (or by the gauge)")
    p.add_argument("--format", choices=("text", "md", "json"), default="text",
                   help="text (default; coloured on a terminal, plain when piped), md (markdown) or json")
    p.add_argument("--samples", action="store_true",
                   help="also print the raw samples (every call of a bench, every iteration of a loop, both sides "
                        "of a comparison, every ncu launch)")
    p.add_argument("--html", metavar="PATH", default=None,
                   help="also write a self-contained HTML page with plots (no network; needs matplotlib)")


def refresh_advice(result: Any) -> Any:
    """The result with its closing advice recomputed from its data, never a file's own text.

    A bench result's advice comes from its ``target`` (the arguments) and ``clock``; a loop result's from its
    ``ladder`` facts; the ladder builds and shell-quotes every command, so a crafted file cannot make the report
    suggest a command of its choosing. A loop file without facts (written before they were stored) keeps its text,
    marked as read from the file.
    """
    from dataclasses import replace

    from ..profilers import ladder
    from ..results import BenchResult, LoopResult

    if isinstance(result, BenchResult):
        return replace(result, next_step=ladder.bench_advice(result.target, result.clock))
    if isinstance(result, LoopResult):
        if result.ladder is not None:
            try:
                text = ladder.advice_from_facts(ladder.LadderFacts.from_dict(result.ladder))
            except Exception:  # facts of the wrong shape: no advice rather than a guess
                text = ""
            return replace(result, next_step=text)
        if result.next_step:
            return replace(result, next_step="next step as recorded in the file (not recomputed by this wprof; read "
                                             "it before running it):\n" + result.next_step)
    return result


def run(args: argparse.Namespace) -> int:
    from ..report import render
    from ..results import load_result

    if args.html is not None:
        from ..report.html import check_html_path

        check_html_path(args.html)
    result = refresh_advice(load_result(args.result))  # the advice recomputed, never a file's own command
    if args.html is not None:
        import sys

        from ..report.html import write_html

        path = write_html(result, args.html)
        print(f"saved {path}", file=sys.stderr if args.format != "text" else sys.stdout)
    render(result, fmt=args.format, samples=args.samples)
    return 0
