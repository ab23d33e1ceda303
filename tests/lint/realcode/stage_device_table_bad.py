"""Twentieth session (syncrecall, set 81) class: a pipeline keeps its stages' devices in a table built from CUDA
ordinals (`[torch.device(f"cuda:{i}") for i in ids]`); each stage's input is moved with `.to(self.devices[k])`, so
its model call runs on that GPU, and the stage time read right after it has no synchronize."""
import time

import torch


class Pipeline:
    def __init__(self, model, ids):
        self.devices = [torch.device(f"cuda:{i}") for i in ids]
        self.model = model
        self.times = []

    def run(self, x, n_stages):
        for k in range(n_stages):
            inp = x.to(self.devices[k])
            t0 = time.time()
            x = self.model(inp, k)
            self.times.append(time.time() - t0)  # expect: WP102
        return x
