#!/usr/bin/env python3
"""Lint speed: lines per second over a synthetic tree built from the realistic corpus (no GPU needed).

    PYTHONPATH=src python3 benchmarks/lint_speed.py [--lines 10000] [--repeat 5]

Copies the corpus files (tests/lint/corpus/*.py) into a temporary folder until it holds at least --lines lines,
lints the folder with every rule (files read, parsed, checked, no output), and prints the median wall time of
--repeat runs, lines/s, and whether 10,000 lines take under a second. A benchmark, not a test.
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        files, lines = build_tree(Path(d), args.lines)
        lint_paths([d])  # import the rules once
        walls, cpus, parse, findings = [], [], [], 0
        srcs = [p.read_text() for p in sorted(Path(d).glob("*.py"))]
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            res = lint_paths([d])
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
