"""Which loop `wprof run` times: framework trainers (HF, TRL-like, Lightning), loops without a batch fetch
(full-batch, LBFGS closures), counter loops, any loop forced with --loop; and the inject copy of a trainer script.
AST only: nothing here imports torch or a framework."""

from __future__ import annotations

import ast
import textwrap

import pytest

from wprof.errors import UsageError
from wprof.inject.choose import choose
from wprof.inject.finder import analyze, pick
from wprof.inject.rewrite import render_source, transform_tree

HF = textwrap.dedent('''\
    from transformers import Trainer, TrainingArguments
    def main():
        model.train()
        args = TrainingArguments(output_dir="o", per_device_train_batch_size=4)
        trainer = Trainer(model=model, args=args, train_dataset=ds)
        result = trainer.train(resume_from_checkpoint=None)
        trainer.evaluate()
    main()
''')


def test_hf_trainer_train_is_the_candidate_and_model_train_is_not():
    a = analyze(HF, "hf.py")
    p = pick(a)
    assert p.candidate is not None and p.candidate.kind == "trainer" and p.candidate.lineno == 6
    assert "trainer.train()" in p.reason and "transformers.Trainer" in p.reason and "line 5" in p.reason
    assert [c.lineno for c in a.candidates] == [6]  # model.train() and trainer.evaluate() are not


@pytest.mark.parametrize("src", [
    "from transformers import Seq2SeqTrainer\nt = Seq2SeqTrainer(model=m)\nt.train()\n",
    "from trl import SFTTrainer\nsft = SFTTrainer(model=m, train_dataset=d)\nsft.train()\n",
    "import transformers\ntransformers.Trainer(model=m).train()\n",
    "from transformers import Trainer\nclass MyTrainer(Trainer):\n    pass\nt = MyTrainer(model=m)\nt.train()\n",
    "import lightning as L\ntrainer = L.Trainer(max_epochs=1)\ntrainer.fit(model, loader)\n",
    "import pytorch_lightning as pl\ntrainer = pl.Trainer(max_epochs=1)\ntrainer.fit(model, datamodule=dm)\n",
    "from lightning.pytorch import Trainer\nTrainer().fit(model)\n",
])
def test_framework_trainers_are_recognised(src):
    p = pick(analyze(src, "s.py"))
    assert p.candidate is not None and p.candidate.kind == "trainer"


def test_a_trainer_built_elsewhere_is_recognised_by_name_and_import():
    src = "import transformers\nfrom helpers import build\ntrainer = build(cfg)\ntrainer.train()\nmodel.train()\n"
    a = analyze(src, "s.py")
    assert [(c.lineno, c.kind) for c in a.candidates] == [(4, "trainer")]
    assert "named like a trainer" in a.candidates[0].evidence[0].reason


@pytest.mark.parametrize("src", [
    "class Trainer:\n    pass\nt = Trainer()\nt.train()\n",  # no framework imported
    "trainer = make()\ntrainer.train()\n",  # named like one, but no framework imported
    "import lightning as L\ntrainer = L.Trainer()\ntrainer.train()\n",  # Lightning trains with fit()
    "from transformers import Trainer\nt = Trainer(model=m)\nt.fit(x)\n",  # HF trains with train()
])
def test_non_framework_or_wrong_method_is_not_a_trainer(src):
    assert not [c for c in analyze(src, "s.py").candidates if c.kind == "trainer"]


def test_trainer_rewrite_attaches_the_callback_in_both_renderings():
    a = analyze(HF, "hf.py")
    choice = choose(ast.parse(HF), HF, "hf.py", "hf.py", None, {"warmup": 3})
    copy = render_source(choice.plan, choice.analysis.source, choice.analysis.tree)
    assert "result = wprof.integrations.attach(trainer, wprof_gauge).train(resume_from_checkpoint=None)" in copy
    assert "import wprof.integrations\nwprof_gauge = wprof.Gauge(warmup=3)" in copy
    compile(copy, "hf_copy.py", "exec")
    tree = transform_tree(choice.plan, choice.analysis.tree)
    text = ast.unparse(tree)
    assert ".attach('hf.py:6', trainer).train(resume_from_checkpoint=None)" in text
    assert a.candidates[0].lineno == 6


FULL_BATCH = textwrap.dedent('''\
    import torch
    x, y = torch.randn(64, 4), torch.randn(64, 1)
    model = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(80):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
    for k in [1, 2, 3]:
        print(k)
    while model.weight.abs().sum() > 100:
        model.weight.data *= 0.5
''')


def test_full_batch_loop_is_picked_and_any_loop_can_be_forced():
    a = analyze(FULL_BATCH, "fb.py")
    p = pick(a)
    assert p.candidate is not None and p.candidate.lineno == 5 and p.candidate.kind == "for-range"
    assert "loss.backward()" in p.reason and "opt.step()" in p.reason
    assert pick(a, 11).candidate.lineno == 10  # a literal loop: listed, forced with --loop
    assert pick(a, 12).candidate.kind == "while"  # a while loop without any evidence: forced
    assert a.at_line(10).score == 0 and a.at_line(12).score == 0


def test_forced_loop_without_fetch_uses_hooks():
    choice = choose(ast.parse(FULL_BATCH), FULL_BATCH, "fb.py", "fb.py", 12)
    copy = render_source(choice.plan, choice.analysis.source, choice.analysis.tree)
    assert "    wprof_gauge.begin_step()\n    model.weight.data *= 0.5\nwprof_gauge.end_step()" in copy


LBFGS = textwrap.dedent('''\
    import torch.optim as optim
    optimizer = optim.LBFGS(seq.parameters(), lr=0.8)
    for i in range(steps):
        def closure():
            optimizer.zero_grad()
            loss = criterion(seq(inp), target)
            loss.backward()
            return loss
        optimizer.step(closure)
''')


def test_lbfgs_closure_counts_as_a_training_step():
    p = pick(analyze(LBFGS, "ts.py"))
    assert p.candidate is not None and p.candidate.lineno == 3
    assert "in closure()" in p.reason and "optimizer.step(closure)" in p.reason


def test_a_loop_with_an_optimizer_step_but_no_backward_or_fetch_is_listed_not_picked():
    src = "for i in range(10):\n    sched.step()\n    opt.step()\n"
    a = analyze(src, "s.py")
    assert pick(a).candidate is None and a.candidates[0].score < 3
    with pytest.raises(UsageError, match="--loop s.py:LINE"):
        choose(ast.parse(src), src, "s.py", "s.py", None)


COUNT = textwrap.dedent('''\
    from itertools import count
    for batch_idx in count(1):
        batch_x, batch_y = get_batch()
        fc.zero_grad()
        output = loss_fn(fc(batch_x), batch_y)
        output.backward()
        if output.item() < 1e-3:
            break
''')


def test_count_loop_times_the_fetch_with_hooks():
    choice = choose(ast.parse(COUNT), COUNT, "r.py", "r.py", None)
    assert choice.candidate.kind == "for-range"
    copy = render_source(choice.plan, choice.analysis.source, choice.analysis.tree)
    assert "for batch_idx in count(1):\n    wprof_gauge.begin_step()\n" in copy
    assert "    with wprof_gauge.data():\n        batch_x, batch_y = get_batch()\n" \
           "    wprof_gauge.observe((batch_x, batch_y))" in copy


def test_batch_layout_evidence():
    from wprof.inject.layout import batch_layout

    def lay(src):
        return batch_layout([("m.py", ast.parse(src))])

    assert lay("self.rnn = nn.LSTM(8, 8, 2)\n").dim == 1
    assert "nn.LSTM(...) at m.py:1 has no batch_first=True" in lay("rnn = nn.LSTM(8, 8)\n").why
    assert lay("rnn = nn.GRU(8, 8, batch_first=True)\n") == type(lay(""))(0, "")
    t = lay("class T(nn.Transformer):\n    def __init__(self):\n        super().__init__(d_model=8)\n")
    assert t.dim == 1 and "class T(nn.Transformer) at m.py:1 keeps batch_first=False" in t.why
    both = lay("a = nn.LSTM(8, 8)\nb = nn.MultiheadAttention(8, 2, batch_first=True)\n")
    assert both.dim == 0 and "ambiguous" in both.why
    assert lay("x = nn.Linear(8, 8)\n").why == ""


def test_inject_copy_of_a_sequence_first_loop_reads_dimension_1(tmp_path, capsys):
    from wprof.cli import main

    src = ("import torch\nrnn = torch.nn.LSTM(4, 4)\nfor i in range(0, 20, 5):\n    x, y = get_batch(i)\n"
           "    rnn(x)[0].sum().backward()\n    opt.step()\n")
    (tmp_path / "lm.py").write_text(src)
    assert main(["inject", str(tmp_path / "lm.py"), "-o", str(tmp_path / "copy.py"), "--quiet"]) == 0
    copy = (tmp_path / "copy.py").read_text()
    assert ("wprof_gauge.observe((x, y), dim=1, why='sequence-first: torch.nn.LSTM(...) at lm.py:2 has no "
            "batch_first=True')") in copy


def test_lightning_cli_without_a_fit_call_says_how_to_add_the_callback():
    src = "from lightning.pytorch.cli import LightningCLI\n\ndef cli_main():\n    LightningCLI(Model, DataModule)\n"
    with pytest.raises(UsageError, match=r"LightningCLI\(\.\.\.\) calls Trainer.fit itself.*trainer_defaults"):
        choose(ast.parse(src), src, "cli.py", "cli.py", None)
