"""Near miss: the step time is printed every `log_interval = 10` steps at residue 1, the evaluation runs at residue
0 of `eval_interval = 100`: the two never meet, so no printed interval holds the evaluation."""
import time

import torch

eval_interval = 100
log_interval = 10


def validate(model, val):
    model.eval()
    with torch.no_grad():
        out = sum(model(x).sum() for x in val)
    model.train()
    return out.item()


def train(model, opt, loader, val):
    for it, (x, y) in enumerate(loader):
        t0 = time.time()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        if it % eval_interval == 0:
            print("val", validate(model, val))
        torch.cuda.synchronize()
        dt = time.time() - t0
        if it % log_interval == 1:
            print(f"iter {it}: loss {loss.item():.4f}, time {dt * 1000:.1f} ms")
