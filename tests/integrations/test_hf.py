"""wprof.integrations.hf on a real transformers.Trainer (a 1-layer GPT-2 built from a config, CPU, no download)."""

from __future__ import annotations

import json

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from wprof.integrations import attach, framework_of  # noqa: E402
from wprof.integrations.hf import WprofCallback  # noqa: E402

from .recording import RecordingGauge, steps  # noqa: E402


class Tokens(torch.utils.data.Dataset):
    def __init__(self, n: int = 48, seq: int = 8, vocab: int = 64) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randint(0, vocab, (n, seq), generator=g)

    def __len__(self) -> int:
        return len(self.x)

    def __getitem__(self, i: int) -> dict:
        return {"input_ids": self.x[i], "labels": self.x[i]}


def _trainer(tmp_path, callbacks=(), **args):
    cfg = transformers.GPT2Config(n_layer=1, n_embd=32, n_head=2, vocab_size=64, n_positions=16)
    torch.manual_seed(0)
    model = transformers.GPT2LMHeadModel(cfg)
    kw = dict(output_dir=str(tmp_path / "hf"), per_device_train_batch_size=4, gradient_accumulation_steps=2,
              max_steps=6, save_strategy="no", report_to=[], use_cpu=True, disable_tqdm=True, logging_steps=50)
    kw.update(args)
    return transformers.Trainer(model=model, args=transformers.TrainingArguments(**kw), train_dataset=Tokens(),
                                eval_dataset=Tokens(8), callbacks=list(callbacks))


class _EvalMark(transformers.TrainerCallback):
    def __init__(self, events):
        self.events = events

    def on_evaluate(self, args, state, control, **kw):
        self.events.append("evaluate")


def test_steps_are_optimizer_steps_with_every_micro_batch_fetch_timed_and_eval_left_out(tmp_path):
    events: list[str] = []
    g = RecordingGauge(events)
    trainer = _trainer(tmp_path, eval_strategy="steps", eval_steps=2, max_steps=4)
    trainer.add_callback(WprofCallback(gauge=g))
    trainer.add_callback(_EvalMark(events))
    loader_cls = torch.utils.data.DataLoader
    trainer.train()
    chunks = steps(events)
    assert chunks[0] == []  # nothing before the first step's fetch
    body = chunks[1:]
    assert len(body) == 4  # max_steps optimizer steps, one gauge step each
    for chunk in body:  # 2 micro-batches (gradient accumulation) fetched inside each step, each fetch timed
        assert chunk[:5] == ["begin_step", "begin_data", "end_data", "begin_data", "end_data"]
        assert chunk.count("phase optimizer") == 1  # optimizer.step() bracketed by the Trainer's two hooks
        assert chunk.index("phase optimizer") + 1 == chunk.index("/phase optimizer")
    assert events.count("evaluate") == 2
    for chunk in body:  # the step ends before evaluation runs: evaluation is in no step
        if "evaluate" in chunk:
            assert chunk.index("end_step") < chunk.index("evaluate")
    assert events[-1] == "finish" and events.count("finish") == 1
    assert g.config.global_batch_size == 8
    assert g.config.sources["global_batch_size"] == ("TrainingArguments: per-device batch 4 x gradient "
                                                     "accumulation 2 x world size 1")
    # the plain DataLoader inside Accelerate's shard was timed, and got its own class back
    assert type(trainer.callback_handler.train_dataloader.base_dataloader) is loader_cls


def test_real_gauge_result_through_attach(tmp_path):
    trainer = _trainer(tmp_path)
    assert framework_of(trainer) == "transformers"
    attach(trainer, warmup=1, iters=4, mode="host", out_dir=str(tmp_path / "res"), name="hf", log_interval=0,
           env=False)
    attach(trainer)  # a second attach is a no-op: one callback per trainer
    assert sum(isinstance(cb, WprofCallback) for cb in trainer.callback_handler.callbacks) == 1
    metrics = trainer.train().metrics
    doc = json.loads((tmp_path / "res" / "hf.json").read_text())
    assert doc["status"] == "complete" and doc["n"] == 4 and len(doc["samples"]["step_ms"]) == 4
    assert doc["global_batch_size"] == 8
    assert all(d > 0 for d in doc["samples"]["data_ms"])  # measured inside the DataLoader's __next__
    assert metrics["train_steps_per_second"] > 0


def test_gbs_given_to_the_gauge_wins(tmp_path):
    g = RecordingGauge(gbs=99)
    trainer = _trainer(tmp_path, max_steps=1)
    trainer.add_callback(WprofCallback(gauge=g))
    trainer.train()
    assert g.config.global_batch_size == 99 and g.observed == []


def test_a_loader_that_cannot_be_timed_still_gives_one_step_per_optimizer_step(tmp_path, monkeypatch, capsys):
    from wprof.integrations import _driver

    monkeypatch.setattr(_driver, "time_loader", lambda loader, driver: False)
    g = RecordingGauge()
    trainer = _trainer(tmp_path, max_steps=3)
    trainer.add_callback(WprofCallback(gauge=g))
    trainer.train()
    body = steps(g.events)[1:]
    assert len(body) == 3 and "begin_data" not in g.events  # steps open at on_step_begin, after the fetch
    assert capsys.readouterr().err.count("could not be timed") == 1


def test_untimed_fetches_are_a_warning_in_the_result(tmp_path, monkeypatch):
    from wprof.integrations import _driver

    monkeypatch.setattr(_driver, "time_loader", lambda loader, driver: False)
    trainer = _trainer(tmp_path, max_steps=3)
    attach(trainer, warmup=1, iters=2, mode="host", out_dir=str(tmp_path / "res"), name="u", log_interval=0,
           env=False)
    trainer.train()
    doc = json.loads((tmp_path / "res" / "u.json").read_text())
    assert doc["status"] == "complete" and doc["samples"]["data_ms"] == [0.0, 0.0]
    assert [w["code"] for w in doc["warnings"] if w["code"] == "data-not-measured"] == ["data-not-measured"]
