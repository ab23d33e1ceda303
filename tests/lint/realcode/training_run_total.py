"""Set 21 class: the wall time of a whole training run (`for epoch: train_epoch(...); acc = evaluate(...)`, the
evaluation only every few epochs) whose helpers of this file wait for their own GPU work (`loss.item()` each step,
a float returned): when they return nothing is pending, so the total needs no synchronize (WP102 silent). A helper
that only launches work (no wait after its last op) leaves the run's end unsynchronized: reported."""

import time

import torch

model = torch.nn.Linear(512, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(64, 512), torch.randint(0, 10, (64,))) for _ in range(100)]


def train_epoch(model, loader, opt):
    total = 0.0
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / len(loader)


@torch.no_grad()
def evaluate(model, loader):
    correct = 0
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        correct += (model(x).argmax(1) == y).sum().item()
    return correct / (64 * len(loader))


def train_epoch_async(model, loader, opt):
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


start = time.time()
for epoch in range(10):
    train_epoch(model, loader, opt)
    if epoch % 5 == 0:
        acc = evaluate(model, loader)
        print(f"epoch {epoch}: {acc:.3f}")
print(f"training took {time.time() - start:.0f}s")

start = time.time()
for epoch in range(10):
    train_epoch_async(model, loader, opt)
print(f"training took {time.time() - start:.0f}s")  # expect: WP102
