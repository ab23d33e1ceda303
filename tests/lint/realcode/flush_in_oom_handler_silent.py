"""The allocator flushed only in the `except torch.OutOfMemoryError` recovery of a timed training step (drop to
half the batch, once): the branch runs when the allocator already failed, not in every timed step, so its flush is
no per-iteration cost of the window (set 114, kenpeter)."""
import time

import torch

model = torch.nn.Sequential(torch.nn.Linear(2048, 8192), torch.nn.GELU(), torch.nn.Linear(8192, 2048)).cuda()
opt = torch.optim.AdamW(model.parameters())
for _ in range(3):
    model(torch.randn(256, 2048, device="cuda")).mean().backward()
opt.zero_grad()
torch.cuda.synchronize()
batch = 256
t0 = time.perf_counter()
for step in range(1, 401):
    x = torch.randn(batch, 2048, device="cuda")
    try:
        loss = model(x).mean()
    except torch.OutOfMemoryError:
        if batch < 256:
            raise
        torch.cuda.empty_cache()
        batch //= 2
        loss = model(x[:batch]).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    if step % 100 == 0:
        torch.cuda.synchronize()
        print(f"{100 / (time.perf_counter() - t0):.1f} steps/s")
        t0 = time.perf_counter()
