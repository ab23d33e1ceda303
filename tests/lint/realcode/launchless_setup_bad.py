"""The same set-up interval with a check forward pass before its end read: that forward is still queued."""
import time

import torch
import torch.nn as nn
import torch.optim as optim

device = "cuda:0" if torch.cuda.is_available() else "cpu"


def main(data, epochs):
    probe = torch.randn(64, 512, device=device)
    t0 = time.time()
    net = nn.Sequential(nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    net = net.to(device)
    net = torch.nn.DataParallel(net)
    optimizer = optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    net(probe)
    t1 = time.time()  # expect: WP102
    print(f"Set-up time: {t1 - t0} seconds")
    for _ in range(epochs):
        for x, y in data:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(net(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
