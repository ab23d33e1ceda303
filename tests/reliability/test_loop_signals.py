"""How a process with a Gauge ends: SIGTERM, fork, exceptions (issue 16, items 2 and 3).

Each case needs a real process (a signal, a fork, the interpreter's exit). The scripts block torch
(``sys.modules["torch"] = None``) and time on the host clock, so each process starts in a fraction of a second.
"""

import json
import signal
import textwrap

import pytest
from harness import python_process

pytestmark = pytest.mark.e2e  # real signals, a real fork, the interpreter's own exit
NO_TORCH = 'import sys; sys.modules["torch"] = None  # host clock, fast start\n'


def _run(code, tmp_path, args=(), timeout=60):
    (tmp_path / "script.py").write_text(NO_TORCH + textwrap.dedent(code))
    return python_process(list(args) or ["script.py"], tmp_path, timeout=timeout)


def _result(tmp_path, name="x"):
    return json.loads((tmp_path / "out" / f"{name}.json").read_text())


SWALLOWING_LOOP = """
import os, signal, time, wprof
g = wprof.Gauge(range(100), warmup=2, iters=50, mode="host", name="x", out_dir="out", log_interval=0)
for i in g:
    try:
        time.sleep(0.001)
        if i == 10:
            os.kill(os.getpid(), signal.SIGTERM)
    except:  # noqa: E722  -- a loop that swallows everything, SystemExit included
        pass
print("ran on after SIGTERM")
"""


def test_sigterm_kills_the_script_like_python_even_through_a_bare_except(tmp_path):
    p = _run(SWALLOWING_LOOP, tmp_path)
    assert p.returncode == -signal.SIGTERM, (p.returncode, p.stderr)  # killed by signal 15, as under python
    assert "ran on" not in p.stdout
    doc = _result(tmp_path)  # ... after the result was written
    assert doc["status"] == "interrupted" and doc["n"] == 8, doc["stop_reason"]
    assert doc["stop_reason"].endswith("(SIGTERM)") and "sys.exit" not in doc["stop_reason"]
    assert p.stderr.count("0:[wprof] Average:") == 1


def test_sigterm_under_wprof_run_kills_the_script_like_python(tmp_path):
    code = """
import os, signal, time
loader = range(100)
for batch in loader:  # line 5
    try:
        time.sleep(0.001)
        if batch == 10:
            os.kill(os.getpid(), signal.SIGTERM)
    except:  # noqa: E722
        pass
print("ran on after SIGTERM")
"""
    (tmp_path / "train.py").write_text(NO_TORCH + code)
    p = _run("", tmp_path, args=["-c", NO_TORCH + "from wprof.cli import main; sys.exit(main())", "run",
                                 "--loop", "5", "--mode", "host", "--warmup", "2", "--iters", "50", "--out-dir",
                                 "out", "--name", "x", "--", "train.py"])
    assert p.returncode == -signal.SIGTERM, (p.returncode, p.stderr)
    assert "ran on" not in p.stdout
    doc = _result(tmp_path)
    assert doc["status"] == "interrupted" and doc["stop_reason"].endswith("(SIGTERM)"), doc["stop_reason"]
    assert "sys.exit(143)" not in p.stderr


def test_sigterm_with_the_scripts_own_handler_is_left_to_it(tmp_path):
    code = """
import os, signal, sys, time, wprof
signal.signal(signal.SIGTERM, lambda s, f: sys.exit(7))  # the script's own handler: wprof keeps out of the way
g = wprof.Gauge(range(100), warmup=2, iters=50, mode="host", name="x", out_dir="out", log_interval=0)
for i in g:
    if i == 10:
        os.kill(os.getpid(), signal.SIGTERM)
"""
    p = _run(code, tmp_path)
    assert p.returncode == 7, p.stderr
    doc = _result(tmp_path)
    assert doc["status"] == "interrupted" and doc["n"] == 8


FORKING_LOOP = """
import os, sys, time, wprof
g = wprof.Gauge(range(100), warmup=2, iters=50, mode="host", name="x", out_dir="out", log_interval=0)
left = None  # set in the child: steps it runs on
for i in g:
    time.sleep(0.001)
    if left is not None:
        left -= 1
        if left == 0:
            sys.exit(0)
        continue
    if i == 10:
        pid = os.fork()
        if pid == 0:  # a helper forked inside the window
            if {child_leaves}:
                break
            left = 8
            continue
        os.waitpid(pid, 0)
print("done", "child" if left is not None or i == 10 else "parent")
"""


@pytest.mark.parametrize("child_leaves", [True, False], ids=["child-leaves-the-loop", "child-runs-8-steps-on"])
def test_a_process_forked_inside_the_window_writes_and_prints_nothing(tmp_path, child_leaves):
    p = _run(FORKING_LOOP.format(child_leaves=child_leaves), tmp_path)
    assert p.returncode == 0, p.stderr
    assert "done parent" in p.stdout
    assert p.stderr.count("0:[wprof] Average:") == 1, p.stderr  # the parent's report, once
    doc = _result(tmp_path)
    assert doc["status"] == "complete" and doc["n"] == 50  # not the child's steps


def test_a_child_sigterm_dies_as_python_and_the_parent_keeps_its_result(tmp_path):
    code = """
import os, signal, time, wprof
g = wprof.Gauge(range(100), warmup=2, iters=50, mode="host", name="x", out_dir="out", log_interval=0)
for i in g:
    time.sleep(0.001)
    if i == 10:
        pid = os.fork()
        if pid == 0:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
            os._exit(3)
        _, status = os.waitpid(pid, 0)
        print("child", os.WIFSIGNALED(status) and os.WTERMSIG(status))
"""
    p = _run(code, tmp_path)
    assert p.returncode == 0, p.stderr
    assert f"child {int(signal.SIGTERM)}" in p.stdout
    assert p.stderr.count("0:[wprof] Average:") == 1, p.stderr
    doc = _result(tmp_path)
    assert doc["status"] == "complete" and doc["n"] == 50
