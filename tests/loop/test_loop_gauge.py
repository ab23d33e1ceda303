"""Timing logic of the Gauge with a fake host clock and fake CUDA events (a simulated GPU queue)."""

import json
import math

import pytest

from wprof.errors import UsageError
from wprof.loop import Gauge
from wprof.loop.marks import HostMarks

from loop_fakes import FakeClock, FakeEventMarks, FakeGPU, TimedLoader


def _events_gauge(tmp_path, loader=None, **kw):
    clock = FakeClock()
    gpu = FakeGPU(clock)
    marks = FakeEventMarks(gpu, capacity=kw.pop("capacity", None))
    kw.setdefault("profiler_api", False)
    g = Gauge(loader, out_dir=tmp_path, name="t", env="", _clock=clock, _marks=marks, **kw)
    return g, clock, gpu, marks


def test_events_iter_excludes_data_and_step_is_the_period(tmp_path):
    clock = FakeClock()
    gpu = FakeGPU(clock)
    marks = FakeEventMarks(gpu)
    loader = TimedLoader(clock, 12, data_ms=2.0)
    g = Gauge(loader, warmup=2, iters=8, global_batch_size=64, out_dir=tmp_path, name="t", env="",
              profiler_api=False, _clock=clock, _marks=marks)
    for _ in g:
        gpu.enqueue_ms(10.0)  # compute the GPU runs
        clock.advance_ms(1.0)  # host enqueue cost
        gpu.synchronize()  # loss.item(): the host waits for the GPU
    r = g.result
    assert r.status == "complete" and r.n == 8 and r.mode == "events"
    assert r.index == tuple(range(2, 10))
    assert all(x == pytest.approx(10.0) for x in r.iter_ms)
    assert all(x == pytest.approx(2.0) for x in r.data_ms)
    assert all(x == pytest.approx(12.0) for x in r.step_ms)
    assert r.fps[0] == pytest.approx(64 / 0.012)
    assert r.clocks == {"iter_ms": "cuda-events", "data_ms": "host", "step_ms": "cuda-events", "fps": "cuda-events"}
    assert r.timing["host_step_ms"]["median"] == pytest.approx(12.0)
    assert r.warmup["iterations"] == 2
    assert marks.waits == 0 and marks.finalized == 1


def test_events_never_wait_in_the_loop_and_lines_come_late(tmp_path, caplog):
    clock = FakeClock()
    gpu = FakeGPU(clock)
    marks = FakeEventMarks(gpu)
    loader = TimedLoader(clock, 40, data_ms=0.1)
    g = Gauge(loader, warmup=0, iters=30, out_dir=tmp_path, name="t", env="", profiler_api=False,
              _clock=clock, _marks=marks)
    for k, _ in enumerate(g):
        gpu.enqueue_ms(5.0)  # the host runs ahead: 1 ms of host work per 5 ms of GPU work
        clock.advance_ms(1.0)
        if k == 10:
            assert marks.waits == 0 and marks.finalized == 0
            assert len(g._series) < k  # iterations are resolved lazily, behind the host
    r = g.result
    assert r.n == 30 and all(x == pytest.approx(5.0) for x in r.iter_ms)
    assert marks.waits == 0 and marks.finalized == 1
    # the host needed 1.1 ms per step, but the loop's period is the GPU's 5 ms (the first step also waited
    # 0.1 ms for its data on an idle GPU)
    assert r.step_ms[0] == pytest.approx(5.1) and all(x == pytest.approx(5.0) for x in r.step_ms[1:])
    assert r.timing["host_step_ms"]["median"] == pytest.approx(1.1)


def test_host_far_ahead_step_is_the_device_period_and_matches_wall(tmp_path):
    """The large-loop bug: with the host far ahead of the GPU, host boundary-to-boundary time (here 0.3 ms) is not
    the period (30 ms). step_ms must come from the device clock, so that sum(step_ms) is the wall time of the window
    measured the benchmark's way (synchronize, clock, loop, synchronize, clock) and fps uses it."""
    clock = FakeClock()
    gpu = FakeGPU(clock)
    marks = FakeEventMarks(gpu)
    warmup, iters = 3, 40
    g = Gauge(list(range(warmup + iters + 5)), warmup=warmup, iters=iters, global_batch_size=1024,
              out_dir=tmp_path, name="t", env="", profiler_api=False, log_interval=0, _clock=clock, _marks=marks)
    it = iter(g)
    for _ in range(warmup):
        next(it)
        gpu.enqueue_ms(30.0)
        clock.advance_ms(0.3)
    gpu.synchronize()
    t0 = clock()
    for _ in range(iters):
        next(it)
        gpu.enqueue_ms(30.0)
        clock.advance_ms(0.3)
    g.begin_step()  # the boundary that ends the last window iteration (the window ends here)
    gpu.synchronize()
    wall_ms = (clock() - t0) / 1e6
    r = g.result
    assert r.status == "complete" and r.n == iters
    assert sum(r.step_ms) == pytest.approx(wall_ms, rel=1e-6)
    assert r.summary("step_ms").median == pytest.approx(30.0)
    assert r.summary("fps").median == pytest.approx(1024 / 0.030)
    assert r.timing["host_step_ms"]["median"] == pytest.approx(0.3)  # what the old model reported as step_ms
    assert r.clocks["step_ms"] == "cuda-events" and r.clocks["fps"] == "cuda-events"
    assert marks.waits == 0 and marks.queries == 0  # no line due: nothing is read inside the loop


def test_data_bound_device_period_includes_the_data_wait(tmp_path):
    # an idle GPU reaches each boundary event when the host records it: the device period includes the fetch
    clock = FakeClock()
    gpu = FakeGPU(clock)
    marks = FakeEventMarks(gpu)
    g = Gauge(TimedLoader(clock, 12, data_ms=7.0), warmup=1, iters=8, global_batch_size=8, out_dir=tmp_path,
              name="t", env="", profiler_api=False, _clock=clock, _marks=marks)
    for _ in g:
        gpu.enqueue_ms(2.0)
        clock.advance_ms(0.5)  # the host enqueues and moves on; the GPU finishes during the next fetch
    r = g.result
    assert all(x == pytest.approx(7.5) for x in r.step_ms)  # = host period: fetch + enqueue
    assert r.timing["host_step_ms"]["median"] == pytest.approx(7.5)
    assert all(x == pytest.approx(7.0) for x in r.data_ms)  # host clock
    assert r.clocks["data_ms"] == "host"


def test_short_fetch_gets_no_end_mark_and_iter_stays_within_its_bound(tmp_path):
    clock = FakeClock()
    gpu = FakeGPU(clock)
    marks = FakeEventMarks(gpu)
    g = Gauge(TimedLoader(clock, 30, data_ms=0.004), warmup=2, iters=20, out_dir=tmp_path, name="t", env="",
              profiler_api=False, log_interval=0, _clock=clock, _marks=marks)
    for _ in g:
        gpu.enqueue_ms(1.0)
        clock.advance_ms(0.2)
        gpu.synchronize()  # the GPU idles at every boundary: the worst case for an unmarked fetch
    r = g.result
    assert r.timing["unmarked_fetches"] == 20 and r.timing["short_fetch_us"] == pytest.approx(10.0)
    assert len(marks.ts) <= 2 + 21 + 1  # the ring's first marks, one per boundary, the final boundary
    # iter_ms holds the 4 us fetch (the device idled through it): off by at most the fetch's host time
    assert all(1.0 <= x <= 1.0 + 0.004 + 1e-9 for x in r.iter_ms)
    assert all(x == pytest.approx(1.004) for x in r.step_ms)


def test_log_lines_are_only_read_when_due(tmp_path, caplog):
    caplog.set_level("INFO", logger="wprof")
    g, clock, gpu, marks = _events_gauge(tmp_path, list(range(60)), warmup=0, iters=50, log_interval=10)
    for _ in g:
        gpu.enqueue_ms(2.0)
        clock.advance_ms(0.5)
        gpu.synchronize()
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("0:[wprof] [")]
    assert [ln[10:16] for ln in lines] == ["[0000]", "[0010]", "[0020]", "[0030]", "[0040]"]
    assert marks.queries <= 10  # one query per due line (the GPU is done by the next boundary), not per step


def test_live_report_ends_with_the_next_step(tmp_path, caplog):
    caplog.set_level("INFO", logger="wprof")
    g, clock, gpu, marks = _events_gauge(tmp_path, list(range(20)), warmup=2, iters=12)
    for _ in g:
        gpu.enqueue_ms(1.0)
    msgs = [r.getMessage() for r in caplog.records]
    assert g.result.next_step
    want = ["0:[wprof] " + ln for ln in g.result.next_step.splitlines()]
    assert msgs[-len(want):] == want and want[0].startswith("0:[wprof] Next (")
    assert any("$ " in ln for ln in want)


def test_gpu_idle_while_fetching_is_not_iter_time(tmp_path):
    # data is slow (GPU idles), compute is short: iter must be the compute only
    clock = FakeClock()
    gpu = FakeGPU(clock)
    marks = FakeEventMarks(gpu)
    g = Gauge(TimedLoader(clock, 10, data_ms=20.0), warmup=1, iters=5, out_dir=tmp_path, name="t", env="",
              profiler_api=False, _clock=clock, _marks=marks)
    for _ in g:
        gpu.enqueue_ms(3.0)
        clock.advance_ms(0.5)
    r = g.result
    assert all(x == pytest.approx(3.0) for x in r.iter_ms)
    assert all(x == pytest.approx(20.0) for x in r.data_ms)
    assert [f.code for f in r.findings] == ["data-bound"]
    assert "20 ms per step" in r.findings[0].message and "3 ms of compute" in r.findings[0].message


def test_host_mode_with_fake_clock(tmp_path):
    clock = FakeClock()
    g = Gauge(TimedLoader(clock, 10, data_ms=1.5), warmup=2, iters=5, mode="host", out_dir=tmp_path, name="h",
              env="", _clock=clock, _marks=HostMarks(clock))
    for _ in g:
        clock.advance_ms(4.0)
    r = g.result
    assert r.mode == "host" and r.clocks["iter_ms"] == "host"
    assert all(x == pytest.approx(4.0) for x in r.iter_ms)
    assert all(x == pytest.approx(1.5) for x in r.data_ms)
    assert all(x == pytest.approx(5.5) for x in r.step_ms)
    assert any(w.code == "host-clock" for w in r.warnings)


def test_hooks_nanogpt_shape_with_data_in_the_middle(tmp_path):
    g, clock, gpu, marks = _events_gauge(tmp_path, warmup=2, iters=6)
    for _ in range(10):
        with g.step():
            with g.phase("forward"):
                gpu.enqueue_ms(4.0)
                clock.advance_ms(0.2)
            with g.data():
                clock.advance_ms(3.0)  # get_batch() for the next micro-step, GPU still busy with forward
            with g.phase("backward"):
                gpu.enqueue_ms(8.0)
                clock.advance_ms(0.2)
            gpu.synchronize()
        clock.advance_ms(1.0)  # outside the step (logging): not timed
    r = g.result
    assert r.n == 6 and r.status == "complete"
    # the GPU was busy during the fetch, so no GPU time is data time: iter is the whole GPU span
    assert all(x == pytest.approx(12.0) for x in r.iter_ms)
    assert all(x == pytest.approx(3.0) for x in r.data_ms)
    assert all(x == pytest.approx(12.0) for x in r.step_ms)
    assert r.phases["forward"] == pytest.approx((4.0,) * 6)
    assert r.phases["backward"] == pytest.approx((8.0,) * 6)
    d = r.to_dict()
    assert d["phase_summary"]["backward"]["median"] == pytest.approx(8.0)


def test_begin_end_methods_and_phase_missing_in_some_steps(tmp_path):
    g, clock, gpu, marks = _events_gauge(tmp_path, warmup=0, iters=4)
    for k in range(4):
        g.begin_step()
        g.begin_data()
        clock.advance_ms(1.0)
        g.end_data()
        if k % 2 == 0:
            with g.phase("eval"):
                gpu.enqueue_ms(2.0)
        gpu.enqueue_ms(1.0)
        gpu.synchronize()
        g.end_step()
    r = g.result
    assert r.n == 4
    assert r.phases["eval"][0] == pytest.approx(2.0) and math.isnan(r.phases["eval"][1])
    assert r.summary("eval").n == 2


def test_partial_result_when_the_loader_is_short(tmp_path, caplog):
    g, clock, gpu, marks = _events_gauge(tmp_path, TimedLoader(FakeClock(), 12, 0.0), warmup=5, iters=30)
    for _ in g:
        gpu.enqueue_ms(1.0)
    r = g.result
    assert r.status == "partial" and r.n == 7
    assert r.warnings[0].code == "partial" and "7 of 30" in r.warnings[0].message
    doc = json.loads((tmp_path / "t.json").read_text())
    assert doc["status"] == "partial" and doc["schema"] == "wprof.loop/1"
    assert len((tmp_path / "t.jsonl").read_text().splitlines()) == 7


def test_loader_shorter_than_warmup(tmp_path):
    g, *_ = _events_gauge(tmp_path, [1, 2, 3], warmup=5, iters=30)
    assert list(g) == [1, 2, 3]
    assert g.result.status == "partial" and g.result.n == 0
    from wprof.report import lines

    text = "\n".join(lines(g.result))
    assert "0 iterations" in text and "Average: no iteration was measured" in text


def test_items_pass_through_after_the_window(tmp_path):
    g, clock, gpu, marks = _events_gauge(tmp_path, list(range(20)), warmup=2, iters=3)
    assert list(g) == list(range(20))
    assert g.result.n == 3 and g.result.index == (2, 3, 4)


def test_window_argument(tmp_path):
    g, *_ = _events_gauge(tmp_path, list(range(20)), window=(10, 14))
    list(g)
    assert g.result.index == (10, 11, 12, 13) and g.result.window == (10, 14)


def test_ring_full_waits_for_the_oldest_step_and_reports_it(tmp_path):
    g, clock, gpu, marks = _events_gauge(tmp_path, list(range(30)), warmup=0, iters=25, capacity=8)
    for _ in g:
        gpu.enqueue_ms(5.0)  # the host runs far ahead
        clock.advance_ms(0.1)
    r = g.result
    assert r.n == 25 and marks.stalls > 0 and marks.grown == 0 and marks.waits == marks.stalls
    assert any(w.code == "event-ring" for w in r.warnings)
    assert all(x == pytest.approx(5.0) for x in r.iter_ms[1:])


def test_exception_inside_step_discards_it(tmp_path):
    g, clock, gpu, marks = _events_gauge(tmp_path, warmup=0, iters=3)
    for k in range(4):
        try:
            with g.step():
                gpu.enqueue_ms(1.0)
                if k == 1:
                    raise ValueError("bad batch")
        except ValueError:
            pass
    r = g.result
    # the window still ran to its end; the failed iteration is left out and said so
    assert r.status == "complete" and r.index == (0, 2)
    assert any(w.code == "discarded" and "ValueError raised inside step 1" in w.message for w in r.warnings)


def test_finish_is_idempotent_and_exit_after(tmp_path):
    g, clock, gpu, marks = _events_gauge(tmp_path, list(range(10)), warmup=1, iters=2, exit_after=True)
    with pytest.raises(SystemExit) as e:
        for _ in g:
            pass
    assert e.value.code == 0
    assert (tmp_path / "t.json").exists()
    assert g.finish() is g.result


def test_disabled_gauge_is_a_pass_through(tmp_path):
    g = Gauge(range(5), env="--off", out_dir=tmp_path)
    assert list(g) == [0, 1, 2, 3, 4] and g.result is None and g.mode == "off"
    assert not list(tmp_path.iterdir())


def test_log_lines_format_and_interval(tmp_path, caplog):
    caplog.set_level("INFO", logger="wprof")
    clock = FakeClock()
    g = Gauge(TimedLoader(clock, 10, 1.0), warmup=2, iters=6, global_batch_size=256, log_interval=2, mode="host",
              out_dir=tmp_path, name="l", env="", _clock=clock, _marks=HostMarks(clock))
    for _ in g:
        clock.advance_ms(2.0)
    err = "\n".join(r.getMessage() for r in caplog.records)
    lines = [ln for ln in err.splitlines() if ln.startswith("0:[wprof] [")]
    assert lines == [f"0:[wprof] [{i:04d}]: iter 2.00 ms, data 1.00 ms, fps 85333.33" for i in (2, 4, 6)]
    assert "0:[wprof] Average: iter 2.00 ms (median 2.00, p95 2.00), data 1.00 ms" in err
    assert f"results: {tmp_path / 'l.json'}" in err


# --- Gauge.wrap, set_global_batch_size, finish_interrupted (the public API wprof run / wprof inject use) -----------

class _Loader(TimedLoader):
    """A TimedLoader with a DataLoader-like ``batch_size``."""

    def __init__(self, clock, n, data_ms, batch_size=None):
        super().__init__(clock, n, data_ms)
        self.batch_size = batch_size


class _Batch:
    def __init__(self, n):
        self.shape = (n, 3)


def test_wrap_spans_epochs_and_learns_the_loader_batch_size(tmp_path, monkeypatch):
    monkeypatch.delenv("WORLD_SIZE", raising=False)
    monkeypatch.delenv("SLURM_NTASKS", raising=False)
    g, clock, gpu, marks = _events_gauge(tmp_path, warmup=3, iters=6)
    seen = []
    for epoch in range(4):
        loader = _Loader(clock, 4, data_ms=1.0, batch_size=8)
        w = g.wrap(loader)
        assert len(w) == 4
        for i in w:
            seen.append(i)
            gpu.enqueue_ms(5.0)
            clock.advance_ms(1.0)
            gpu.synchronize()
        if epoch == 0:
            assert g.result is None  # a loader running out does not finish the gauge
        clock.advance_ms(100.0)  # evaluation between epochs: in no step
    assert seen == [0, 1, 2, 3] * 4  # items pass through, also after the window
    r = g.result
    assert r.status == "complete" and r.index == tuple(range(3, 9)) and r.n == 6
    assert all(x == pytest.approx(6.0) for x in r.step_ms)  # 1 ms fetch + 5 ms compute; the 100 ms gap is dropped
    assert r.global_batch_size == 8 and r.fps[0] == pytest.approx(8 / 0.006)
    assert r.config["sources"]["global_batch_size"] == "_Loader.batch_size (8) x world size 1"
    assert not r.warnings or all(w.code != "discarded" for w in r.warnings)


def test_wrap_learns_the_first_batch_dimension_times_world_size(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("WORLD_SIZE", "2")
    monkeypatch.setenv("RANK", "0")
    g, clock, gpu, marks = _events_gauge(tmp_path, warmup=0, iters=3, all_ranks=True)
    with caplog.at_level("INFO", logger="wprof"):
        for _ in range(2):
            for b in g.wrap([_Batch(5), _Batch(5)]):
                gpu.enqueue_ms(2.0)
                clock.advance_ms(1.0)
                gpu.synchronize()
    r = g.result
    assert r.status == "complete" and r.global_batch_size == 10
    assert r.config["sources"]["global_batch_size"] == "first dimension of the batch (5) x world size 2"
    lines = [m for m in caplog.messages if "]: iter" in m]
    assert lines and all("fps" in m for m in lines)  # learned after the window opened: the lines still show fps


def test_wrap_keeps_a_given_batch_size_and_wprof_wins(tmp_path):
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=0, iters=2, global_batch_size=64)
    list(g.wrap(_Loader(clock, 3, data_ms=1.0, batch_size=8)))
    assert g.result.global_batch_size == 64 and g.config.sources["global_batch_size"] == "kwarg"
    g = Gauge(out_dir=tmp_path, name="w", env="--gbs=32", mode="host")
    assert g.set_global_batch_size(16, source="test") == 32  # WPROF is the per-run override
    assert g.config.global_batch_size == 32 and g.config.sources["global_batch_size"] == "WPROF"
    g = Gauge(out_dir=tmp_path, name="s", env="", mode="host")
    assert g.set_global_batch_size(16, source="test") == 16
    assert g.config.global_batch_size == 16 and g.config.sources["global_batch_size"] == "test"
    for bad in (0, -1, 2.0, True, "8"):
        with pytest.raises(UsageError):
            g.set_global_batch_size(bad)


def test_wrap_without_batch_size_and_disabled(tmp_path):
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=0, iters=2)
    assert list(g.wrap([[1, 2], [3, 4], [5, 6]])) == [[1, 2], [3, 4], [5, 6]]  # lists have no .shape
    assert g.result.global_batch_size is None
    off = Gauge(env="--off")
    items = [_Batch(4)]
    assert list(off.wrap(items)) == items and off.result is None and off.config.global_batch_size is None


def test_wrap_ending_inside_the_window_then_finish_is_partial(tmp_path):
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=1, iters=10)
    for _ in range(2):
        for _ in g.wrap(_Loader(clock, 3, data_ms=1.0)):
            clock.advance_ms(2.0)
    assert g.result is None
    r = g.finish()
    assert r.status == "partial" and r.index == tuple(range(1, 6))  # 6 steps ran: the window got 5


def test_finish_interrupted(tmp_path):
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=1, iters=10)
    for i in g.wrap(range(4)):
        clock.advance_ms(2.0)
    r = g.finish_interrupted("the script raised ValueError")
    assert r.status == "interrupted"
    assert r.stop_reason == "the process exited after 3 of 10 window iterations (the script raised ValueError)"
    assert g.finish_interrupted() is r and g.finish() is r  # idempotent
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=5, iters=10)
    for i in g.wrap(range(2)):
        clock.advance_ms(2.0)
    r = g.finish_interrupted()
    assert r.status == "partial" and r.n == 0 and "(exception, sys.exit or Ctrl-C)" in r.stop_reason
    assert Gauge(env="--off").finish_interrupted() is None


def test_observe_sums_the_micro_batches_of_one_step(tmp_path, monkeypatch):
    # a nanoGPT-style hook loop: two fetches of 4 samples per optimizer step (gradient accumulation)
    monkeypatch.setenv("WORLD_SIZE", "2")
    monkeypatch.setenv("RANK", "0")
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=1, iters=4, all_ranks=True)
    g.observe(_Batch(4))  # fetched before the loop: belongs to no step
    for _ in range(5):
        g.begin_step()
        for _ in range(2):
            with g.data():
                b = _Batch(4)
                clock.advance_ms(1.0)
            g.observe(b)
            gpu.enqueue_ms(2.0)
        clock.advance_ms(0.5)
        gpu.synchronize()
        if g.config.global_batch_size is None:
            assert g.result is None  # still the first step: its fetches are not all known yet
    g.end_step()
    r = g.result
    assert r.status == "complete" and r.global_batch_size == 16  # (4 + 4) per rank x world size 2
    assert r.config["sources"]["global_batch_size"] == (
        "sum of the first dimensions of the 2 batches fetched in one step (8) x world size 2")
    assert all(f > 0 for f in r.fps)


def test_observe_settles_at_finish_and_keeps_a_given_size(tmp_path, monkeypatch):
    monkeypatch.delenv("WORLD_SIZE", raising=False)
    monkeypatch.delenv("SLURM_NTASKS", raising=False)
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=0, iters=5)
    g.begin_step()  # one step only, then the loop stops: the result still gets the size
    with g.data():
        clock.advance_ms(1.0)
    g.observe(_Batch(3))
    g.end_step()
    r = g.finish()
    assert r.global_batch_size == 3 and r.config["sources"]["global_batch_size"].startswith("first dimension")
    g, clock, gpu, _ = _events_gauge(tmp_path, warmup=0, iters=2, global_batch_size=64)
    for _ in range(3):
        with g.step():
            g.observe(_Batch(3))
    assert g.result.global_batch_size == 64 and g.config.sources["global_batch_size"] == "kwarg"


def test_a_gauge_the_script_made_is_told_apart_from_one_wprof_run_made(tmp_path, monkeypatch):
    from wprof.inject import runtime

    def run_once(name):
        g = Gauge(range(8), warmup=1, iters=4, out_dir=tmp_path, name=name, env="", mode="host", log_interval=0)
        for _ in g:
            pass
        return g.result

    monkeypatch.setattr(runtime, "_SITES", {})  # no `wprof run` site: the script made its gauge
    assert run_once("own").ladder["own_gauge"] is True
    monkeypatch.setattr(runtime, "_SITES", {"train.py:12": object()})  # `wprof run` made one
    assert run_once("run").ladder["own_gauge"] is False
