"""The assembly step: a frozen WindowSnapshot in, a LoopResult out, nothing else read (issue 14 item 4)."""

import logging
from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest

from wprof.loop.assemble import build_result, rank_summary, write_result
from wprof.loop.config import resolve_config
from wprof.loop.snapshot import WindowSnapshot
from wprof.stats import Warning_


def _snap(**kw):
    base = dict(name="train", mode="events", config=resolve_config({"global_batch_size": 32, "warmup": 2,
                                                                   "iters": 6}, env=""),
                window=(2, 8), index=(2, 3, 4, 5), iter_ms=(10.0, 11.0, 10.5, 10.0), data_ms=(1.0, 1.5, 1.0, 2.0),
                step_ms=(12.0, 12.5, 11.5, 12.0), phases={"fwd": (3.0, 3.2, 3.5, 3.0)},
                warmup={"iterations": 2, "step_ms": 40.0, "data_ms": 2.0, "first_step_ms": 30.0},
                argv=("train.py", "--lr", "3e-4"), env={"python": "3.12"}, created_utc="2026-11-30T13:00:00Z")
    base.update(kw)
    return WindowSnapshot(**base)


def test_the_same_snapshot_gives_the_same_result_and_nothing_else_is_read(monkeypatch):
    snap = _snap()
    a = build_result(snap, "complete", "")
    monkeypatch.setattr("sys.argv", ["other.py"])  # the command line comes from the snapshot
    b = build_result(snap, "complete", "")
    assert a == b
    assert a.index == (2, 3, 4, 5) and a.global_batch_size == 32 and a.env == {"python": "3.12"}
    assert a.created_utc == "2026-11-30T13:00:00Z" and a.ladder["argv"][0] == "train.py"
    assert a.clocks == {"iter_ms": "cuda-events", "data_ms": "host", "step_ms": "cuda-events", "fps": "cuda-events"}
    assert a.warmup["reason"] == "count=2 (iterations before the window)" and a.warmup["first_step_ms"] == 30.0
    with pytest.raises(FrozenInstanceError):
        snap.name = "x"


def test_warnings_come_from_the_snapshot_and_the_status():
    fin = (Warning_("sync-failed", "the final synchronize failed (boom); unresolved iterations were dropped."),)
    res = build_result(_snap(discarded=("KeyError raised inside step 5",), ring_stalls=2, ring_grown=64,
                             actions_warnings=(Warning_("kineto-failed", "kineto could not start."),)),
                       "partial", "the loader ended after 6 iterations", fin)
    codes = [w.code for w in res.warnings]
    assert codes[:4] == ["partial", "sync-failed", "kineto-failed", "discarded"] and "event-ring" in codes
    assert res.warnings[0].message.startswith("partial result: 4 of 6 window iterations measured; the loader ended")
    assert "waited for the GPU 2 time(s)" in next(w.message for w in res.warnings if w.code == "event-ring")
    host = build_result(_snap(mode="host"), "complete", "")
    assert "host-clock" in [w.code for w in host.warnings] and host.clocks["iter_ms"] == "host"


def test_ranks_gathered_by_the_gauge_become_the_distributed_section():
    r0 = rank_summary(_snap(rank=0, world_size=2))
    assert r0 == {"rank": 0, "n": 4, "iter_ms_median": 10.25, "data_ms_median": 1.25, "step_ms_median": 12.0}
    r1 = dict(r0, rank=1, step_ms_median=14.0)
    res = build_result(_snap(world_size=2, ranks=(r0, r1)), "complete", "")
    assert res.distributed["slowest_rank"] == 1 and res.distributed["world_size"] == 2
    assert [f.code for f in res.findings if f.code == "rank-imbalance"] == ["rank-imbalance"]
    failed = build_result(_snap(world_size=2, gather_error="timeout"), "complete", "")
    assert failed.distributed is None and any(w.code == "gather-failed" and "timeout" in w.message
                                              for w in failed.warnings)
    assert rank_summary(_snap(index=(), iter_ms=(), data_ms=(), step_ms=(), phases={}))["step_ms_median"] is None


def test_the_next_step_names_the_loop_file_of_the_config():
    cfg = resolve_config({"loop_file": "engine.py"}, env="")
    res = build_result(_snap(config=cfg, phases={}), "complete", "")
    assert "wprof inject engine.py -o engine_wprof.py" in res.next_step


def test_write_result_returns_the_written_result_and_leaves_the_input_alone(tmp_path, caplog):
    res = build_result(_snap(), "complete", "")
    log = logging.getLogger("wprof.test")
    out = write_result(res, tmp_path / "train", log, printing=False)
    assert out.artifacts["json"] == str(tmp_path / "train.json") and Path(out.artifacts["jsonl"]).is_file()
    assert "json" not in res.artifacts  # a new result, not a patched frozen one
    blocker = tmp_path / "file"
    blocker.write_text("")
    with caplog.at_level(logging.WARNING, logger="wprof.test"):
        kept = write_result(res, blocker / "train", log, printing=False)  # a file where a directory should be
    assert kept is res and "could not write the results" in caplog.text


def test_assemble_reads_no_private_attribute_of_the_gauge():
    src = (Path(__file__).parents[2] / "src" / "wprof" / "loop" / "assemble.py").read_text()
    assert "object.__setattr__" not in src and "g._" not in src


def test_the_next_step_of_a_gauge_the_script_made_runs_the_script_again():
    res = build_result(_snap(phases={}, own_gauge=True), "complete", "")
    assert "wprof inject" not in res.next_step and "$ python train.py --lr 3e-4" in res.next_step
    assert res.ladder["own_gauge"] is True
