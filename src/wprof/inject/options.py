"""Command-line options shared by ``wprof run`` and ``wprof inject`` (standard library only).

Gauge flags mirror :class:`wprof.Gauge`'s keyword arguments (``--warmup`` <-> ``warmup=``); ``gauge_kwargs`` turns
the parsed flags into those keyword arguments, keeping only what the user gave (the Gauge holds the defaults, and the
``WPROF`` environment variable still overrides them). ``--loop`` picks the loop by ``FILE:LINE`` or ``LINE``.
"""

from __future__ import annotations

import argparse
import math
import os
from typing import Any

from ..errors import UsageError

__all__ = ["add_gauge_options", "add_loop_option", "gauge_kwargs", "parse_loop", "parse_loop_target"]


def _window(text: str) -> tuple[int, int]:
    try:
        a, b = (int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--window takes START,STOP (two integers, e.g. 5,35), got {text!r}") \
            from None
    if not 0 <= a < b:
        raise argparse.ArgumentTypeError(f"--window needs 0 <= START < STOP, got {text!r}")
    return (a, b)


def _int_at_least(minimum: int, wording: str):
    """An argparse type: an integer >= ``minimum``; the error quotes the value and says what is expected."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            v = minimum - 1
        if v < minimum:
            raise argparse.ArgumentTypeError(f"expected {wording}, got {text!r}")
        return v

    return parse


_positive = _int_at_least(1, "a positive integer")
_count = _int_at_least(0, "an integer >= 0")


def _flops(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of FLOPs such as 6e9, got {text!r}") from None
    if not (v > 0 and math.isfinite(v)):  # inf would print "MFU: inf%"
        raise argparse.ArgumentTypeError(f"expected a positive, finite number of FLOPs such as 6e9, got {text!r}")
    return v


def _dtype(text: str) -> str:
    from ..errors import UsageError
    from ..hardware import normalize_dtype

    try:
        return normalize_dtype(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


# (flag, Gauge keyword, argparse kwargs)
_GAUGE_FLAGS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("--warmup", "warmup", {"type": _count, "metavar": "N", "help": "steps excluded before the window (default 5)"}),
    ("--iters", "iters", {"type": _positive, "metavar": "N", "help": "steps measured after warmup (default 30)"}),
    ("--window", "window", {"type": _window, "metavar": "START,STOP",
                            "help": "measure steps START..STOP-1 (instead of --warmup/--iters)"}),
    ("--gbs", "global_batch_size", {"type": _positive, "metavar": "N",
                                    "help": "global batch size (samples per step, all ranks); default: the "
                                            "DataLoader's batch_size x world size, else the batch's first dimension"}),
    ("--mode", "mode", {"choices": ["auto", "events", "sync", "host"],
                        "help": "events (CUDA events, no sync; default on CUDA), sync (seed template), host"}),
    ("--log-interval", "log_interval", {"type": _count, "metavar": "N",
                                        "help": "print every Nth step of the window, from its first "
                                                "(0: none; default 10)"}),
    ("--out-dir", "out_dir", {"metavar": "DIR", "help": "results directory (default ./wprof-results)"}),
    ("--name", "name", {"metavar": "NAME", "help": "result name: DIR/NAME.json and .jsonl (default: the script's)"}),
    ("--flops-per-sample", "flops_per_sample", {"type": _flops, "metavar": "F", "help": "model FLOPs per sample "
                                                                                        "(forward+backward), for MFU"}),
    ("--count-flops", "count_flops", {"action": "store_true", "default": None,
                                      "help": "count the FLOPs of one warmup step (FlopCounterMode), for MFU"}),
    ("--peak-flops", "peak_flops", {"type": _flops, "metavar": "F", "help": "peak FLOP/s of one GPU, for MFU"}),
    ("--dtype", "dtype", {"type": _dtype, "metavar": "DTYPE",
                          "help": "dtype the model trains in, for the MFU peak: fp32, tf32, bf16, fp16, fp8 "
                                  "(default: bf16, reported as assumed)"}),
    ("--dmon", "dmon", {"action": "store_true", "default": None, "help": "NVML power/clocks/utilization over the "
                                                                         "window"}),
    ("--kineto", "kineto", {"action": "store_true", "default": None, "help": "torch.profiler trace over the window"}),
    ("--memory-history", "memory_history", {"action": "store_true", "default": None,
                                            "help": "CUDA memory-history snapshot over the window"}),
    ("--cprofile", "cprofile", {"action": "store_true", "default": None, "help": "cProfile of the host over the "
                                                                                "window"}),
    ("--nvtx", "nvtx", {"action": "store_true", "default": None, "help": "one NVTX range per step"}),
    ("--all-ranks", "all_ranks", {"action": "store_true", "default": None,
                                  "help": "every rank prints (default: rank 0 only, under torchrun or SLURM)"}),
    ("--exit", "exit_after", {"action": "store_true", "default": None,
                              "help": "exit after the window (results written first; exit code 0)"}),
)


def add_gauge_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("gauge options (keyword arguments of wprof.Gauge)")
    for flag, key, kw in _GAUGE_FLAGS:
        group.add_argument(flag, dest=f"gauge_{key}", **kw)


def add_loop_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--loop", metavar="FILE:LINE", help="time the loop that starts at this line (default: the "
                                                             "loop with the most evidence of being the training loop)")


def gauge_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """The Gauge keyword arguments the user gave on the command line (None/absent flags left out)."""
    out: dict[str, Any] = {}
    for _, key, _ in _GAUGE_FLAGS:
        v = getattr(args, f"gauge_{key}", None)
        if v is not None:
            out[key] = v
    if "window" in out and ("warmup" in out or "iters" in out):
        raise UsageError("give either --window START,STOP or --warmup/--iters, not both (the window's START is the "
                         "warmup)")
    return out


def parse_loop(text: str | None, script: str) -> int | None:
    """``--loop FILE:LINE`` or ``--loop LINE`` -> LINE; FILE must be the script being rewritten."""
    file, n = parse_loop_target(text, script)
    if file is not None:
        raise UsageError(f"--loop {text!r} names '{file}', but the script is '{script}'; wprof rewrites loops in the "
                         f"script itself (move the loop there, or run that file)")
    return n


def parse_loop_target(text: str | None, script: str) -> tuple[str | None, int | None]:
    """``--loop FILE:LINE`` or ``--loop LINE`` -> ``(FILE, LINE)``; FILE is None when it is the script itself."""
    if text is None:
        return None, None
    file, sep, line = text.rpartition(":")
    if not sep:
        file, line = "", text
    try:
        n = int(line)
    except ValueError:
        raise UsageError(f"--loop {text!r}: expected FILE:LINE or LINE, e.g. --loop "
                         f"{os.path.basename(script)}:42") from None
    if n < 1:
        raise UsageError(f"--loop {text!r}: line numbers start at 1")
    if file and os.path.realpath(file) != os.path.realpath(script) \
            and os.path.basename(file) != os.path.basename(script):
        return file, n
    return None, n
