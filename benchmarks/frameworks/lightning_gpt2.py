"""A plain Lightning script (no wprof in it): the GPT-2-shaped model of hf_gpt2.py in a LightningModule, random
token ids, bf16-mixed, with Lightning's own ``ThroughputMonitor`` (it synchronizes after every batch and logs a
rolling ``train/device/batches_per_sec`` over its last ``window_size`` batches; a CSVLogger keeps the values).

    wprof run --warmup 20 --iters 80 -- benchmarks/frameworks/lightning_gpt2.py --steps 120

Prints one ``FRAMEWORK {...}`` JSON line with the last logged ``train/device/batches_per_sec`` (over batches
``steps - window + 1 .. steps``) and its ms per step. ``--tiny`` for a CPU smoke run.
"""

import argparse
import csv
import glob
import json
import os

import torch
import lightning as L
from lightning.pytorch.callbacks import ThroughputMonitor
from lightning.pytorch.loggers import CSVLogger
from transformers import GPT2Config, GPT2LMHeadModel


class LM(L.LightningModule):
    def __init__(self, cfg):
        super().__init__()
        self.model = GPT2LMHeadModel(cfg)

    def training_step(self, batch, batch_idx):
        return self.model(input_ids=batch["input_ids"], labels=batch["input_ids"]).loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-4)


class Tokens(torch.utils.data.Dataset):
    def __init__(self, n, seq, vocab):
        g = torch.Generator().manual_seed(0)
        self.x = torch.randint(0, vocab, (n, seq), generator=g)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return {"input_ids": self.x[i]}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=120)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--seq", type=int, default=512)
    p.add_argument("--window", type=int, default=80, help="ThroughputMonitor window_size (batches)")
    p.add_argument("--out", default="pl_out")
    p.add_argument("--tiny", action="store_true")
    a = p.parse_args()
    if a.tiny:
        cfg = GPT2Config(n_layer=2, n_embd=64, n_head=2, vocab_size=256, n_positions=64)
        a.seq = min(a.seq, 32)
    else:
        cfg = GPT2Config(n_layer=12, n_embd=768, n_head=12, vocab_size=50257, n_positions=1024)
    cuda = torch.cuda.is_available()
    loader = torch.utils.data.DataLoader(Tokens(a.batch * (a.steps + 2), a.seq, cfg.vocab_size), batch_size=a.batch,
                                         num_workers=2 if cuda else 0, pin_memory=cuda)
    monitor = ThroughputMonitor(batch_size_fn=lambda b: b["input_ids"].size(0), window_size=a.window)
    trainer = L.Trainer(max_steps=a.steps, accelerator="gpu" if cuda else "cpu", devices=1,
                        precision="bf16-mixed" if cuda else "32-true", logger=CSVLogger(a.out, name="tm"),
                        log_every_n_steps=1, callbacks=[monitor], enable_checkpointing=False,
                        enable_progress_bar=False, enable_model_summary=False)
    trainer.fit(LM(cfg), loader)
    rows = []
    for f in glob.glob(os.path.join(a.out, "tm", "*", "metrics.csv")):
        with open(f) as fh:
            rows += [r for r in csv.DictReader(fh) if r.get("train/device/batches_per_sec")]
    last = max(rows, key=lambda r: int(r["step"])) if rows else None
    bps = float(last["train/device/batches_per_sec"]) if last else None
    print("FRAMEWORK " + json.dumps({
        "framework": "lightning", "throughput_monitor_batches_per_sec": bps,
        "ms_per_step_from_throughput_monitor": 1e3 / bps if bps else None, "window_batches": a.window,
        "steps": a.steps, "last_logged_step": int(last["step"]) if last else None}), flush=True)


if __name__ == "__main__":
    main()
