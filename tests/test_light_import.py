"""`import wprof` and `wprof --help` (every subcommand's too) must not load heavy packages."""

import json
import subprocess
import sys

HEAVY = ["torch", "triton", "cupy", "matplotlib", "nvtx", "pynvml", "numpy"]

PROBE = """
import sys, json, io, contextlib
import wprof, wprof.cli
argv = {argv!r}
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    try:
        wprof.cli.main(argv)
    except SystemExit:
        pass
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)))
"""


def _loaded(argv):
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=argv, heavy=HEAVY)], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_import_is_light():
    out = subprocess.run(
        [sys.executable, "-c", f"import sys, wprof; print([m for m in {HEAVY!r} if m in sys.modules])"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.strip() == "[]"


def test_help_is_light():
    assert _loaded(["--help"]) == []


def test_every_subcommand_help_is_light():
    import wprof.cli

    names = [m.NAME for m in wprof.cli._command_modules()]
    for name in names:
        assert _loaded([name, "--help"]) == [], name


def test_all_is_importable():
    import wprof

    for name in wprof.__all__:
        assert getattr(wprof, name) is not None
