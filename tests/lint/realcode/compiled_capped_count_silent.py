"""The near miss: a timed run over every batch of a data set (`range(len(batches))`): the first batch's
compilation is a small share of the whole run's total, which is what the number means."""
import time

import torch

net = torch.nn.Linear(256, 256).cuda()
net = torch.compile(net)

batches = torch.load("batches.pt")
torch.cuda.synchronize()
t0 = time.perf_counter()
for i in range(len(batches)):
    h = net(batches[i].cuda())
torch.cuda.synchronize()
print(f"{time.perf_counter() - t0:.1f} s for the data set")

# a cap that still walks most of the data (up to 1000 batches): the first batch's compilation is a small share
LIMIT = 1000
head = torch.compile(torch.nn.Linear(256, 256).cuda())
torch.cuda.synchronize()
t0 = time.perf_counter()
for i in range(min(LIMIT, len(batches))):
    h = head(batches[i].cuda())
torch.cuda.synchronize()
print(f"{time.perf_counter() - t0:.1f} s for up to {LIMIT} batches")
