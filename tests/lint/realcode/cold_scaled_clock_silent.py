"""WP103, silent near cold_scaled_clock_bad.py: the same millisecond clock, the model run once before the first
reading."""

import time

import torch
import torch.nn as nn


def frames_per_second(net, batch, n=100):
    net.cuda()
    net.eval()
    with torch.no_grad():
        net(batch)  # warm-up forward
        torch.cuda.synchronize()
        begin_ms = time.time() * 1000
        for _ in range(n):
            net(batch)
        torch.cuda.synchronize()
        print("fps:", n * 1000 / (time.time() * 1000 - begin_ms))


if __name__ == "__main__":
    net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 8, 1))
    frames = torch.rand(1, 3, 360, 480).cuda()
    frames_per_second(net, frames)
