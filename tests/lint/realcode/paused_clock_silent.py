"""A whole-run time beside a training clock the file pauses around evaluation (falseclass, set 149): the loop stops
`train_time` before validating and restarts it after, so the training time leaves the evaluation out on purpose;
the total printed after the loop from `run_t0` is the run's elapsed time, not a training time (no WP116)."""
import time

import torch

model = torch.nn.Linear(1024, 1024).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(64, 1024, device="cuda")
steps, eval_every = 1000, 100

train_time = 0.0
run_t0 = time.time()
t0 = time.time()
for step in range(steps):
    if step % eval_every == 0:
        torch.cuda.synchronize()
        train_time += time.time() - t0
        model.eval()
        with torch.no_grad():
            val = model(x).square().mean().item()
        print(f"step {step} val {val:.4f} train_time {train_time:.1f}s")
        model.train()
        torch.cuda.synchronize()
        t0 = time.time()
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()

torch.cuda.synchronize()
total_training_time = time.time() - run_t0
print(f"Total training time: {total_training_time:.2f}s")
