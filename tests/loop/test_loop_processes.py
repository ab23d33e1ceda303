"""Exit paths, two Gloo ranks, window actions and the examples, each run as a fresh Python process would (CPU).

Most run in this process (tests/harness.py: exit hooks called as at interpreter exit); the `e2e` ones need a real
process: Ctrl-C (the process dies of SIGINT), SIGTERM (the gauge's signal handler), two Gloo ranks, and `wprof run`
on the README's demo example.
"""

import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from harness import python_env, python_process, run_python

ROOT = Path(__file__).resolve().parents[2]


def _run(code_or_args, tmp_path, env_extra=None):
    """``python -c CODE`` / ``python ARGS`` in this process, as a fresh interpreter would run it."""
    args = code_or_args if isinstance(code_or_args, list) else ["-c", textwrap.dedent(code_or_args)]
    return run_python(args, tmp_path, env_extra)


def _process(code_or_args, tmp_path, env_extra=None):
    """The same in a fresh process (``e2e`` tests only)."""
    args = code_or_args if isinstance(code_or_args, list) else ["-c", textwrap.dedent(code_or_args)]
    return python_process(args, tmp_path, env_extra)


LOOP = """
import sys, time, wprof
g = wprof.Gauge(range(100), warmup=2, iters=20, mode="host", name="x", out_dir="out")
for i in g:
    time.sleep(0.001)
    if i == 8:
        {action}
"""


@pytest.mark.parametrize("action,rc,why", [
    ("raise RuntimeError('boom')", 1, "(uncaught RuntimeError)"),
    ("sys.exit(3)", 3, "(sys.exit, or the script ended, inside the loop)"),
    ("raise KeyboardInterrupt", -2, "(Ctrl-C: uncaught KeyboardInterrupt)"),  # dies of SIGINT as python does (the
])  # exit hook imports nothing: CPython 3.11 exits 1 instead when an exit handler imports a module after Ctrl-C)
def test_result_is_written_on_exception_exit_and_ctrl_c(tmp_path, action, rc, why):
    _check_exit(_run(LOOP.format(action=action), tmp_path), tmp_path, rc, why)


@pytest.mark.e2e
def test_ctrl_c_in_a_process_writes_the_result_and_dies_of_sigint(tmp_path):
    # torch blocked: a fast start on the host clock (the corpus's e2e Ctrl-C test runs a torch script)
    code = 'import sys; sys.modules["torch"] = None\n' + textwrap.dedent(LOOP.format(action="raise KeyboardInterrupt"))
    _check_exit(_process(code, tmp_path), tmp_path, -2, "(Ctrl-C: uncaught KeyboardInterrupt)")


def _check_exit(p, tmp_path, rc, why):
    assert p.returncode == rc, p.stderr
    doc = json.loads((tmp_path / "out" / "x.json").read_text())
    assert doc["status"] == "interrupted" and doc["n"] == 6  # iterations 2..7 finished; 8 never ended
    assert "exited after 6 of 20" in doc["stop_reason"] and doc["stop_reason"].endswith(why), doc["stop_reason"]
    assert len((tmp_path / "out" / "x.jsonl").read_text().splitlines()) == 6
    assert "0:[wprof] Average:" in p.stderr


def test_a_hook_loop_that_stopped_before_the_window_end_is_partial_not_interrupted(tmp_path):
    code = """
import time, wprof
g = wprof.Gauge(warmup=2, iters=20, mode="host", name="x", out_dir="out")
i = 0
while True:
    g.begin_step()
    time.sleep(0.001)
    i += 1
    if i > 8:
        break
g.end_step()
print("script done")
"""
    p = _run(code, tmp_path)
    assert p.returncode == 0 and p.stdout == "script done\n", p.stderr
    doc = json.loads((tmp_path / "out" / "x.json").read_text())
    assert doc["status"] == "partial" and doc["n"] == 7
    assert doc["stop_reason"] == "the loop stopped after 7 of 20 window iterations and the script ended"


def test_env_variable_configures_and_bad_token_is_one_clear_error(tmp_path):
    code = """
import wprof
g = wprof.Gauge(range(50), name="e", out_dir="out")
for _ in g: pass
print(g.result.window, g.result.global_batch_size, g.result.config["sources"]["iters"])
"""
    p = _run(code, tmp_path, {"WPROF": "3,10;--gbs=16;--log-interval=0;--mode=host"})
    assert p.returncode == 0, p.stderr
    assert "(3, 13) 16 WPROF" in p.stdout and "[0003]" not in p.stderr
    bad = _run(code, tmp_path, {"WPROF": "3,10;--gbs=x"})
    assert bad.returncode == 2 and "WPROF token '--gbs=x'" in bad.stderr and "--dmon" in bad.stderr
    assert bad.stderr.startswith("wprof: error: ") and "Traceback" not in bad.stderr  # one line (issue 16 item 7)


def test_window_actions_on_cpu(tmp_path):
    code = """
import torch, wprof
g = wprof.Gauge(range(12), warmup=2, iters=4, name="a", out_dir="out", kineto=True, cprofile=True, dmon=True,
                memory_history=True, nvtx=True)
w = torch.randn(64, 64)
for _ in g:
    (w @ w).sum()
r = g.result
print(sorted(r.artifacts), len(r.top_ops), sorted(x.code for x in r.warnings))
"""
    p = _run(code, tmp_path)
    assert p.returncode == 0, p.stderr
    assert "'cprofile'" in p.stdout and "'kineto'" in p.stdout
    assert (tmp_path / "out" / "a.kineto.json.gz").exists() and (tmp_path / "out" / "a.cprofile.prof").exists()
    assert "kineto-overhead" in p.stdout and "memory-history-skipped" in p.stdout and "dmon-unavailable" in p.stdout


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


DIST = """
import os, sys, time, torch, torch.distributed as dist, wprof
dist.init_process_group("gloo")
rank = dist.get_rank()
g = wprof.Gauge(range(40), warmup=2, iters=10, global_batch_size=16, mode="host", name="d", out_dir="out")
for _ in g:
    time.sleep(0.002 * (1 + 3 * rank))   # rank 1 is 4x slower
    t = torch.ones(4)
    dist.all_reduce(t)
dist.destroy_process_group()
"""


@pytest.mark.e2e
def test_two_gloo_ranks_gather_and_rank0_prints(tmp_path):
    env = {"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(_free_port()), "WORLD_SIZE": "2"}
    (tmp_path / "dist.py").write_text(DIST)
    procs = []
    for r in (0, 1):
        e = python_env(dict(RANK=str(r), LOCAL_RANK=str(r), **env))
        procs.append(subprocess.Popen([sys.executable, "dist.py"], cwd=tmp_path, env=e, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    r0 = json.loads((tmp_path / "out" / "d.rank0.json").read_text())
    r1 = json.loads((tmp_path / "out" / "d.rank1.json").read_text())
    assert r0["world_size"] == 2 and r1["rank"] == 1
    d = r0["distributed"]
    assert d["world_size"] == 2 and d["slowest_rank"] is not None and len(d["ranks"]) == 2
    assert "0:[wprof] [0002]" in outs[0][1] and "[wprof]" not in outs[1][1]


def test_example_train_mlp_does_not_import_wprof(tmp_path):
    src = (ROOT / "examples" / "train_mlp.py").read_text()
    assert "import wprof" not in src and "from wprof" not in src
    p = _run([str(ROOT / "examples" / "train_mlp.py"), "--steps", "6", "--width", "32"], tmp_path)
    assert p.returncode == 0 and "done" in p.stdout, p.stderr


@pytest.mark.e2e
def test_wprof_run_on_the_demo_example(tmp_path):
    """The README's `make demo` (`wprof run -- examples/train_mlp.py`) through `python -m wprof`, in a process."""
    p = _process(["-m", "wprof", "run", "--warmup", "2", "--iters", "5", "--log-interval", "2", "--",
                  str(ROOT / "examples" / "train_mlp.py"), "--steps", "12", "--width", "32"], tmp_path)
    assert p.returncode == 0 and "done" in p.stdout, p.stderr
    assert "[wprof] timing the loop at" in p.stderr and "0:[wprof] Average:" in p.stderr
    doc = json.loads((tmp_path / "wprof-results" / "train_mlp.json").read_text())
    assert doc["status"] == "complete" and doc["n"] == 5


def test_example_gauge_loop(tmp_path):
    p = _run([str(ROOT / "examples" / "gauge_loop.py"), "--steps", "40", "--batch-size", "16"], tmp_path)
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "wprof-results" / "gauge_loop.json").read_text())
    assert doc["status"] == "complete" and doc["n"] == 30 and set(doc["phase_summary"]) == {
        "forward", "backward", "optimizer"}
    assert "0:[wprof] [0005]: iter" in p.stderr


def test_example_nanogpt_hooks(tmp_path):
    p = _run([str(ROOT / "examples" / "nanogpt_loop.py"), "--max-iters", "9", "--batch-size", "2",
              "--block-size", "16"], tmp_path)
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "wprof-results" / "nanogpt_loop.json").read_text())
    assert doc["status"] == "complete" and doc["n"] == 4 and "forward" in doc["phase_summary"]
    assert doc["global_batch_size"] == 4 and "tokens/s" in p.stdout
