"""Host cost of one NVTX range (enter + exit) through wprof.nvtx, per backend, against the raw calls.

Method: each variant runs N ranges in a tight loop, timed with ``time.perf_counter_ns``; an empty loop of the same
shape is subtracted; REPS repetitions, interleaved across variants, and the median per range is reported (min
beside it). No profiler is attached (with nsys or ncu attached a range costs more: the tool records it).

    PYTHONPATH=src python3 benchmarks/nvtx_overhead.py [--n 200000] [--reps 7] [--out DIR]

Writes DIR/nvtx_overhead.json and prints a markdown table (ns per range).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import wprof.nvtx as wn

Loop = Callable[[int], None]


def _empty(n: int) -> None:
    for _ in range(n):
        pass


def _ctx_loop(make: Callable[[], object]) -> Loop:
    def run(n: int) -> None:
        cm = make()
        for _ in range(n):
            with cm:  # type: ignore[attr-defined]
                pass
    return run


def _fresh_loop(n: int) -> None:
    for _ in range(n):
        with wn.annotate("step"):
            pass


def _push_pop_loop(n: int) -> None:
    push, pop = wn.push_range, wn.pop_range
    for _ in range(n):
        push("step")
        pop()


def _call_loop(f: Callable[[], None]) -> Loop:
    def run(n: int) -> None:
        for _ in range(n):
            f()
    return run


def _plain() -> None:
    return None


def variants_for(backend: str) -> dict[str, Loop]:
    wn.set_backend(backend)
    decorated = wn.annotate("f")(_plain)
    out: dict[str, Loop] = {
        f"{backend}: with annotate (one object, reused)": _ctx_loop(lambda: wn.annotate("step")),
        f"{backend}: with annotate(...) built per range": _fresh_loop,
        f"{backend}: push_range + pop_range": _push_pop_loop,
        f"{backend}: @annotate function call (minus a plain call)": _call_loop(decorated),
    }
    return out


def raw_variants() -> dict[str, Loop]:
    out: dict[str, Loop] = {
        "baseline: with contextlib.nullcontext()": _ctx_loop(contextlib.nullcontext),
        "baseline: plain function call": _call_loop(_plain),
    }
    try:
        import torch

        if hasattr(torch._C, "_nvtx"):
            tn = torch.cuda.nvtx

            def raw_torch(n: int) -> None:
                push, pop = tn.range_push, tn.range_pop
                for _ in range(n):
                    push("step")
                    pop()
            out["raw: torch.cuda.nvtx.range_push + range_pop"] = raw_torch
    except ImportError:
        pass
    try:
        import nvtx

        out["raw: nvtx.annotate (package), reused"] = _ctx_loop(lambda: nvtx.annotate("step", domain="wprof"))
    except ImportError:
        pass
    return out


def measure(loops: dict[str, Loop], n: int, reps: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(reps):
        for name, loop in loops.items():  # interleaved: drift hits every variant alike
            t0 = time.perf_counter_ns()
            _empty(n)
            t1 = time.perf_counter_ns()
            loop(n)
            t2 = time.perf_counter_ns()
            samples[name].append(((t2 - t1) - (t1 - t0)) / n)
    return samples


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200_000)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)

    backends = ["noop"]
    for name in ("torch", "nvtx"):
        try:
            wn.set_backend(name)
            backends.append(name)
        except Exception as exc:  # not usable here: say so in the output
            print(f"# backend {name}: not usable ({exc})", file=sys.stderr)
    rows: dict[str, list[float]] = {}
    rows.update(measure(raw_variants(), args.n, args.reps))
    for b in backends:
        rows.update(measure(variants_for(b), args.n, args.reps))
    plain = statistics.median(rows["baseline: plain function call"])
    for name in rows:
        if "@annotate function call" in name:
            rows[name] = [x - plain for x in rows[name]]
    wn.set_backend(None)

    env = {"python": platform.python_version(), "machine": platform.machine(), "processor": platform.processor(),
           "nvtx_backends": backends, "n": args.n, "reps": args.reps,
           "date_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    try:
        import torch

        env["torch"] = torch.__version__
        if torch.cuda.is_available():
            env["gpu"] = torch.cuda.get_device_name()
    except ImportError:
        pass
    table = ["| variant | median ns/range | min ns/range |", "|---|---:|---:|"]
    for name, xs in rows.items():
        table.append(f"| {name} | {statistics.median(xs):.0f} | {min(xs):.0f} |")
    print(json.dumps(env))
    print("\n".join(table))
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        doc = {"schema": "wprof.bench-nvtx-overhead/1", "env": env, "unit": "ns per range (enter+exit)",
               "samples": rows, "median": {k: statistics.median(v) for k, v in rows.items()}}
        Path(args.out, "nvtx_overhead.json").write_text(json.dumps(doc, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
