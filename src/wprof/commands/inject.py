"""``wprof inject script.py [-o out.py] [--loop FILE:LINE] [gauge options]``: a readable instrumented copy."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

NAME = "inject"
HELP = "write an instrumented copy of a training script (a few added lines using wprof.Gauge)"
ORDER = 11
DESCRIPTION = """\
Find the script's training loop (the same analysis as `wprof run`), write a copy with a wprof.Gauge attached
(`import wprof`, one `wprof.Gauge(...)` line, the loop's data source wrapped), and print the unified diff. The
original is never modified. The copy is plain Python you can edit and commit; run it with `python`.

examples:
  wprof inject train.py                        # writes train.wprof.py beside it
  wprof inject train.py -o timed_train.py --warmup 10 --iters 50
  wprof inject train.py --loop train.py:88     # when the evidence picks the wrong loop
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..inject.options import add_gauge_options, add_loop_option

    parser.add_argument("script", help="the training script (read only)")
    parser.add_argument("-o", "--output", metavar="OUT.py", help="where to write the copy (default: "
                                                                 "<script>.wprof.py beside the script)")
    add_loop_option(parser)
    parser.add_argument("--quiet", action="store_true", help="do not print the diff")
    add_gauge_options(parser)


def run(args: argparse.Namespace) -> int:
    from ..errors import UsageError
    from ..inject.choose import choose, explain
    from ..inject.options import gauge_kwargs, parse_loop
    from ..inject.rewrite import render_source, unified_diff
    from ..inject.runner import load_script
    from ..results import write_text_atomic

    script = load_script(args.script)
    kwargs = gauge_kwargs(args)
    from ..inject.session import check_result_name

    check_result_name(kwargs.get("name"), kwargs.get("out_dir"))  # the copy's Gauge would refuse it at run time
    loop_line = parse_loop(args.loop, args.script)
    try:
        choice = choose(script.tree, script.source, script.filename, script.display, loop_line, kwargs)
    except UsageError:
        if loop_line is not None:
            raise
        _point_at_imported_loop(script, kwargs)
        raise
    if choice.candidate.gauge:  # a second gauge would time the loop twice
        raise UsageError(f"the loop at {choice.plan.site} already has a wprof.Gauge ({choice.candidate.gauge}): "
                         "nothing to inject; run the script as it is (or choose another loop with --loop LINE)")
    from dataclasses import replace

    from ..inject.layout import project_layout

    lay = project_layout(script.tree, script.filename, script.path0)
    plan = replace(choice.plan, observe_dim=lay.dim, observe_why=lay.why) if lay.dim else choice.plan
    try:
        new = render_source(plan, script.source, choice.analysis.tree)
    except ValueError as exc:
        raise UsageError(f"{args.script}: {exc}") from None
    root, _ = os.path.splitext(args.script)
    out = args.output or f"{root}.wprof.py"
    if os.path.exists(out) and os.path.samefile(out, args.script):
        raise UsageError(f"-o {out!r} is the script itself; wprof inject never modifies the original. Choose "
                         "another path.")
    write_text_atomic(out, new)
    for line in explain(choice).splitlines():
        print(f"[wprof] {line}", file=sys.stderr)
    if not args.quiet:
        sys.stdout.write(unified_diff(script.source, new, args.script, out))
    print(f"[wprof] wrote {out}; run it with: python {out}", file=sys.stderr)
    return 0


def _point_at_imported_loop(script: Any, kwargs: dict[str, Any]) -> None:
    """No loop in the script itself: when a module it imports holds the training loop, say which and what to run."""
    from ..errors import UsageError
    from ..inject.choose import choose_in_project

    try:
        c = choose_in_project(script.tree, script.source, script.filename, script.display, script.path0, None,
                              (None, None), kwargs)
    except UsageError:
        return
    if c.module:
        path = os.path.relpath(c.plan.filename)
        raise UsageError(f"the training loop is in {path} (line {c.candidate.lineno}, module {c.module}, imported by "
                         f"{script.display}), not in {script.display}: instrument that file with `wprof inject {path}`, "
                         f"or time the unmodified script with `wprof run -- {script.display}`")

