"""`wprof run` on the GPU: two corpus shapes moved to CUDA, events mode, results written, output unchanged.

Run on the device machine (scripts/gpu-check.sh): `PYTHONPATH=src python3 -m pytest -q tests/gpu/test_run_gpu.py`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.gpu

SRC = Path(__file__).parents[2] / "src"

FOR_LOADER = textwrap.dedent('''\
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    torch.manual_seed(0)
    loader = DataLoader(TensorDataset(torch.randn(4096, 1024), torch.randn(4096, 1024)), batch_size=64,
                        pin_memory=True)
    model = nn.Sequential(nn.Linear(1024, 4096), nn.GELU(), nn.Linear(4096, 1024)).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for epoch in range(2):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
    print("done", round(loss.item(), 3) > 0)
''')

NANOGPT = textwrap.dedent('''\
    import torch
    from torch import nn
    torch.manual_seed(0)
    data = torch.randint(0, 512, (100_000,))
    def get_batch(split):
        ix = torch.randint(len(data) - 128, (32,))
        x = torch.stack([data[i:i + 128] for i in ix]).pin_memory().cuda(non_blocking=True)
        return x, x
    model = nn.Sequential(nn.Embedding(512, 256), nn.Linear(256, 512)).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    it = 0
    X, Y = get_batch("train")
    while True:
        for micro in range(2):
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = nn.functional.cross_entropy(model(X).view(-1, 512), Y.view(-1))
            X, Y = get_batch("train")
            loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        it += 1
        if it >= 60:
            break
    print("iters", it)
''')


def _run(argv, cwd):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    env.pop("WPROF", None)
    return subprocess.run([sys.executable, *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name,src,gbs,line", [("for_loader", FOR_LOADER, 64, 11), ("nanogpt", NANOGPT, 64, 13)])
def test_wprof_run_on_cuda(tmp_path, name, src, gbs, line):
    script = tmp_path / f"{name}.py"
    script.write_text(src)
    base = _run([str(script)], tmp_path)
    assert base.returncode == 0, base.stderr
    out = tmp_path / "results"
    p = _run(["-m", "wprof", "run", "--warmup", "10", "--iters", "40", "--out-dir", str(out), "--", str(script)],
             tmp_path)
    print(p.stderr)  # the gauge's lines, for the gpu-check log
    assert p.returncode == 0, p.stderr
    assert p.stdout == base.stdout
    assert f"timing the loop at {name}.py:{line}" in p.stderr
    doc = json.loads((out / f"{name}.json").read_text())
    assert doc["mode"] == "events" and doc["clocks"]["iter_ms"] == "cuda-events"
    assert doc["status"] == "complete" and doc["n"] == 40
    assert doc["global_batch_size"] == gbs
    iters, steps = doc["samples"]["iter_ms"], doc["samples"]["step_ms"]
    assert all(i > 0 for i in iters)
    # device time of the work cannot exceed the host period by more than the event/host skew of a step
    med = sorted(iters)[len(iters) // 2]
    assert med <= sorted(steps)[len(steps) // 2] * 1.5


def test_wprof_inject_copy_on_cuda(tmp_path):
    """The instrumented copy of the nanoGPT shape runs on CUDA: events mode, the batch size learned by observe()."""
    script = tmp_path / "nanogpt.py"
    script.write_text(NANOGPT)
    base = _run([str(script)], tmp_path)
    copy = tmp_path / "copy" / "nanogpt.py"
    copy.parent.mkdir()
    out = tmp_path / "results"
    p = _run(["-m", "wprof", "inject", str(script), "-o", str(copy), "--warmup", "10", "--iters", "40",
              "--out-dir", str(out)], tmp_path)
    assert p.returncode == 0, p.stderr
    print(p.stdout)  # the diff, for the gpu-check log
    r = _run([str(copy)], tmp_path)
    print(r.stderr)
    assert r.returncode == 0 and r.stdout == base.stdout, r.stderr
    doc = json.loads((out / "nanogpt.json").read_text())
    assert doc["mode"] == "events" and doc["status"] == "complete" and doc["n"] == 40
    assert doc["global_batch_size"] == 64  # 2 micro-batches of 32 per optimizer step


DDP_NCCL = textwrap.dedent('''\
    import os
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

    local = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local)
    dist.init_process_group("nccl")
    torch.manual_seed(0)
    ds = TensorDataset(torch.randn(8192, 1024), torch.randn(8192, 1024))
    loader = DataLoader(ds, batch_size=64, sampler=DistributedSampler(ds), pin_memory=True)
    model = nn.parallel.DistributedDataParallel(
        nn.Sequential(nn.Linear(1024, 4096), nn.GELU(), nn.Linear(4096, 1024)).cuda(), device_ids=[local])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    print(f"rank {dist.get_rank()} done")
    dist.destroy_process_group()
''')


@pytest.mark.skipif(not __import__("torch").cuda.is_available() or __import__("torch").cuda.device_count() < 2,
                    reason="needs 2 GPUs")
def test_wprof_run_torchrun_nccl(tmp_path):
    """`torchrun --nproc-per-node 2 -m wprof run -- ddp.py`: DDP over NCCL on two GPUs, one report from rank 0."""
    (tmp_path / "ddp.py").write_text(DDP_NCCL)
    p = _run(["-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2", "-m", "wprof", "run",
              "--warmup", "10", "--iters", "40", "--out-dir", "out", "--", "ddp.py"], tmp_path)
    out = p.stdout + p.stderr
    print(out)
    assert p.returncode == 0, out
    for r in (0, 1):
        doc = json.loads((tmp_path / "out" / f"ddp.rank{r}.json").read_text())
        assert doc["mode"] == "events" and doc["status"] == "complete" and doc["n"] == 40
        assert doc["global_batch_size"] == 128  # 64 per rank x 2 ranks
    assert out.count("[wprof] timing the loop at ddp.py") == 1 and out.count("0:[wprof] ranks: slowest") == 1


ENGINE_CUDA = textwrap.dedent('''\
    from torch import nn


    def train_one_epoch(model, loader, optimizer):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        return loss.item()
''')

TRAIN_CUDA = textwrap.dedent('''\
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    from engine import train_one_epoch

    torch.manual_seed(0)
    loader = DataLoader(TensorDataset(torch.randn(2048, 1024), torch.randn(2048, 1024)), batch_size=64,
                        pin_memory=True)
    model = nn.Sequential(nn.Linear(1024, 4096), nn.GELU(), nn.Linear(4096, 1024)).cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for epoch in range(2):
        print("epoch", epoch, round(train_one_epoch(model, loader, opt), 3) > 0)
''')


def test_wprof_run_loop_in_imported_module_on_cuda(tmp_path):
    """train.py calls engine.train_one_epoch(): the loop in the imported module is timed on CUDA (events mode)."""
    (tmp_path / "engine.py").write_text(ENGINE_CUDA)
    (tmp_path / "train.py").write_text(TRAIN_CUDA)
    base = _run(["train.py"], tmp_path)
    p = _run(["-m", "wprof", "run", "--warmup", "10", "--iters", "40", "--out-dir", "out", "--", "train.py"],
             tmp_path)
    print(p.stderr)
    assert p.returncode == 0 and p.stdout == base.stdout, p.stderr
    assert "timing the loop at engine.py:5 in train_one_epoch() (module engine, imported by train.py)" in p.stderr
    doc = json.loads((tmp_path / "out" / "train.json").read_text())
    assert doc["mode"] == "events" and doc["status"] == "complete" and doc["n"] == 40  # spans the 2 epochs of 32
    assert doc["global_batch_size"] == 64
