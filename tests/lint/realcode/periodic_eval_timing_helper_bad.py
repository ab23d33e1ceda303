"""The step time and tokens/s come from helpers that read the clock themselves (`time_passed(t0)`,
`token_speed(t0, n)`); the step clock starts before a periodic evaluation in the same step."""
import time

import torch


def time_passed(since):
    now = time.time()
    return f"{(now - since) * 1000:.1f} ms"


def token_speed(since, tokens):
    dt = time.time() - since
    return f"{tokens / dt:.0f}"


def estimate_loss(model, batches):
    model.eval()
    with torch.no_grad():
        out = sum(model(x).sum().item() for x in batches)
    model.train()
    return out


def train(model, opt, batches, val, steps, eval_every=250, log_every=10):
    for step in range(steps):
        t_step = time.time()
        if step % eval_every == 0:
            print("val loss", estimate_loss(model, val))
        model(batches[step]).sum().backward()
        opt.step()
        opt.zero_grad()
        torch.cuda.synchronize()
        if step % log_every == 0:
            print("dt", time_passed(t_step), "tok/s", token_speed(t_step, 4096))  # expect: WP116
