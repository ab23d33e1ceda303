"""``wprof run --name``: a label inside the out-dir. A name that is an absolute path, climbs out with ``..`` or names
a folder is one ``wprof: error:`` line (exit 2) that says what to pass instead, before the script starts; before,
``--name /abs/path`` wrote its files there, outside ``--out-dir``."""

import os

import pytest
from harness import run_wprof

from wprof.errors import UsageError
from wprof.inject.session import check_result_name

TRAIN = """
class Loader:
    def __iter__(self):
        yield from range(20)
loader = Loader()
for batch in loader:
    pass
print("the script ran")
"""


def _run(tmp_path, *opts, env=None):
    (tmp_path / "train.py").write_text(TRAIN)
    return run_wprof(["run", "--loop", "train.py:6", "--iters", "3", "--warmup", "1", "--log-interval", "0",
                      "--mode", "host", *opts, "--", "train.py"], tmp_path, env=env)


def _written(root):
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs
                  if f.endswith((".json", ".jsonl")))


def test_absolute_name_is_refused_with_the_out_dir_to_pass(tmp_path):
    target = tmp_path / "elsewhere" / "train"
    p = _run(tmp_path, "--out-dir", "res", "--name", str(target))
    assert p.returncode == 2, p.stderr
    lines = [ln for ln in p.stderr.splitlines() if ln.startswith("wprof: error:")]
    assert len(lines) == 1 and "Traceback" not in p.stderr
    assert f"--name '{target}' is an absolute path" in lines[0]
    assert f"pass --out-dir {target.parent} --name train" in lines[0]
    assert "the script ran" not in p.stdout  # refused before it started
    assert _written(tmp_path) == []  # nothing outside the out-dir, nothing inside


def test_name_that_climbs_out_is_refused(tmp_path):
    p = _run(tmp_path, "--out-dir", "res/runs", "--name", "../../up/train")
    assert p.returncode == 2, p.stderr
    assert "climbs out of the out-dir ('res/runs') with '..'" in p.stderr
    assert "To write up/train.json, pass --out-dir up --name train" in p.stderr
    assert "the script ran" not in p.stdout and _written(tmp_path) == []


def test_name_from_wprof_is_checked_too(tmp_path):
    p = _run(tmp_path, env={"WPROF": "--name=/tmp/x"})
    assert p.returncode == 2 and "WPROF's --name '/tmp/x' is an absolute path" in p.stderr
    assert "the script ran" not in p.stdout


@pytest.mark.parametrize("name", ["runs/", "."])
def test_name_of_a_folder_is_refused(tmp_path, name):
    p = _run(tmp_path, "--name", name)
    assert p.returncode == 2 and f"--name '{name}' names a folder, not a result" in p.stderr
    assert "the script ran" not in p.stdout


def test_a_name_with_a_subfolder_still_writes_inside_the_out_dir(tmp_path):
    p = _run(tmp_path, "--out-dir", "res", "--name", "exp1/train")
    assert p.returncode == 0, p.stderr
    assert "the script ran" in p.stdout
    assert _written(tmp_path) == ["res/exp1/train.json", "res/exp1/train.jsonl"]


@pytest.mark.parametrize("name,out_dir,ok", [
    ("train", None, True), ("a/b/train", "out", True), ("a/../train", "out", True), ("", None, True),
    (None, None, True), ("/abs/train", None, False), ("../train", "out", False), ("a/../../train", "out", False),
    ("..", "out", False), ("a/", "out", False), ("a/..", "out", False), ("/", None, False),
])
def test_which_names_are_labels(name, out_dir, ok):
    if ok:
        check_result_name(name, out_dir)
    else:
        with pytest.raises(UsageError, match="--name"):
            check_result_name(name, out_dir)


@pytest.mark.parametrize("name,hint", [
    ("/abs/train", "out_dir='/abs', name='train'"), ("../train", "out_dir='.', name='train'"),
    ("runs/", "name='runs/train'"), (".", "name='train'"),
])
def test_gauge_refuses_a_name_that_is_not_a_label(tmp_path, name, hint):
    import wprof

    with pytest.raises(UsageError, match=f"name='{name}'") as info:
        wprof.Gauge(range(3), name=name, env=False)
    assert hint in str(info.value)
    g = wprof.Gauge(range(3), name="exp1/train", out_dir=str(tmp_path), env=False)  # a subfolder is a label
    assert g.out_base == tmp_path / "exp1" / "train"


def test_inject_refuses_the_name_before_writing_the_copy(tmp_path):
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from wprof.cli import main

    (tmp_path / "train.py").write_text(TRAIN)
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        rc = main(["inject", str(tmp_path / "train.py"), "--loop", "6", "--name", "../train"])
    assert rc == 2 and err.getvalue().count("wprof: error:") == 1 and "Traceback" not in err.getvalue()
    assert "--name '../train' climbs out of the out-dir" in err.getvalue()
    assert not (tmp_path / "train.wprof.py").exists()
