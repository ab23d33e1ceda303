#!/usr/bin/env python3
"""Does a change to the bench core change what `wprof bench` writes? Before/after, key by key, numbers aside.

    python3 benchmarks/bench_output_diff.py capture OLD_TREE before/    # e.g. a `git archive main | tar -x` copy
    python3 benchmarks/bench_output_diff.py capture .        after/
    python3 benchmarks/bench_output_diff.py diff before/ after/ [--denoise]

``capture`` runs `wprof bench` (then `wprof report` as text, markdown and JSON) for a set of callables and
backends with TREE/src on PYTHONPATH, so the same scenarios run on the old and the new code; each run leaves its
JSON, its stdout and stderr in the folder. The backends, all on this machine (no GPU needed):
  - ``host``: the real host clock (examples/bench_ops.py on the CPU, small callables, --stmt, sweeps);
  - ``fakeclock``: the host backend on a scripted clock: every number is the same from run to run;
  - ``fc-*``: the test suite's scripted CUDA backend (tests/benchmark/fake_cuda.py: graph, pre-queued, a pre-queue
    that did not hold, near the floor, a failed capture, a headline replaced by the wall, several kernels, a long
    call with cool calls, cold cache, forced per-call, no cross-check).
``diff`` compares every file: JSON key paths, types, strings and booleans must match (numbers are counted apart);
text is compared line by line with every number and unit masked and runs of spaces made one. ``--denoise`` also
drops, on both sides, the quality warnings that fire or not with the host clock's noise and the stop reason's
wording; two captures of the same code differ in those (capture twice to see the baseline). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TARGETS = textwrap.dedent('''
    import random, time

    def good(n=8):
        data = list(range(n))
        return lambda: sum(data)

    def sleepy():
        return lambda: time.sleep(0.001)

    def noisy():
        r = random.Random(0)
        def fn():
            x = 0
            for _ in range(r.choice([100, 100, 100, 3000])):
                x += 1
            return x
        return fn
''')

# name, backend, wprof bench arguments ({T} is the targets file)
RUNS = [
    ("mm", "host", "examples/bench_ops.py:matmul --param n=128 --budget-s 1"),
    ("add", "host", "examples/bench_ops.py:add --param numel=65536 --budget-s 1"),
    ("softmax", "host", "examples/bench_ops.py:softmax --param rows=128 --param cols=128 --budget-s 1"),
    ("good", "host", "{T}:good -p n=16 --iters 20"),
    ("good_agg", "host", "{T}:good --mode aggregate --iters 20"),
    ("good_cold", "host", "{T}:good --cache cold --iters 20"),
    ("good_nocc", "host", "{T}:good --no-crosscheck --iters 20"),
    ("sleepy", "host", "{T}:sleepy --iters 10"),
    ("noisy", "host", "{T}:noisy --budget-s 1"),
    ("stmt", "host", "--stmt 'sum(x)' --setup 'x = list(range(100))' --iters 30"),
    ("mm_sweep", "host", "examples/bench_ops.py:matmul --param n=32,64 --budget-s 0.5"),
    ("softmax_count", "host", "examples/bench_ops.py:softmax --param rows=64 --param cols=64 --count-flops "
                              "--budget-s 0.5"),
    ("fk_good", "fakeclock", "{T}:good --budget-s 0.2"),
    ("fk_mm", "fakeclock", "examples/bench_ops.py:matmul --param n=64 --budget-s 0.2"),
    ("fk_agg", "fakeclock", "{T}:good --mode aggregate --iters 30"),
    ("fk_drop", "fakeclock", "{T}:good --drop-throttled --iters 30"),
    *[(f"{s}_good", s, "{T}:good --iters 20") for s in ("fc-graph", "fc-prequeued", "fc-notqueued", "fc-isolated",
                                                        "fc-capturefail", "fc-wall", "fc-multi", "fc-long")],
    ("fc-graph_cold", "fc-graph", "{T}:good --cache cold --iters 12"),
    ("fc-prequeued_mm", "fc-prequeued", "examples/bench_ops.py:matmul --param n=64 --iters 20"),
    ("fc-graph_forcedpc", "fc-graph", "{T}:good --mode per-call --iters 20"),
    ("fc-graph_nocc", "fc-graph", "{T}:good --no-crosscheck --iters 20"),
]


def _drive(scenario: str, argv: list[str]) -> int:
    """In the child: `wprof ARGV` with the scenario's backend (the tree's own wprof and fake CUDA backend)."""
    import wprof
    from wprof.benchmark import backends, core

    tree = Path(wprof.__file__).resolve().parents[2]
    sys.path.insert(0, str(tree / "tests" / "benchmark"))
    if scenario.startswith("fc-"):
        from fake_cuda import FakeCuda

        from wprof.benchmark.kernels import KernelBreakdown

        def kb(ops: float, busy: float) -> KernelBreakdown:
            return KernelBreakdown(True, calls=3, ops_per_call=ops, kernels_per_call=ops, sum_ms=busy,
                                   kernel_sum_ms=busy, busy_ms=busy, bench_stream=7, syncs_per_call=0.0,
                                   launches_per_call=ops)

        fakes = {
            "fc-graph": dict(eager_ms=0.0135, device_ms=0.0016, host_ms=0.012, graph_ms=0.0012),
            "fc-prequeued": dict(eager_ms=0.0520, device_ms=0.0480, host_ms=0.010, graph_ms=0.0740),
            "fc-notqueued": dict(eager_ms=0.0505, device_ms=0.0497, host_ms=0.010, queued_ok=False),
            "fc-isolated": dict(eager_ms=0.0106, device_ms=0.0010, host_ms=0.0074, graph_ms=0.00096,
                                floor_ms=0.00145, pair_ms=0.0012, single_ms=0.0029),
            "fc-capturefail": dict(eager_ms=0.0106, device_ms=0.0030, host_ms=0.0074, capture_error="not permitted"),
            "fc-wall": dict(eager_ms=0.01, device_ms=0.000005, host_ms=1.0, graph_ms=0.000005, kernels=kb(0, 0.0)),
            "fc-multi": dict(eager_ms=0.0505, device_ms=0.0497, host_ms=0.010, graph_ms=0.0497, single_ms=0.06,
                             kernels=kb(3, 0.049)),
            "fc-long": dict(eager_ms=1.6, device_ms=1.6, host_ms=0.01, graph_ms=1.6, kernels=kb(1, 1.6)),
        }
        make = lambda: FakeCuda(**fakes[scenario])  # noqa: E731
    elif scenario == "fakeclock":
        t = [0, 0]

        def now() -> int:  # a scripted clock: 137 ns a reading, a little more every 7th and 101st
            t[1] += 1
            t[0] += 137 + (50 if t[1] % 7 == 0 else 0) + (3000 if t[1] % 101 == 0 else 0)
            return t[0]

        make = lambda: backends.HostBackend(clock=now)  # noqa: E731
    else:
        make = None
    if make is not None:
        core.make_backend = backends.make_backend = lambda device=None: make()
    from wprof.cli import main

    return main(argv)


def capture(tree: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    targets = out / "_targets.py"
    targets.write_text(TARGETS)
    env = dict(os.environ, PYTHONPATH=str(tree.resolve() / "src"), OMP_NUM_THREADS="1")
    env.pop("WPROF", None)

    def wprof(*argv: str, scenario: str = "host", stdout: Path, stderr: Path) -> int:
        with stdout.open("w") as so, stderr.open("w") as se:
            return subprocess.run([sys.executable, __file__, "_drive", scenario, *argv], cwd=ROOT, env=env,
                                  stdout=so, stderr=se, timeout=300).returncode

    for name, scenario, args in RUNS:
        import shlex

        argv = ["bench", *shlex.split(args.format(T=targets)), "--json", str(out / f"{name}.json")]
        rc = wprof(*argv, scenario=scenario, stdout=out / f"{name}.txt", stderr=out / f"{name}.err")
        print(f"{name}: rc={rc}", flush=True)
        if (out / f"{name}.json").exists():
            for fmt, ext in (("text", "report.txt"), ("md", "report.md"), ("json", "report.jsonout")):
                wprof("report", "--format", fmt, str(out / f"{name}.json"), stdout=out / f"{name}.{ext}",
                      stderr=out / f"{name}.{ext}.err")


NUM = re.compile(r"[-+]?\d[\d,]*(\.\d+)?(e[-+]?\d+)?")
UNIT = re.compile(r"# ?(ns|µs|us|ms|s|%|x|MHz|W|[kMGT]?B/s|[kMGT]?FLOP/s)(?=\W|$)")
#: quality warnings that fire or not with the host clock's noise (two runs of the same code differ in them)
NOISE = {"high-spread", "bimodal", "first-call-outlier", "near-floor", "few-samples"}


def mask(text: str) -> list[str]:
    return [re.sub(r"\s+", " ", UNIT.sub("#", NUM.sub("#", ln))).strip() for ln in text.splitlines()]


def denoise_doc(d):
    if isinstance(d, dict):
        d = {k: denoise_doc(v) for k, v in d.items() if k != "stop_reason"}
        if isinstance(d.get("warnings"), list):
            d["warnings"] = [w for w in d["warnings"] if not (isinstance(w, dict) and w.get("code") in NOISE)]
    elif isinstance(d, list):
        d = [denoise_doc(x) for x in d]
    return d


def denoise_text(lines: list[str]) -> list[str]:
    out, skip = [], False
    for ln in lines:
        m = re.match(r"(- \*\*)?warning(\*\*)? (n=#: )?\[([a-z-]+)\]", ln)
        if m:
            skip = m.group(4) in NOISE
        elif not ln.startswith("→"):
            skip = False
        if not skip:
            out.append(re.sub(r"stop: .*", "stop: ...", ln))
    return out


def walk(a, b, path: str, out: dict[str, list[str]]) -> None:
    """Key paths, types, strings and booleans into out["struct"]/["text"]; numbers into out["num"]."""
    numeric = (int, float)
    if type(a) is not type(b) and not (isinstance(a, numeric) and isinstance(b, numeric)
                                       and not isinstance(a, bool) and not isinstance(b, bool)):
        out["struct"].append(f"{path}: {type(a).__name__} vs {type(b).__name__}: {str(a)[:60]!r} / {str(b)[:60]!r}")
    elif isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out["struct"].append(f"{path}.{k}: only {'after' if k in b else 'before'}")
            else:
                walk(a[k], b[k], f"{path}.{k}", out)
        if list(a) != list(b) and set(a) == set(b):
            out["struct"].append(f"{path}: key order differs")
    elif isinstance(a, list):
        if len(a) != len(b):
            out["num"].append(f"{path}: length {len(a)} vs {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            walk(x, y, f"{path}[{i}]", out)
    elif isinstance(a, str):
        if a != b and path.rsplit(".", 1)[-1] not in ("created_utc", "wprof_version"):
            out["text" if mask(a) != mask(b) else "num"].append(f"{path}: {a[:90]!r} vs {b[:90]!r}")
    elif isinstance(a, bool) or a is None:
        if a != b:
            out["struct"].append(f"{path}: {a!r} vs {b!r}")
    elif type(a) is not type(b):
        out["struct"].append(f"{path}: {type(a).__name__} {a!r} vs {type(b).__name__} {b!r}")
    elif not (a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b))):
        out["num"].append(f"{path}: {a!r} vs {b!r}")


def diff(before: Path, after: Path, denoise: bool) -> bool:
    same = differ = 0
    for f in sorted(before.iterdir()):
        if f.name.startswith("_"):
            continue
        g = after / f.name
        out: dict[str, list[str]] = {"struct": [], "text": [], "num": []}
        if not g.exists():
            out["struct"].append("missing after")
        elif f.suffix in (".json", ".jsonout"):
            da = json.loads(f.read_text())
            db = json.loads(g.read_text().replace(str(after.resolve()), str(before.resolve())))
            if denoise:
                da, db = denoise_doc(da), denoise_doc(db)
            da.get("env", {}).pop("argv", None), db.get("env", {}).pop("argv", None)
            walk(da, db, "", out)
        else:
            la = mask(f.read_text().replace(str(before.resolve()), "DIR"))
            lb = mask(g.read_text().replace(str(after.resolve()), "DIR"))
            if denoise:
                la, lb = denoise_text(la), denoise_text(lb)
            out["text"] = list(difflib.unified_diff(la, lb, lineterm="", n=0))[2:]
        bad = out["struct"] + out["text"]
        same, differ = same + (not bad), differ + bool(bad)
        print(f"{'DIFF' if bad else 'SAME'} {f.name}: {len(out['struct'])} structural, {len(out['text'])} text, "
              f"{len(out['num'])} numeric")
        for line in bad[:12]:
            print("      " + line)
    print(f"{same} files the same (numbers aside), {differ} different")
    return differ == 0


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "_drive":
        return _drive(sys.argv[2], sys.argv[3:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("capture", help="run the scenarios with TREE/src")
    c.add_argument("tree", type=Path)
    c.add_argument("out", type=Path)
    d = sub.add_parser("diff", help="compare two captures")
    d.add_argument("before", type=Path)
    d.add_argument("after", type=Path)
    d.add_argument("--denoise", action="store_true")
    a = ap.parse_args()
    if a.cmd == "capture":
        capture(a.tree, a.out)
        return 0
    return 0 if diff(a.before, a.after, a.denoise) else 1


if __name__ == "__main__":
    sys.exit(main())
