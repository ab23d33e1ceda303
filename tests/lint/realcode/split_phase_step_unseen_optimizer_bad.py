"""A training step timed phase by phase with a host clock, with a loss function and an optimizer class of the
project's own modules that the linter cannot read (set 101). The loss is backpropagated, so it is a device tensor
of autograd's graph, the forward pass's last op; the optimizer is built from the GPU model's parameters, so its
`step()` queues their update on the device. Only the norm's `.item()` waits, between the phases."""
import time

import torch

from mylib.losses import cross_entropy  # modules the linter cannot read
from mylib.optim import AdamW

model = torch.nn.Linear(512, 512).cuda()
optimizer = AdamW(model.parameters(), lr=1e-3)


def train_step(x, y):
    t_step = time.time()
    t0 = time.time()
    logits = model(x)
    loss = cross_entropy(logits, y)
    forward_s = time.time() - t0  # expect: WP102
    t0 = time.time()
    loss.backward()
    backward_s = time.time() - t0  # expect: WP102
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0).item()
    t0 = time.time()
    optimizer.step()
    optimizer_s = time.time() - t0  # expect: WP102
    step_s = time.time() - t_step  # expect: WP102
    return {"loss": loss.item(), "norm": norm, "forward_s": forward_s, "backward_s": backward_s,
            "optimizer_s": optimizer_s, "step_s": step_s}


x = torch.randn(64, 512, device="cuda")
y = torch.randint(0, 512, (64,), device="cuda")
for _ in range(3):
    train_step(x, y)
for step in range(100):
    print(train_step(x, y))
