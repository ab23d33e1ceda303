"""A training clock paused around validation (read inside the validation branch, restarted after it) and reset
once after warm-up: the checkpoint save of another periodic branch, later in the iteration, still runs on the clock,
and the reset at the warm-up step does not run on the iterations that read it."""
import time

import torch


def train(model, opt, batches, steps, val_every, ckpt_every):
    train_ms = 0.0
    t0 = time.perf_counter()
    for step in range(steps):
        if step == 5:  # leave the warm-up out
            train_ms = 0.0
            t0 = time.perf_counter()
        if step % val_every == 0:
            torch.cuda.synchronize()
            train_ms += 1000 * (time.perf_counter() - t0)  # expect: WP116
            model.eval()
            print(f"step {step} train_time {train_ms:.0f}ms avg {train_ms / max(step, 1):.2f}ms")
            model.train()
            t0 = time.perf_counter()
        loss = model(next(batches))
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step % ckpt_every == 0:
            torch.save(model.state_dict(), f"ckpt_{step}.pt")
