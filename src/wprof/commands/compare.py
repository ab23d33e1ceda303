"""``wprof compare A.json B.json``: ratio of medians with a bootstrap 95% CI and a verdict (for CI gates)."""

from __future__ import annotations

import argparse

from ._outputs import save_outputs

NAME = "compare"
HELP = "compare two bench results: ratio of medians, confidence interval, verdict"
ORDER = 50
DESCRIPTION = """\
Compare two saved `wprof bench --json` results: B / A as a ratio of medians with a bootstrap 95% confidence
interval, and a verdict (faster / slower / no significant difference). A is the baseline, B the candidate.

For the fairest comparison, time both in one run with wprof.compare(fn_a, fn_b) in Python (interleaved).

examples:
  wprof compare base.json new.json
  wprof compare base.json new.json --fail-if-slower 3      # exit 1 if B is significantly >3% slower
  wprof compare base.json new.json --json cmp.json
  wprof compare sweep_a.json sweep_b.json --html cmp.html   # two sweeps: the ratio at every point

Two sweeps (wprof bench ... --param n=1024,2048 --json) are compared point by point; --fail-if-slower then fails
when any point is significantly slower by more than PCT.
"""


def _pct(text: str) -> float:
    try:
        v = float(text.rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a percentage (e.g. 3 or 3%)") from None
    if not v >= 0 or v == float("inf"):  # NaN compares false: it would never fail a build
        raise argparse.ArgumentTypeError(f"{text!r} must be a finite percentage >= 0")
    return v


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("a", metavar="A.json", help="baseline result (wprof bench --json)")
    p.add_argument("b", metavar="B.json", help="candidate result")
    p.add_argument("--fail-if-slower", type=_pct, metavar="PCT", default=None,
                   help="exit 1 when B is significantly slower than A by more than PCT percent")
    p.add_argument("--json", metavar="PATH", default=None, help="save the comparison as JSON (atomic write)")
    p.add_argument("--html", metavar="PATH", default=None,
                   help="write a self-contained HTML page with both distributions and the ratio (needs matplotlib)")


def run(args: argparse.Namespace) -> int:
    from ..benchmark.compare import CompareResult, compare_results
    from ..errors import ResultFileError
    from ..report import render
    from ..results import BenchResult, check_output_path, load_result

    from ..results.sweep import SweepResult

    if args.json is not None:
        check_output_path(args.json, "--json")
    if args.html is not None:
        from ..report.html import check_html_path

        check_html_path(args.html)
    loaded = [load_result(path) for path in (args.a, args.b)]
    if any(isinstance(r, SweepResult) for r in loaded):
        return _compare_sweeps(args, loaded)
    results = []
    for path, r in zip((args.a, args.b), loaded):
        if isinstance(r, CompareResult):
            raise ResultFileError(f"'{path}' is a comparison, not a bench result; pass two `wprof bench --json` "
                                  "files.")
        if not isinstance(r, BenchResult):
            raise ResultFileError(f"'{path}' holds a {type(r).__name__}; wprof compare needs two bench results.")
        results.append(r)
    cmp = compare_results(results[0], results[1])
    render(cmp)
    save_outputs(cmp, args)
    if args.fail_if_slower is not None and cmp.fails(args.fail_if_slower):
        print(f"FAIL: B is {cmp.change_pct:+.2f}% vs A (significant; limit {args.fail_if_slower:g}%)")
        return 1
    return 0


def _compare_sweeps(args: argparse.Namespace, loaded: list) -> int:
    from ..benchmark.sweep import compare_sweeps
    from ..results.sweep import SweepResult
    from ..errors import ResultFileError
    from ..report import render

    for path, r in zip((args.a, args.b), loaded):
        if not isinstance(r, SweepResult):
            raise ResultFileError(f"'{path}' holds a {type(r).__name__}, the other file a sweep; compare two sweeps "
                                  "(or two bench results).")
    cmp = compare_sweeps(loaded[0], loaded[1])
    render(cmp)
    save_outputs(cmp, args)
    if args.fail_if_slower is not None:
        bad = cmp.fails(args.fail_if_slower)
        if bad:
            worst = max(bad, key=lambda p: p.comparison.change_pct)
            label = ", ".join(f"{k}={v}" for k, v in worst.params.items())
            print(f"FAIL: B is significantly slower at {len(bad)} point(s); worst {label}: "
                  f"{worst.comparison.change_pct:+.2f}% (limit {args.fail_if_slower:g}%)")
            return 1
    return 0
