"""A full disk (ENOSPC, EDQUOT) while a result file is written: the result goes to a fallback place that has room
and the one error line says where; when no place has room, the line says the result is lost. The old file is kept
and no temporary file is left either way. The disk is simulated: ``os.write`` fails for files in the "full" folders
(the low-level write every result file goes through), nothing real is filled."""

import errno
import json
import logging
import os

import pytest

import wprof
from wprof.cli import main
from wprof.errors import ResultFileError
from wprof.results import load_result, write_text_atomic
from wprof.results import _io

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd (Linux)")


class Disks:
    """``full``: folders whose disk is full (a write of a file inside raises ``err``); ``room``: the fallback."""

    def __init__(self, monkeypatch, tmp_path):
        self.full_dirs = [tmp_path / "full"]
        self.room = tmp_path / "room"
        self.err = errno.ENOSPC
        for d in (*self.full_dirs, self.room):
            d.mkdir()
        real = os.write

        def write(fd, data):
            try:
                where = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                where = ""
            if any(where.startswith(str(d) + os.sep) for d in self.full_dirs):
                raise OSError(self.err, os.strerror(self.err))
            return real(fd, data)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(_io, "fallback_dirs", lambda: [str(d) for d in self.fallbacks])
        self.fallbacks = [self.room]

    def files(self, d):
        return sorted(p.name for p in d.iterdir())


@pytest.fixture
def disks(monkeypatch, tmp_path):
    return Disks(monkeypatch, tmp_path)


def _bench(tmp_path, capsys, target, *extra):
    code = main(["bench", "--stmt", "sum(range(50))", "--iters", "20", "--no-crosscheck", "--json", str(target),
                 *extra])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("err", [errno.ENOSPC, errno.EDQUOT])
def test_bench_json_on_a_full_disk_goes_to_the_fallback_and_says_where(disks, tmp_path, capsys, err):
    disks.err = err
    target = disks.full_dirs[0] / "r.json"
    target.write_text("old")
    code, out, errtext = _bench(tmp_path, capsys, target)
    assert code == 7 and "median" in out  # the report was printed
    lines = [ln for ln in errtext.splitlines() if ln.startswith("wprof: error:")]
    assert len(lines) == 1, errtext
    [moved] = disks.files(disks.room)
    assert moved.startswith("wprof-r-") and moved.endswith(".json")
    assert lines[0].startswith(f"wprof: error: cannot write '{target}': {os.strerror(err)}; the result was written "
                               f"to '{disks.room / moved}' instead")
    r = load_result(disks.room / moved)  # the whole result, readable
    assert r.summary.n == 20 and len(r.samples_ms) == 20
    assert target.read_text() == "old" and disks.files(disks.full_dirs[0]) == ["r.json"]  # no temp file left


def test_no_place_with_room_says_the_result_is_lost(disks, tmp_path, capsys):
    disks.full_dirs.append(disks.room)  # the fallback's disk is full too
    target = disks.full_dirs[0] / "r.json"
    code, out, err = _bench(tmp_path, capsys, target)
    assert code == 7 and "median" in out
    assert (f"cannot write '{target}': {os.strerror(errno.ENOSPC)}; no other place had room either "
            f"({disks.room}: {os.strerror(errno.ENOSPC)}): the result is lost. Free some space and run again.") in err
    assert disks.files(disks.full_dirs[0]) == [] and disks.files(disks.room) == []  # nothing torn, no temp files


def test_another_write_error_is_not_moved(disks, tmp_path, capsys):
    disks.err = errno.EIO  # not a question of room: said, not moved
    target = disks.full_dirs[0] / "r.json"
    code, _, err = _bench(tmp_path, capsys, target)
    assert code == 7 and f"cannot write '{target}': {os.strerror(errno.EIO)}. Choose a writable path." in err
    assert disks.files(disks.room) == [] and disks.files(disks.full_dirs[0]) == []


def test_the_html_page_is_still_written_when_the_json_moved(disks, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    page = tmp_path / "page.html"
    code, out, err = _bench(tmp_path, capsys, disks.full_dirs[0] / "r.json", "--html", str(page))
    assert code == 7 and "the result was written to" in err
    assert page.is_file() and f"saved {page}" in out


def test_files_that_are_not_results_do_not_move(disks):
    with pytest.raises(ResultFileError, match="No space left on device. Choose a writable path."):
        write_text_atomic(disks.full_dirs[0] / "script.py", "print(1)\n")  # wprof template -o / inject -o
    assert disks.files(disks.room) == []


def test_a_gauge_on_a_full_disk_writes_both_files_to_the_fallback(disks, caplog):
    g = wprof.Gauge(range(30), warmup=1, iters=20, mode="host", name="train", out_dir=str(disks.full_dirs[0]),
                    log_interval=0)
    with caplog.at_level(logging.WARNING, logger="wprof"):
        for _ in g:
            pass
    moved = disks.files(disks.room)
    assert len(moved) == 2 and {os.path.splitext(m)[1] for m in moved} == {".json", ".jsonl"}
    js = next(disks.room / m for m in moved if m.endswith(".json"))
    jl = next(disks.room / m for m in moved if m.endswith(".jsonl"))
    assert g.result.artifacts["json"] == str(js) and g.result.artifacts["jsonl"] == str(jl)  # the live report's
    assert load_result(js).n == 20 and len(jl.read_text().splitlines()) >= 20
    assert json.loads(js.read_text())["artifacts"]["jsonl"] == str(jl)  # the .json points at the moved .jsonl
    warned = [r.getMessage() for r in caplog.records if "could not write the results" in r.getMessage()]
    assert len(warned) == 2 and all("the result was written to" in w for w in warned)
    assert disks.files(disks.full_dirs[0]) == []


def test_compare_writes_its_page_when_its_json_moved(disks, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        assert _bench(tmp_path, capsys, path)[0] == 0
    page = tmp_path / "cmp.html"
    code = main(["compare", str(a), str(b), "--json", str(disks.full_dirs[0] / "cmp.json"), "--html", str(page)])
    out, err = capsys.readouterr()
    assert code == 7 and "the result was written to" in err
    assert page.is_file() and f"saved {page}" in out
    assert len(disks.files(disks.room)) == 1 and disks.files(disks.full_dirs[0]) == []
