"""A stopwatch of named clocks (seen on a GPT throughput script, set 58): `__init__` keeps a `defaultdict` of a
clock class of the file, and `start(tag)` / `pause(tag)` start or stop the clock the tag names, each a host clock
read. A span runs from `watch.start("bwd")` to the next `watch.pause("bwd")`, nested spans of other tags aside.
Paused right after queuing the backward pass, or after a loop of training steps, with no synchronize: the reading
is the launch (WP102)."""
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

    def stop(self, tag="all"):
        self.pause(tag)


watch = LapWatch()
net = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).cuda()
opt = torch.optim.AdamW(net.parameters())
batch = torch.randn(256, 1024, device="cuda")


def one_step():
    watch.start("step")
    loss = net(batch).square().mean()
    watch.start("bwd")
    loss.backward()
    watch.pause("bwd")  # expect: WP102
    opt.step()
    opt.zero_grad(set_to_none=True)
    watch.pause("step")  # expect: WP102


for _ in range(3):
    one_step()
torch.cuda.synchronize()
watch.start()
for _ in range(20):
    one_step()
watch.stop()  # expect: WP102
