"""`.item()` and `print()` that are not a sync inside a measurement, and the ones that are. A training run's own
loss `.item()` (an optimizer step in the timed loop) is part of the step time it measures: silent since the tenth
session (held-out verdicts: false or borderline in 11 repositories, `rules/_number_purpose.py`)."""
import os
import time

import torch

model = torch.nn.Linear(1024, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(256, 1024, device="cuda")
iter_num = 0
save_every, log_every = 100, 50

t0 = time.perf_counter()
while iter_num < 1000:
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    if iter_num % save_every == 0:  # a checkpoint name every 100 steps
        torch.save(model.state_dict(), os.path.join("ckpt", f"loss_{loss.item():.3f}_{iter_num}.pt"))
    if iter_num % log_every == 0:
        print(iter_num, time.perf_counter() - t0, loss.item())  # .item() after the end read
    else:
        print(f"step {iter_num}")  # an int, not a tensor
    iter_num += 1

start = time.perf_counter()
total = 0.0
for step in range(1000):
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    total += loss.item()  # the loss accounting the training run really does
    n = loss.detach().cpu()  # the same mistake, same loop: one finding
    if step % 100 == 0 and step > 0:
        print(f"{(time.perf_counter() - start) * 10:.1f} ms/step, loss {total / 100:.3f}")
        total = 0.0
        start = time.perf_counter()


def done(tokens, eos):
    if (tokens == eos).all():  # a branch on a tensor: this waits for the device
        return True
    return False


def decode(model, tok, eos, streamer):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    while not done(tok, eos):  # every step waits here anyway
        tok = model(tok).argmax(-1)
        streamer.put(tok.cpu())  # the copy adds no wait
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end)


def train_with_final_checkpoint(batches):
    t0 = time.perf_counter()
    for i, xb in enumerate(batches):
        loss = model(xb).square().mean()
        loss.backward()
        opt.step()
        if i == len(batches) - 1:  # the last step: a file is written, with the loss in its name
            path = os.path.join("ckpt", f"last_{loss.item():.4f}.pt")
            torch.save(model.state_dict(), path)
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def train_accumulating(batches, accumulation=4):
    t0 = time.perf_counter()
    running = torch.zeros((), device="cuda")
    for i, xb in enumerate(batches):
        loss = model(xb).square().mean()
        running += loss.detach()
        loss.backward()
        if (i + 1) % accumulation == 0:  # the optimizer step: every step of training, not occasional logging
            opt.step()
            opt.zero_grad()
            print(f"loss {running.item():.4f}")  # part of the training run it times
    torch.cuda.synchronize()
    return time.perf_counter() - t0
