"""Loop finding, the two renderings of a plan, the runner's semantics and one-line errors (no torch needed)."""

from __future__ import annotations

import ast
import io
import sys
import textwrap
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from wprof.cli import main
from wprof.inject import runtime
from wprof.inject.choose import choose
from wprof.inject.finder import analyze, pick
from wprof.inject.rewrite import render_source, transform_tree

TRAIN_EVAL = textwrap.dedent('''\
    import torch
    model = opt = None
    val_loader = train_loader = []
    def evaluate():
        with torch.no_grad():
            for x, y in val_loader:
                model(x)
    for epoch in range(3):
        for x, y in train_loader:
            loss = model(x)
            loss.backward()
            opt.step()
        evaluate()
''')


def test_evidence_picks_the_train_loop_and_says_why():
    a = analyze(TRAIN_EVAL, "t.py")
    p = pick(a)
    assert p.candidate is not None and p.candidate.lineno == 9
    assert "loss.backward()" in p.reason and "opt.step()" in p.reason
    eval_loop = a.at_line(6)
    assert eval_loop is not None and eval_loop.score < p.candidate.score
    assert any("no_grad" in e.reason for e in eval_loop.evidence)


def test_loop_option_and_no_candidate_message():
    a = analyze(TRAIN_EVAL, "t.py")
    assert pick(a, 6).candidate.lineno == 6
    assert pick(a, 11).candidate.lineno == 9  # a line inside the loop picks the innermost loop containing it
    src = "for k in d.items():\n    print(k)\n"
    with pytest.raises(Exception) as exc:
        choose(ast.parse(src), src, "n.py", "n.py", None)
    assert "--loop n.py:LINE" in str(exc.value) and "line 1" in str(exc.value)


def test_local_function_evidence_and_while_get_batch():
    src = textwrap.dedent('''\
        def step(m, o, b):
            m(b).backward()
            o.step()
        while it < 10:
            b = get_batch("train")
            step(model, optimizer, b)
    ''')
    p = pick(analyze(src, "w.py"))
    assert p.candidate.kind == "while" and "in step()" in p.reason


def _run_transformed(src: str, tmp_path: Path, gauge_cls) -> tuple[str, list]:
    f = tmp_path / "s.py"
    f.write_text(src)
    choice = choose(ast.parse(src), src, str(f), "s.py", None)
    tree = transform_tree(choice.plan, choice.analysis.tree)
    runtime.reset()
    runtime._FACTORY = gauge_cls
    try:
        out = io.StringIO()
        with redirect_stdout(out):
            exec(compile(tree, str(f), "exec"), {"__name__": "__main__"})
    finally:
        runtime._FACTORY = None
    return out.getvalue(), runtime.sites()


class FakeGauge:
    def __init__(self, **kw):
        self.kw, self.log, self.config = kw, [], None

    def begin_step(self):
        self.log.append("S")

    def end_step(self):
        self.log.append("E")

    def begin_data(self):
        self.log.append("d")

    def end_data(self):
        self.log.append("D")

    def wrap(self, iterable):  # the hooks Gauge.wrap would call: a step and a data block per fetch, none left open
        for item in iterable:
            self.log += ["S", "d", "D"]
            yield item
        self.log += ["S", "d"]

    def set_global_batch_size(self, n, *, source=""):
        self.log.append(f"gbs {n}")
        return n

    def observe(self, batch):
        self.log.append("o")

    def finish(self):
        return None

    def finish_interrupted(self, why=None):
        return None


def test_one_gauge_across_epochs_and_lines_kept(tmp_path):
    src = textwrap.dedent('''\
        loader = [[1, 2], [3, 4], [5, 6]]
        class Opt:
            def step(self): pass
        opt = Opt()
        def train_one_epoch(loader):
            for batch in loader:
                print(len(batch))
                opt.step()
        for epoch in range(2):
            train_one_epoch(loader)
    ''')
    out, sites = _run_transformed(src, tmp_path, FakeGauge)
    assert out == "2\n" * 6
    assert len(sites) == 1 and sites[0].epochs == 2
    assert sites[0].gauge.log.count("S") == 8  # 3 steps + the exhausted fetch, per epoch
    assert sites[0].gbs is None  # plain lists have no .shape: the batch size stays unknown (no fps)
    tree = ast.parse(src)
    choice = choose(tree, src, "s.py", "s.py", None)
    new = transform_tree(choice.plan, choice.analysis.tree)
    orig_lines = {(type(n).__name__, n.lineno) for n in ast.walk(ast.parse(src)) if isinstance(n, ast.stmt)}
    new_lines = {(type(n).__name__, n.lineno) for n in ast.walk(new) if isinstance(n, ast.stmt)}
    assert orig_lines <= new_lines


def test_traceback_points_at_original_line(tmp_path):
    src = "loader = [1, 2, 3]\nclass O:\n    def step(self): pass\nopt = O()\n\nfor b in loader:\n    opt.step()\n" \
          "    if b == 2:\n        raise ValueError('boom')\n"
    with pytest.raises(ValueError) as exc:
        _run_transformed(src, tmp_path, FakeGauge)
    tb = exc.value.__traceback__
    while tb.tb_next:
        tb = tb.tb_next
    assert tb.tb_lineno == 9 and tb.tb_frame.f_code.co_filename.endswith("s.py")


def test_inject_text_is_small_and_compiles():
    src = TRAIN_EVAL
    choice = choose(ast.parse(src), src, "t.py", "t.py", None, {"warmup": 3})
    new = render_source(choice.plan, src, choice.analysis.tree)
    compile(new, "t.wprof.py", "exec")
    assert "import wprof" in new and "wprof.Gauge(warmup=3)" in new
    assert len(new.splitlines()) - len(src.splitlines()) == 2


def _cli(argv):
    err, out = io.StringIO(), io.StringIO()
    with redirect_stderr(err), redirect_stdout(out):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


def test_one_line_errors(tmp_path):
    rc, _, err = _cli(["run", "--", str(tmp_path / "missing.py")])
    assert rc == 3 and "does not exist" in err and len(err.strip().splitlines()) == 1
    bad = tmp_path / "bad.py"
    bad.write_text("for x in y:\nprint(x)\n")
    rc, _, err = _cli(["inject", str(bad)])
    assert rc == 3 and "bad.py:2: syntax error" in err and len(err.strip().splitlines()) == 1
    rc, _, err = _cli(["run", "--loop", "other.py:3", "--", str(bad)])
    assert rc == 3  # the syntax error is found first
    rc, _, err = _cli(["run"])
    assert rc == 2 and "no script to run" in err


def test_inject_never_overwrites_the_original(tmp_path):
    f = tmp_path / "t.py"
    f.write_text(TRAIN_EVAL)
    rc, _, err = _cli(["inject", str(f), "-o", str(f)])
    assert rc == 2 and f.read_text() == TRAIN_EVAL
    rc, out, _ = _cli(["inject", str(f)])
    assert rc == 0 and (tmp_path / "t.wprof.py").exists() and out.startswith("---")


def test_runner_semantics(tmp_path):
    from wprof.inject.runner import execute, load_script

    f = tmp_path / "sem.py"
    f.write_text("import sys, os\nprint(__name__, sys.argv, os.path.basename(__file__), sys.path[0])\n"
                 "sys.exit(int(sys.argv[1]))\n")
    s = load_script(str(f))
    out = io.StringIO()
    with redirect_stdout(out):
        o = execute(s, compile(s.tree, s.filename, "exec"), ["7", "x"])
    assert o.exit_code == 7 and o.how == "sys.exit"
    assert out.getvalue().split()[:2] == ["__main__", f"['{f}',"]
    assert out.getvalue().split()[-1] == str(tmp_path)
    assert sys.argv[0] != str(f)  # restored


@pytest.mark.parametrize("token, words", [("--gbs=abc", "WPROF token '--gbs=abc'"), ("--iters=0", "iters=0")])
def test_bad_wprof_is_one_line_before_the_script_runs(tmp_path, monkeypatch, token, words):
    f = tmp_path / "t.py"
    f.write_text("print('script ran')\nloader = [1, 2]\nfor b in loader:\n    b.backward()\n")
    monkeypatch.setenv("WPROF", token)
    rc, out, err = _cli(["run", "--", str(f)])
    assert rc == 2 and "script ran" not in out
    assert words in err and err.strip().splitlines()[-1].startswith("wprof: error:")
    assert "Traceback" not in err


@pytest.mark.parametrize("how", ["flag", "WPROF"])
def test_cuda_mode_without_cuda_is_one_line_before_the_script_runs(tmp_path, monkeypatch, how):
    import wprof._optional

    monkeypatch.setattr(wprof._optional, "cuda_available", lambda: False)
    f = tmp_path / "t.py"
    f.write_text("print('script ran')\nloader = [1, 2]\nfor b in loader:\n    b.backward()\n")
    argv = ["run", "--mode", "sync", "--", str(f)] if how == "flag" else ["run", "--", str(f)]
    if how == "WPROF":
        monkeypatch.setenv("WPROF", "--mode=events")
    rc, out, err = _cli(argv)
    assert rc == 5 and "script ran" not in out and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("wprof: error:") and "--mode host" in err


def test_gauge_options_carry_mfu_settings_and_refuse_a_bad_dtype(capsys):
    import argparse

    from wprof.inject.options import add_gauge_options, gauge_kwargs

    p = argparse.ArgumentParser(prog="wprof run")
    add_gauge_options(p)
    kw = gauge_kwargs(p.parse_args(["--count-flops", "--dtype", "bfloat16", "--flops-per-sample", "6e9"]))
    assert kw == {"count_flops": True, "dtype": "bf16", "flops_per_sample": 6e9}
    assert gauge_kwargs(p.parse_args([])) == {}  # absent flags stay out: WPROF and the Gauge defaults apply
    with pytest.raises(SystemExit) as exc:
        p.parse_args(["--dtype", "bf17"])
    assert exc.value.code == 2
    assert "argument --dtype: unknown dtype 'bf17'; use one of" in capsys.readouterr().err
