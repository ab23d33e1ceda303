"""A window timer whose start is copied from the end clock (`prev_t1 = t1`), read before the iteration's
evaluation and checkpoint: the next interval starts at that reading, so it spans the evaluation and the save."""
import time

import torch


def evaluate(model, val):
    model.eval()
    with torch.no_grad():
        out = sum(model(x).sum() for x in val)
    model.train()
    return out.item()


def train(model, opt, loader, val, eval_every=1000, tokens_per_iter=4096):
    step_time = 0.0
    prev_t1 = time.time()
    for it, x in enumerate(loader):
        loss = model(x).sum()
        loss.backward()
        opt.step()
        opt.zero_grad()
        torch.cuda.synchronize()
        t1 = time.time()
        if it % eval_every == 0:
            print("val", evaluate(model, val))
            torch.save(model.state_dict(), "ckpt.pt")
        step_time += t1 - prev_t1  # expect: WP116
        prev_t1 = t1
        print(f"iter {it}: {tokens_per_iter / step_time:.0f} tok/s")
        step_time = 0.0
