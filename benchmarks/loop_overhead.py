"""Overhead and step-time accuracy of the loop gauge on the three training loops of BASELINES.md (GPU machine).

Loops: SGD MLPs, small 256x8 batch 32, medium 2048x8 batch 256, large 8192x4 batch 1024. Variants:

- ``plain``: the uninstrumented loop;
- ``seed``: the seed template by hand (synchronize before and after each iteration's body);
- ``gauge-events``: ``for batch in wprof.Gauge(batches, mode="events", log_interval=0)``;
- ``gauge-events-log``: the same with a log line per iteration (``log_interval=1``, to a null handler);
- ``gauge-sync``: ``mode="sync"``.

Method. Many short repetitions; in each, every variant runs once, in a shuffled order, ``--warmup`` iterations and
then ``--iters`` timed ones. A variant's wall time per iteration is measured over the whole timed span, outside the
loop: ``synchronize(); t0 = clock(); <loop>; synchronize(); t1 = clock()``. Per repetition, each variant's slowdown is
its wall time over the ``plain`` wall time of the SAME repetition, minus one; reported per variant: the median of
those ratios with its distribution-free 95% confidence interval (order statistics, ``wprof.stats.median_ci``), and
``~`` when the interval includes 0 (no slowdown that this run can tell from noise). The gauge's step-time check
compares like with like: per repetition, its mean ``step_ms`` (the device period between boundary events in events
mode) over the timed iterations against that repetition's wall time per iteration.

Host cost. The gauge's own per-iteration host cost in events mode: ``for b in gauge: pass`` over pre-made items with
an empty body (the GPU idles, so nothing waits), minus the same plain loop, in µs per iteration; also with counter
"marks" that make no CUDA call (the gauge's Python alone), and the number of Python-level calls per iteration
(``sys.setprofile``). ``--host-cost-only`` runs just that part (it works without CUDA: the counter marks only).

Targets (BASELINES.md): events mode slows a loop by <= 0.5%; its step time is within 1% of the wall time.

    PYTHONPATH=src python3 benchmarks/loop_overhead.py [--reps 40] [--iters 100] [--large-reps 12] [--large-iters 20]

Writes ``loop_overhead.md`` and ``loop_overhead.json`` under ``$OUT`` when set, else ``benchmarks/out``. The default
run takes about 3 minutes on an H200.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import math
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
    """Wall ms per timed iteration (synchronize at both ends, outside the loop) and the gauge's mean step_ms."""
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
            torch.cuda.synchronize()  # noqa: WP101 -- the seed template, measured on purpose
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


def median_with_ci(values):
    """(median, low, high) of per-repetition values; the CI is distribution-free (order statistics)."""
    from wprof.stats import median_ci

    vals = [v for v in values if v is not None and math.isfinite(v)]
    if not vals:
        return (math.nan, math.nan, math.nan)
    lo, hi = median_ci(vals)
    return (statistics.median(vals), lo, hi)


def fmt_ci(m, lo, hi):
    if math.isnan(m):
        return "n/a"
    if math.isnan(lo):
        return f"{m:+.2%} [CI needs >= 6 reps]"
    return f"{m:+.2%} [{lo:+.2%}, {hi:+.2%}]" + (" ~" if lo <= 0 <= hi else "")


# --- host cost of the boundary path --------------------------------------------------------------------------------
class CounterMarks:
    """Marks that make no CUDA call (a counter): the gauge's own Python cost per boundary."""

    clock = "cuda-events"

    def __init__(self):
        self.n = 0
        self.stalls = 0
        self.grown = 0

    def prepare(self, n_marks, on_full):
        pass

    def mark(self):
        self.n += 1
        return self.n

    def ready(self, m):
        return True

    def wait(self, m):
        pass

    def elapsed_ms(self, a, b):
        return float(b - a)

    def release_before(self, m):
        pass

    def finalize(self):
        pass


_LEAD = 10  # iterations before the timed span (the gauge's window opens at 5: its set-up is outside the span)


def _time_loop(make_iterable, n):
    """µs per iteration over ``n`` iterations in the middle of the window (no set-up, no finish inside)."""
    it = iter(make_iterable())
    for _ in range(_LEAD):
        next(it)
    t0 = time.perf_counter_ns()
    for _ in range(n):
        next(it)
    dt_us = (time.perf_counter_ns() - t0) / n / 1e3
    for _ in it:  # the rest (the window's end and its files) is not timed
        pass
    return dt_us


def host_cost(wprof, tmp, cuda, n=2000, reps=7):
    """µs per iteration of ``for b in gauge: pass`` above a plain ``for b in items: pass``, and calls per iteration."""
    items = list(range(n + 2 * _LEAD))

    def gauge(log_interval, marks=None, mode="events"):
        return wprof.Gauge(items, warmup=5, iters=n + _LEAD, env=False, profiler_api=False,
                           log_interval=log_interval, mode=mode, name="host-cost", out_dir=tmp, _marks=marks)

    cases = {"plain": lambda: items}
    cases["gauge, counter marks (no CUDA call), no line"] = lambda: gauge(0, CounterMarks())
    cases["gauge, counter marks, a line per iteration"] = lambda: gauge(1, CounterMarks())
    if cuda:
        cases["gauge events (CUDA events), no line"] = lambda: gauge(0)
        cases["gauge events, a line per iteration"] = lambda: gauge(1)
    out = {}
    for name, make in cases.items():
        out[name] = statistics.median(_time_loop(make, n) for _ in range(reps))
    base = out["plain"]
    calls = count_calls(lambda: gauge(0, CounterMarks()), n)
    calls_log = count_calls(lambda: gauge(1, CounterMarks()), n)
    return {"us_per_iter": out, "over_plain_us": {k: v - base for k, v in out.items() if k != "plain"},
            "calls_per_iter": calls, "calls_per_iter_with_line": calls_log, "iterations": n}


def count_calls(make, n):
    """Python and C calls per iteration seen by ``sys.setprofile`` over ``n`` iterations in the middle of the
    window (the generator's own resumption is not a call)."""
    counts = {"call": 0, "c_call": 0}
    names: dict[str, int] = {}

    def prof(frame, event, arg):
        if event in counts:
            counts[event] += 1
            key = frame.f_code.co_name if event == "call" else getattr(arg, "__qualname__", str(arg))
            names[key] = names.get(key, 0) + 1

    it = iter(make())
    for _ in range(_LEAD):
        next(it)
    sys.setprofile(prof)
    try:
        for _ in range(n):
            next(it)
    finally:
        sys.setprofile(None)
    for _ in it:
        pass
    per = {k: round(v / n, 2) for k, v in sorted(names.items(), key=lambda kv: -kv[1]) if v >= n // 2}
    return {"python": counts["call"] / n, "c": counts["c_call"] / n, "by_name": per}


def host_cost_lines(hc):
    lines = [f"Host cost per iteration (`for b in gauge: pass`, {hc['iterations']} iterations inside the window, "
             "empty body; median of 7):",
             "", "| case | µs/iter | over plain (µs) |", "|---|---|---|"]
    for k, v in hc["us_per_iter"].items():
        extra = hc["over_plain_us"].get(k)
        lines.append(f"| {k} | {v:.2f} | {'' if extra is None else f'{extra:+.2f}'} |")
    c, cl = hc["calls_per_iter"], hc["calls_per_iter_with_line"]
    lines += ["", f"Calls per iteration (counter marks, sys.setprofile): "
                  f"{c['python']:.1f} Python + {c['c']:.1f} C without a line, {cl['python']:.1f} Python + "
                  f"{cl['c']:.1f} C with a line per iteration.",
              "Per iteration, without a line: " + ", ".join(f"{k} {v:g}" for k, v in c["by_name"].items())]
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--reps", type=int, default=40, help="repetitions of the small and medium loops")
    p.add_argument("--iters", type=int, default=100, help="timed iterations per repetition (small, medium)")
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--large-reps", type=int, default=12, help="repetitions of the large loop (30 ms/iteration)")
    p.add_argument("--large-iters", type=int, default=20, help="timed iterations per repetition of the large loop")
    p.add_argument("--loops", default="small,medium,large")
    p.add_argument("--host-cost-only", action="store_true", help="only the host cost per iteration (CPU is enough)")
    args = p.parse_args()
    import wprof

    log = logging.getLogger("wprof")
    log.handlers[:] = [logging.NullHandler()]
    log.propagate = False
    out = Path(os.environ.get("OUT") or Path(__file__).parent / "out")
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / "gauge-results"
    try:
        import torch

        cuda = torch.cuda.is_available()
    except ImportError:
        torch, cuda = None, False
    t_start = time.perf_counter()
    if cuda:  # the events case needs a CUDA context and a warm stream
        torch.cuda.init()
        torch.cuda.synchronize()
    hc = host_cost(wprof, tmp, cuda)
    when = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    if args.host_cost_only or not cuda:
        if not cuda and not args.host_cost_only:
            print("loop_overhead: no CUDA, only the host cost (counter marks) was measured", file=sys.stderr)
        text = "\n".join([f"Measured {when}; torch {getattr(torch, '__version__', 'n/a')}, CUDA {cuda}.", ""]
                         + host_cost_lines(hc)) + "\n"
        (out / "loop_overhead_host.md").write_text(text)
        print(text)
        return 0 if args.host_cost_only else 1

    rng = random.Random(0)
    results: dict[str, dict[str, list]] = {}
    for name in args.loops.split(","):
        width, depth, batch = LOOPS[name]
        model, opt, batches = build(torch, width, depth, batch)
        large = name == "large"
        iters = args.large_iters if large else args.iters
        reps = args.large_reps if large else args.reps
        warmup = min(args.warmup, 5) if large else args.warmup
        run_variant(torch, wprof, "plain", model, opt, batches, warmup, 2 * iters, tmp)  # allocator, cuBLAS
        res = {v: {"wall_ms": [], "step_ms": []} for v in VARIANTS}
        for _rep in range(reps):
            order = list(VARIANTS)
            rng.shuffle(order)
            for v in order:
                wall, step = run_variant(torch, wprof, v, model, opt, batches, warmup, iters, tmp)
                res[v]["wall_ms"].append(wall)
                res[v]["step_ms"].append(step)
        results[name] = res
        print(f"{name} ({time.perf_counter() - t_start:.0f} s): "
              + ", ".join(f"{v} {statistics.median(res[v]['wall_ms']):.4f}" for v in VARIANTS), flush=True)

    props = torch.cuda.get_device_properties(0)
    try:
        from wprof.env import fingerprint

        env = fingerprint()
    except Exception as exc:  # the table must still be written
        env = {"error": str(exc)}
    driver = ((env.get("device") or {}).get("driver")) if isinstance(env.get("device"), dict) else None
    lines = [f"Measured {when} on {props.name}, driver {driver or 'n/a'}, torch {torch.__version__}; "
             f"{args.reps} repetitions of {args.iters} iterations ({args.large_reps} of {args.large_iters} for the "
             f"large loop), every variant once per repetition in a shuffled order.", "",
             "Slowdown against `plain` (median over repetitions of wall/plain-wall - 1 in the same repetition, "
             "[95% CI of that median]; `~`: the CI includes 0):", "",
             "| loop | plain ms/iter | seed (sync each) | gauge events | gauge events + log line | gauge sync | "
             "events: step_ms vs wall | sync: step_ms vs wall |", "|---|---|---|---|---|---|---|---|"]
    summary = {}
    for name, res in results.items():
        plain = res["plain"]["wall_ms"]
        slow = {v: median_with_ci([w / b - 1 for w, b in zip(res[v]["wall_ms"], plain)]) for v in VARIANTS[1:]}
        acc = {v: median_with_ci([s / w - 1 if s is not None else None
                                  for s, w in zip(res[v]["step_ms"], res[v]["wall_ms"])])
               for v in ("gauge-events", "gauge-sync")}
        summary[name] = {"plain_ms_median": statistics.median(plain), "slowdown": slow, "step_vs_wall": acc}
        w, d, b = LOOPS[name]
        lines.append(f"| {name} ({w}x{d}, batch {b}) | {statistics.median(plain):.4f} | "
                     + " | ".join(fmt_ci(*slow[v]) for v in VARIANTS[1:]) + " | "
                     + " | ".join(fmt_ci(*acc[v]) for v in ("gauge-events", "gauge-sync")) + " |")
    lines += ["", "Targets: gauge events slowdown <= +0.50%; |step_ms vs wall| <= 1%.", ""] + host_cost_lines(hc)
    lines += ["", f"Total time {time.perf_counter() - t_start:.0f} s."]
    text = "\n".join(lines) + "\n"
    (out / "loop_overhead.md").write_text(text)
    (out / "loop_overhead.json").write_text(json.dumps({"when": when, "device": props.name, "torch": torch.__version__,
                                                        "args": vars(args), "raw": results, "summary": summary,
                                                        "host_cost": hc, "env": env}, indent=2, default=str))
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
