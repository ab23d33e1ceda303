"""Near miss of helper_handed_compiled_bad.py: before the throughput window opens, a function of the file handed
the compiled model (`prime(net, loader_batch)`) runs one real-shape forward and backward through it, so the
compilation happened before the clock started; the step function called in the window calls the same model (set
114, kenpeter)."""
import time

import torch


def prime(model, x):
    loss = model(x).square().mean()
    loss.backward()
    model.zero_grad(set_to_none=True)


def run_step(model, opt, x):
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss


net = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.AdamW(net.parameters())
net = torch.compile(net)
prime(net, torch.randn(64, 1024, device="cuda"))
every = 50
t0 = time.perf_counter()
for step in range(1, 2001):
    x = torch.randn(64, 1024, device="cuda")
    loss = run_step(net, opt, x)
    if step % every == 0:
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        print(f"step {step}: {every * 64 / dt:.0f} samples/s, loss {loss.item():.4f}")
        t0 = time.perf_counter()
