"""A timing class of the file used through `start()`/`stop()` rather than `with` (set 23 miss): the statements
between the calls are a host-clock region. A layer's first call timed by it is WP103; GPU work with no synchronize
before `stop()` is WP102 (reported at the start call); a region after untimed calls, synchronized, is silent, and so is a class
whose `stop()` synchronizes itself."""
import time

import torch
import torch.nn as nn


class Clock:
    def __init__(self):
        self.began = 0.0
        self.spent = 0.0

    def start(self):
        self.began = time.perf_counter()

    def stop(self):
        self.spent += time.perf_counter() - self.began


class DeviceClock:
    def __init__(self):
        self.began = 0.0

    def start(self):
        torch.cuda.synchronize()
        self.began = time.perf_counter()

    def stop(self):
        torch.cuda.synchronize()
        self.elapsed = time.perf_counter() - self.began


encoder = nn.TransformerEncoderLayer(256, 4).cuda().eval()
head = nn.Linear(256, 10).cuda()
tokens = torch.randn(64, 8, 256, device="cuda")

clock = Clock()
clock.start()
with torch.no_grad():
    head(tokens)  # expect: WP103
torch.cuda.synchronize()
clock.stop()
print("head", clock.spent)

late = Clock()
late.start()
with torch.no_grad():
    out = encoder(tokens)  # expect-extra: WP103
late.stop()  # expect: WP102
print("launch only", late.spent)

steady = Clock()
with torch.no_grad():
    for _ in range(3):
        encoder(tokens)
torch.cuda.synchronize()
steady.start()
with torch.no_grad():
    encoder(tokens)
torch.cuda.synchronize()
steady.stop()
print("steady", steady.spent)

dev = DeviceClock()
dev.start()
with torch.no_grad():
    encoder(tokens)
dev.stop()
print("device clock", dev.elapsed)
