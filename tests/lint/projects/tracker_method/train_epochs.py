"""An epoch timed with a host clock: the step log, an instance of a class of the project, reads the loss on the
host every step (`loss.item()` in its method), so the epoch's end read waits for it (silent); with the log that
keeps the tensor only, nothing waits (WP102)."""

import time

import torch
from meters import QuietLog, StepLog

model = torch.nn.Linear(256, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(32, 256), torch.randint(0, 10, (32,))) for _ in range(200)]


def train_epoch(batches):
    log = StepLog()
    for x, y in batches:
        loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.add(loss, x.shape[0])
    return log.total / log.count


def train_epoch_quiet(batches):
    log = QuietLog()
    for x, y in batches:
        loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.add(loss, x.shape[0])
    return log.last


for epoch in range(3):
    start = time.time()
    mean_loss = train_epoch(data)
    print(epoch, time.time() - start, mean_loss)
for epoch in range(3):
    start = time.time()
    last = train_epoch_quiet(data)
    print(epoch, time.time() - start)  # expect: WP102
