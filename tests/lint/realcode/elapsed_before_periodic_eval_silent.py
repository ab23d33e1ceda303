"""Near miss: the running elapsed is printed before the evaluation of its branch, and the clock is paused around
it, so the evaluation is never counted."""
import time

import torch


def estimate_loss(model, batches, iters=200):
    model.eval()
    with torch.no_grad():
        out = sum(model(next(batches)).mean().item() for _ in range(iters)) / iters
    model.train()
    return out


def train(model, opt, batches, max_iters, eval_interval):
    start = time.time()
    for it in range(max_iters):
        if it % eval_interval == 0:
            print(f"step {it} elapsed {time.time() - start:.1f}s")
            paused = time.time()
            val = estimate_loss(model, batches)
            start += time.time() - paused
            print(f"val {val:.3f}")
        loss = model(next(batches)).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
