"""A copy that synchronizes right before the end read, in the same logging block (set 9): every reading of the
clock there follows it, so the reading is synchronized (no WP102) and the copy is the synchronize that reading
needs, once per log interval (no WP114). A model's set-up logged as "Time to instantiate" is host work timed on
purpose (no WP102)."""
import time

import torch


def build(config):
    t0 = time.perf_counter()
    model = torch.nn.Transformer(**config).cuda()
    torch.nn.init.normal_(model.encoder.layers[0].linear1.weight)
    print(f"Time to instantiate model: {time.perf_counter() - t0:.02f} seconds.")
    return model


def train(model, opt, loader, log_every, running):
    total_t0 = time.perf_counter()
    for step, (x, y) in enumerate(loader):
        iter_t0 = time.perf_counter()
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        loss.backward()
        opt.step()
        opt.zero_grad()
        running.update(loss.detach())
        if step % log_every == 0:
            avg = running.compute().item()
            t1 = time.perf_counter()
            print(f"step {step} loss {avg:.3f} iter {t1 - iter_t0:.3f}s total {t1 - total_t0:.1f}s")
