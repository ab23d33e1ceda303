"""Per-epoch times that hold a validation pass run at every epoch: an inline `torch.no_grad()` loop over the
validation loader, a function of the file that evaluates, and a checkpoint manager's save handed the step (it writes
at its own interval) inside a logging window."""
import time
from timeit import default_timer

import torch


def evaluate_loader(model, loader):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for x, y in loader:
            total += float((model(x) - y).pow(2).mean())
    return total


def fit_inline(model, opt, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        t1 = default_timer()
        model.train()
        for x, y in train_loader:
            loss = (model(x) - y).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        val = 0.0
        with torch.no_grad():
            for x, y in val_loader:
                val += float((model(x) - y).pow(2).mean())
        t2 = default_timer()
        print(epoch, t2 - t1, val)  # expect: WP116


def fit_helper(model, opt, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        start = time.time()
        model.train()
        for x, y in train_loader:
            loss = (model(x) - y).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        val = evaluate_loader(model, val_loader)
        epoch_time = time.time() - start  # expect: WP116
        print(f"epoch {epoch} training time {epoch_time:.1f}s val {val:.3f}")


def fit_manager(model, opt, batches, checkpoint, steps, log_every):
    last = time.perf_counter()
    ntokens = 0
    for step in range(steps):
        x, y = next(batches)
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        ntokens += x.numel()
        if step % log_every == 0:
            dt = time.perf_counter() - last  # expect: WP116
            print(f"step {step} tokens/s {ntokens / dt:.0f}")
            ntokens = 0
            last = time.perf_counter()
        checkpoint.save(step, force=(step == steps - 1))
