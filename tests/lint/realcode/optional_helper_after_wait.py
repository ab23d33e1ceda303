"""Set 78 class: a training update timed with a host clock, waiting every mini-epoch (`kl.item()`), whose only GPU
work after that wait is a helper of the file that returns at once unless a distributed flag is set (`if not
self.multi_gpu: return` before an all-reduce of running statistics). On the usual path nothing is left queued;
which path runs is a configuration the file does not show: weak. A helper that does its work on every path stays
strong."""

import time

import torch
import torch.distributed as dist


class Trainer:
    def __init__(self, multi_gpu=False):
        self.multi_gpu = multi_gpu
        self.model = torch.nn.Linear(32, 32).cuda()
        self.opt = torch.optim.Adam(self.model.parameters())
        self.stats = torch.zeros(32, device="cuda")

    def sync_stats(self):
        if not self.multi_gpu:
            return
        dist.all_reduce(self.stats)

    def smooth_stats(self):
        self.stats.mul_(0.9)

    def step(self, x):
        loss = self.model(x).pow(2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.detach()

    def update(self, batches, epochs=4):
        t0 = time.perf_counter()
        for _ in range(epochs):
            kl = torch.stack([self.step(b) for b in batches]).mean()
            self.lr = 1e-3 * min(1.0, kl.item())
        self.sync_stats()
        update_s = time.perf_counter() - t0  # expect-extra: WP102
        t0 = time.perf_counter()
        for _ in range(epochs):
            kl = torch.stack([self.step(b) for b in batches]).mean()
            self.lr = 1e-3 * min(1.0, kl.item())
        self.smooth_stats()
        smooth_s = time.perf_counter() - t0  # expect: WP102
        return update_s, smooth_s
