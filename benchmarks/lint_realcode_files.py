#!/usr/bin/env python3
"""Put the files of the recorded real-code sets under ROOT, from local git snapshots of their repositories.

    python3 benchmarks/lint_realcode_files.py --root ROOT --mirrors DIR [--sets 102,103] [--missing]

For every row of ``benchmarks/lint_realcode/setN/manifest.tsv`` it writes ``ROOT/setN/files/OWNER__NAME/PATH`` from
the git directory of OWNER/NAME under DIR (``DIR/OWNER+NAME/repo`` or ``DIR/OWNER+NAME/repo/.git``, the layout of a
bare or working-tree snapshot) at the recorded commit, with ``git show COMMIT:PATH``. ``--missing`` only prints the
repositories that have no snapshot under DIR (one ``owner/name`` a line), to fetch them first. Files already present
are kept. The script reads no network and stores nothing in this repository: ROOT is a scratch folder.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lint_realcode import DATA, read_tsv  # noqa: E402


def git_dir(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+")
    for cand in (base / "repo" / ".git", base / "repo", base):
        if (cand / "HEAD").is_file() and (cand / "objects").is_dir():
            return cand
    return None


def sets_of(arg: str, data: Path) -> list[Path]:
    if not arg:
        return sorted((p for p in data.glob("set*") if (p / "manifest.tsv").is_file()),
                      key=lambda p: int(p.name[3:]))
    out = []
    for part in arg.split(","):
        lo, _, hi = part.partition("-")
        for n in range(int(lo), int(hi or lo) + 1):
            if (data / f"set{n}" / "manifest.tsv").is_file():
                out.append(data / f"set{n}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True, type=Path, help="scratch folder receiving setN/files/...")
    ap.add_argument("--mirrors", required=True, type=Path, help="folder of OWNER+NAME git snapshots")
    ap.add_argument("--data", type=Path, default=DATA, help="recorded sets")
    ap.add_argument("--sets", default="", help="set numbers: 102,103 or 77-101 (default: every recorded set)")
    ap.add_argument("--missing", action="store_true", help="only list repositories without a snapshot")
    args = ap.parse_args(argv)
    missing: dict[str, None] = {}
    written = kept = failed = 0
    for set_dir in sets_of(args.sets, args.data):
        for row in read_tsv(set_dir / "manifest.tsv"):
            repo, commit, path = row["repo"], row["commit"], row["path"]
            gd = git_dir(args.mirrors, repo)
            if gd is None:
                missing[repo] = None
                continue
            if args.missing:
                continue
            dest = args.root / set_dir.name / "files" / repo.replace("/", "__") / path
            if dest.is_file():
                kept += 1
                continue
            proc = subprocess.run(["git", "--git-dir", str(gd), "show", f"{commit}:{path}"], capture_output=True)
            if proc.returncode != 0:
                failed += 1
                print(f"{set_dir.name}: {repo}@{commit[:10]}:{path}: {proc.stderr.decode(errors='replace').strip()}",
                      file=sys.stderr)
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(proc.stdout)
            written += 1
    if args.missing:
        print("\n".join(missing))
        return 0
    print(f"written {written}, already there {kept}, failed {failed}, repositories without a snapshot {len(missing)}",
          file=sys.stderr)
    return 1 if failed or missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
