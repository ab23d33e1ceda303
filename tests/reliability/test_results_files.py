"""Result files under hostile paths and hostile contents (issue 16): never a replaced device or link, never a silent
no-op, never a traceback for a bad file, never a terminal escape or a command of the file's choosing."""

import json
import os
import stat
from pathlib import Path

import pytest

from wprof.cli import main
from wprof.errors import ResultFileError
from wprof.results import check_output_path, load_result, write_json_atomic, write_text_atomic

DATA = Path(__file__).resolve().parents[1] / "results" / "data"


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------------------------- where we write
def test_json_empty_path_is_an_error_line_before_timing(capsys):
    code, out, err = run(["bench", "--stmt", "1+1", "--iters", "5", "--json", ""], capsys)
    assert code == ResultFileError.exit_code
    assert err.startswith("wprof: error: --json '': the path is empty") and "Traceback" not in err
    assert "median" not in out  # refused before timing, not after


def test_json_dev_null_is_refused_and_the_node_kept(capsys):
    before = os.stat("/dev/null")
    code, _, err = run(["bench", "--stmt", "1+1", "--iters", "5", "--json", "/dev/null"], capsys)
    assert code == 7 and "'/dev/null' is a character device, not a regular file" in err
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    with pytest.raises(ResultFileError, match="character device"):
        write_text_atomic("/dev/null", "x")  # the writer itself refuses too, not only the command


def test_fifo_is_refused_and_kept(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ResultFileError, match="FIFO"):
        write_json_atomic(fifo, {"a": 1})
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_symlink_is_refused_and_neither_link_nor_file_changes(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    with pytest.raises(ResultFileError, match="symbolic link .*Give the real path"):
        write_json_atomic(link, {"a": 1})
    assert link.is_symlink() and real.read_text() == "old"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    with pytest.raises(ResultFileError, match="symbolic link"):
        check_output_path(dangling, "--json")
    assert not (tmp_path / "nowhere.json").exists()


def test_directory_and_compare_json(tmp_path, capsys):
    with pytest.raises(ResultFileError, match="is a directory, not a regular file; .* such as"):
        check_output_path(tmp_path, "--json")
    a = str(DATA / "bench-1-cuda.json")
    code, out, err = run(["compare", a, a, "--json", ""], capsys)
    assert code == 7 and "--json '': the path is empty" in err and out == ""


def test_regular_file_and_new_path_are_written(tmp_path):
    old = tmp_path / "r.json"
    old.write_text("old")
    write_json_atomic(old, {"a": 1})
    write_json_atomic(tmp_path / "new" / "r.json", {"a": 2})
    assert json.loads(old.read_text()) == {"a": 1} and json.loads((tmp_path / "new" / "r.json").read_text()) == {"a": 2}


# --------------------------------------------------------------------------------------------- what we read
def _report(path, capsys):
    return run(["report", str(path)], capsys)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_file_is_one_error_line(tmp_path, capsys, encoding):
    p = tmp_path / "r.json"
    p.write_bytes((DATA / "bench-1-host.json").read_text().encode(encoding))
    code, out, err = _report(p, capsys)
    assert code == 7 and err.count("\n") == 1 and "UTF-8" in err and "Traceback" not in err


def test_non_utf8_file_is_one_error_line(tmp_path, capsys):
    p = tmp_path / "r.json"
    p.write_bytes(b'{"schema": "wprof.bench/2", "name": "\xff\xfe"}')
    code, _, err = _report(p, capsys)
    assert code == 7 and "is not UTF-8 text (byte 0xff at offset" in err and err.count("\n") == 1


@pytest.mark.parametrize("opener,closer", [("[", "]"), ('{"a":', "}")])
def test_100000_deep_json_is_one_error_line(tmp_path, capsys, opener, closer):
    p = tmp_path / "deep.json"
    p.write_text(opener * 100_000 + "1" + closer * 100_000)
    code, _, err = _report(p, capsys)
    assert code == 7 and "nests JSON" in err and err.count("\n") == 1


def test_moderately_deep_json_inside_a_result_is_refused(tmp_path, capsys):
    doc = json.loads((DATA / "bench-1-host.json").read_text())
    deep = {}
    for _ in range(200):
        deep = {"x": deep}
    doc["env"]["deep"] = deep
    p = tmp_path / "r.json"
    p.write_text(json.dumps(doc))
    code, _, err = _report(p, capsys)
    assert code == 7 and "deeper than 64 levels" in err


@pytest.mark.parametrize("name,path,value,says", [
    ("bench-1-host.json", ("summary", "median"), "fast", "summary.median: expected a number, got 'fast'"),
    ("bench-1-host.json", ("samples_ms",), "1,2,3", "samples_ms: expected a list of numbers"),
    ("bench-1-host.json", ("samples_ms",), [1, "x"], "samples_ms[1]: expected a number"),
    ("bench-1-host.json", ("warnings",), [{"code": 3, "message": "m"}], "warnings[0].code: expected a string"),
    ("bench-1-host.json", ("extra", "cache"), "warm", "extra.cache: expected an object"),
    ("bench-1-host.json", ("extra", "floor", "floor_ms"), [1], "extra.floor.floor_ms: expected a number"),
    ("bench-1-host.json", ("env",), [], "env: expected an object"),
    ("bench-1-host.json", ("name",), None, "name: expected a string"),
    ("bench-1-host.json", ("calls_per_sample",), True, "calls_per_sample: expected an integer"),
    ("loop-1.json", ("samples", "iter_ms"), {"a": 1}, "samples.iter_ms: expected a list of numbers"),
    ("loop-1.json", ("window",), [1], "window: expected [first, stop]"),
    ("loop-1.json", ("telemetry",), "on", "telemetry: expected an object"),
    ("loop-1.json", ("findings",), [1], "findings[0]: expected an object"),
    ("compare-1.json", ("ratio",), "1.1", "ratio: expected a number"),
    ("compare-1.json", ("a", "summary"), None, "a.summary: expected an object"),
    ("compare-1.json", ("verdict",), "\x1b]0;pwned\x07", "verdict:"),
    ("ncu-1.json", ("launches",), [{"id": "x", "name": "k", "duration_ms": 1}], "launches[0].id: expected an integer"),
])
def test_wrongly_typed_field_is_one_error_line_naming_it(tmp_path, capsys, name, path, value, says):
    doc = json.loads((DATA / name).read_text())
    d = doc
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    p = tmp_path / "r.json"
    p.write_text(json.dumps(doc))
    code, out, err = _report(p, capsys)
    assert code == 7 and err.count("\n") == 1 and "Traceback" not in err, err
    assert says in err and "is not a valid" in err
    assert "\x1b" not in err and "\x07" not in err


def test_escape_sequences_in_the_schema_are_not_echoed(tmp_path, capsys):
    p = tmp_path / "r.json"
    p.write_text(json.dumps({"schema": "\x1b]0;pwned\x07/1"}))
    code, _, err = _report(p, capsys)
    assert code == 7 and "\x1b" not in err and "\x07" not in err


def test_load_result_raises_the_one_error_type(tmp_path):
    p = tmp_path / "r.json"
    p.write_bytes(b"\xff\xfe{\x00}\x00")
    with pytest.raises(ResultFileError):
        load_result(p)


def test_escape_sequences_in_field_names_are_not_echoed(tmp_path, capsys):
    doc = json.loads((DATA / "loop-1.json").read_text())
    doc["samples"]["phases"] = {"\x1b[31mred\x1b[0m": "x"}
    p = tmp_path / "r.json"
    p.write_text(json.dumps(doc))
    code, _, err = _report(p, capsys)
    assert code == 7 and "\x1b" not in err and "\\x1b[31mred" in err


def test_full_disk_is_one_line_and_keeps_the_old_file(tmp_path, monkeypatch, capsys):
    import errno

    target = tmp_path / "r.json"
    target.write_text("old")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # every disk is full: the fallback (test_full_disk.py) fails too
    from wprof.results import _io

    monkeypatch.setattr(_io, "fallback_dirs", lambda: [str(tmp_path)])
    code, _, err = run(["bench", "--stmt", "1+1", "--iters", "5", "--json", str(target)], capsys)
    assert code == 7 and f"wprof: error: cannot write '{target}': No space left on device" in err
    assert "the result is lost" in err
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_error_lines_quoting_a_file_print_only_printable_text(tmp_path, capsys):
    # compare refuses results of different clocks, quoting their names: names from files must not reach the terminal
    a = json.loads((DATA / "bench-1-host.json").read_text())
    a["name"] = "a\x1b]0;pwned\x07"
    b = json.loads((DATA / "bench-1-cuda.json").read_text())
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "b.json").write_text(json.dumps(b))
    code, out, err = run(["compare", str(tmp_path / "a.json"), str(tmp_path / "b.json")], capsys)
    assert code == 2 and "clock" in err and "\x1b" not in err and "\x07" not in err and "a\\x1b]0;pwned" in err


def test_reading_a_device_is_refused_not_read_forever(capsys):
    code, _, err = _report("/dev/zero", capsys)
    assert code == 7 and "'/dev/zero' is a character device, not a result file" in err


def test_ncu_output_prefix_is_checked_before_ncu_runs(tmp_path, capsys):
    code, _, err = run(["ncu", "--ncu", "/nonexistent/ncu", "-o", "", "--", "train.py"], capsys)
    assert code == 2 and "-o '': give a path prefix" in err
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "p.json").symlink_to(tmp_path / "real.json")
    code, _, err = run(["ncu", "--ncu", "/nonexistent/ncu", "-o", str(tmp_path / "p"), "--", "train.py"], capsys)
    assert code == 7 and "is a symbolic link" in err and (tmp_path / "real.json").read_text() == "old"
