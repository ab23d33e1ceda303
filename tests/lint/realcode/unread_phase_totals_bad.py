"""Near unread_phase_totals_silent.py: the same per-phase totals, printed: each unsynchronized interval measures the
launch of its phase, and the printed split is wrong."""

import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [torch.randn(256, 1024, device="cuda") for _ in range(50)]
model(batches[0]).square().mean().backward()  # warm-up step
opt.step()
torch.cuda.synchronize()

for epoch in range(3):
    fwd_total = 0.0
    bwd_total = 0.0
    start = time.time()
    for x in batches:
        t0 = time.time()
        loss = model(x).square().mean()
        t1 = time.time()  # expect: WP102
        opt.zero_grad()
        loss.backward()
        opt.step()
        t2 = time.time()  # expect: WP102
        fwd_total += t1 - t0
        bwd_total += t2 - t1
    last = loss.item()
    print(f"epoch {epoch}: {time.time() - start:.3f}s loss {last:.4f}")
    print(f"forward {fwd_total:.3f}s backward {bwd_total:.3f}s")
