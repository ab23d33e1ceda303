"""The same stopwatch of named clocks (`start(tag)` / `pause(tag)` on a `defaultdict` of clocks) used correctly:
the device is synchronized before each pause, or the clock class synchronizes itself when paused, or the span
times host work (batch preparation). A tag the code computes (`watch.pause(name)`) is not followed: which span it
closes is not shown. Silent."""
import time
from collections import defaultdict

import torch


class _Lap:
    def __init__(self):
        self.began = time.perf_counter()
        self.laps = []

    def start(self):
        self.began = time.perf_counter()

    def pause(self):
        self.laps.append(time.perf_counter() - self.began)


class LapWatch:
    def __init__(self):
        self.laps = defaultdict(lambda: _Lap())

    def start(self, tag="all"):
        self.laps[tag].start()

    def pause(self, tag="all"):
        self.laps[tag].pause()


class _SyncedLap:
    def __init__(self):
        self.began = time.perf_counter()
        self.laps = []

    def start(self):
        self.began = time.perf_counter()

    def pause(self):
        torch.cuda.synchronize()
        self.laps.append(time.perf_counter() - self.began)


class SyncedWatch:
    def __init__(self):
        self.laps = defaultdict(_SyncedLap)

    def start(self, tag="all"):
        self.laps[tag].start()

    def pause(self, tag="all"):
        self.laps[tag].pause()


watch = LapWatch()
synced = SyncedWatch()
net = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).cuda()
opt = torch.optim.AdamW(net.parameters())
batch = torch.randn(256, 1024, device="cuda")


def one_step(name):
    watch.start("step")
    loss = net(batch).square().mean()
    watch.start("bwd")
    loss.backward()
    torch.cuda.synchronize()
    watch.pause("bwd")
    opt.step()
    opt.zero_grad(set_to_none=True)
    torch.cuda.synchronize()
    watch.pause("step")
    synced.start("fwd")
    net(batch)
    synced.pause("fwd")
    watch.start(name)
    net(batch)
    watch.pause(name)


for _ in range(3):
    one_step("warm")
torch.cuda.synchronize()
watch.start("data")
cpu_batch = [torch.randn(256, 1024) for _ in range(8)]
watch.pause("data")
watch.start()
for _ in range(20):
    one_step("timed")
torch.cuda.synchronize()
watch.pause()
