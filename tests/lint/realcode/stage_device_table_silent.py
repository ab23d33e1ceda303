"""Twentieth session (syncrecall, set 81) near miss: the same pipeline over a table of CPU devices: host work."""
import time

import torch


class Pipeline:
    def __init__(self, model, ids):
        self.devices = [torch.device("cpu") for _ in ids]
        self.model = model
        self.times = []

    def run(self, x, n_stages):
        for k in range(n_stages):
            inp = x.to(self.devices[k])
            t0 = time.time()
            x = self.model(inp, k)
            self.times.append(time.time() - t0)
        return x
