"""`wprof run` under torchrun: two Gloo ranks on the CPU, one report (rank 0), one result file per rank.

torchrun starts three processes that import torch, so it runs once (`e2e`, default: rank 0 speaks); what
`--all-ranks` changes (rank 1's lines) is checked in-process for a rank-1 process (RANK/WORLD_SIZE set, as torchrun
sets them, before any process group exists: that is when `wprof run` decides who speaks).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from harness import run_wprof

SRC = Path(__file__).resolve().parents[2] / "src"

DDP = textwrap.dedent('''\
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

    dist.init_process_group("gloo")
    torch.manual_seed(0)
    ds = TensorDataset(torch.randn(512, 16), torch.randn(512, 1))
    loader = DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds))
    model = nn.parallel.DistributedDataParallel(nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"rank {dist.get_rank()} done")
    dist.destroy_process_group()
''')


@pytest.mark.e2e
def test_wprof_run_under_torchrun(tmp_path, all_ranks=False):
    pytest.importorskip("torch.distributed.run")
    (tmp_path / "ddp.py").write_text(DDP)
    env = dict(os.environ, PYTHONPATH=str(SRC) + (os.pathsep + os.environ["PYTHONPATH"]
                                                   if os.environ.get("PYTHONPATH") else ""))
    for k in ("WPROF", "RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"):
        env.pop(k, None)
    argv = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2",
            "-m", "wprof", "run", "--warmup", "2", "--iters", "10", "--log-interval", "0", "--out-dir", "out",
            *(["--all-ranks"] if all_ranks else []), "--", "ddp.py"]
    for _attempt in range(3):
        shutil.rmtree(tmp_path / "out", ignore_errors=True)  # the checks below read this launch's files
        p = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        out = p.stdout + p.stderr  # torchrun's workers inherit its streams
        # torch's Gloo teardown sometimes aborts a worker at interpreter exit, after the script's last line
        # ("terminate called without an active exception", SIGABRT): seen without wprof too (docs/testing.md).
        # Not ours: run again, only on exactly that signature.
        if p.returncode == 0 or not _gloo_abort_at_exit(out):
            break
        print(f"torchrun: a rank aborted at interpreter exit after finishing (Gloo teardown); relaunching:\n{out}")
    assert p.returncode == 0, out
    assert "rank 0 done" in out and "rank 1 done" in out  # the script's own output, from both ranks
    for r in (0, 1):
        doc = json.loads((tmp_path / "out" / f"ddp.rank{r}.json").read_text())
        assert doc["status"] == "complete" and doc["n"] == 10 and doc["global_batch_size"] == 16
        assert doc["config"]["sources"]["global_batch_size"] == "DataLoader.batch_size (8) x world size 2"
    r0 = json.loads((tmp_path / "out" / "ddp.rank0.json").read_text())
    assert r0["distributed"]["world_size"] == 2 and len(r0["distributed"]["ranks"]) == 2
    assert out.count("0:[wprof] ranks: slowest") == 1
    n = 2 if all_ranks else 1  # rank 0 only, unless --all-ranks
    assert out.count("[wprof] timing the loop at ddp.py:12") == n
    assert out.count("[wprof] global batch size 16 from DataLoader.batch_size (8) x world size 2") == n
    assert ("1:[wprof] Average:" in out) == all_ranks and "0:[wprof] Average:" in out


def _gloo_abort_at_exit(out: str) -> bool:
    """The one failure that is let through once: both ranks finished (printed "done", rank 0 wrote its report) and
    a rank then died of SIGABRT in C++ teardown ("terminate called without an active exception"). On 2026-11-30 the
    same script aborted that way in 2 of 14 torchrun launches without wprof (torch 2.13 CPU, Gloo, 2 ranks)."""
    return ("rank 0 done" in out and "rank 1 done" in out and "terminate called without an active exception" in out
            and "exitcode  : -6" in out and "Traceback" not in out.split("terminate called")[0])


# the same script without a process group, line for line (the loop stays at line 12)
SINGLE = DDP.replace('dist.init_process_group("gloo")', "pass").replace("dist.destroy_process_group()", "pass") \
    .replace("sampler=DistributedSampler(ds)", "shuffle=False").replace("nn.parallel.DistributedDataParallel(", "(") \
    .replace("dist.get_rank()", "1")


@pytest.mark.parametrize("all_ranks", [False, True])
def test_rank_1_speaks_only_with_all_ranks(tmp_path, all_ranks):
    pytest.importorskip("torch")
    (tmp_path / "ddp.py").write_text(SINGLE)
    argv = ["run", "--warmup", "2", "--iters", "10", "--log-interval", "0", "--out-dir", "out",
            *(["--all-ranks"] if all_ranks else []), "--", "ddp.py"]
    p = run_wprof(argv, tmp_path, {"RANK": "1", "LOCAL_RANK": "1", "WORLD_SIZE": "2"})
    assert p.returncode == 0, p.stderr
    assert p.stdout == "rank 1 done\n"
    doc = json.loads((tmp_path / "out" / "ddp.rank1.json").read_text())
    assert doc["status"] == "complete" and doc["n"] == 10 and doc["global_batch_size"] == 16
    assert doc["config"]["sources"]["global_batch_size"] == "DataLoader.batch_size (8) x world size 2"
    n = 1 if all_ranks else 0
    assert p.stderr.count("[wprof] timing the loop at ddp.py:12") == n, p.stderr
    assert p.stderr.count("[wprof] global batch size 16 from DataLoader.batch_size (8) x world size 2") == n
    assert ("1:[wprof] Average:" in p.stderr) == all_ranks
    assert all_ranks or "[wprof]" not in p.stderr
