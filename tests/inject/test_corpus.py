"""Every corpus shape through `wprof run` and through `wprof inject` + python, against plain `python`.

Asserts: the script's stdout and exit code are unchanged, tracebacks are the original ones, the chosen loop, and the
gauge's result (schema, steps measured, status, global batch size and its source). CPU, tiny models; no assertion on
elapsed time. Every run is in-process (tests/harness.py: the script, `wprof run` and the instrumented copy run in this
process as a fresh python would, exit hooks included); the `e2e` tests repeat the Ctrl-C shape with real processes
(`python script.py` against `python -m wprof run`, and the copy under python), where the process dies of SIGINT.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from harness import Ran, python_process, run_python, run_wprof

pytest.importorskip("torch")

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
WARMUP, ITERS = 2, 5


@dataclass(frozen=True)
class Shape:
    target: str  # script file in the corpus, or "-m module"
    loop_line: int
    args: tuple[str, ...] = ()
    rc: int = 0
    gbs: int | None = None
    n: int = ITERS  # steps measured with --warmup 2 --iters ITERS (or `iters` below)
    status: str = "complete"
    iters: int = ITERS
    gbs_source: str = "DataLoader.batch_size"
    traceback: bool = False
    extra: tuple[str, ...] = field(default=())


SHAPES = {
    "plain_loader": Shape("plain_loader.py", 12, gbs=8),
    "enumerate_loader": Shape("enumerate_loader.py", 11, gbs=8),
    "tuple_unpack": Shape("tuple_unpack.py", 15, gbs=4),
    "tqdm_wrapped": Shape("tqdm_wrapped.py", 30, gbs=6),
    "train_one_epoch": Shape("train_one_epoch.py", 10, gbs=8, iters=12, n=12),  # 6 steps/epoch: spans epochs
    "nested_epochs": Shape("nested_epochs.py", 13, gbs=8, iters=10, n=10),  # 4 steps/epoch: spans 3 epochs
    # 2 micro-batches of 4 per optimizer step (gradient accumulation): 8 samples per step
    "nanogpt_while": Shape("nanogpt_while.py", 55, gbs=8, gbs_source="sum of the first dimensions of the 2 batches"),
    "while_next": Shape("while_next.py", 13, gbs=5, iters=10, n=10, gbs_source="first dimension of the batch"),
    "range_fetch": Shape("range_fetch.py", 18, gbs=16, gbs_source="first dimension of the batch"),
    "argparse_args": Shape("argparse_args.py", 27, args=("--epochs", "2", "--batch-size", "6", "run1"), gbs=6,
                           iters=12, n=12),
    "sys_exit": Shape("sys_exit.py", 12, rc=3, gbs=4, iters=20, n=6, status="interrupted"),
    "raises": Shape("raises.py", 21, rc=1, gbs=4, iters=20, n=7, status="interrupted", traceback=True),
    "interrupted": Shape("interrupted.py", 10, rc=130, gbs=4, iters=20, n=4, status="interrupted", traceback=True),
    "main_guard": Shape("main_guard.py", 19, args=("a", "--b"), gbs=5),
    "train_eval": Shape("train_eval.py", 19, gbs=8, iters=8, n=8),
    "dict_batches": Shape("dict_batches.py", 17, gbs=6),
    "module": Shape("-m pkgtrain.train", 11, args=("--flag", "x"), gbs=4),
}


def _py(argv: list[str], cwd: Path) -> Ran:
    """``python ARGV`` in this process (a fresh process for ``python -m wprof ...`` would cost an import of torch)."""
    if argv[:2] == ["-m", "wprof"]:
        return run_wprof(argv[2:], cwd)
    return run_python(argv, cwd)


def _target_argv(shape: Shape) -> list[str]:
    return shape.target.split() if shape.target.startswith("-m ") else [shape.target]


def _rc(p) -> int:
    return 130 if p.returncode == -2 else p.returncode  # died of SIGINT, as python does after Ctrl-C


def _traceback(stderr: str) -> list[str]:
    lines = stderr.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Traceback (most recent call last)"))
    out = []
    for ln in lines[start:]:
        out.append(ln)
        if not ln.startswith((" ", "Traceback")):
            break
    return out


def _result(out_dir: Path, name: str) -> dict:
    path = out_dir / f"{name}.json"
    assert path.exists(), f"no result at {path}; files: {list(out_dir.glob('*'))}"
    doc = json.loads(path.read_text())
    assert (out_dir / f"{name}.jsonl").exists()
    return doc


def _check_result(doc: dict, shape: Shape) -> None:
    assert doc["schema"] == "wprof.loop/1"
    assert doc["status"] == shape.status, doc["stop_reason"]
    assert doc["n"] == shape.n
    assert len(doc["samples"]["step_ms"]) == shape.n
    assert all(v > 0 for v in doc["samples"]["step_ms"])
    assert doc["global_batch_size"] == shape.gbs
    assert doc["config"]["sources"]["global_batch_size"].startswith(shape.gbs_source)


@pytest.fixture(scope="module")
def baselines() -> dict[str, Ran]:
    return {}


def _baseline(baselines: dict, key: str, shape: Shape, py=_py):
    if (key, py) not in baselines:
        baselines[key, py] = py([*_target_argv(shape), *shape.args], CORPUS)
    p = baselines[key, py]
    assert _rc(p) == shape.rc, p.stderr
    return p


@pytest.mark.parametrize("key", sorted(SHAPES))
def test_wprof_run(key: str, tmp_path: Path, baselines: dict) -> None:
    _check_wprof_run(key, tmp_path, baselines, _py)


@pytest.mark.parametrize("key", sorted(SHAPES))
def test_wprof_inject(key: str, tmp_path: Path, baselines: dict) -> None:
    _check_wprof_inject(key, tmp_path, baselines, _py)


def _process(argv: list[str], cwd: Path):
    return python_process(argv, cwd)


@pytest.mark.e2e
def test_wprof_run_in_a_process_dies_of_ctrl_c_like_python(tmp_path: Path, baselines: dict) -> None:
    """Real processes: `python -m wprof run` against `python interrupted.py` (both die of SIGINT, same traceback)."""
    p = _check_wprof_run("interrupted", tmp_path, baselines, _process)
    assert p.returncode == _baseline(baselines, "interrupted", SHAPES["interrupted"], _process).returncode == -2


@pytest.mark.e2e
def test_injected_copy_in_a_process_dies_of_ctrl_c_like_python(tmp_path: Path, baselines: dict) -> None:
    r = _check_wprof_inject("interrupted", tmp_path, baselines, _process)
    assert r.returncode == -2  # died of SIGINT, as python does after an uncaught KeyboardInterrupt


def _check_wprof_run(key: str, tmp_path: Path, baselines: dict, py):
    shape = SHAPES[key]
    base = _baseline(baselines, key, shape, py)
    opts = ["--warmup", str(WARMUP), "--iters", str(shape.iters), "--log-interval", "0", "--out-dir", str(tmp_path)]
    target = _target_argv(shape)
    argv = ["-m", "wprof", "run", *opts, *(target if target[0] == "-m" else ["--", *target]), *shape.args]
    p = py(argv, CORPUS)
    assert _rc(p) == shape.rc, p.stderr
    assert p.stdout == base.stdout
    loop_file = "train.py" if key == "module" else shape.target
    assert f"timing the loop at {loop_file}:{shape.loop_line}" in p.stderr
    if shape.traceback:
        assert _traceback(p.stderr) == _traceback(base.stderr)
    name = "train" if key == "module" else Path(shape.target).stem
    _check_result(_result(tmp_path, name), shape)
    assert f"global batch size {shape.gbs} from {shape.gbs_source}" in p.stderr
    return p


def _check_wprof_inject(key: str, tmp_path: Path, baselines: dict, py):
    shape = SHAPES[key]
    base = _baseline(baselines, key, shape, py)
    work = tmp_path / "work"
    out_dir = tmp_path / "results"
    if key == "module":
        shutil.copytree(CORPUS / "pkgtrain", work / "pkgtrain")
        original = CORPUS / "pkgtrain" / "train.py"
        copy = work / "pkgtrain" / "train.py"
        run_argv = ["-m", "pkgtrain.train", *shape.args]
    else:
        work.mkdir()
        original = CORPUS / shape.target
        copy = work / shape.target  # same base name, so what the script prints about itself is unchanged
        run_argv = [str(copy), *shape.args]
    before = original.read_bytes()
    opts = ["--warmup", str(WARMUP), "--iters", str(shape.iters), "--log-interval", "0", "--out-dir", str(out_dir)]
    hooks = key in ("nanogpt_while", "while_next", "range_fetch")  # while / range loops: the copy uses hooks
    p = _py(["-m", "wprof", "inject", str(original), "-o", str(copy), *opts], CORPUS)
    assert p.returncode == 0, p.stderr
    assert original.read_bytes() == before  # never modifies the original
    text = copy.read_text()
    assert "import wprof" in text and "wprof.Gauge(" in text
    added = [ln for ln in p.stdout.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    removed = [ln for ln in p.stdout.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    assert 1 <= len(added) <= 12 and len(removed) <= 4, p.stdout
    compile(text, str(copy), "exec")
    r = py(run_argv, work if key == "module" else CORPUS)
    # "interrupted" expects 130 too: CPython 3.11 exits 1 instead of dying of SIGINT when an exit handler imports a
    # module after an uncaught KeyboardInterrupt, so the Gauge imports what finishing needs when it registers its hook
    assert _rc(r) == shape.rc, r.stderr
    if not hooks:  # a for loop in a function or an epoch loop: one gauge, wrapped each time (public Gauge.wrap)
        assert "wprof.inject" not in text and "_gauge.wrap(" in text, text
    assert r.stdout == base.stdout
    if shape.traceback:
        assert _traceback(r.stderr)[-1] == _traceback(base.stderr)[-1]
    name = "train" if key == "module" else Path(shape.target).stem
    doc = _result(out_dir, name)
    assert doc["status"] == shape.status and doc["n"] == shape.n
    if hooks:  # the hooks never see the batch: the copy hands each fetched batch to gauge.observe()
        assert "_gauge.observe(" in text, text
    assert doc["global_batch_size"] == shape.gbs
    assert doc["config"]["sources"]["global_batch_size"].startswith(shape.gbs_source)
    return r
