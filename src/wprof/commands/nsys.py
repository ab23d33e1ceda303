"""``wprof nsys [options] -- script.py [args]``: Nsight Systems over the gauge's window only."""

from __future__ import annotations

import argparse
import sys

NAME = "nsys"
HELP = "record an Nsight Systems timeline of the gauge's window only"
ORDER = 80
DESCRIPTION = """\
Run `nsys profile` over exactly the iterations that matter: the script runs under `wprof run` with the Gauge
attached (no code change), the Gauge calls cudaProfilerStart/Stop at its window's edges, and nsys captures only
that span (--capture-range=cudaProfilerApi). Forward, backward and optimizer get NVTX ranges.
Without nsys installed, the command is printed and wprof exits with an error.

examples:
  wprof nsys -- train.py --lr 3e-4
  wprof nsys --warmup 10 --iters 20 -o run1 -- -m pkg.train
  wprof nsys --window api -- script_that_calls_cudaProfilerStart.py
  wprof nsys --dry-run -- examples/train_mlp.py     # print the command only (no GPU or nsys needed)
"""


def add_program_arguments(parser: argparse.ArgumentParser, *, iters: int) -> None:
    """Options shared by `wprof nsys` and `wprof ncu`: the window and the program after `--`."""
    g = parser.add_argument_group("window")
    g.add_argument("--window", choices=("gauge", "api", "all"), default="gauge",
                   help="gauge: the Gauge's window through `wprof run` (default); api: the program's own "
                        "cudaProfilerStart/Stop calls; all: from the start")
    g.add_argument("--warmup", type=int, default=5, help="iterations before the window (default 5)")
    g.add_argument("--iters", type=int, default=iters, help=f"iterations in the window (default {iters})")
    g.add_argument("--no-exit", action="store_true", help="let the script run on after the window (default: exit)")
    g.add_argument("--wprof", metavar="VALUE", help="a verbatim WPROF value for the Gauge (overrides the above)")
    parser.add_argument("--python", default=sys.executable or "python3", help="Python that runs the script")
    parser.add_argument("--dry-run", action="store_true", help="print the command and exit")
    parser.add_argument("program", nargs=argparse.REMAINDER, metavar="-- script.py [args] | -- -m module [args]")


def make_program(args: argparse.Namespace, *, nvtx_phases: bool):  # -> wprof.profilers.nsys.Program
    from ..profilers.nsys import Program

    return Program(
        argv=tuple(args.program), window=args.window, warmup=args.warmup, iters=args.iters,
        exit_after=not args.no_exit, python=args.python, wprof=args.wprof, nvtx_phases=nvtx_phases,
    )


def locate_or_print(args: argparse.Namespace, tool: str, explicit: str | None, globs, build, label: str,
                    folder: str) -> str | None:
    """The profiler's executable, or None after printing the command that would run (``--dry-run``, or the tool is
    missing, which then raises ProfilerError with the install hint). ``build(exe)`` returns (argv, env)."""
    from ..profilers.nsys import find_tool, missing_tool_error, shell_line

    exe = find_tool(tool, explicit, globs)
    if exe is not None and not args.dry_run:
        return exe
    cmd, env = build(exe or tool)
    print(shell_line(cmd, env))
    if exe is None and not args.dry_run:
        raise missing_tool_error(tool, label, folder, f"--{tool}")
    return None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", default="wprof-nsys", help="report path (.nsys-rep added)")
    parser.add_argument("-t", "--trace", default="cuda,nvtx,osrt", help="nsys -t value (default cuda,nvtx,osrt)")
    parser.add_argument("--nvtx-capture", metavar="RANGE[@DOMAIN]",
                        help="capture the first NVTX range of this name instead of the window (nsys's order)")
    parser.add_argument("--no-phases", action="store_true", help="no forward/backward/optimizer NVTX ranges")
    parser.add_argument("--stats", action="store_true", help="let nsys print its summary tables after the run")
    parser.add_argument("--nsys", metavar="PATH", help="the nsys executable (default: PATH, then /opt/nvidia)")
    add_program_arguments(parser, iters=30)


def run(args: argparse.Namespace) -> int:
    from ..profilers.nsys import NSYS_GLOBS, NsysOptions, build_nsys_command, nsys_stats_command, run_nsys, shell_line

    program = make_program(args, nvtx_phases=not args.no_phases)
    options = NsysOptions(output=args.output, trace=args.trace, nvtx_capture=args.nvtx_capture, stats=args.stats)
    exe = locate_or_print(args, "nsys", args.nsys, NSYS_GLOBS, lambda e: build_nsys_command(program, options, e),
                          "Nsight Systems", "/opt/nvidia/nsight-systems")
    if exe is None:
        return 0
    cmd, env = build_nsys_command(program, options, exe)
    print(f"[wprof] {shell_line(cmd, env)}", file=sys.stderr)
    result = run_nsys(program, options, exe)
    print(f"[wprof] nsys report: {result.report}")
    print(f"[wprof] summaries: {shell_line(nsys_stats_command(result.report, exe))}")
    return 0
