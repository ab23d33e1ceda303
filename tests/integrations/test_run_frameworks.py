"""`wprof run -- script.py` on the loops people run, in process (no subprocess): an HF Trainer script, a Lightning
script, an Accelerate loop, a full-batch loop, a sequence-first language model and a loop forced with --loop.
The script's stdout and exit code stay its own; the result file is checked (status, steps, batch size, tokens)."""

from __future__ import annotations

import json
import textwrap

import pytest

torch = pytest.importorskip("torch")

from harness import run_wprof  # noqa: E402

HF = textwrap.dedent('''\
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainingArguments


    class Tokens(torch.utils.data.Dataset):
        def __len__(self):
            return 32

        def __getitem__(self, i):
            x = torch.arange(i, i + 8) % 64
            return {"input_ids": x, "labels": x}


    model = GPT2LMHeadModel(GPT2Config(n_layer=1, n_embd=32, n_head=2, vocab_size=64, n_positions=16))
    args = TrainingArguments(output_dir=OUT, per_device_train_batch_size=4, gradient_accumulation_steps=2,
                             max_steps=4, save_strategy="no", report_to=[], use_cpu=True, disable_tqdm=True,
                             logging_steps=50)
    trainer = Trainer(model=model, args=args, train_dataset=Tokens())
    print("steps/s", trainer.train().metrics["train_steps_per_second"] > 0)
''')

LIGHTNING = textwrap.dedent('''\
    import torch
    import pytorch_lightning as pl


    class Model(pl.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Linear(4, 1)

        def training_step(self, batch, batch_idx):
            return torch.nn.functional.mse_loss(self.net(batch[0]), batch[1])

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=0.01)


    ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
    trainer = pl.Trainer(max_epochs=2, accelerator="cpu", logger=False, enable_checkpointing=False,
                         enable_progress_bar=False, enable_model_summary=False)
    trainer.fit(Model(), torch.utils.data.DataLoader(ds, batch_size=8))
    print("global step", trainer.global_step)
''')

ACCELERATE = textwrap.dedent('''\
    import torch
    from accelerate import Accelerator

    accelerator = Accelerator(cpu=True)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    ds = torch.utils.data.TensorDataset(torch.randn(48, 4), torch.randn(48, 1))
    dl = torch.utils.data.DataLoader(ds, batch_size=6)
    model, optimizer, train_dataloader = accelerator.prepare(model, optimizer, dl)
    for epoch in range(2):
        for x, y in train_dataloader:
            loss = torch.nn.functional.mse_loss(model(x), y)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
    print("done")
''')

FULL_BATCH = textwrap.dedent('''\
    import torch
    x, y = torch.randn(64, 4), torch.randn(64, 1)
    model = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(12):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
    print("loss", round(loss.item(), 3) >= 0)
    n = 0
    while n < 9:
        n += 1
''')

SEQ_FIRST = textwrap.dedent('''\
    import torch
    from torch import nn

    data = torch.randint(0, 50, (6 * 40 * 5,))
    train = data.view(40, -1).t().contiguous()  # (time, batch): 40 sequences side by side
    emb, rnn, out = nn.Embedding(50, 8), nn.LSTM(8, 8), nn.Linear(8, 50)
    params = [*emb.parameters(), *rnn.parameters(), *out.parameters()]
    optimizer = torch.optim.SGD(params, lr=0.1)


    def get_batch(source, i):
        return source[i:i + 5], source[i + 1:i + 6].reshape(-1)


    for batch, i in enumerate(range(0, train.size(0) - 6, 5)):
        x, y = get_batch(train, i)
        optimizer.zero_grad()
        h, _ = rnn(emb(x))
        loss = nn.functional.cross_entropy(out(h).view(-1, 50), y)
        loss.backward()
        optimizer.step()
''')


def _run(tmp_path, src, *opts, name="s"):
    script = tmp_path / f"{name}.py"
    script.write_text(src.replace("OUT", repr(str(tmp_path / "out"))))
    p = run_wprof(["run", "--mode", "host", "--log-interval", "0", "--out-dir", "res", *opts, "--", script.name],
                  tmp_path)
    res = tmp_path / "res" / f"{name}.json"
    return p.returncode, p.stdout, p.stderr, json.loads(res.read_text()) if res.exists() else None


def test_hf_trainer_script(tmp_path):
    pytest.importorskip("transformers")
    rc, out, err, doc = _run(tmp_path, HF, "--warmup", "1", "--iters", "2")
    assert rc == 0 and out.endswith("steps/s True\n")
    assert "timing the loop at s.py:19: print(\"steps/s\", trainer.train()" in err and "transformers.Trainer" in err
    assert doc["status"] == "complete" and doc["n"] == 2 and doc["global_batch_size"] == 8
    assert doc["tokens_per_step"] == 64  # 2 micro-batches of 4 sequences of 8 token ids
    assert "tokens/s" in err and "tokens per step 64" in err


def test_lightning_script(tmp_path):
    pytest.importorskip("pytorch_lightning")
    rc, out, err, doc = _run(tmp_path, LIGHTNING, "--warmup", "2", "--iters", "10")
    assert rc == 0 and "global step 16" in out
    assert "Lightning Trainer" in err
    assert doc["status"] == "complete" and doc["n"] == 10 and doc["global_batch_size"] == 8
    assert doc["tokens_per_step"] is None  # float features: no tokens


def test_accelerate_loop_is_a_plain_loop_timed_inside_the_shard(tmp_path):
    pytest.importorskip("accelerate")
    rc, out, err, doc = _run(tmp_path, ACCELERATE, "--warmup", "2", "--iters", "10")
    assert rc == 0 and out == "done\n"
    assert "timing the loop at s.py:11" in err and "accelerator.backward()" in err
    assert doc["status"] == "complete" and doc["n"] == 10 and doc["global_batch_size"] == 6
    assert all(d > 0 for d in doc["samples"]["data_ms"])


def test_full_batch_loop_and_a_forced_while_loop(tmp_path):
    rc, out, err, doc = _run(tmp_path, FULL_BATCH, "--warmup", "2", "--iters", "8")
    assert rc == 0 and out == "loss True\n"
    assert "timing the loop at s.py:5: for step in range(12):" in err
    assert doc["status"] == "complete" and doc["n"] == 8 and doc["global_batch_size"] is None
    assert "pass --gbs N" in err
    rc, out, err, doc = _run(tmp_path, FULL_BATCH, "--warmup", "1", "--iters", "5", "--gbs",
                             "64", "--loop", "s.py:13")
    assert rc == 0 and "timing the loop at s.py:12: while n < 9:" in err
    assert doc["n"] == 5 and doc["global_batch_size"] == 64


def test_sequence_first_batches_count_dimension_1_and_say_why(tmp_path):
    rc, out, err, doc = _run(tmp_path, SEQ_FIRST, "--warmup", "1", "--iters", "3")
    assert rc == 0
    assert doc["global_batch_size"] == 40 and doc["tokens_per_step"] == 200
    src = doc["config"]["sources"]["global_batch_size"]
    assert src.startswith("dimension 1 of the batch (sequence-first: nn.LSTM(...) at s.py:6 has no batch_first=True;"
                          " dimension 0 is 5)")
    assert "pass --gbs N" in err


def test_an_object_named_like_a_trainer_that_is_none_runs_untouched(tmp_path):
    src = "import transformers\nclass Thing:\n    def train(self):\n        print('trained')\n" \
          "trainer = Thing()\ntrainer.train()\n"
    rc, out, err, doc = _run(tmp_path, src)
    assert rc == 0 and out == "trained\n" and doc is None
    assert "Thing is not a transformers or Lightning Trainer; its run is not timed" in err
