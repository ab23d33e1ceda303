"""wprof.integrations.lightning on real Lightning Trainers, both package names (CPU, a tiny MLP)."""

from __future__ import annotations

import importlib
import json

import pytest

torch = pytest.importorskip("torch")

from wprof.integrations import attach, framework_of  # noqa: E402
from wprof.integrations.lightning import callback_class, callback_for  # noqa: E402

from .recording import RecordingGauge, steps  # noqa: E402

PACKAGES = [p for p in ("lightning.pytorch", "pytorch_lightning") if importlib.util.find_spec(p.split(".")[0])]


def _module(pkg):
    L = importlib.import_module(pkg)

    class Model(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Linear(4, 1)

        def training_step(self, batch, batch_idx):
            x, y = batch
            return torch.nn.functional.mse_loss(self.net(x), y)

        def validation_step(self, batch, batch_idx):
            x, y = batch
            self.log("val", torch.nn.functional.mse_loss(self.net(x), y))

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=0.01)

    return L, Model


def _loader(n=32, bs=4):
    g = torch.Generator().manual_seed(0)
    ds = torch.utils.data.TensorDataset(torch.randn(n, 4, generator=g), torch.randn(n, 1, generator=g))
    return torch.utils.data.DataLoader(ds, batch_size=bs)


def _trainer(L, **kw):
    args = dict(accelerator="cpu", logger=False, enable_checkpointing=False, enable_progress_bar=False,
                enable_model_summary=False, max_epochs=2, num_sanity_val_steps=0)
    args.update(kw)
    return L.Trainer(**args)


class _Mark:
    def __init__(self, events):
        self.events = events

    def on_validation_start(self, trainer, pl_module):
        self.events.append("validation")


@pytest.mark.parametrize("pkg", PACKAGES)
def test_steps_span_accumulated_batches_and_validation_is_left_out(pkg):
    L, Model = _module(pkg)
    events: list[str] = []
    g = RecordingGauge(events)
    mark = type("Mark", (_Mark, L.Callback), {})(events)
    trainer = _trainer(L, accumulate_grad_batches=2, callbacks=[callback_class(pkg)(gauge=g), mark])
    loader = _loader()
    trainer.fit(Model(), loader, _loader(8))
    body = steps(events)[1:]
    assert len(body) == 8  # 32 samples / 4 per batch / 2 accumulated = 4 optimizer steps per epoch, 2 epochs
    for chunk in body:  # both batch fetches of a step are timed (through trainer.profiler, from the first epoch)
        assert chunk.count("begin_data") == 2
        assert chunk.count("phase backward") == chunk.count("/phase backward") == 2  # one per micro-batch
        assert chunk.count("phase optimizer") == chunk.count("/phase optimizer") == 1
    assert events.count("validation") == 2
    for chunk in body:
        if "validation" in chunk:
            assert chunk.index("end_step") < chunk.index("validation")
    assert events[-1] == "finish"
    assert g.config.global_batch_size == 8
    assert "per-device batch 4 x gradient accumulation 2 x world size 1" in g.config.sources["global_batch_size"]
    assert type(loader) is torch.utils.data.DataLoader  # its own class again after training


@pytest.mark.parametrize("pkg", PACKAGES)
def test_real_gauge_result_through_attach(pkg, tmp_path):
    L, Model = _module(pkg)
    trainer = _trainer(L, max_epochs=3)
    assert framework_of(trainer) == pkg
    attach(trainer, warmup=2, iters=10, mode="host", out_dir=str(tmp_path), name="pl", log_interval=0, env=False)
    assert sum(type(cb).__name__ == "WprofCallback" for cb in trainer.callbacks) == 1
    trainer.fit(Model(), _loader())
    doc = json.loads((tmp_path / "pl.json").read_text())
    assert doc["status"] == "complete" and doc["n"] == 10 and doc["global_batch_size"] == 4
    assert all(d > 0 for d in doc["samples"]["data_ms"])


def test_callback_for_picks_the_trainers_own_package():
    for pkg in PACKAGES:
        L, _ = _module(pkg)
        cb = callback_for(_trainer(L), gauge=RecordingGauge())
        assert isinstance(cb, importlib.import_module(pkg).Callback)
    with pytest.raises(TypeError):
        callback_for(object())
