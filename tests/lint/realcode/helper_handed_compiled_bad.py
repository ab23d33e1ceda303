"""A compiled model handed to a plain step function of the file (`run_step(net, opt, x)` calls its `model`
parameter): the function is no compiled object of its own, the model is, and the helper called before the
throughput window only counts the model's parameters, so the first window holds the compilation (WP112, set 114)."""
import time

import torch


def count_params(model):
    return sum(p.numel() for p in model.parameters())


def run_step(model, opt, x):
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss


net = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.AdamW(net.parameters())
net = torch.compile(net)
print(count_params(net))
every = 50
t0 = time.perf_counter()
for step in range(1, 2001):
    x = torch.randn(64, 1024, device="cuda")
    loss = run_step(net, opt, x)  # expect: WP112
    if step % every == 0:
        torch.cuda.synchronize()
        dt = time.perf_counter() - t0
        print(f"step {step}: {every * 64 / dt:.0f} samples/s, loss {loss.item():.4f}")
        t0 = time.perf_counter()
