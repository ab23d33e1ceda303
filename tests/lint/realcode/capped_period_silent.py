"""A run capped at a constant 30 steps whose checkpoint runs every 500: the counter is 1..30 at the test, so the
save never runs inside the throughput's window. Also a `range(20)` loop saving at `(it + 1) % 100 == 0`."""
import time

import torch

MAX_STEPS = 30
TOKENS = 4096


def train(model, opt, loader):
    global_step = 0
    for epoch in range(2):
        start_time = time.time()
        for batch in loader:
            if MAX_STEPS and global_step >= MAX_STEPS:
                break
            loss = model(batch).mean()
            loss.backward()
            opt.step()
            opt.zero_grad()
            global_step += 1
            elapsed = time.time() - start_time
            print(f"step {global_step} tokens/s {global_step * TOKENS / elapsed:.0f}")
            if global_step % 500 == 0:
                torch.save(model.state_dict(), f"step_{global_step}.pt")


def short(model, opt, batch):
    t0 = time.time()
    for it in range(20):
        loss = model(batch).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        print(f"{(it + 1) * TOKENS / (time.time() - t0):.0f} tokens/s")
        if (it + 1) % 100 == 0:
            torch.save(model.state_dict(), "ckpt.pt")
