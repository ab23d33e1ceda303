"""A running 'elapsed' printed at each evaluation, read right after the evaluation in the same branch: the time
quoted for the training steps holds every evaluation run so far."""
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
            val = estimate_loss(model, batches)
            print(f"step {it} val {val:.3f} elapsed {time.time() - start:.1f}s")  # expect: WP116
        loss = model(next(batches)).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
