"""Twentieth session (syncrecall, set 85) near miss: the same step, but the helper reads the loss back (`.item()`)
after its backward pass, its own last GPU work: when it returns, the work it launched is done."""
import time

import torch
from torch import nn

model = nn.Linear(512, 512).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def training_step(x, y):
    logits = model(x)
    if torch.isnan(logits).any():
        print("NaN in logits")
    loss = nn.functional.mse_loss(logits, y)
    loss.backward()
    return loss.item()


elapsed = 0.0
for step in range(50):
    x = torch.randn(256, 512).cuda()
    y = torch.randn(256, 512).cuda()
    t = time.time()
    loss = training_step(x, y)
    elapsed += time.time() - t
    opt.step()
    opt.zero_grad()
    print(step, elapsed)
