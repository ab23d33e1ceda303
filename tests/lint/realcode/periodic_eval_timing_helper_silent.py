"""Helpers that read the clock for a step clock started after the periodic evaluation, and a helper given the
clock for something that is not an interval since it."""
import time

import torch


def time_passed(since):
    return f"{(time.time() - since) * 1000:.1f} ms"


def stamp(t):
    return time.strftime("%H:%M:%S", time.localtime(t))


def estimate_loss(model, batches):
    model.eval()
    with torch.no_grad():
        return sum(model(x).sum().item() for x in batches)


def train(model, opt, batches, val, steps, eval_every=250, log_every=10):
    for step in range(steps):
        if step % eval_every == 0:
            print("val loss", estimate_loss(model, val))
        t_step = time.time()
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
        torch.cuda.synchronize()
        if step % log_every == 0:
            print("dt", time_passed(t_step), "at", stamp(t_step))


def train_stamped(model, opt, batches, val, steps, eval_every=250):
    t_step = time.time()
    for step in range(steps):
        if step % eval_every == 0:
            print("val loss", estimate_loss(model, val))
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
        print("step", step, "started at", stamp(t_step))
        t_step = time.time()
