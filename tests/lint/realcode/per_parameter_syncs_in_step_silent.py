"""Per-parameter `.item()` reads that do not distort a step time: only on logging steps (`log_every = 10`), after
the end reading of a clock restarted at the top of the next step, and behind a test not shown to pass on every step
(a logging switch off by default, a validation step: the held-out verdicts of set 101), and inside the step, before
its end reading (the step as the code writes it: its time honestly includes the norms it computes)."""
import time

import torch

log_every = 10
log_interval = 1
wandb_log = False  # off by default


def train_periodic(model, opt, batches):
    t0 = time.time()
    for it, (x, y) in enumerate(batches):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        opt.zero_grad()
        t1 = time.time()
        dt = t1 - t0
        t0 = t1
        if it % log_every == 0:
            print(dt, sum(p.norm().item() for p in model.parameters()))
            for p in model.parameters():
                print(p.norm().item())


def train_restarted(model, opt, batches):
    for x, y in batches:
        t0 = time.time()
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        opt.zero_grad()
        torch.cuda.synchronize()
        print(f"step {time.time() - t0:.3f} s")
        for name, p in model.named_parameters():
            print(name, p.norm().item())



def train_logged_when_switched_on(model, opt, batches):
    t0 = time.time()
    for it, (x, y) in enumerate(batches):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        opt.zero_grad()
        t1 = time.time()
        dt = t1 - t0
        t0 = t1
        if it % log_interval == 0:
            print(f"step {it}: {dt * 1000:.1f} ms")
            if wandb_log:
                norms = {}
                for name, p in model.named_parameters():
                    norms[name] = p.grad.norm().item()
                print(norms)


def norms(model):
    out = {}
    for name, p in model.named_parameters():
        out[name] = p.grad.norm().item()
    return out


def train_in_step(model, opt, batches):
    for x, y in batches:
        t0 = time.perf_counter()
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        stats = norms(model)
        opt.step()
        opt.zero_grad()
        print(f"{time.perf_counter() - t0:.3f} s", stats)  # expect-extra: WP102 (weak: only `opt.step()` of the
        # handed optimizer is left queued after the norms' waits, drained by the next step's waits: phasesplit)
