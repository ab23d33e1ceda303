"""Silent: per-phase totals a training loop adds its unsynchronized intervals to, never read again (their prints are
commented out): no reported number comes from them. The epoch time that is printed ends in a copy to the host."""

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
        t1 = time.time()  # expect-extra: WP102
        opt.zero_grad()
        loss.backward()
        opt.step()
        t2 = time.time()  # expect-extra: WP102
        fwd_total += t1 - t0
        bwd_total += t2 - t1
    last = loss.item()
    print(f"epoch {epoch}: {time.time() - start:.3f}s loss {last:.4f}")
    # print(f"forward {fwd_total:.3f}s backward {bwd_total:.3f}s")
