"""``wprof report RESULT.json``: render a saved result (bench, loop, compare, ncu) as the run printed it."""

from __future__ import annotations

import argparse

NAME = "report"
HELP = "render a saved result file (terminal, JSON, or a self-contained HTML page with plots)"
ORDER = 60


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("result", metavar="RESULT.json", help="a result written with --json (or by the gauge)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    p.add_argument("--samples", action="store_true", help="also print the raw samples (bench results)")
    p.add_argument("--html", metavar="PATH", default=None,
                   help="also write a self-contained HTML page with plots (no network; needs matplotlib)")


def run(args: argparse.Namespace) -> int:
    import json

    from ..report import make_console, render
    from ..results import load_result

    if args.html:
        from ..report.html import check_html_path

        check_html_path(args.html)
    result = load_result(args.result)
    if args.html:
        from ..report.html import write_html

        path = write_html(result, args.html)
        if args.format == "text":
            print(f"saved {path}")
    if args.format == "json":
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    console = make_console()
    render(result, console)
    if args.samples and hasattr(result, "samples_ms"):
        console.print("samples (ms): " + ", ".join(f"{x:.6g}" for x in result.samples_ms))
    return 0
