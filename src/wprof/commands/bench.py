"""``wprof bench TARGET``: device time of one kernel, op or forward pass."""

from __future__ import annotations

import argparse

from ._outputs import save_outputs

NAME = "bench"
HELP = "time one kernel, op or forward pass (CUDA events; host clock without CUDA)"
ORDER = 30
DESCRIPTION = """\
Time a zero-argument callable with CUDA events (host clock when there is no CUDA).

TARGET is path.py:factory or package.module:factory: the factory allocates the inputs (not timed) and returns
the callable to time. Or give --stmt (and --setup) as with timeit.

examples (examples/bench_ops.py runs on CUDA when present, else on the CPU):
  wprof bench examples/bench_ops.py:matmul --param n=4096
  wprof bench --setup "import torch; a = torch.randn(4096, 4096, device='cuda')" --stmt "a @ a"   # needs CUDA
  wprof bench --setup "import torch; a = torch.randn(512, 512)" --stmt "a @ a"                   # the CPU
  wprof bench mypkg.kernels:make_softmax --json softmax.json      # a factory in an importable package of yours
  wprof bench examples/bench_ops.py:add --cache cold
  wprof bench examples/bench_ops.py:matmul --param n=1024,2048,4096,8192 --param dtype=bf16,fp16 --html mm.html
  wprof bench examples/bench_ops.py:matmul --param n=128,256,512 --html mm.html   # a sweep small enough for a CPU

A --param with several comma-separated values is an axis: the cross product of the axes is a sweep, one bench per
point, with a table, one result file and (--html) plots of time and throughput against an axis. A factory that
returns (fn, {"flops": F, "bytes": B, "dtype": "bf16"}) gets FLOP/s, bytes/s and the fraction of the device's peak
(docs/sweep.md).

The headline is the device time: per-call CUDA events for kernels long enough that the host and the event pair do
not show, else back-to-back calls with the host removed (CUDA graph replay or calls pre-queued behind a GPU-side
wait), with the launch-inclusive number beside it. See docs/bench.md.
"""


def _positive_float(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", nargs="?", help="path.py:factory or package.module:factory")
    p.add_argument("--stmt", help="statement to time (timeit style); names come from --setup")
    p.add_argument("--setup", default="", help="statements run once before timing (allocate inputs here)")
    p.add_argument("-p", "--param", action="append", metavar="NAME=VALUE",
                   help="keyword argument for the factory (Python literal or string); repeatable; several "
                        "comma-separated values make an axis of a sweep (n=1024,2048,4096)")
    p.add_argument("--count-flops", action="store_true",
                   help="count the FLOPs of one call with FlopCounterMode (after timing) for FLOP/s and %% of peak, "
                        "when the factory declares none")
    p.add_argument("--warmup", type=int, default=None, help="warmup calls (default 10; also --warmup-ms)")
    p.add_argument("--warmup-ms", type=_positive_float, default=25.0, help="minimum warmup time in ms (default 25)")
    p.add_argument("--iters", type=int, default=None,
                   help="number of samples (default: stop on --precision or --budget-s)")
    p.add_argument("--budget-s", type=_positive_float, default=1.0, help="time budget for sampling (default 1 s)")
    p.add_argument("--precision", type=_positive_float, default=0.01,
                   help="stop when the 95%% CI of the median is within this fraction (default 0.01)")
    p.add_argument("--min-iters", type=int, default=10, help="fewest samples before stopping (default 10)")
    p.add_argument("--max-iters", type=int, default=100_000, help="most samples (default 100000)")
    p.add_argument("--mode", default="auto", choices=("auto", "per-call", "aggregate", "prequeued", "graph"),
                   help="auto (default): per-call events, or the device time of back-to-back calls with the host "
                        "removed when launch or event costs show; or force one method")
    p.add_argument("--calls-per-sample", type=int, default=None,
                   help="calls under one event pair (aggregate, prequeued, graph)")
    p.add_argument("--cache", default="warm", choices=("warm", "cold", "rotate"),
                   help="L2 state: warm (default), cold (L2-sized read before each call, untimed), rotate "
                        "(copies of the inputs; the factory returns (fn, args))")
    p.add_argument("--drop-throttled", action="store_true",
                   help="drop samples taken while NVML reported a throttled clock (never all of them)")
    p.add_argument("--no-monitor", action="store_true", help="no NVML telemetry during the measurement")
    p.add_argument("--no-crosscheck", action="store_true",
                   help="skip the headline's cross-check (synchronized wall and one profiler pass, docs/bench.md)")
    p.add_argument("--device", default=None, help="CUDA device (default: current); 'cpu' forces the host clock")
    p.add_argument("--name", default=None, help="name shown in the report and saved in the result")
    p.add_argument("--json", metavar="PATH", default=None, help="save the result as JSON (atomic write)")
    p.add_argument("--html", metavar="PATH", default=None,
                   help="write a self-contained HTML report with plots (needs matplotlib: pip install 'wprof[plot]')")


def _bench_kwargs(args: argparse.Namespace) -> dict:
    return dict(cache=args.cache, drop_throttled=args.drop_throttled, monitor=not args.no_monitor,
                crosscheck=not args.no_crosscheck,
                warmup=args.warmup, warmup_ms=args.warmup_ms, iters=args.iters, budget_s=args.budget_s,
                precision=args.precision, min_iters=args.min_iters, max_iters=args.max_iters, mode=args.mode,
                calls_per_sample=args.calls_per_sample, device=args.device)


def run(args: argparse.Namespace) -> int:
    import shlex

    from .._log import ensure_console_handler
    from ..errors import UsageError

    if bool(args.target) == bool(args.stmt):
        raise UsageError("give either TARGET (path.py:factory or module:factory) or --stmt, not both or neither.")
    if args.json is not None:
        from ..results import check_output_path

        check_output_path(args.json, "--json")  # before timing, not after
    if args.html is not None:
        from ..report.html import check_html_path

        check_html_path(args.html)
    ensure_console_handler()

    from ..benchmark import bench
    from ..benchmark.target import load_stmt, load_target, parse_axes, unpack_target
    from ..report import render

    if args.stmt:
        if args.param:
            raise UsageError("--param is for a TARGET factory; with --stmt, put the values in --setup.")
        if args.count_flops:
            raise UsageError("--count-flops is for a TARGET factory; with --stmt, time it and compute the rate "
                             "yourself, or write a factory (docs/sweep.md).")
        fn, name = load_stmt(args.stmt, args.setup)
        target = shlex.join(["--stmt", args.stmt] + (["--setup", args.setup] if args.setup else []))
        call_args, decl, fixed = None, None, {}
    else:
        fixed, axes = parse_axes(args.param)
        if axes:
            return _sweep(args, fixed, axes)
        loaded, name = load_target(args.target, fixed)
        # the exact arguments, params included: the result's target and the ladder's command repeat them
        target = shlex.join([args.target] + [f"--param={x}" for x in args.param or ()])
        fn, call_args, decl = unpack_target(loaded)
        if decl:
            from ..benchmark.throughput import check_declaration

            check_declaration(decl, name)  # before timing, not after
    result = bench(fn, args=call_args, name=args.name or name, target=target, **_bench_kwargs(args))
    if decl or args.count_flops:
        from ..benchmark.sweep import add_throughput

        result = add_throughput(result, fn, call_args, decl, fixed, count_flops=args.count_flops, where=name)
    render(result)
    save_outputs(result, args)
    return 0


def _sweep(args: argparse.Namespace, fixed: dict, axes: dict) -> int:
    """The cross product of the axes: one bench per point, a progress line each, then the table."""
    import sys

    from ..benchmark.sweep import run_sweep
    from ..report import render
    from ..stats import fmt_ms

    def progress(i: int, n: int, point: object) -> None:
        p = point.params  # type: ignore[attr-defined]
        r = point.result  # type: ignore[attr-defined]
        label = ", ".join(f"{k}={v}" for k, v in p.items())
        what = f"median {fmt_ms(r.summary.median)} ({r.mode})" if r is not None else \
            f"failed: {point.error}"  # type: ignore[attr-defined]
        print(f"[wprof] {i + 1}/{n} {label}: {what}", file=sys.stderr, flush=True)

    result = run_sweep(args.target, axes, fixed=fixed, name=args.name, count_flops=args.count_flops,
                       on_point=progress, **_bench_kwargs(args))
    render(result)
    save_outputs(result, args)
    return 130 if result.status == "interrupted" else 0
