"""The loop gauge on a real GPU (run by scripts/gpu-check.sh on the device machine)."""

import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.gpu
ROOT = Path(__file__).resolve().parents[2]


def _torch():
    import torch

    return torch


def _mm_loop(torch, n=8, size=2048):
    a = torch.randn(size, size, device="cuda", dtype=torch.bfloat16)
    return a, [a] * n


def test_events_mode_matches_an_event_timed_body(tmp_path):
    torch = _torch()
    import wprof

    a, _ = _mm_loop(torch)

    def body():
        x = a
        for _ in range(20):
            x = x @ a
        return x

    for _ in range(10):
        body()
    # reference: the same body between its own event pair, 20 times
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ref = []
    for _ in range(20):
        s.record()
        body()
        e.record()
        e.synchronize()
        ref.append(s.elapsed_time(e))
    ref.sort()
    g = wprof.Gauge(range(60), warmup=5, iters=40, env=False, out_dir=tmp_path, name="ev")
    assert g.mode == "events"
    t0 = time.perf_counter()
    for _ in g:
        body()
    wall = time.perf_counter() - t0
    r = g.result
    assert r.status == "complete" and r.n == 40 and r.clocks["iter_ms"] == "cuda-events"
    med = r.summary("iter_ms").median
    # the reference syncs after every body and the loop does not, so the clocks can differ by more than their own
    # noise: the loop's median must fall inside the reference's range, widened by 10% on each side (a loop that
    # timed launches, or two bodies per iteration, is far outside it)
    assert ref[0] * 0.90 <= med <= ref[-1] * 1.10, (med, ref[0], ref[len(ref) // 2], ref[-1])
    assert sum(r.step_ms) / 1e3 <= wall
    assert r.clocks["step_ms"] == "cuda-events"
    assert abs(r.summary("step_ms").median / med - 1) < 0.05  # the fetch (range) is negligible: step ~ iter
    assert not any(w.code == "event-ring" for w in r.warnings)


def test_events_step_is_the_device_period_when_the_host_runs_ahead(tmp_path):
    """The host enqueues 20 matmuls in far less time than the GPU runs them: step_ms must be the device period, so
    the window's steps add up to the wall time measured around it (synchronize at both ends, outside the loop)."""
    torch = _torch()
    import wprof

    a, _ = _mm_loop(torch, size=4096)

    def body():
        x = a
        for _ in range(20):
            x = x @ a

    warmup, iters = 5, 30
    g = wprof.Gauge(range(warmup + iters + 5), warmup=warmup, iters=iters, global_batch_size=64, log_interval=0,
                    env=False, out_dir=tmp_path, name="ahead", profiler_api=False)
    it = iter(g)
    for _ in range(warmup):
        next(it)
        body()
    torch.cuda.synchronize()
    t0 = time.perf_counter_ns()
    for _ in range(iters):
        next(it)
        body()
    torch.cuda.synchronize()
    wall_ms = (time.perf_counter_ns() - t0) / 1e6
    g.begin_step()  # the last boundary: recorded on the idle GPU right after the synchronize; ends the window
    r = g.result
    assert r.status == "complete" and r.n == iters
    assert abs(sum(r.step_ms) / wall_ms - 1) < 0.02, (sum(r.step_ms), wall_ms)
    assert r.timing["host_step_ms"]["median"] < 0.5 * r.summary("step_ms").median  # the host really ran ahead
    # the median of the per-step rates (with an even n, the mean of the two middle rates, not 64 / median step)
    assert r.summary("fps").median == pytest.approx(statistics.median(64 / (s / 1e3) for s in r.step_ms))


def test_sync_mode_and_phases(tmp_path):
    torch = _torch()
    import wprof

    a, batches = _mm_loop(torch, 30)
    for mode in ("sync", "events"):
        g = wprof.Gauge(batches, warmup=3, iters=20, mode=mode, env=False, out_dir=tmp_path, name=mode)
        for x in g:
            with g.phase("first"):
                y = x @ a
            with g.phase("second"):
                y = y @ a @ a
        r = g.result
        assert r.n == 20 and set(r.phases) == {"first", "second"}
        # structure, not speed (no timing asserts): both phases measured every iteration, nested in the iteration
        assert all(len(r.phases[p]) == r.n for p in ("first", "second"))
        for i in range(r.n):
            first, second = r.phases["first"][i], r.phases["second"][i]
            assert first > 0 and second > 0
            assert first + second <= r.iter_ms[i] * 1.01 + 0.01, (i, first, second, r.iter_ms[i])
        # the medians keep the order each iteration has (the last iteration's phases against the median iteration
        # did not: a slow last iteration failed it)
        sums = sorted(r.phases["first"][i] + r.phases["second"][i] for i in range(r.n))
        assert r.summary("iter_ms").median >= 0.95 * (sums[(r.n - 1) // 2] + sums[r.n // 2]) / 2


def test_data_bound_loop_is_diagnosed(tmp_path):
    torch = _torch()
    import wprof

    a, _ = _mm_loop(torch, size=1024)

    def slow_loader():
        for _ in range(40):
            time.sleep(0.01)
            yield a

    g = wprof.Gauge(slow_loader(), warmup=3, iters=20, env=False, out_dir=tmp_path, name="db")
    for x in g:
        x @ x
    r = g.result
    assert r.summary("data_ms").median > 9.0
    assert "data-bound" in [f.code for f in r.findings]
    assert r.summary("iter_ms").median < 5.0  # GPU idle while fetching is not iter time


def test_window_actions_dmon_kineto_memory_flops(tmp_path):
    torch = _torch()
    import wprof

    model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.ReLU(), torch.nn.Linear(4096, 1024)).cuda()
    x = torch.randn(256, 1024, device="cuda")
    g = wprof.Gauge(range(20), warmup=3, iters=10, global_batch_size=256, env=False, out_dir=tmp_path, name="wa",
                    dmon=True, kineto=True, memory_history=True, count_flops=True, dtype="fp32", nvtx=True)
    for _ in g:
        model(x).sum().backward()
    r = g.result
    assert r.telemetry and r.telemetry["available"] and r.telemetry["n_samples"] >= 2
    assert Path(r.artifacts["kineto"]).exists() and Path(r.artifacts["memory_history"]).exists()
    assert any(n.startswith("memory_history: memory snapshot") for n in r.notes)  # a note, not a warning
    assert not any(w.code == "memory_history" for w in r.warnings)
    assert any(w.code == "kineto-overhead" for w in r.warnings)
    assert r.top_ops and r.top_ops[0]["self_device_ms"] > 0
    kinds = {row["kind"] for row in r.top_ops}
    assert kinds == {"op", "kernel"}, r.top_ops  # host operators and the device kernels they launched
    assert not any(row["name"].startswith(("ProfilerStep#", "Optimizer.")) for row in r.top_ops)
    assert r.mfu is not None and r.mfu["flops_per_step"] > 0
    name = torch.cuda.get_device_name()
    if wprof.hardware.lookup(name):
        assert r.mfu["mfu"] is not None and 0 < r.mfu["mfu"] < 1.5
    else:
        assert r.mfu["mfu"] is None and "peak_flops" in r.mfu["reason"]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


NCCL = """
import os, torch, torch.distributed as dist, wprof
rank = int(os.environ["RANK"])
torch.cuda.set_device(rank)
dist.init_process_group("nccl")
a = torch.randn(2048, 2048, device="cuda")
g = wprof.Gauge(range(40), warmup=5, iters=20, global_batch_size=64, name="nccl", out_dir="out")
for _ in g:
    y = a @ a
    dist.all_reduce(y)
dist.destroy_process_group()
"""


def test_wrap_across_epochs_learns_batch_size_and_finish_interrupted(tmp_path, monkeypatch):
    """The public API `wprof run` stands on, on CUDA: `Gauge.wrap` over two DataLoader epochs (the gauge learns the
    global batch size from the loader), `set_global_batch_size` after the window opened, `finish_interrupted`."""
    torch = _torch()
    import wprof
    from torch.utils.data import DataLoader, TensorDataset

    for k in ("WORLD_SIZE", "RANK", "SLURM_NTASKS", "WPROF"):
        monkeypatch.delenv(k, raising=False)
    a = torch.randn(2048, 2048, device="cuda")
    loader = DataLoader(TensorDataset(torch.randn(12, 4)), batch_size=4)  # 3 steps per epoch
    g = wprof.Gauge(warmup=2, iters=6, out_dir=tmp_path, name="wrap", log_interval=1)
    seen = 0
    for _ in range(3):  # 9 steps: the window (2..7) spans epochs 1-3
        for (x,) in g.wrap(loader):
            y = a @ a
            seen += 1
    r = g.result
    assert seen == 9 and r.status == "complete" and r.mode == "events" and r.n == 6
    assert r.global_batch_size == 4 and "batch_size (4)" in r.config["sources"]["global_batch_size"]
    assert all(s > 0 for s in r.iter_ms) and all(f > 0 for f in r.fps)

    g2 = wprof.Gauge(warmup=1, iters=50, out_dir=tmp_path, name="interrupted")
    for i in g2.wrap(range(10)):
        y = a @ a
        if i == 3:
            assert g2.set_global_batch_size(128, source="test") == 128
    r2 = g2.finish_interrupted("test stop")
    assert r2.status == "interrupted" and r2.global_batch_size == 128 and "test stop" in r2.stop_reason
    doc = json.loads((tmp_path / "interrupted.json").read_text())
    assert doc["schema"] == "wprof.loop/1" and doc["status"] == "interrupted" and doc["n"] == r2.n == 9
    print("wrap:", r.n, "steps, gbs", r.global_batch_size, r.config["sources"]["global_batch_size"], "|",
          r2.stop_reason)


@pytest.mark.skipif(not _torch().cuda.is_available() or _torch().cuda.device_count() < 2, reason="needs 2 GPUs")
def test_two_nccl_ranks(tmp_path):
    (tmp_path / "nccl.py").write_text(NCCL)
    port = str(_free_port())
    procs = []
    for r in (0, 1):
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), RANK=str(r), LOCAL_RANK=str(r), WORLD_SIZE="2",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=port)
        env.pop("WPROF", None)
        procs.append(subprocess.Popen([sys.executable, "nccl.py"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    r0 = json.loads((tmp_path / "out" / "nccl.rank0.json").read_text())
    assert r0["mode"] == "events" and r0["distributed"]["world_size"] == 2 and r0["n"] == 20
    print("rank 0 output:\n" + outs[0][1] + "rank 1 stderr (expect no [wprof] lines):\n" + outs[1][1])
    assert "0:[wprof] Average:" in outs[0][1] and "[wprof]" not in outs[1][1]
