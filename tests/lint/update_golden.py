"""Rewrite the golden `.expected` files of the corpus (review the diff before committing)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
sys.path.insert(0, str(Path(__file__).parent))

from test_lint_corpus import FILES, _text  # noqa: E402

for f in FILES:
    f.with_suffix(".expected").write_text(_text(f))
    print("wrote", f.with_suffix(".expected").name)
