"""Overhead of the loop gauge on the three training loops of BASELINES.md (run on the GPU machine).

For each loop (SGD MLPs: small 256x8 batch 32, medium 2048x8 batch 256, large 8192x4 batch 1024) and each variant,
run ``--iters`` iterations after ``--warmup`` and measure the host wall time of the timed iterations (one
synchronize before and after). Variants, interleaved in a shuffled order in every repetition:

- ``plain``: the uninstrumented loop;
- ``seed``: the seed template by hand (synchronize before and after each iteration's body);
- ``gauge-events``: ``for batch in wprof.Gauge(batches, mode="events", log_interval=0)``;
- ``gauge-events-log``: the same with a log line per iteration (``log_interval=1``, to a null handler);
- ``gauge-sync``: ``mode="sync"``.

Reported per loop: median wall ms/iteration of each variant, the slowdown of each against ``plain`` (ratio of
medians), and for the gauge the error of its mean ``step_ms`` against the wall time per iteration of the same run.
Targets (BASELINES.md): events mode slows the loop by <= 0.5%; its step time is within 1% of the wall time.

    PYTHONPATH=src python3 benchmarks/loop_overhead.py [--reps 7] [--iters 400]

Writes ``loop_overhead.md`` and ``loop_overhead.json`` under ``$OUT`` when set, else ``benchmarks/out``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import os
import random
import statistics
import sys
import time
from pathlib import Path

LOOPS = {"small": (256, 8, 32), "medium": (2048, 8, 256), "large": (8192, 4, 1024)}  # width, depth, batch
VARIANTS = ("plain", "seed", "gauge-events", "gauge-events-log", "gauge-sync")


def build(torch, width, depth, batch, n_batches=8):
    layers = []
    for _ in range(depth):
        layers += [torch.nn.Linear(width, width), torch.nn.ReLU()]
    model = torch.nn.Sequential(*layers).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    batches = [(torch.randn(batch, width, device="cuda"), torch.randn(batch, width, device="cuda"))
               for _ in range(n_batches)]
    return model, opt, batches


def run_variant(torch, wprof, variant, model, opt, batches, warmup, iters, tmp):
    loss_fn = torch.nn.functional.mse_loss
    n = warmup + iters
    data = [batches[i % len(batches)] for i in range(n)]

    def body(x, y):
        opt.zero_grad(set_to_none=True)
        loss_fn(model(x), y).backward()
        opt.step()

    gauge = None
    if variant.startswith("gauge"):
        mode = "sync" if variant == "gauge-sync" else "events"
        # the window opens at the last warmup iteration (its set-up, the event ring, stays outside the timed span)
        # and is longer than the run, so nothing is finished (no file writes) inside the timed span
        gauge = wprof.Gauge(data, warmup=warmup - 1, iters=iters + 10, mode=mode, env=False, profiler_api=False,
                            log_interval=1 if variant == "gauge-events-log" else 0, name=variant, out_dir=tmp)
        it = iter(gauge)
    else:
        it = iter(data)
    for _ in range(warmup):
        x, y = next(it)
        body(x, y)
    torch.cuda.synchronize()
    t0 = time.perf_counter_ns()
    if variant == "seed":
        for _ in range(iters):
            x, y = next(it)
            torch.cuda.synchronize()
            body(x, y)
            torch.cuda.synchronize()
    else:
        for _ in range(iters):
            x, y = next(it)
            body(x, y)
    if gauge is not None:
        gauge.begin_step()  # the boundary that ends the last timed iteration (what the next fetch would do)
    torch.cuda.synchronize()
    wall_ms = (time.perf_counter_ns() - t0) / 1e6 / iters
    step_ms = None
    if gauge is not None:
        r = gauge.finish()
        steps = r.step_ms[1:1 + iters]  # the first window step is the last warmup iteration
        step_ms = statistics.fmean(steps) if len(steps) == iters else None
    return wall_ms, step_ms


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--iters", type=int, default=400)
    p.add_argument("--warmup", type=int, default=30)
    p.add_argument("--large-iters", type=int, default=100, help="iterations of the large loop (30 ms each)")
    p.add_argument("--loops", default="small,medium,large")
    args = p.parse_args()
    import torch

    import wprof

    if not torch.cuda.is_available():
        print("loop_overhead: needs CUDA", file=sys.stderr)
        return 1
    log = logging.getLogger("wprof")
    log.handlers[:] = [logging.NullHandler()]
    log.propagate = False
    out = Path(os.environ.get("OUT") or Path(__file__).parent / "out")
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / "gauge-results"
    rng = random.Random(0)
    results: dict[str, dict[str, list]] = {}
    for name in args.loops.split(","):
        width, depth, batch = LOOPS[name]
        model, opt, batches = build(torch, width, depth, batch)
        run_variant(torch, wprof, "plain", model, opt, batches, args.warmup, 50, tmp)  # allocator, cuBLAS
        iters = args.large_iters if name == "large" else args.iters
        res = {v: {"wall_ms": [], "step_ms": []} for v in VARIANTS}
        for _rep in range(args.reps):
            order = list(VARIANTS)
            rng.shuffle(order)
            for v in order:
                wall, step = run_variant(torch, wprof, v, model, opt, batches, args.warmup, iters, tmp)
                res[v]["wall_ms"].append(wall)
                res[v]["step_ms"].append(step)
        results[name] = res
        print(f"{name}: " + ", ".join(f"{v} {statistics.median(res[v]['wall_ms']):.4f}" for v in VARIANTS),
              flush=True)

    props = torch.cuda.get_device_properties(0)
    try:
        from wprof.env import fingerprint

        env = fingerprint()
    except Exception as exc:  # the table must still be written
        env = {"error": str(exc)}
    when = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    driver = ((env.get("device") or {}).get("driver")) if isinstance(env.get("device"), dict) else None
    lines = [f"Measured {when} on {props.name}, driver {driver or 'n/a'}, torch {torch.__version__}; "
             f"{args.reps} interleaved repetitions of {args.iters} iterations ({args.large_iters} for the large "
             f"loop) after {args.warmup} warmup.", "",
             "| loop | plain ms/iter | seed (sync each) | gauge events | gauge events + log line | gauge sync | "
             "events: step_ms vs wall |", "|---|---|---|---|---|---|---|"]
    summary = {}
    for name, res in results.items():
        med = {v: statistics.median(res[v]["wall_ms"]) for v in VARIANTS}
        slow = {v: med[v] / med["plain"] - 1 for v in VARIANTS}
        errs = [s / w - 1 for s, w in zip(res["gauge-events"]["step_ms"], res["gauge-events"]["wall_ms"])
                if s is not None]
        step_err = statistics.median(errs) if errs else float("nan")
        summary[name] = {"median_wall_ms": med, "slowdown": slow, "events_step_vs_wall": step_err,
                         "events_step_vs_wall_all": errs}
        cell = lambda v: f"{med[v]:.4f} ({slow[v]:+.2%})"  # noqa: E731
        lines.append(f"| {name} ({LOOPS[name][0]}x{LOOPS[name][1]}, batch {LOOPS[name][2]}) | {med['plain']:.4f} | "
                     f"{cell('seed')} | {cell('gauge-events')} | {cell('gauge-events-log')} | {cell('gauge-sync')} | "
                     f"{step_err:+.2%} |")
    lines += ["", "Targets: gauge events slowdown <= +0.50%; |step_ms vs wall| <= 1%."]
    text = "\n".join(lines) + "\n"
    (out / "loop_overhead.md").write_text(text)
    (out / "loop_overhead.json").write_text(json.dumps({"when": when, "device": props.name, "torch": torch.__version__,
                                                        "args": vars(args), "raw": results, "summary": summary,
                                                        "env": env}, indent=2, default=str))
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
