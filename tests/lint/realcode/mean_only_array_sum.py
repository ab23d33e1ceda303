"""Samples written by index into a preallocated NumPy array and reduced by the array's own `.sum()` (set 27): the
sum divided by a count is the mean (WP105), and so is a total in seconds whose only use is a rate,
`iterations / total` (WP105). Silent: the same array whose sum is only printed as a total time in seconds, and an
array reduced by its median."""

import numpy as np
import torch


def layer_mean(iters=50):
    layer = torch.nn.Linear(2048, 2048).cuda()
    x = torch.randn(256, 2048, device="cuda")
    for _ in range(5):
        layer(x)
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    lat = np.zeros((iters, 1))
    for k in range(iters):
        begin.record()
        layer(x)
        end.record()
        torch.cuda.synchronize()
        lat[k] = begin.elapsed_time(end)
    print("mean ms", lat.sum() / iters)  # expect: WP105


def layer_rate(iters=50):
    layer = torch.nn.Linear(2048, 2048).cuda()
    x = torch.randn(256, 2048, device="cuda")
    for _ in range(5):
        layer(x)
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    lat = np.empty(iters)
    for k in range(iters):
        begin.record()
        layer(x)
        end.record()
        torch.cuda.synchronize()
        lat[k] = begin.elapsed_time(end)
    seconds = lat.sum() / 1000.0  # expect: WP105
    print("per second", iters / seconds)


def layer_total(iters=50):
    layer = torch.nn.Linear(2048, 2048).cuda()
    x = torch.randn(256, 2048, device="cuda")
    for _ in range(5):
        layer(x)
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    lat = np.zeros(iters)
    for k in range(iters):
        begin.record()
        layer(x)
        end.record()
        torch.cuda.synchronize()
        lat[k] = begin.elapsed_time(end)
    print("total s", lat.sum() / 1000.0)


def layer_median(iters=50):
    layer = torch.nn.Linear(2048, 2048).cuda()
    x = torch.randn(256, 2048, device="cuda")
    for _ in range(5):
        layer(x)
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    lat = np.zeros(iters)
    for k in range(iters):
        begin.record()
        layer(x)
        end.record()
        torch.cuda.synchronize()
        lat[k] = begin.elapsed_time(end)
    print("median ms", np.median(lat))


if __name__ == "__main__":
    layer_mean()
    layer_rate()
    layer_total()
    layer_median()
