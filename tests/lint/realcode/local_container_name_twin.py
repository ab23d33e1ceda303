"""One name, two types: `frames` is a tensor in `to_tensor` and a dict of decoded host frames in `decode`. Timing
`decode` (host work only) is silent; `project` stores GPU tensors into its own dict `outs`, and a host clock read
right after the work done on one of them is reported."""
import time

import numpy as np
import torch


class Frame:
    def __init__(self, a):
        self.a = a

    def to_rgb(self):
        return self

    def to_ndarray(self):
        return self.a


def decode(n):
    frames = {}
    for i in range(n):
        frames[i] = Frame(np.zeros((8, 8, 3)))
    return [frames[k].to_rgb().to_ndarray() for k in sorted(frames)]


def to_tensor(raw):
    frames = torch.as_tensor(np.stack(raw)).float().cuda()
    frames = frames.permute(3, 0, 1, 2)
    return frames


def project(x, w):
    outs = {}
    outs["y"] = x @ w
    return outs["y"].relu()


raw = decode(4)
t0 = time.perf_counter()
raw = decode(16)
print("decode ms", (time.perf_counter() - t0) * 1e3)

x = to_tensor(raw).reshape(-1, 48)
w = torch.randn(48, 48, device="cuda")
project(x, w)
torch.cuda.synchronize()
t0 = time.perf_counter()
y = project(x, w)
print("project ms", (time.perf_counter() - t0) * 1e3)  # expect: WP102
