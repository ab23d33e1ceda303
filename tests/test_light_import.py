"""`import wprof` and `wprof --help` (every subcommand's too) must not load heavy packages.

A fresh process is the point here (what start-up imports), so these are `e2e`; the subcommands' helps share one
process: modules only accumulate, so the first help after which a heavy module is loaded is the one that loaded it.
"""

import json
import subprocess
import sys

import pytest

HEAVY = ["torch", "triton", "cupy", "matplotlib", "nvtx", "pynvml", "numpy"]

PROBE = """
import sys, json, io, contextlib
import wprof, wprof.cli
for argv in {argvs!r}:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            wprof.cli.main(argv)
        except SystemExit:
            pass
    print(json.dumps([argv, sorted(m for m in {heavy!r} if m in sys.modules)]))
"""


def _loaded_after_each(argvs):
    """``{" ".join(argv): heavy modules loaded once that help (and the ones before it) ran}`` in one process."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(argvs=argvs, heavy=HEAVY)], capture_output=True, text=True, check=True
    )
    rows = [json.loads(ln) for ln in out.stdout.strip().splitlines() if ln.startswith("[")]
    assert [r[0] for r in rows] == argvs, out.stdout
    return {" ".join(a): loaded for a, loaded in rows}


def _loaded(argv):
    return _loaded_after_each([argv])[" ".join(argv)]


@pytest.mark.e2e
def test_import_is_light():
    out = subprocess.run(
        [sys.executable, "-c", f"import sys, wprof; print([m for m in {HEAVY!r} if m in sys.modules])"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.e2e
def test_help_is_light():
    assert _loaded(["--help"]) == []


@pytest.mark.e2e
def test_every_subcommand_help_is_light():
    import wprof.cli

    names = [m.NAME for m in wprof.cli._command_modules()]
    loaded = _loaded_after_each([[name, "--help"] for name in names])
    for name in names:
        assert loaded[f"{name} --help"] == [], name  # the first name here loaded it


def test_all_is_importable():
    import wprof

    for name in wprof.__all__:
        assert getattr(wprof, name) is not None
