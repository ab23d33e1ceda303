"""Host bookkeeping timed around numbers a helper returns (audit 30): `device_budget(dev) -> int` and a helper that
only tests `dev.type == "cuda"` return host numbers (device properties), so arithmetic on them launches nothing
and the interval holds no GPU work. Reported: the same interval once a tensor op runs in it."""
from time import time

import torch

gains = torch.rand(1 << 20, device="cuda")

def device_budget(dev: torch.device) -> int:
    if dev.type == "cuda":
        return int(torch.cuda.get_device_properties(dev).total_memory * 0.8)
    return 64 << 30


def reserve(dev):
    if dev.type == "cuda":
        return torch.cuda.get_device_properties(dev).total_memory // 10
    return 0


class Planner:
    def __init__(self, dev, used):
        self.dev = dev
        self.used = used

    def plan(self, demand):
        t0 = time()
        budget = device_budget(self.dev)
        spare = budget - reserve(self.dev) - self.used
        short = demand - spare
        t1 = time()
        return short, t1 - t0

    def plan_and_scale(self, demand):
        t0 = time()
        budget = device_budget(self.dev)
        spare = budget - reserve(self.dev) - self.used
        scaled = gains * (spare / demand)
        t1 = time()  # expect: WP102
        return scaled, t1 - t0
