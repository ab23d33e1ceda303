"""`wprof bench` and `wprof report` end to end on the host path (CPU), and every bad-input error."""

import json
import subprocess
import sys
import textwrap

import pytest

from harness import run_wprof

from wprof.cli import main

FACTORIES = textwrap.dedent('''
    def good(n=8):
        data = list(range(n))
        return lambda: sum(data)

    def raises():
        raise RuntimeError("no inputs")

    def returns_int():
        return 3

    NOT_CALLABLE = 5

    def fails_later():
        state = {"k": 0}
        def fn():
            state["k"] += 1
            if state["k"] > 30:
                raise ValueError("went wrong")
        return fn
''')


@pytest.fixture
def target(tmp_path):
    p = tmp_path / "targets.py"
    p.write_text(FACTORIES)
    return p


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_bench_file_target_and_json(target, tmp_path, capsys):
    out_json = tmp_path / "sub" / "r.json"
    code, out, err = run(["bench", f"{target}:good", "-p", "n=16", "--iters", "20", "--json", str(out_json)], capsys)
    assert code == 0
    assert "wprof bench: good" in out and "median" in out and "host clock" in out
    assert "no CUDA device: timing on the host clock" in err
    doc = json.loads(out_json.read_text())
    assert doc["schema"] == "wprof.bench/2" and doc["clock"] == "host" and len(doc["samples_ms"]) == 20
    assert doc["target"] == f"{target}:good --param=n=16"  # the arguments that repeat the run
    code, out2, _ = run(["report", str(out_json)], capsys)
    assert code == 0 and "wprof bench: good" in out2 and "median" in out2
    code, out3, _ = run(["report", str(out_json), "--format", "json"], capsys)
    assert json.loads(out3)["samples_ms"] == doc["samples_ms"]


def test_bench_module_target(tmp_path, capsys, monkeypatch):
    pkg = tmp_path / "mypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "ops.py").write_text(FACTORIES)
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, _ = run(["bench", "mypkg.ops:good", "--iters", "10"], capsys)
    assert code == 0 and "wprof bench: good" in out


def test_bench_stmt(capsys):
    code, out, _ = run(["bench", "--setup", "x = list(range(100))", "--stmt", "sum(x)", "--iters", "15"], capsys)
    assert code == 0 and "wprof bench: sum(x)" in out


@pytest.mark.parametrize("argv,code,msg", [
    (["bench", "missing.py:f"], 3, "file 'missing.py' not found"),
    (["bench", "{t}:nope"], 3, "has no attribute 'nope'. Callables there: fails_later, good, raises, returns_int"),
    (["bench", "{t}:NOT_CALLABLE"], 3, "is a int, not a callable factory"),
    (["bench", "{t}:returns_int"], 3, "returned a int; it must return the zero-argument callable"),
    (["bench", "{t}:raises"], 4, "factory 'raises' raised during setup: RuntimeError: no inputs"),
    (["bench", "{t}:fails_later", "--iters", "100", "--warmup", "5", "--warmup-ms", "0"], 4,
     "during timing (call #31): ValueError: went wrong"),
    (["bench", "{t}:good", "--iters", "0"], 2, "iters=0 must be"),
    (["bench", "{t}:good", "--warmup", "-2"], 2, "warmup=-2 must be"),
    (["bench", "{t}:good", "-p", "nope"], 2, "--param 'nope' must look like NAME=VALUE"),
    (["bench", "{t}:good", "-p", "m=3"], 2, "does not accept the given --param"),
    (["bench", "nosuchmodule_xyz:f"], 3, "module 'nosuchmodule_xyz' not found"),
    (["bench", "justaname"], 3, "must be path.py:factory"),
    (["bench"], 2, "give either TARGET"),
    (["bench", "--stmt", "1/0"], 4, "during first call (call #1): ZeroDivisionError"),
    (["bench", "--stmt", "x = (", "--setup", ""], 3, "syntax error"),
    (["bench", "--stmt", "1", "--setup", "import nosuchmod_abc"], 4, "--setup raised during setup"),
    (["report", "/nonexistent/r.json"], 7, "does not exist"),
])
def test_errors_are_one_line(target, capsys, argv, code, msg):
    argv = [a.replace("{t}", str(target)) for a in argv]
    got, out, err = run(argv, capsys)
    assert got == code, err
    lines = [ln for ln in err.splitlines() if ln.startswith("wprof: error:")]
    assert len(lines) == 1 and msg in lines[0], err
    assert "Traceback" not in err


def test_unwritable_json_fails_before_timing(target, tmp_path, capsys):
    blocker = tmp_path / "f"
    blocker.write_text("")
    got, out, err = run(["bench", f"{target}:good", "--json", str(tmp_path)], capsys)
    assert got == 7 and "is a directory" in err and "median" not in out
    got, out, err = run(["bench", f"{target}:good", "--iters", "5", "--json", str(blocker / "r.json")], capsys)
    assert got == 7 and "cannot write" in err


def test_syntax_error_in_target_file(tmp_path, capsys):
    p = tmp_path / "broken.py"
    p.write_text("def f(:\n  pass\n")
    got, _, err = run(["bench", f"{p}:f"], capsys)
    assert got == 3 and "syntax error in" in err and "line 1" in err


def test_python_dash_m_bench(target):
    out = run_wprof(["bench", f"{target}:good", "--iters", "5"])  # `python -m wprof bench ...`, in this process
    assert out.returncode == 0 and "median" in out.stdout


@pytest.mark.e2e
def test_python_dash_m_and_console_script():
    out = subprocess.run([sys.executable, "-m", "wprof", "--version"], capture_output=True, text=True)
    assert out.stdout.startswith("wprof ")


def test_param_type_error_from_inside_the_factory_is_one_line(tmp_path, capsys):
    # torch's TypeError for randn(n='abc') spans several lines; the error must still be one line
    p = tmp_path / "multi.py"
    p.write_text("def make(n=1):\n    raise TypeError('randn() received an invalid combination of arguments:\\n"
                 " * (tuple of ints size)\\n * (int size)')\n")
    got, out, err = run(["bench", f"{p}:make", "-p", "n='abc'"], capsys)
    assert got == 2, err
    assert err.count("\n") == 1 and err.startswith("wprof: error: factory 'make' does not accept the given --param")
    assert "n='abc'" in err and "invalid combination of arguments" in err


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_fail_if_slower_must_be_a_finite_percentage(tmp_path, capsys, value):
    with pytest.raises(SystemExit) as exc:
        main(["compare", "a.json", "b.json", "--fail-if-slower", value])
    assert exc.value.code == 2
    assert f"--fail-if-slower: '{value}'" in capsys.readouterr().err
