"""Nearby: the model is only handed to a parameter counter of another module (no data loader): nothing ran it
before the timed loop, whose first iteration is the cold one."""
import time

import torch

from helpers import count_weights

dev = torch.device("cuda")
net = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)).to(dev)
print("weights", count_weights(net, trainable=True))

sample = torch.randn(1, 256, device=dev)
torch.cuda.synchronize()
t0 = time.perf_counter()
with torch.no_grad():
    for _ in range(20):
        y = net(sample)  # expect: WP103
torch.cuda.synchronize()
print("ms per call", (time.perf_counter() - t0) / 20 * 1e3)
