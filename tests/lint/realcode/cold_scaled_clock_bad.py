"""WP103: a throughput helper that reads the clock in milliseconds (`time.time() * 1000`) and times its model from
the first forward: the scaled reading is a clock reading all the same, so the interval is a timed region."""

import time

import torch
import torch.nn as nn


def frames_per_second(net, batch, n=100):
    net.cuda()
    net.eval()
    with torch.no_grad():
        torch.cuda.synchronize()
        begin_ms = time.time() * 1000
        for _ in range(n):
            net(batch)  # expect: WP103
        torch.cuda.synchronize()
        end_ms = 1000 * time.time()
    print("fps:", n * 1000 / (end_ms - begin_ms))


if __name__ == "__main__":
    net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 8, 1))
    frames = torch.rand(1, 3, 360, 480).cuda()
    frames_per_second(net, frames)
