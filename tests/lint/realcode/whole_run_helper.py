"""Set 28 borderline (FNN): a whole training run through a helper of the file (100 epochs of 64 steps, each with a
blocking copy of fresh host data) timed once with a host clock: the end read misses at most the last of 6400
steps (weak). The same helper run for 3 steps misses a third of the work (reported, as set 16's
`timeit.repeat(train)` over 3 batches)."""

import time

import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(1000, 512), nn.ReLU(), nn.Linear(512, 10)).to("cuda")
opt = torch.optim.SGD(net.parameters(), lr=0.01)


def train(device, epochs=5, batches=100):
    for _ in range(epochs):
        for _ in range(batches):
            x = torch.randn(128, 1000).to(device)
            y = torch.randint(0, 10, (128,)).to(device)
            loss = nn.functional.cross_entropy(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


def time_training(device, epochs=100, batches=64):
    start = time.time()
    train(device, epochs, batches)
    end = time.time()  # expect-extra: WP102
    return end - start


def time_three_steps(device):
    start = time.time()
    train(device, 1, 3)
    return time.time() - start  # expect: WP102


train("cuda", 1, 1)
print(time_training("cuda"), time_three_steps("cuda"))
