"""Conditional restarts that leave the periodic work out: the clock restarted after the checkpoint save in its own
branch, and a per-step window started and read under two `if rank == 0:` blocks of the same iteration."""
import time

import torch


def train(model, opt, batches, steps, val_every, ckpt_every):
    train_ms = 0.0
    t0 = time.perf_counter()
    for step in range(steps):
        if step % val_every == 0:
            torch.cuda.synchronize()
            train_ms += 1000 * (time.perf_counter() - t0)
            model.eval()
            print(f"step {step} train_time {train_ms:.0f}ms")
            model.train()
            t0 = time.perf_counter()
        loss = model(next(batches))
        loss.backward()
        opt.step()
        if step % ckpt_every == 0:
            torch.cuda.synchronize()
            train_ms += 1000 * (time.perf_counter() - t0)
            torch.save(model.state_dict(), f"ckpt_{step}.pt")
            t0 = time.perf_counter()


def train_ranked(model, opt, loader, rank, epochs, eval_every):
    for epoch in range(epochs):
        for x in loader:
            if rank == 0:
                tic = time.time()
            loss = model(x)
            loss.backward()
            opt.step()
            if rank == 0:
                torch.cuda.synchronize()
                print("samples/s", len(x) / (time.time() - tic))
        if epoch % eval_every == 0:
            model.eval()
            model.train()
