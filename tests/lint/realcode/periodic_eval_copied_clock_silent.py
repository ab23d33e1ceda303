"""Near miss: the start clock is a fresh reading taken after the evaluation and the checkpoint (`prev_t1 =
time.time()`), not a copy of the reading before them: no interval spans them."""
import time

import torch


def evaluate(model, val):
    model.eval()
    with torch.no_grad():
        out = sum(model(x).sum() for x in val)
    model.train()
    return out.item()


def train(model, opt, loader, val, eval_every=1000, tokens_per_iter=4096):
    prev_t1 = time.time()
    for it, x in enumerate(loader):
        loss = model(x).sum()
        loss.backward()
        opt.step()
        opt.zero_grad()
        torch.cuda.synchronize()
        t1 = time.time()
        step_time = t1 - prev_t1
        print(f"iter {it}: {tokens_per_iter / step_time:.0f} tok/s")
        if it % eval_every == 0:
            print("val", evaluate(model, val))
            torch.save(model.state_dict(), "ckpt.pt")
        prev_t1 = time.time()
