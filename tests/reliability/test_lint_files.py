"""`wprof lint` never damages a file and says one line when it cannot read or write one (issue 16 items 1 and 7,
issue 13 item 4): --fix through a symlink fixes the real file, -o refuses directories, devices, FIFOs and links, a
full disk leaves the old report as it was, PEP 263 encodings are read and written back, a 200,000-term
expression is one error line."""

from __future__ import annotations

import errno
import os

import pytest

from wprof.cli import main

BAD = "import time\nt0 = time.time()\nprint(time.time() - t0)\n"
FIXED = "import time\nt0 = time.perf_counter()\nprint(time.perf_counter() - t0)\n"


def run(capsys, *argv):
    code = main(["lint", "--select", "ALL", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def proj(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "real.py").write_text(BAD)
    return tmp_path


def test_fix_through_a_symlink_fixes_the_real_file_and_keeps_the_link(proj, capsys):
    os.symlink("real.py", proj / "link.py")
    code, out, _ = run(capsys, "--fix", "link.py")
    assert code == 0 and "Fixed 1 finding." in out
    assert os.path.islink(proj / "link.py") and os.readlink(proj / "link.py") == "real.py"
    assert (proj / "real.py").read_text() == FIXED


@pytest.mark.parametrize("kind", ["directory", "fifo", "chardev", "symlink"])
def test_output_onto_anything_but_a_regular_file_is_one_error_line(proj, capsys, kind):
    target = proj / "out"
    if kind == "directory":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        (proj / "elsewhere.txt").write_text("keep me\n")
        os.symlink("elsewhere.txt", target)
    else:
        target = "/dev/null"
    code, out, err = run(capsys, "-o", str(target), "real.py")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("wprof: error: -o ")
    assert "not a regular file" in err or "symbolic link" in err
    if kind == "fifo":
        assert os.path.exists(target) and not os.path.isfile(target)  # the node is still a FIFO
    if kind == "symlink":
        assert os.path.islink(target) and (proj / "elsewhere.txt").read_text() == "keep me\n"
    if kind == "chardev":
        assert not os.path.isfile("/dev/null")


def test_full_disk_is_one_line_and_the_old_report_stays(proj, capsys, monkeypatch):
    (proj / "lint.txt").write_text("old report\n")

    def no_space(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    code, out, err = run(capsys, "-o", "lint.txt", "real.py")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"wprof: error: cannot write -o 'lint.txt': {os.strerror(errno.ENOSPC)}; "
                                        "the old file is unchanged"]
    assert (proj / "lint.txt").read_text() == "old report\n"
    assert [p.name for p in proj.iterdir() if p.name.startswith(".lint.txt")] == []  # no temp file left


def test_pep263_encoding_is_read_and_fixed_in_its_own_encoding(proj, capsys):
    src = "# -*- coding: latin-1 -*-\n# café\n" + BAD
    (proj / "latin.py").write_bytes(src.encode("latin-1"))
    code, out, _ = run(capsys, "latin.py")
    assert code == 1 and "latin.py:5:7: WP106" in out
    code, out, _ = run(capsys, "--fix", "latin.py")
    assert code == 0
    assert (proj / "latin.py").read_bytes() == ("# -*- coding: latin-1 -*-\n# café\n" + FIXED).encode("latin-1")


def test_undecodable_file_is_one_line_and_the_run_goes_on(proj, capsys):
    (proj / "broken.py").write_bytes(b"x = '\xff\xfe'\n")
    code, out, _ = run(capsys, ".")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("broken.py:1:1: cannot read file: ") and "real.py:3:7: WP106" in out


def test_200000_term_expression_is_one_error_line(proj, capsys):
    (proj / "deep.py").write_text("x = " + "+".join(["a"] * 200_000) + "\n")
    code, out, err = run(capsys, "deep.py")
    assert code == 1 and err == ""
    assert out.splitlines()[0].startswith("deep.py:1:1: cannot lint: ") and "split it" in out


@pytest.mark.parametrize("empty", ["", " "])
def test_empty_output_path_is_one_error_line_and_nothing_on_stdout(proj, capsys, empty):
    code, out, err = run(capsys, "-o", empty, "--fix", "real.py")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"wprof: error: -o {empty!r}: the path is empty; give a file name such as "
                                        "lint.sarif"]
    assert (proj / "real.py").read_text() == BAD  # refused before --fix touched anything
