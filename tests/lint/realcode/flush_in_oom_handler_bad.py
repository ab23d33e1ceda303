"""The allocator flushed in every iteration of a timed training window, after the step's `try`/`except`
(the flush is outside the handler: it runs every step), so every step's activations go through `cudaMalloc`
inside the window (WP104; near miss of flush_in_oom_handler_silent.py, set 114)."""
import time

import torch

model = torch.nn.Sequential(torch.nn.Linear(2048, 8192), torch.nn.GELU(), torch.nn.Linear(8192, 2048)).cuda()
opt = torch.optim.AdamW(model.parameters())
for _ in range(3):
    model(torch.randn(256, 2048, device="cuda")).mean().backward()
opt.zero_grad()
torch.cuda.synchronize()
t0 = time.perf_counter()
for step in range(1, 401):
    x = torch.randn(256, 2048, device="cuda")
    try:
        loss = model(x).mean()
    except torch.OutOfMemoryError:
        raise
    torch.cuda.empty_cache()  # expect: WP104
    loss.backward()
    opt.step()
    opt.zero_grad()
    if step % 100 == 0:
        torch.cuda.synchronize()
        print(f"{100 / (time.perf_counter() - t0):.1f} steps/s")
        t0 = time.perf_counter()
