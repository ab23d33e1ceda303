"""Writing a command's result files: ``--json`` then ``--html``, shared by ``wprof bench`` and ``wprof compare``."""

from __future__ import annotations

import argparse


def save_outputs(result: object, args: argparse.Namespace) -> None:
    """--json, then --html; a JSON that could not be written (its error names a fallback file when the disk was
    full) does not cost the page: the page is written, then the JSON's error is raised."""
    from ..errors import WprofError

    failed = None
    if args.json is not None:
        try:
            print(f"saved {result.save(args.json)}")  # type: ignore[attr-defined]
        except WprofError as exc:
            failed = exc
    if args.html is not None:
        from ..report.html import write_html

        print(f"saved {write_html(result, args.html)}")
    if failed is not None:
        raise failed
