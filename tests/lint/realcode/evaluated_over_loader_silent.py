"""The model is handed, with the test loader, to an accuracy function of another module just before the timed
loop: that pass runs the model over every test batch, so its kernels and the allocator are warm when the clock
starts."""
import time

import torch
from torch.utils.data import DataLoader, TensorDataset

from helpers import score_topk

dev = torch.device("cuda")
net = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)).to(dev)
held = DataLoader(TensorDataset(torch.randn(512, 256), torch.randint(0, 10, (512,))), batch_size=64)
top1 = score_topk(net, held, dev, k=5)
print("top-1", top1)

sample = torch.randn(1, 256, device=dev)
torch.cuda.synchronize()
t0 = time.perf_counter()
with torch.no_grad():
    for _ in range(200):
        y = net(sample)
torch.cuda.synchronize()
print("ms per call", (time.perf_counter() - t0) / 200 * 1e3)
