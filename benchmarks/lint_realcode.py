#!/usr/bin/env python3
"""`wprof lint` on real code: precision and recall of the default rules against recorded verdicts (no GPU needed).

    python3 benchmarks/lint_realcode.py --files ROOT [--sets 50,51] [--select default] [--changes]

The held-out sets of docs/lint-evaluation.md are recorded in benchmarks/lint_realcode/setN/, our judgments only
(public code never enters this repository):
  - ``manifest.tsv``  repo, commit, path, role: the files (``scored`` are linted by name; ``context`` are the local
    modules they import, put beside them so that imports resolve);
  - ``truth.tsv``     id, file, line, rule, description, late, withdrawn: every timing mistake, written blind by a
    reader before any linter ran (``late`` = yes for a row added while judging, when a finding showed a mistake the
    reader missed; ``withdrawn`` = yes for a row a measurement showed is no mistake: left out of recall);
  - ``findings.tsv``  file, line, rule, verdict, truth_ids, reason, message, verdict2: the default findings at the
    measured commit, each judged T (true), F (false) or B (borderline; a second finding of one mistake is B) by the
    set's reader, and again, blind to that verdict, by a second judge (``verdict2``);
``file`` is ``owner__name/path`` and ``line`` a line number, or ``cell K:L`` in a notebook (K counts every cell, as
the linter prints it).

ROOT holds the files fetched at their commits, at ROOT/setN/files/owner__name/path (for example with
``https://raw.githubusercontent.com/OWNER/NAME/COMMIT/PATH``). The script lints each set's scored files with this
checkout's linter, matches every finding to the recorded ones by (file, line, rule), else by (file, rule, message),
and prints, per set and per rule: the findings, how many were judged true, false and borderline, the ones nobody
judged (a change made them: judge them by reading the code), precision = T / (T + F) over the judged ones (and by the
second judge's verdicts, ``prec2``), and recall = the truth rows (WP106 and OTHER left out) reported by a present
finding. ``--changes`` lists the unjudged findings
and the judged ones that are gone. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "lint_realcode"
NOT_COUNTED = {"WP106", "OTHER"}  # recall leaves out interval hygiene and mistakes no rule names


def read_tsv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return [{k: (v or "").strip() for k, v in row.items()} for row in csv.DictReader(f, delimiter="\t")]


def position(d: dict) -> str:
    return f"cell {d['cell']}:{d['line']}" if d.get("cell") else str(d["line"])


@dataclass
class SetResult:
    name: str
    counts: Counter = field(default_factory=Counter)  # (rule, verdict) -> n; verdict "?" = unjudged
    found: set = field(default_factory=set)
    truth: list = field(default_factory=list)
    unjudged: list = field(default_factory=list)
    unjudged_rows: list = field(default_factory=list)  # findings.tsv rows to be judged (verdict empty)
    gone: list = field(default_factory=list)


def lint_set(set_dir: Path, files_dir: Path, select: str) -> list[dict]:
    scored = [r["path"] for r in read_tsv(set_dir / "manifest.tsv") if r["role"] == "scored"]
    rels = [f"{r['repo'].replace('/', '__')}/{r['path']}" for r in read_tsv(set_dir / "manifest.tsv")
            if r["role"] == "scored"]
    missing = [p for p in rels if not (files_dir / p).is_file()]
    if missing:
        raise SystemExit(f"{set_dir.name}: {len(missing)} of {len(scored)} scored files are not under {files_dir} "
                         f"(first: {missing[0]}); fetch them at the commits of manifest.tsv")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "wprof", "lint", "--format", "json", "--select", select,
                           "--exit-zero", *rels], cwd=files_dir, env=env, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{set_dir.name}: wprof lint exited {proc.returncode}: {proc.stderr.strip()[-300:]}")
    return json.loads(proc.stdout)["diagnostics"]


def measure(set_dir: Path, files_dir: Path, select: str) -> SetResult:
    res = SetResult(set_dir.name)
    judged = read_tsv(set_dir / "findings.tsv") if (set_dir / "findings.tsv").is_file() else []
    exact = {(j["file"], j["line"], j["rule"], j["message"]): j for j in judged}
    by_pos = {(j["file"], j["line"], j["rule"]): j for j in judged}
    by_msg: dict[tuple, list] = defaultdict(list)
    for j in judged:
        by_msg[(j["file"], j["rule"], j["message"])].append(j)
    seen: set[int] = set()
    for d in lint_set(set_dir, files_dir, select):
        key = (d["path"], position(d), d["code"])
        j = exact.get(key + (d["message"],))  # two findings at one place (two helper lines) match by message
        if j is None or id(j) in seen:
            j = by_pos.get(key)
        if j is None and len(by_msg[(d["path"], d["code"], d["message"])]) == 1:
            j = by_msg[(d["path"], d["code"], d["message"])][0]
        if j is None or id(j) in seen:
            res.counts[(d["code"], "?")] += 1
            res.unjudged.append(f"{d['path']}:{position(d)}: {d['code']} {d['message']}")
            res.unjudged_rows.append({"file": d["path"], "line": position(d), "rule": d["code"], "verdict": "",
                                      "truth_ids": "", "reason": "", "message": d["message"], "verdict2": ""})
            continue
        seen.add(id(j))
        res.counts[(d["code"], j["verdict"])] += 1
        if j.get("verdict2"):
            res.counts[(d["code"], "2" + j["verdict2"])] += 1
        if j["verdict"] in ("T", "B"):
            res.found.update(t for t in j["truth_ids"].split(",") if t and t != "-")
    res.gone = [f"{j['file']}:{j['line']}: {j['rule']} [{j['verdict']}] {j['message']}" for j in judged
                if id(j) not in seen]
    res.truth = [t for t in read_tsv(set_dir / "truth.tsv")
                 if t["rule"] not in NOT_COUNTED and t.get("withdrawn", "no") != "yes"]
    return res


def precision(t: int, f: int) -> str:
    return f"{t / (t + f):.2f}" if t + f else "n/a"


def table(rows: list[list[str]], head: list[str]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join([fmt.format(*head), fmt.format(*("-" * w for w in widths))] + [fmt.format(*r) for r in rows])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", required=True, type=Path, help="folder holding setN/files/owner__name/path")
    ap.add_argument("--data", type=Path, default=DATA, help=f"recorded sets (default {DATA.relative_to(ROOT)})")
    ap.add_argument("--sets", default="", help="comma-separated set numbers (default: every recorded set)")
    ap.add_argument("--select", default="default", help="rule selection passed to wprof lint (default: default)")
    ap.add_argument("--changes", action="store_true", help="list unjudged findings and judged ones now gone")
    ap.add_argument("--unjudged-tsv", action="store_true",
                    help="write each set's unjudged findings to DATA/setN/unjudged.tsv (findings.tsv columns, "
                         "verdicts empty: a new set's findings to judge)")
    args = ap.parse_args(argv)
    names = [f"set{s.strip()}" for s in args.sets.split(",") if s.strip()] or sorted(
        p.name for p in args.data.glob("set*") if (p / "findings.tsv").is_file())
    results = []
    for name in names:
        if not (args.data / name / "findings.tsv").is_file() and not args.unjudged_tsv:
            raise SystemExit(f"{name}: no recorded verdicts under {args.data} (--unjudged-tsv lists the findings "
                             "to judge)")
        results.append(measure(args.data / name, args.files / name / "files", args.select))
    if args.unjudged_tsv:
        cols = ["file", "line", "rule", "verdict", "truth_ids", "reason", "message", "verdict2"]
        for r in results:
            with (args.data / r.name / "unjudged.tsv").open("w", newline="", encoding="utf-8") as f:
                w = csv.DictWriter(f, cols, delimiter="\t", lineterminator="\n")
                w.writeheader()
                w.writerows(r.unjudged_rows)
    rows = []
    for r in results:
        v = Counter()
        for (_, verdict), n in r.counts.items():
            v[verdict] += n
        found = sum(1 for t in r.truth if t["id"] in r.found)
        rows.append([r.name, v["T"] + v["F"] + v["B"] + v["?"], v["T"], v["F"], v["B"], v["?"],
                     precision(v["T"], v["F"]), precision(v["2T"], v["2F"]), f"{found}/{len(r.truth)}"])
    tot = [sum(int(row[i]) for row in rows) for i in range(1, 6)]
    tf = sum(int(row[8].split("/")[0]) for row in rows), sum(int(row[8].split("/")[1]) for row in rows)
    v2 = Counter()
    for r in results:
        for (_, verdict), n in r.counts.items():
            v2[verdict] += n
    rows.append(["all", *tot, precision(tot[1], tot[2]), precision(v2["2T"], v2["2F"]), f"{tf[0]}/{tf[1]}"])
    print(table([[str(x) for x in row] for row in rows],
                ["set", "findings", "T", "F", "B", "unjudged", "precision", "prec2", "recall"]))
    print()
    rules: dict[str, Counter] = defaultdict(Counter)
    truth_by_rule: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        for (rule, verdict), n in r.counts.items():
            rules[rule][verdict] += n
        for t in r.truth:
            truth_by_rule[t["rule"]][0] += t["id"] in r.found
            truth_by_rule[t["rule"]][1] += 1
    rrows = []
    for rule in sorted(set(rules) | set(truth_by_rule)):
        c = rules[rule]
        f, n = truth_by_rule[rule]
        rrows.append([rule, c["T"] + c["F"] + c["B"] + c["?"], c["T"], c["F"], c["B"], c["?"],
                      precision(c["T"], c["F"]), precision(c["2T"], c["2F"]), f"{f}/{n}"])
    print(table([[str(x) for x in row] for row in rrows],
                ["rule", "findings", "T", "F", "B", "unjudged", "precision", "prec2", "truth found"]))
    if args.changes:
        for r in results:
            for line in r.unjudged:
                print(f"{r.name} + {line}")
            for line in r.gone:
                print(f"{r.name} - {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
