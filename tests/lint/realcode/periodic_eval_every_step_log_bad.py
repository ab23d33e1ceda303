"""A step time printed every step (`log_interval = 1`) whose interval holds the evaluation and the checkpoint save
run every `eval_interval` updates: the test `it % log_interval == 0` holds at every iteration, also at those."""
import time

import torch

eval_interval = 100
log_interval = 1
batch_size, micro_batch_size = 128, 4
accum = batch_size // micro_batch_size  # not a constant: the update test alone says nothing of the log test


def validate(model, val):
    model.eval()
    with torch.no_grad():
        out = sum(model(x).sum() for x in val)
    model.train()
    return out.item()


def train(model, opt, loader, val):
    updates = 0
    for it, (x, y) in enumerate(loader):
        t0 = time.time()
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss / accum).backward()
        if (it + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
            updates += 1
            if updates % eval_interval == 0:
                print("val", validate(model, val))
                torch.save(model.state_dict(), "ckpt.pt")
        torch.cuda.synchronize()
        dt = time.time() - t0  # expect: WP116
        if it % log_interval == 0:
            print(f"iter {it}: loss {loss.item():.4f}, time {dt * 1000:.1f} ms")
