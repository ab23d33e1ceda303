"""The same capped run, but the checkpoint period (10) is within the cap (30), and a counter tested before its
increment (0 % 500 == 0 on the first step): the save runs inside the window."""
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
            elapsed = time.time() - start_time  # expect: WP116
            print(f"step {global_step} tokens/s {global_step * TOKENS / elapsed:.0f}")
            if global_step % 10 == 0:
                torch.save(model.state_dict(), f"step_{global_step}.pt")


def first_step(model, opt, batch):
    t0 = time.time()
    for it in range(20):
        loss = model(batch).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        if it % 100 == 0:
            torch.save(model.state_dict(), "ckpt.pt")
        print(f"{(it + 1) * TOKENS / (time.time() - t0):.0f} tokens/s")  # expect: WP116
