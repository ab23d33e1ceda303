"""Training times and speeds around a library's training call that runs evaluation inside it (twenty-first session,
trainrecall): a Hugging Face Trainer whose training arguments (a dict handed in with `**`) evaluate every
`eval_steps`, a Lightning `fit` handed validation loaders, a Keras `fit` with validation data; and an epoch loop's
total named as training time and returned to the caller."""
import time

import pytorch_lightning as pl
import tensorflow as tf
import torch
from transformers import Trainer, TrainingArguments


def hf_run(model, train_ds, eval_ds, n_tokens):
    kwargs = {"output_dir": "out", "evaluation_strategy": "steps", "eval_steps": 200}
    args = TrainingArguments(**kwargs)
    trainer = Trainer(model=model, args=args, train_dataset=train_ds, eval_dataset=eval_ds)
    start = time.time()
    trainer.train()
    end = time.time()
    tokens_per_sec = n_tokens / (end - start)  # expect: WP116
    print(f"tokens/s: {tokens_per_sec:.1f}")


def lightning_runs(models, train_loader, val_loader, epochs):
    runs = []
    for module in models:
        trainer = pl.Trainer(max_epochs=epochs, accelerator="gpu")
        start = time.time()
        trainer.fit(module, train_dataloaders=train_loader, val_dataloaders=val_loader)
        end = time.time()
        runs.append({"runtime": end - start})  # expect: WP116
    print(runs)


def keras_run(x, y, xv, yv):
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="mse")
    t0 = time.time()
    model.fit(x, y, epochs=10, validation_data=(xv, yv))
    print("Training time:", time.time() - t0)  # expect: WP116


def train_loop(model, loader, opt):
    for x, y in loader:
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def test_loop(model, loader):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for x, y in loader:
            total += float((model(x) - y).abs().mean())
    return total


def benchmark(model, opt, train_loader, test_loader, epochs):
    start = time.time()
    for epoch in range(epochs):
        train_loop(model, train_loader, opt)
        test_loop(model, test_loader)
    end = time.time()
    training_time = end - start  # expect: WP116
    return [training_time, epochs]
