"""The near miss of paused_clock_silent.py (falseclass): no clock of the file stops around the evaluation, so the
total printed after the loop as the training time counts every evaluation (WP116)."""
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(64, 1024, device="cuda")
steps, eval_every = 1000, 100

run_t0 = time.time()
for step in range(steps):
    if step % eval_every == 0:
        model.eval()
        with torch.no_grad():
            val = model(x).square().mean().item()
        print(f"step {step} val {val:.4f}")
        model.train()
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()

torch.cuda.synchronize()
total_training_time = time.time() - run_t0  # expect: WP116
print(f"Total training time: {total_training_time:.2f}s")
