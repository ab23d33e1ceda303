"""A training loop that logs every parameter's norm with `.item()` on every step: one host round trip per
parameter, counted in the step time. In the logging block after `t0 = t1` with `log_every = 1` the syncs land in
the next step's interval (written out, or through a helper of the file)."""
import time

import torch

log_every = 1


def norms(model):
    out = {}
    for name, p in model.named_parameters():
        out[name] = p.grad.norm().item()
    return out


def train(model, opt, batches):
    t0 = time.time()
    for it, (x, y) in enumerate(batches):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        t1 = time.time()
        dt = t1 - t0
        t0 = t1
        if it % log_every == 0:
            print(f"step {it}: {dt * 1000:.1f} ms")
            params = []
            for _, p in model.named_parameters():
                params.append(p)
            total = 0.0
            for p in params:
                total += p.data.norm(2).item() ** 2  # expect: WP114
            print(total ** 0.5)


def train_helper(model, opt, batches):
    t0 = time.perf_counter()
    for x, y in batches:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        t1 = time.perf_counter()
        print(f"{t1 - t0:.3f} s")
        t0 = t1
        stats = norms(model)  # expect: WP114
        print(stats)
