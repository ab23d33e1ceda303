"""A step time kept in an AverageMeter and a throughput handed to a logger object: the clock restarts after the evaluation: silent."""
import time

import torch


class AverageMeter:
    def __init__(self):
        self.val = 0.0
        self.sum = 0.0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n

    @property
    def avg(self):
        return self.sum / max(self.count, 1)


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        for x in loader:
            model(x)
    model.train()


def train(model, opt, loader, val_loader, logger, print_freq=10, eval_every=500):
    batch_time = AverageMeter()
    end = time.time()
    for i, x in enumerate(loader):
        loss = model(x).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        batch_time.update(time.time() - end)
        end = time.time()
        if i % print_freq == 0:
            print("Time {bt.val:.3f} ({bt.avg:.3f})".format(bt=batch_time))
        if i % eval_every == 0:
            evaluate(model, val_loader)
            end = time.time()


def train_logged(model, opt, loader, val_loader, logger, log_every=10, eval_every=500):
    t0 = time.time()
    for step, x in enumerate(loader):
        loss = model(x).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % log_every == 0:
            dt = time.time() - t0
            logger.store(step_time=dt, samples_per_sec=x.shape[0] * log_every / dt)
            t0 = time.time()
        if step % eval_every == 0:
            evaluate(model, val_loader)
            t0 = time.time()
