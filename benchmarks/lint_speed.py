#!/usr/bin/env python3
"""Lint speed: lines per second over a synthetic tree built from the realistic corpus (no GPU needed).

    PYTHONPATH=src python3 benchmarks/lint_speed.py [--lines 10000] [--repeat 5]
    PYTHONPATH=src python3 benchmarks/lint_speed.py --single 5000,10000,20000,50000 [--repeat 3]

Copies the corpus files (tests/lint/corpus/*.py) into a temporary folder until it holds at least --lines lines,
lints the folder with every rule (files read, parsed, checked, no output), and prints the median wall time of
--repeat runs, lines/s, and whether 10,000 lines take under a second. A benchmark, not a test.

``--single`` builds ONE file of each size (the corpus files concatenated: many measurements in one module scope,
the worst case for the region analysis) and prints wall and CPU time per size, the time per 1,000 lines, and each
size's CPU time relative to the linear extrapolation from the smallest size (1.0 = linear; the quadratic version
gave about 4.4 at 50,000 lines).
"""

from __future__ import annotations

import argparse
import ast
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from wprof.lint import lint_paths  # noqa: E402


def build_tree(folder: Path, min_lines: int) -> tuple[int, int]:
    sources = [p.read_text() for p in sorted((ROOT / "tests" / "lint" / "corpus").glob("*.py"))]
    lines = files = 0
    while lines < min_lines:
        src = sources[files % len(sources)]
        (folder / f"m{files:04d}.py").write_text(src)
        lines += src.count("\n")
        files += 1
    return files, lines


def single_file(sizes: list[int], repeat: int) -> int:
    sources = [p.read_text() for p in sorted((ROOT / "tests" / "lint" / "corpus").glob("*.py"))]
    print(f"date {time.strftime('%Y-%m-%d %H:%M')}  python {platform.python_version()}  {platform.machine()}  "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print("| lines | wall (median) | CPU (median) | CPU per 1,000 lines | CPU vs linear |")
    print("|---|---|---|---|---|")
    base = None
    with tempfile.TemporaryDirectory() as d:
        for size in sizes:
            parts, lines, i = [], 0, 0
            while lines < size:
                parts.append(sources[i % len(sources)])
                lines += sources[i % len(sources)].count("\n")
                i += 1
            path = Path(d) / f"big{size}.py"
            path.write_text("".join(parts))
            lint_paths([str(path)], select=["ALL"])  # warm the imports
            walls, cpus = [], []
            for _ in range(repeat):
                t0, c0 = time.perf_counter(), time.process_time()
                lint_paths([str(path)], select=["ALL"])
                walls.append(time.perf_counter() - t0)
                cpus.append(time.process_time() - c0)
            wall, cpu = statistics.median(walls), statistics.median(cpus)
            per_k = cpu * 1000 / lines
            base = base or per_k
            print(f"| {lines:,} | {wall:.2f} s | {cpu:.2f} s | {per_k * 1e3:.0f} ms | {per_k / base:.2f} |")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--single", metavar="SIZES", help="comma-separated line counts: one file of each size")
    args = ap.parse_args()
    if args.single:
        return single_file([int(x) for x in args.single.split(",")], args.repeat)
    with tempfile.TemporaryDirectory() as d:
        files, lines = build_tree(Path(d), args.lines)
        lint_paths([d])  # import the rules once
        walls, cpus, parse, findings = [], [], [], 0
        srcs = [p.read_text() for p in sorted(Path(d).glob("*.py"))]
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            res = lint_paths([d], select=["ALL"])
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            findings = sum(len(r.diagnostics) for r in res)
            c0 = time.process_time()
            for s in srcs:
                ast.parse(s)
            parse.append(time.process_time() - c0)
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    print(f"date {time.strftime('%Y-%m-%d')}  python {platform.python_version()}  {platform.machine()}  "
          f"{platform.processor() or platform.platform()}")
    print(f"{files} files, {lines} lines, {findings} findings")
    print(f"median {wall * 1e3:.0f} ms over {args.repeat} runs (min {min(walls) * 1e3:.0f}, "
          f"max {max(walls) * 1e3:.0f})  ->  {lines / wall:,.0f} lines/s")
    print(f"CPU time median {cpu * 1e3:.0f} ms ({lines / cpu:,.0f} lines/s), of which ast.parse alone "
          f"{statistics.median(parse) * 1e3:.0f} ms; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    per_10k = wall * 10_000 / lines
    cpu_10k = cpu * 10_000 / lines
    print(f"10,000 lines: wall {per_10k:.2f} s ({'OK' if per_10k < 1 else 'over'} the 1 s goal), "
          f"CPU {cpu_10k:.2f} s ({'OK' if cpu_10k < 1 else 'over'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
