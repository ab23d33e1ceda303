"""One HTML page per result kind, rendered once per test session (matplotlib's import and the plots take ~3 s), with
a hostile name in every user string."""

import pytest

from . import results_made as made

HOSTILE = "x</title><script>alert(1)</script><img src=x onerror=alert(2)>\"'&amp;"
KINDS = ("loop", "bench", "compare", "sweep", "sweep_compare")


@pytest.fixture(scope="session")
def results():
    pytest.importorskip("matplotlib")
    return {kind: getattr(made, kind)(HOSTILE) for kind in KINDS}


@pytest.fixture(scope="session")
def pages(results, tmp_path_factory):
    from wprof.report.html import write_html

    out = tmp_path_factory.mktemp("html")
    return {kind: write_html(r, out / f"{kind}.html") for kind, r in results.items()}
