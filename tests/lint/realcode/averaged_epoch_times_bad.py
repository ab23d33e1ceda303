"""Training loops timed one epoch (or one step) at a time whose samples end in a mean ("mean epoch time",
"average epoch time", a mean step time): the first sample pays the CUDA/cuDNN start-up, the optimizer's state and
the allocator's growth, and is averaged in (sets 38, 41, 45). Three shapes: a list of epoch times averaged with
`statistics.mean`, a running total divided by the epoch count, per-step times averaged per run."""

import statistics
import time

import torch
from torch import nn

dev = torch.device("cuda:0")
clf = nn.Sequential(nn.Linear(128, 256), nn.GELU(), nn.Linear(256, 8)).to(dev)
sgd = torch.optim.SGD(clf.parameters(), lr=0.05)
batches = [(torch.randn(16, 128), torch.randint(0, 8, (16,))) for _ in range(50)]


def run_epochs(n_epochs):
    durations = []
    for ep in range(n_epochs):
        tic = time.perf_counter()
        for feats, labels in batches:
            feats, labels = feats.to(dev), labels.to(dev)
            sgd.zero_grad()
            err = nn.functional.cross_entropy(clf(feats), labels)  # expect: WP103
            err.backward()
            sgd.step()
        torch.cuda.synchronize()
        durations.append(time.perf_counter() - tic)
    print(f"typical epoch: {statistics.mean(durations):.2f}s")  # expect: WP105


run_epochs(4)

reg = nn.Linear(32, 1).cuda()
adam = torch.optim.Adam(reg.parameters())
rows = [(torch.randn(8, 32), torch.randn(8, 1)) for _ in range(40)]
EPOCHS = 3
summed = 0.0
for ep in range(EPOCHS):
    begin = time.time()
    for a, b in rows:
        a, b = a.cuda(), b.cuda()
        adam.zero_grad()
        out = reg(a)  # expect: WP103
        (out - b).pow(2).mean().backward()
        adam.step()
    torch.cuda.synchronize()
    took = time.time() - begin
    summed += took
    print(f"epoch {ep}: {took:.2f}s")
print(f"average epoch: {summed / EPOCHS:.2f}s")


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
