import json
import math
import os

import pytest

from wprof.errors import ResultFileError
from wprof.results import BenchResult, Warmup, load_result, write_json_atomic, write_text_atomic
from wprof.results.bench import Cache
from wprof.stats import Warning_, summarize


def _result(**kw):
    samples = (1.0, 1.1, 0.9, 1.05, 1.0, 0.95, 1.2)
    base = dict(name="x", clock="host", mode="per-call", samples_ms=samples, summary=summarize(samples),
                warmup=Warmup(3, 1.5, 0.7, "count"), warnings=(Warning_("too-few-samples", "m", "a"),),
                env={"device": None}, notices=("a notice",), cache=Cache(policy="warm", applied=False))
    base.update(kw)
    return BenchResult(**base)


def test_round_trip(tmp_path):
    r = _result()
    path = r.save(tmp_path / "r.json")
    doc = json.loads(path.read_text())
    assert doc["schema"] == "wprof.bench/2"
    assert doc["samples_ms"] == list(r.samples_ms)
    back = load_result(path)
    assert back == r


def test_nan_written_as_null_and_read_back(tmp_path):
    r = _result(samples_ms=(1.0,), summary=summarize([1.0]))
    path = r.save(tmp_path / "r.json")
    assert json.loads(path.read_text())["summary"]["ci95_low"] is None
    assert math.isnan(load_result(path).summary.ci95_low)


def test_atomic_write_keeps_old_file_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "r.json"
    write_text_atomic(target, "old")

    def boom(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        write_json_atomic(target, {"a": 1})
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temp file left behind


def test_unwritable(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ResultFileError, match="cannot write"):
        write_text_atomic(blocker / "r.json", "x")


@pytest.mark.parametrize("content,match", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not a wprof result"),
    ('{"a": 1}', "no wprof 'schema'"),
    ('{"schema": "other.thing/1"}', "does not know"),
    ('{"schema": "wprof.bench/1", "name": "x"}', "not a valid wprof.bench/1"),
    ('{"schema": "wprof.bench/1", "summary": null}', "not a valid wprof.bench/1"),
    ('{"schema": "wprof.bench/1", "summary": [1]}', "not a valid wprof.bench/1"),
    ('{"schema": "wprof.compare/1", "a": null}', "not a valid wprof.compare/1"),
])
def test_bad_files(tmp_path, content, match):
    p = tmp_path / "bad.json"
    p.write_text(content)
    with pytest.raises(ResultFileError, match=match):
        load_result(p)


def test_missing_file(tmp_path):
    with pytest.raises(ResultFileError, match="does not exist"):
        load_result(tmp_path / "nope.json")


@pytest.mark.parametrize("schema", ["wprof.bench/3", "wprof.bench/x", "wprof.bench/"])
def test_unknown_major_version_is_refused(tmp_path, schema):
    # the major version changes only when a field changes meaning: a /3 file must not render as /2
    doc = _result().to_dict()
    doc["schema"] = schema
    p = tmp_path / "r.json"
    p.write_text(json.dumps(doc))
    with pytest.raises(ResultFileError, match="version"):
        load_result(p)


def test_atomic_write_gives_normal_file_mode(tmp_path):
    umask = os.umask(0o022)
    try:
        new = write_text_atomic(tmp_path / "new.json", "x")
        assert new.stat().st_mode & 0o777 == 0o644
        script = tmp_path / "run.sh"
        script.write_text("old")
        script.chmod(0o755)
        write_text_atomic(script, "new")  # an existing file keeps its mode (an executable stays executable)
        assert script.stat().st_mode & 0o777 == 0o755
    finally:
        os.umask(umask)
