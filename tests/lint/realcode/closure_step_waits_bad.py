"""Near miss of `closure_step_waits_silent.py`: an SGD `step(closure)` whose closure returns the loss tensor
without reading it (SGD's step hands it back as it is) leaves the step's work queued: the clock read after it
measures the launch."""
import time

import torch
import torch.nn.functional as F
from torch import optim

feats = torch.randn(4096, 512, device="cuda")
labels = torch.randint(0, 40, (4096,), device="cuda")
model = torch.nn.Linear(512, 40).cuda()


def train_sgd(epochs):
    sgd = optim.SGD(model.parameters(), lr=0.1)

    def closure():
        sgd.zero_grad()
        loss = F.cross_entropy(model(feats), labels)
        loss.backward()
        return loss

    sgd.step(closure)  # warm-up
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(epochs):
        sgd.step(closure)
    return time.perf_counter() - t  # expect: WP102


print(train_sgd(10))
