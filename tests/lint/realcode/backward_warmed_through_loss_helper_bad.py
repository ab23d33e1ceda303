"""The bad neighbour of backward_warmed_through_loss_helper.py: the warm-up loop's backward (inside a `try`) is that
of another helper's loss (`mse`), so the timed backward of the graph `nll` builds from the same logits is its first
one (WP103)."""
import time

import torch

from trainkit.losses import mse, nll

model = torch.nn.Sequential(torch.nn.Linear(256, 1024), torch.nn.GELU(), torch.nn.Linear(1024, 256)).cuda()
x = torch.randn(32, 256, device="cuda")
y = torch.randint(0, 256, (32,), device="cuda")
target = torch.randn(32, 256, device="cuda")

for _ in range(5):
    logits = model(x)
    loss = mse(logits, target)
    try:
        loss.backward()
    except RuntimeError:
        pass
    model.zero_grad()
torch.cuda.synchronize()

samples = []
for _ in range(50):
    logits = model(x)
    loss = nll(logits, y)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    loss.backward()  # expect: WP103
    torch.cuda.synchronize()
    samples.append(time.perf_counter() - t0)
    model.zero_grad()
print(f"backward: {sum(samples) / len(samples) * 1e3:.3f} ms")  # expect: WP105
