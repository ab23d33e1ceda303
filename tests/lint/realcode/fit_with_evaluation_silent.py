"""Near misses of fit_with_evaluation_bad.py: a Trainer whose arguments do not evaluate during training, a Lightning
`fit` without validation loaders, a Keras `fit` with `validation_split=0.0`, a run's total duration that is not
labelled as training (the epoch loop's evaluation is part of a run), and a returned total of a loop without
evaluation."""
import time

import pytorch_lightning as pl
import tensorflow as tf
import torch
from transformers import Trainer, TrainingArguments


def hf_run(model, train_ds, n_tokens):
    args = TrainingArguments(output_dir="out", eval_strategy="no")
    trainer = Trainer(model=model, args=args, train_dataset=train_ds)
    start = time.time()
    trainer.train()
    end = time.time()
    print(f"tokens/s: {n_tokens / (end - start):.1f}")


def lightning_run(module, train_loader, epochs):
    trainer = pl.Trainer(max_epochs=epochs, accelerator="gpu")
    start = time.time()
    trainer.fit(module, train_dataloaders=train_loader)
    print({"runtime": time.time() - start})


def keras_run(x, y):
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="mse")
    t0 = time.time()
    model.fit(x, y, epochs=10, validation_split=0.0)
    print("Training time:", time.time() - t0)


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


def run(model, opt, train_loader, test_loader, epochs):
    start = time.time()
    for epoch in range(epochs):
        train_loop(model, train_loader, opt)
        test_loop(model, test_loader)
    elapsed = time.time() - start
    print(f"run finished in {elapsed:.1f}s")


def train_only(model, opt, train_loader, epochs):
    start = time.time()
    for epoch in range(epochs):
        train_loop(model, train_loader, opt)
    training_time = time.time() - start
    return training_time
