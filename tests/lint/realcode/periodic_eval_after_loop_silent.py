"""Readings after the training loop that do not count its periodic evaluation as training: the clock restarted
after each evaluation, the evaluation time taken out, a total run time (not a speed), and a loop that only
trains."""
import time

import torch


def evaluate(model, batches):
    model.eval()
    with torch.no_grad():
        return sum(model(x).sum().item() for x in batches)


def train_restarted(model, opt, batches, val, steps, eval_every=200):
    t0 = time.time()
    for step in range(steps):
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
        if step % eval_every == 0:
            print("val", evaluate(model, val))
            t0 = time.time()
    torch.cuda.synchronize()
    print("tok/s since the last evaluation", 4096 * (steps % eval_every) / (time.time() - t0))


def train_eval_taken_out(model, opt, batches, val, steps, eval_every=200):
    start, eval_s = time.time(), 0.0
    for step in range(steps):
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
        if step % eval_every == 0:
            e0 = time.time()
            print("val", evaluate(model, val))
            eval_s += time.time() - e0
    torch.cuda.synchronize()
    print("tok/s", steps * 4096 / (time.time() - start - eval_s))


def train_total(model, opt, batches, val, steps, eval_every=200):
    start = time.time()
    for step in range(steps):
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
        if step % eval_every == 0:
            print("val", evaluate(model, val))
    torch.cuda.synchronize()
    print(f"run took {time.time() - start:.1f} s")


def train_only(model, opt, batches, val, steps):
    start = time.time()
    for step in range(steps):
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
    torch.cuda.synchronize()
    rate = steps * 4096 / (time.time() - start)
    print("val", evaluate(model, val), "tok/s", rate)
