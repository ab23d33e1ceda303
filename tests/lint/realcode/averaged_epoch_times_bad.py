"""Training steps timed one by one whose samples end in a mean (a mean step time; set 41): the first step pays the
CUDA/cuBLAS start-up, the optimizer's state and the allocator's growth, a large share of one step, and is averaged
in. Three shapes: per-step times in a helper averaged there, per-step times at module level averaged with
`statistics.mean`, a running total of step times divided by the step count. A mean of whole epochs of a count the
code does not give (the cold first step a small share of an epoch; the readers call it borderline, sets 38 and 45)
is weak, shown with `extra`; a few epochs the code counts are `few_steps_averaged_bad.py`'s."""

import statistics
import sys
import time

import torch
from torch import nn


def per_step_means(net, data, opt):
    step_times = []
    for x, y in data:
        t_a = time.perf_counter()
        x, y = x.to("cuda"), y.to("cuda")
        opt.zero_grad()
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        torch.cuda.synchronize()
        step_times.append(time.perf_counter() - t_a)
    return sum(step_times) / len(step_times)  # expect: WP105


head = nn.Linear(64, 1).to("cuda")
print("mean step", per_step_means(head, [(torch.randn(4, 64), torch.randn(4, 1))] * 30,  # expect: WP103
                                  torch.optim.SGD(head.parameters(), lr=0.1)))

dev = torch.device("cuda:0")
clf = nn.Sequential(nn.Linear(128, 256), nn.GELU(), nn.Linear(256, 8)).to(dev)
sgd = torch.optim.SGD(clf.parameters(), lr=0.05)
batches = [(torch.randn(16, 128, device=dev), torch.randint(0, 8, (16,), device=dev)) for _ in range(50)]
lat = []
for feats, labels in batches:
    tic = time.perf_counter()
    sgd.zero_grad()
    nn.functional.cross_entropy(clf(feats), labels).backward()  # expect: WP103
    sgd.step()
    torch.cuda.synchronize()
    lat.append(time.perf_counter() - tic)
print(f"step: {statistics.mean(lat) * 1e3:.2f} ms")  # expect: WP105

reg = nn.Linear(32, 1).cuda()
adam = torch.optim.Adam(reg.parameters())
rows = [(torch.randn(8, 32, device="cuda"), torch.randn(8, 1, device="cuda")) for _ in range(40)]
STEPS = 40
summed = 0.0
for a, b in rows:
    begin = time.time()
    adam.zero_grad()
    (reg(a) - b).pow(2).mean().backward()  # expect: WP103
    adam.step()
    torch.cuda.synchronize()
    took = time.time() - begin
    summed += took
print(f"average step: {summed / STEPS * 1e3:.2f} ms")

enc = nn.Linear(128, 8).to(dev)
opt2 = torch.optim.SGD(enc.parameters(), lr=0.05)
durations = []
for ep in range(int(sys.argv[1])):
    t0 = time.perf_counter()
    for feats, labels in batches:
        opt2.zero_grad()
        err = enc(feats).logsumexp(1).mean()  # expect-extra: WP103
        err.backward()
        opt2.step()
    torch.cuda.synchronize()
    durations.append(time.perf_counter() - t0)
print(f"typical epoch: {statistics.mean(durations):.2f}s")  # expect: WP105
