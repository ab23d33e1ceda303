"""Twentieth session (syncrecall, set 85) class: a training step of the file waits after its forward pass (a NaN
check on the logits) and then launches the backward pass and returns. The clock read after the call runs while the
backward pass is still queued: the helper's wait is not a wait after its own last GPU work."""
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
    return loss


elapsed = 0.0
for step in range(50):
    x = torch.randn(256, 512).cuda()
    y = torch.randn(256, 512).cuda()
    t = time.time()
    loss = training_step(x, y)
    elapsed += time.time() - t  # expect: WP102
    opt.step()
    opt.zero_grad()
    print(step, elapsed)
