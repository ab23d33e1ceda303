"""A plain Hugging Face Trainer script (no wprof in it): a GPT-2-shaped model from a config, random token ids, bf16.

Run it under ``wprof run`` and compare the gauge's step time with the Trainer's own ``train_steps_per_second``:

    wprof run --warmup 20 --iters 80 --dmon -- benchmarks/frameworks/hf_gpt2.py --steps 120

It prints one ``FRAMEWORK {...}`` JSON line: the Trainer's metrics (``train_runtime``, ``train_steps_per_second``:
every step over the whole ``train()`` call, setup and first steps included) and, as a cross-check over the same
steps as wprof's window, the host time between the ``on_step_end`` of step ``--from`` and of step ``--to`` divided
by the steps between them (the Trainer synchronizes every step: its NaN check of the loss reads the value).
``--tiny`` shrinks everything for a CPU smoke run.
"""

import argparse
import json
import time

import torch
from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainerCallback, TrainingArguments


class Tokens(torch.utils.data.Dataset):
    def __init__(self, n, seq, vocab):
        g = torch.Generator().manual_seed(0)
        self.x = torch.randint(0, vocab, (n, seq), generator=g)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return {"input_ids": self.x[i], "labels": self.x[i]}


class StepClock(TrainerCallback):
    def __init__(self):
        self.t = {}

    def on_step_end(self, args, state, control, **kw):
        self.t[state.global_step] = time.perf_counter()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=120)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--seq", type=int, default=512)
    p.add_argument("--accum", type=int, default=1)
    p.add_argument("--from", dest="first", type=int, default=20, help="cross-check window: after this step")
    p.add_argument("--to", type=int, default=100, help="cross-check window: through this step")
    p.add_argument("--tiny", action="store_true")
    a = p.parse_args()
    if a.tiny:
        cfg = GPT2Config(n_layer=2, n_embd=64, n_head=2, vocab_size=256, n_positions=64)
        a.seq = min(a.seq, 32)
    else:  # GPT-2 small: 12 layers, 768 wide, 12 heads, 50257 tokens
        cfg = GPT2Config(n_layer=12, n_embd=768, n_head=12, vocab_size=50257, n_positions=1024)
    model = GPT2LMHeadModel(cfg)
    cuda = torch.cuda.is_available()
    args = TrainingArguments(output_dir="hf_out", per_device_train_batch_size=a.batch,
                             gradient_accumulation_steps=a.accum,
                             max_steps=a.steps, bf16=cuda, use_cpu=not cuda, save_strategy="no", report_to=[],
                             logging_steps=10_000, disable_tqdm=True, dataloader_num_workers=2 if cuda else 0,
                             dataloader_pin_memory=cuda)
    clock = StepClock()
    ds = Tokens(a.batch * a.accum * (a.steps + 2), a.seq, cfg.vocab_size)
    trainer = Trainer(model=model, args=args, train_dataset=ds, callbacks=[clock])
    m = trainer.train().metrics
    lo, hi = a.first, min(a.to, a.steps)
    window = (clock.t[hi] - clock.t[lo]) / (hi - lo) * 1e3 if lo in clock.t and hi in clock.t and hi > lo else None
    print("FRAMEWORK " + json.dumps({
        "framework": "transformers", "train_runtime_s": m["train_runtime"],
        "train_steps_per_second": m["train_steps_per_second"],
        "ms_per_step_from_train_steps_per_second": 1e3 / m["train_steps_per_second"],
        "steps": a.steps, "cross_check_steps": [lo + 1, hi], "cross_check_ms_per_step": window,
        "samples_per_step": a.batch * a.accum, "tokens_per_step": a.batch * a.accum * a.seq}), flush=True)


if __name__ == "__main__":
    main()
