"""Twenty mixed-precision training steps timed together: `scaler.step(opt)` of a GradScaler reads the found-inf
flags on the host (`.item()` before the optimizer's step) on every step, so the end read misses only the last step's
update (the optimizer's kernels and `scaler.update()`), an update tail WP102 leaves alone."""
import time

import torch
from torch import nn

dev = torch.device("cuda")
model = nn.Sequential(nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10)).to(dev)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cuda")
x = torch.randn(64, 512, device=dev)
y = torch.randint(0, 10, (64,), device=dev)

for trial in range(3):
    t0 = time.perf_counter()
    for step in range(20):
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
    t1 = time.perf_counter()
    print(f"20 steps: {t1 - t0:.3f} s")
