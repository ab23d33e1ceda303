"""Near misses: the epoch clock read before the validation pass, a training function that switches to eval mode
for a check of its own (it trains: not an evaluation), inference loops with no training step, and a checkpoint
save after the clock was restarted."""
import time
from timeit import default_timer

import torch


def train_epoch(model, opt, loader):
    model.train()
    for x, y in loader:
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    return float(loss)


def fit_read_before_validation(model, opt, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        t1 = default_timer()
        model.train()
        for x, y in train_loader:
            loss = (model(x) - y).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        t2 = default_timer()
        val = 0.0
        with torch.no_grad():
            for x, y in val_loader:
                val += float((model(x) - y).pow(2).mean())
        print(epoch, t2 - t1, val)


def fit_train_function(model, opt, loaders, epochs):
    for epoch in range(epochs):
        start = time.time()
        for loader in loaders:
            last = train_epoch(model, opt, loader)
        print(f"epoch {epoch} time {time.time() - start:.1f}s loss {last:.3f}")


def infer_epochs(model, loaders):
    for loader in loaders:
        start = time.time()
        with torch.no_grad():
            for x in loader:
                model(x)
        print(f"inference {time.time() - start:.2f}s")


def fit_save_outside_window(model, opt, batches, checkpoint, steps, log_every):
    for step in range(steps):
        checkpoint.save(step)
        last = time.perf_counter()
        x, y = next(batches)
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} {time.perf_counter() - last:.3f}s")
