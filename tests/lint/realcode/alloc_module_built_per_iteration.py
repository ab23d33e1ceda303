"""A module built and moved to the device in every repetition of a timed measurement (WP104): each of the 50 samples
calls `block_forward`, which constructs a `Block` and copies it to CUDA before running it, so every sample times the
construction and the host-to-device copies. Silent: the module built once before the loop. (A loop over
configurations that builds one module per configuration inside its timed region is not reported by this part: it
times "build and run" once per configuration, on purpose.)"""
import time

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, 4 * d)
        self.out = nn.Linear(4 * d, d)

    def forward(self, x):
        return self.out(torch.relu(self.fc(x)))


def block_forward(x):
    block = Block(x.shape[-1]).cuda()  # expect: WP104
    return block(x)


x = torch.randn(32, 2048, device="cuda")
block_forward(x)
samples = []
for _ in range(50):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    block_forward(x)
    torch.cuda.synchronize()
    samples.append(time.perf_counter() - t0)
print("per call", min(samples), sorted(samples)[len(samples) // 2])

built = Block(2048).cuda()
built(x)
kept = []
for _ in range(50):
    torch.cuda.synchronize()  # expect-extra: WP101
    t0 = time.perf_counter()
    built(x)
    torch.cuda.synchronize()
    kept.append(time.perf_counter() - t0)
print("built once", min(kept), sorted(kept)[len(kept) // 2])
