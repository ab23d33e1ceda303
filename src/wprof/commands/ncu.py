"""``wprof ncu [options] -- script.py [args]``: Nsight Compute over the gauge's window, as a per-kernel table."""

from __future__ import annotations

import argparse
import os
import sys

from .nsys import add_program_arguments, locate_or_print, make_program

NAME = "ncu"
HELP = "per-kernel device durations from Nsight Compute, over the gauge's window only"
ORDER = 81
DESCRIPTION = """\
Run `ncu` over exactly the iterations that matter and print a per-kernel table (count, total, mean, median, min,
max, std of gpu__time_duration.sum), saved as JSON ("schema": "wprof.ncu/1") with every launch. The script runs
under `wprof run` (no code change); ncu starts profiling at the Gauge's cudaProfilerStart (--profile-from-start
off) and leaves the clocks alone (--clock-control none). ncu replays each kernel, so the window is 1 iteration by
default. Without ncu installed, the command is printed and wprof exits with an error.

examples:
  wprof ncu -- train.py --lr 3e-4
  wprof ncu --iters 2 --nvtx-include "forward/" -- train.py
  wprof ncu --window api -- script_that_calls_cudaProfilerStart.py
  wprof ncu --window all --launch-count 200 -- -m wprof bench examples/bench_ops.py:matmul
  wprof ncu --dry-run -- examples/train_mlp.py     # print the command only (no GPU or ncu needed)

--window all profiles from the start to the end: ncu honours cudaProfilerStop even then, so the program runs with
torch.cuda.profiler.start/stop turned off (a native cudaProfilerStop still stops ncu; see docs/ncu.md).

NVTX filters: NAME/ is a push/pop range in the default domain (torch.cuda.nvtx), wprof@NAME/ one in wprof's
domain (the nvtx package), NAME without the slash a start/end range (annotate_phases' "backward").
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", default="wprof-ncu",
                        help="prefix of the outputs: PREFIX.csv (ncu's log), PREFIX.json (the result)")
    parser.add_argument("--nvtx-include", action="append", default=[], metavar="EXPR",
                        help="profile only kernels inside this NVTX range (repeatable; ncu's syntax)")
    parser.add_argument("--nvtx-exclude", action="append", default=[], metavar="EXPR",
                        help="skip kernels inside this NVTX range (repeatable)")
    parser.add_argument("-k", "--kernel-name", help="only kernels matching this name (ncu's -k, regex:... works)")
    parser.add_argument("--launch-skip", type=int, help="skip this many matching launches first")
    parser.add_argument("--launch-count", type=int, help="profile at most this many launches")
    parser.add_argument("--cache-control", choices=("all", "none"),
                        help="all: flush caches before each kernel (ncu's default, cold); none: warm")
    parser.add_argument("--clock-control", choices=("none", "base"), default="none",
                        help="none (default): clocks as they run; base: ncu locks base clocks")
    parser.add_argument("--export", action="store_true", help="also keep ncu's report as PREFIX.ncu-rep")
    parser.add_argument("--ncu", metavar="PATH", help="the ncu executable (default: PATH, then /opt/nvidia)")
    add_program_arguments(parser, iters=1)


def run(args: argparse.Namespace) -> int:
    from .. import __version__
    from ..errors import UsageError
    from ..profilers.ncu import NCU_GLOBS, NcuOptions, build_ncu_command, run_ncu
    from ..profilers.nsys import shell_line
    from ..results import check_output_path, now_utc

    if not args.output.strip() or args.output.endswith(("/", os.sep)):
        raise UsageError(f"-o {args.output!r}: give a path prefix such as wprof-ncu (wprof writes PREFIX.json, "
                         "PREFIX.csv).")
    check_output_path(args.output + ".json", "-o")  # before ncu runs, not after
    for name in ("launch_skip", "launch_count"):
        value = getattr(args, name)
        if value is not None and value < (1 if name == "launch_count" else 0):
            raise UsageError(f"--{name.replace('_', '-')} {value} is out of range; give a positive count.")
    program = make_program(args, nvtx_phases=bool(args.nvtx_include or args.nvtx_exclude))
    options = NcuOptions(
        log_file=args.output + ".csv", nvtx_include=tuple(args.nvtx_include), nvtx_exclude=tuple(args.nvtx_exclude),
        kernel_name=args.kernel_name, launch_skip=args.launch_skip, launch_count=args.launch_count,
        cache_control=args.cache_control, clock_control=args.clock_control,
        export=args.output + ".ncu-rep" if args.export else None,
    )
    exe = locate_or_print(args, "ncu", args.ncu, NCU_GLOBS, lambda e: build_ncu_command(program, options, e),
                          "Nsight Compute", "/opt/nvidia/nsight-compute")
    if exe is None:
        return 0
    cmd, env = build_ncu_command(program, options, exe)
    print(f"[wprof] {shell_line(cmd, env)}", file=sys.stderr)
    result = run_ncu(program, options, exe, created_utc=now_utc(), wprof_version=__version__)
    path = result.save(args.output + ".json")
    from ..report import render

    render(result)  # the lines `wprof report` prints from the saved file
    print(f"[wprof] result: {path}  (ncu log: {options.log_file})")
    return 0
