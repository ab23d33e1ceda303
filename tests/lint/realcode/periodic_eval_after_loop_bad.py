"""A throughput read once the training loop has ended, from a clock started before it (or at a warm-up step
inside it), over a loop that evaluates and saves checkpoints now and then: the run's tokens/s counts them."""
import time

import torch


def evaluate(model, batches):
    model.eval()
    with torch.no_grad():
        return sum(model(x).sum().item() for x in batches)


def train(model, opt, batches, val, steps, eval_every=200, tokens_per_step=4096):
    start = time.time()
    for step in range(steps):
        loss = model(batches[step]).sum()
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step % eval_every == 0:
            print("val", evaluate(model, val))
            torch.save(model.state_dict(), f"ckpt_{step}.pt")
    torch.cuda.synchronize()
    elapsed = time.time() - start  # expect: WP116
    print(f"{steps * tokens_per_step / elapsed:.0f} tok/s")


def bench(model, opt, batches, steps, warmup=10, save_every=100):
    t0 = None
    for step in range(steps):
        if step == warmup:
            torch.cuda.synchronize()
            t0 = time.perf_counter()
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
        if step % save_every == 0:
            torch.save(model.state_dict(), "last.pt")
    torch.cuda.synchronize()
    t1 = time.perf_counter()
    print("steps/s", (steps - warmup) / (t1 - t0))  # expect: WP116
